// A coupon's terms as the SPA reads them from GET /coupons; the server's property test holds them to its own.
import type { Coupon } from '../contract/coupons';
import { percentCoupon, type CouponTerms } from './orderSummary';

/** A coupon as GET /coupons lists it. */
export type CouponListing = Pick<Coupon, 'code' | 'is_active' | 'end_date' | 'discount'> &
  Partial<Pick<Coupon, 'kind' | 'min_total' | 'starts_on' | 'converted'>>;

/**
 * The coupon's terms in `currency`: a percent coupon is the same everywhere; an amount coupon's amount and any
 * minimum are KWD, known in another currency only as the server converted them (`converted`). null: unknown here.
 */
export function couponTermsIn(coupon: CouponListing, currency: string): CouponTerms | null {
  const kind = coupon.kind ?? 'percent';
  const minTotal = coupon.min_total ?? 0;
  const converted = coupon.converted?.currency_code === currency ? coupon.converted : null;
  if (kind === 'percent' && minTotal === 0) return percentCoupon(coupon.discount);
  if (currency === 'KWD' && !converted)
    return {
      kind,
      percent: kind === 'percent' ? coupon.discount : 0,
      amount: kind === 'amount' ? coupon.discount : 0,
      minimum: minTotal,
    };
  if (!converted) return null;
  return {
    kind,
    percent: kind === 'percent' ? coupon.discount : 0,
    amount: converted.amount,
    minimum: converted.min_total,
  };
}
