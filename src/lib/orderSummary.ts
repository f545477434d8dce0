// The order summary's figures, exact: every amount is counted in integer minor units of its currency (KWD has
// 3 decimals: fils), so adding, multiplying and taking a percentage never drift the way binary fractions do. The
// server prices the same way (server/services/pricing.ts); a property test checks that both always agree.

/** Currencies whose minor unit is a thousandth; all others are counted in hundredths. */
const THREE_DECIMAL_CURRENCIES = new Set(['KWD', 'BHD', 'OMR', 'JOD', 'TND', 'IQD', 'LYD']);

export function minorUnitsPerMajor(currency: string): number {
  return THREE_DECIMAL_CURRENCIES.has(currency.toUpperCase()) ? 1000 : 100;
}

/** An amount as the API gives it (a decimal number) → integer minor units, half away from zero. */
export function toMinor(amount: number, currency: string): number {
  if (!Number.isFinite(amount)) return 0;
  const sign = amount < 0 ? -1 : 1;
  // toPrecision(12) drops the binary noise of the multiplication (1.0005 * 1000 = 1000.4999…) before rounding.
  return sign * Math.round(Number((Math.abs(amount) * minorUnitsPerMajor(currency)).toPrecision(12)));
}

export function fromMinor(minor: number, currency: string): number {
  return minor / minorUnitsPerMajor(currency);
}

/** n / d rounded half up, for integers n ≥ 0 and d > 0, with no fraction ever formed. */
function divideRoundingHalfUp(n: number, d: number): number {
  const quotient = Math.floor(n / d);
  const remainder = n - quotient * d;
  return remainder * 2 >= d ? quotient + 1 : quotient;
}

/** Percentages are read to two decimals (12.5 % is exact); coupon discounts are whole numbers in practice. */
const PERCENT_SCALE = 100;

/** subtotal × percent / 100, rounded half up to a minor unit. */
export function discountMinor(subtotalMinor: number, percent: number): number {
  const scaled = Math.round(Math.min(100, Math.max(0, percent)) * PERCENT_SCALE);
  return divideRoundingHalfUp(subtotalMinor * scaled, 100 * PERCENT_SCALE);
}

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
