import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { persistReducer } from 'redux-persist';

import { isFiniteNumber, isString, keepValidFields, nullable, shapeOf } from '../../lib/persistGuard';

import { signedOut } from '../../app/events';
import { localPersistStorage } from '../../lib/storage';

export interface AppliedCoupon {
  code: string;
  /** the server's percent (an amount coupon's share of the cart it was applied to) */
  percent: number;
  /** the server's terms in the cart's currency when applied (absent: a percent coupon without a minimum) */
  terms?: {
    currency: string;
    kind: 'percent' | 'amount';
    amount: number;
    minimum: number;
  };
}

export interface CouponState {
  applied: AppliedCoupon | null;
}

const initialState: CouponState = { applied: null };

const couponSlice = createSlice({
  name: 'coupon',
  initialState,
  reducers: {
    couponApplied(state, action: PayloadAction<AppliedCoupon>) {
      state.applied = action.payload;
    },
    couponRemoved(state) {
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
    selectAppliedCoupon: (state) => state.applied,
  },
});

export const { couponApplied, couponRemoved, couponConsumed } = couponSlice.actions;
export const { selectAppliedCoupon } = couponSlice.selectors;
export const couponSliceReducer = couponSlice.reducer;

export const COUPON_PERSIST_KEY = 'coupon';
export const couponReducer = persistReducer(
  {
    key: COUPON_PERSIST_KEY,
    storage: localPersistStorage,
    migrate: keepValidFields<CouponState>({
      applied: nullable(
        shapeOf({
          code: isString,
          percent: isFiniteNumber,
          terms: (value) =>
            value === undefined ||
            shapeOf({
              currency: isString,
              kind: (kind) => kind === 'percent' || kind === 'amount',
              amount: isFiniteNumber,
              minimum: isFiniteNumber,
            })(value),
        }),
      ),
    }),
  },
  couponSlice.reducer,
);
