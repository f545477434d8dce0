import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { persistReducer } from 'redux-persist';

import { isString, keepValidFields, nullable, shapeOf } from '../../lib/persistGuard';

import { signedOut } from '../../app/events';
import { localPersistStorage } from '../../lib/storage';

/**
 * The coupon the shopper applied: its code only. Its terms are the server's (the coupons list and the answer to
 * applying it, in RTK Query's cache; see couponSelectors).
 */
export interface CouponPick {
  code: string;
}

export interface CouponState {
  applied: CouponPick | null;
}

const initialState: CouponState = { applied: null };

const couponSlice = createSlice({
  name: 'coupon',
  initialState,
  reducers: {
    /** The server accepted the code (its answer is in the cache under the code). */
    couponApplied(state, action: PayloadAction<CouponPick>) {
      state.applied = { code: action.payload.code };
    },
    couponRemoved(state) {
      state.applied = null;
    },
    /**
     * The shop refused the code at the order (used up, expired, withdrawn; dispatched by checkout): it is taken off,
     * so the summary shows the total the next confirm asks for. A code under its minimum is not refused this way.
     */
    couponRefusedAtOrder(state) {
      state.applied = null;
    },
    /** The order that used the coupon was placed (dispatched by checkout): the coupon is spent. */
    couponConsumed(state) {
      state.applied = null;
    },
  },
  extraReducers: (builder) => {
    // Coupons are for signed-in shoppers only.
    builder.addCase(signedOut, () => initialState);
  },
  selectors: {
    /** The applied coupon's code (the same object while nothing changes). */
    selectCouponPick: (state) => state.applied,
  },
});

export const { couponApplied, couponRemoved, couponConsumed, couponRefusedAtOrder } = couponSlice.actions;
export const { selectCouponPick } = couponSlice.selectors;
export const couponSliceReducer = couponSlice.reducer;

export const isCouponPick = nullable(shapeOf({ code: isString }));

export const COUPON_PERSIST_KEY = 'coupon';
export const couponReducer = persistReducer(
  {
    key: COUPON_PERSIST_KEY,
    storage: localPersistStorage,
    // A copy stored by an older build also held the server's terms: only the code is kept of it.
    migrate: keepValidFields<CouponState>({ applied: isCouponPick }, (kept) =>
      kept.applied ? { applied: { code: kept.applied.code } } : kept,
    ),
  },
  couponSlice.reducer,
);
