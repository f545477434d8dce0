import { api } from '../../app/api';

export interface ApplyCouponAnswer {
  message?: string;
  code?: string;
  /** the percentage */
  discount: number;
  discount_amount?: number;
  new_total?: number;
}

export const couponApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The server confirms a coupon the list says is usable (signed in only). */
    applyCoupon: build.mutation<ApplyCouponAnswer, { coupon_code: string; cart_total: number }>({
      query: (body) => ({ url: 'cart/apply-coupon', method: 'POST', body }),
    }),
  }),
});

export const { useApplyCouponMutation } = couponApi;
