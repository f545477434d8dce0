import type { ApplyCouponResponse, ApplyCouponBody } from '../../../contract/coupons';
import { api } from '../../app/api';

export type { ApplyCouponResponse } from '../../../contract/coupons';

/** Kept for the visit: nothing asks for it again (the coupons list keeps the terms fresh). */
const KEEP_FOR_THE_VISIT = 24 * 60 * 60;

export const couponApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The server confirms a coupon the list says is usable (signed in only). */
    applyCoupon: build.mutation<ApplyCouponResponse, Required<ApplyCouponBody>>({
      query: (body) => ({ url: 'cart/apply-coupon', method: 'POST', body }),
      // The answer is kept in the cache under the code applied: what the applied coupon shows when the list does
      // not say (its terms in the cart's currency, an amount coupon's share).
      async onQueryStarted({ coupon_code }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data)
          dispatch(
            couponApi.util.upsertQueryEntries([
              { endpointName: 'appliedCoupon', arg: coupon_code, value: data },
            ]),
          );
      },
    }),
    /**
     * The server's answer to applying this code, as `applyCoupon` received it (or the snapshot of it a reload put
     * back). Never asked for by itself: applying is a POST with its own refusals.
     */
    appliedCoupon: build.query<ApplyCouponResponse, string>({
      queryFn: () => ({ error: { status: 'CUSTOM_ERROR', error: 'only applying a coupon answers this' } }),
      keepUnusedDataFor: KEEP_FOR_THE_VISIT,
    }),
  }),
});

export const { useApplyCouponMutation } = couponApi;
