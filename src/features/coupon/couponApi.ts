import type { ApplyCouponAnswer, ApplyCouponBody } from '../../../contract/coupons';
import { api } from '../../app/api';

export type { ApplyCouponAnswer } from '../../../contract/coupons';

export const couponApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The server confirms a coupon the list says is usable (signed in only). */
    applyCoupon: build.mutation<ApplyCouponAnswer, Required<ApplyCouponBody>>({
      query: (body) => ({ url: 'cart/apply-coupon', method: 'POST', body }),
    }),
  }),
});

export const { useApplyCouponMutation } = couponApi;
