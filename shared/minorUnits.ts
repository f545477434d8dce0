// Money counted exactly: amounts become integer minor units of their currency (KWD has 3 decimals: fils) before
// any sum, product or percentage, so nothing drifts the way binary fractions do (205486.5 × 1 % is 2054.865, which
// floating point rounds down to 2054.86). One module for both sides: the server prices with it
// (server/services/pricing.ts) and the SPA's order summary (orderSummary.ts) counts with it.

/** Currencies whose minor unit is a thousandth; all others are counted in hundredths. */
const THREE_DECIMAL_CURRENCIES = new Set(['KWD', 'BHD', 'OMR', 'JOD', 'TND', 'IQD', 'LYD']);

export function minorUnitsPerMajor(currency: string): number {
  return THREE_DECIMAL_CURRENCIES.has(currency.toUpperCase()) ? 1000 : 100;
}

/** A decimal amount → integer minor units, half away from zero. */
export function toMinor(amount: number, currency: string): number {
  if (!Number.isFinite(amount)) return 0;
  const sign = amount < 0 ? -1 : 1;
  // toPrecision(12) drops the binary noise of the multiplication (1.0005 × 1000 = 1000.4999…) before rounding.
  return sign * Math.round(Number((Math.abs(amount) * minorUnitsPerMajor(currency)).toPrecision(12)));
}

export function fromMinor(minor: number, currency: string): number {
  return minor / minorUnitsPerMajor(currency);
}

/** An amount rounded to its currency's minor unit, half away from zero. */
export function roundToMinor(amount: number, currency: string): number {
  return fromMinor(toMinor(amount, currency), currency);
}

/** n / d rounded half up, for integers n ≥ 0 and d > 0, with no fraction ever formed. */
function divideRoundingHalfUp(n: number, d: number): number {
  const quotient = Math.floor(n / d);
  const remainder = n - quotient * d;
  return remainder * 2 >= d ? quotient + 1 : quotient;
}

/** Percentages are read to two decimals (12.5 % is exact). */
const PERCENT_SCALE = 100;

/** subtotal × percent / 100 in minor units, rounded half up. */
export function percentOfMinor(subtotalMinor: number, percent: number): number {
  const scaled = Math.round(Math.min(100, Math.max(0, percent)) * PERCENT_SCALE);
  return divideRoundingHalfUp(subtotalMinor * scaled, 100 * PERCENT_SCALE);
}
