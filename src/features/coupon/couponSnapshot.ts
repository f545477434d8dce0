// The applied coupon's terms across a reload: the cart and checkout count it at once, from a snapshot of the
// server's answer to applying it, put back in RTK Query's cache at the start. The coupons list, asked for by the
// pages that show the coupon, is the fresher answer and wins (couponSelectors).
import { createSelector } from '@reduxjs/toolkit';

import type { CacheSnapshot } from '../../app/cacheSnapshot';
import type { RootState } from '../../app/store';
import { isFiniteNumber, isString, shapeOf, type Guard } from '../../lib/persistGuard';
import { couponApi, type ApplyCouponResponse } from './couponApi';
import { selectCouponPick } from './couponSlice';

export interface CouponSnapshot {
  code: string;
  answer: ApplyCouponResponse;
}

const optional =
  (guard: Guard): Guard =>
  (value) =>
    value === undefined || guard(value);

const isCouponSnapshot: Guard = shapeOf({
  code: isString,
  answer: shapeOf({
    discount: isFiniteNumber,
    kind: optional((kind) => kind === 'percent' || kind === 'amount'),
    currency: optional(isString),
    amount: optional(isFiniteNumber),
    min_total: optional(isFiniteNumber),
  }),
});

const selectAnswered = createSelector(
  [
    (state: RootState) => selectCouponPick(state)?.code ?? null,
    (state: RootState) => {
      const pick = selectCouponPick(state);
      return pick ? couponApi.endpoints.appliedCoupon.select(pick.code)(state).data : undefined;
    },
  ],
  (code, answer): CouponSnapshot | null => (code !== null && answer ? { code, answer } : null),
);

export const couponSnapshot: CacheSnapshot<CouponSnapshot> = {
  key: 'coupon',
  isValid: isCouponSnapshot,
  take(state, stored) {
    const pick = selectCouponPick(state);
    // No coupon applied (removed, spent, signed out): nothing kept.
    if (!pick) return null;
    return selectAnswered(state) ?? (stored?.code === pick.code ? undefined : null);
  },
  restore(snapshot, store) {
    if (selectCouponPick(store.getState())?.code !== snapshot.code) return;
    store.dispatch(
      couponApi.util.upsertQueryEntries([
        { endpointName: 'appliedCoupon', arg: snapshot.code, value: snapshot.answer },
      ]),
    );
  },
};
