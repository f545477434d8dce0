// A coupon's terms: the server converts them at a rate (what it charges and what GET /coupons lists as `converted`),
// the SPA reads them back from the list; the server's property test holds the two to each other.
import type { Coupon } from '../contract/coupons';
import { roundToMinor } from './minorUnits';
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

/**
 * The coupon's KWD terms in `rate`'s currency, as the server counts them and lists them (GET /coupons' `converted`,
 * the apply answer): an amount coupon's amount and any minimum converted and rounded to the currency's minor unit.
 */
export function couponTermsAt(
  coupon: { kind: 'percent' | 'amount'; discount: number; minTotal: number },
  rate: { currencyCode: string; ratePerKwd: number },
): CouponTerms {
  const converted = (kwd: number) => roundToMinor(kwd * rate.ratePerKwd, rate.currencyCode);
  return {
    kind: coupon.kind,
    percent: coupon.kind === 'percent' ? coupon.discount : 0,
    amount: coupon.kind === 'amount' ? converted(coupon.discount) : 0,
    minimum: coupon.minTotal > 0 ? converted(coupon.minTotal) : 0,
  };
}
