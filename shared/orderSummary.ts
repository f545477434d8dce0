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

export interface OrderSummaryInput {
  currency: string;
  lines: SummaryLine[];
  /** the coupon's percentage, 0 without a coupon */
  couponPercent: number;
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
}

/** subtotal = Σ unit × quantity; discount = subtotal × percent / 100; total = subtotal − discount + shipping. */
export function orderSummary({
  currency,
  lines,
  couponPercent,
  shippingPrice,
}: OrderSummaryInput): OrderSummary {
  const subtotal = lines.reduce(
    (sum, line) => sum + toMinor(line.unitPrice, currency) * Math.max(0, Math.floor(line.quantity)),
    0,
  );
  const discount = discountMinor(subtotal, couponPercent);
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
  };
}
