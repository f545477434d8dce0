import type { ApplyCouponResponse, ApplyCouponBody } from '../../../contract/coupons';
import { api } from '../../app/api';

export type { ApplyCouponResponse } from '../../../contract/coupons';

export const couponApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The server confirms a coupon the list says is usable (signed in only). */
    applyCoupon: build.mutation<ApplyCouponResponse, Required<ApplyCouponBody>>({
      query: (body) => ({ url: 'cart/apply-coupon', method: 'POST', body }),
    }),
  }),
});

export const { useApplyCouponMutation } = couponApi;
