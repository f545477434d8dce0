// The order summary's figures, exact: every amount is counted in integer minor units of its currency (KWD has
// 3 decimals: fils), so adding, multiplying and taking a percentage never drift the way binary fractions do. The
// server prices with the same minor-unit module (server/services/pricing.ts); a property test checks that both agree.

import { fromMinor, percentOfMinor, toMinor } from './minorUnits';

export { toMinor };

/** subtotal × percent / 100, rounded half up to a minor unit. */
export const discountMinor = percentOfMinor;

export interface SummaryLine {
  /** what one unit costs: the discounted price when there is one */
  unitPrice: number;
  quantity: number;
}

/** A coupon's terms in the summary's currency (the server converts an amount coupon's KWD figures). */
export interface CouponTerms {
  kind: 'percent' | 'amount';
  /** kind percent: the percentage */
  percent: number;
  /** kind amount: what it takes off */
  amount: number;
  /** the subtotal it needs; 0 for none */
  minimum: number;
}

export const percentCoupon = (percent: number): CouponTerms => ({
  kind: 'percent',
  percent,
  amount: 0,
  minimum: 0,
});

/**
 * The one coupon rule of both sides (the server's pricing calls it too): nothing under the minimum (compared in
 * minor units of the summary's currency); otherwise a percent of the subtotal, or the amount, never more than the
 * subtotal.
 */
export function couponDiscountMinor(
  subtotalMinor: number,
  coupon: CouponTerms | null,
  currency: string,
): { discount: number; belowMinimum: boolean } {
  if (!coupon) return { discount: 0, belowMinimum: false };
  if (subtotalMinor < toMinor(coupon.minimum, currency)) return { discount: 0, belowMinimum: true };
  const discount =
    coupon.kind === 'percent'
      ? discountMinor(subtotalMinor, coupon.percent)
      : Math.min(Math.max(0, toMinor(coupon.amount, currency)), subtotalMinor);
  return { discount, belowMinimum: false };
}

export interface OrderSummaryInput {
  currency: string;
  lines: SummaryLine[];
  /** null without a coupon */
  coupon: CouponTerms | null;
  shippingPrice: number;
}

/** The figures in major units (as the API and the screen speak) and in minor units (for exact comparison). */
export interface OrderSummary {
  currency: string;
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
  minor: { subtotal: number; discount: number; shipping: number; total: number };
  /** shipping 0 shows as free */
  freeShipping: boolean;
  /** the subtotal is under the coupon's minimum: it counts for nothing */
  couponBelowMinimum: boolean;
}

/** subtotal = Σ unit × quantity; discount = the coupon's (couponDiscountMinor); total = subtotal − discount + shipping. */
export function orderSummary({ currency, lines, coupon, shippingPrice }: OrderSummaryInput): OrderSummary {
  const subtotal = lines.reduce(
    (sum, line) => sum + toMinor(line.unitPrice, currency) * Math.max(0, Math.floor(line.quantity)),
    0,
  );
  const { discount, belowMinimum } = couponDiscountMinor(subtotal, coupon, currency);
  const shipping = Math.max(0, toMinor(shippingPrice, currency));
  const total = subtotal - discount + shipping;
  return {
    currency,
    subtotal: fromMinor(subtotal, currency),
    discount: fromMinor(discount, currency),
    shipping: fromMinor(shipping, currency),
    total: fromMinor(total, currency),
    minor: { subtotal, discount, shipping, total },
    freeShipping: shipping === 0,
    couponBelowMinimum: belowMinimum,
  };
}
