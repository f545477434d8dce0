import { foldDigits } from '../../lib/digits';

/** A coupon as GET /coupons lists it. */
export interface CouponListing {
  code: string;
  is_active: number;
  end_date: string;
  discount: number;
}

/** What the shopper typed, as a code: trimmed, Arabic-Indic digits read as digits, case ignored. */
export function normalizeCode(typed: string): string {
  return foldDigits(typed).trim().toUpperCase();
}

/**
 * The end date's moment. A date-only end_date (YYYY-MM-DD) is midnight UTC at the start of that day, as the
 * server reads it; the coupon is usable strictly before that moment.
 */
export function endOf(endDate: string): number {
  return /^\d{4}-\d{2}-\d{2}$/.test(endDate) ? Date.parse(`${endDate}T00:00:00Z`) : Date.parse(endDate);
}

/** Usable: in the list (same code), active (is_active 1) and ending in the future. */
export function findUsableCoupon<T extends CouponListing>(
  coupons: readonly T[],
  typed: string,
  now: number,
): T | null {
  const code = normalizeCode(typed);
  if (code === '') return null;
  const coupon = coupons.find((candidate) => normalizeCode(candidate.code) === code);
  if (!coupon || coupon.is_active !== 1) return null;
  const end = endOf(coupon.end_date);
  return Number.isFinite(end) && end > now ? coupon : null;
}
