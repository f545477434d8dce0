// The applied coupon as shown: the slice's code with the server's terms from RTK Query's cache — the coupons list
// first (kept fresh), then the answer to applying it.
import { createSelector } from '@reduxjs/toolkit';

import type { RootState } from '../../app/store';
import { selectCoupons } from '../catalog/public';
import { couponApi } from './couponApi';
import { normalizeCode } from './couponRules';
import { selectCouponPick } from './couponSlice';

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

const selectApplyAnswer = (state: RootState) => {
  const pick = selectCouponPick(state);
  return pick ? couponApi.endpoints.appliedCoupon.select(pick.code)(state).data : undefined;
};

/** The applied coupon and what the server said of it; null when none is applied. */
export const selectAppliedCoupon = createSelector(
  [selectCouponPick, selectApplyAnswer, selectCoupons],
  (pick, answer, listed): AppliedCoupon | null => {
    if (!pick) return null;
    if (answer) {
      const { kind, currency, amount, min_total } = answer;
      return {
        code: pick.code,
        percent: answer.discount,
        ...(kind && currency
          ? { terms: { currency, kind, amount: amount ?? 0, minimum: min_total ?? 0 } }
          : {}),
      };
    }
    const listing = listed.find((candidate) => normalizeCode(candidate.code) === normalizeCode(pick.code));
    return { code: pick.code, percent: listing?.discount ?? 0 };
  },
);
