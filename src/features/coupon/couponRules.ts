import { foldDigits } from '../../lib/digits';
import { couponTermsIn, type CouponListing } from '../../../shared/coupons';
import { percentCoupon, toMinor, type CouponTerms } from '../../../shared/orderSummary';

export { couponTermsIn, type CouponListing };

/** What the shopper typed, as a code: trimmed, Arabic-Indic digits read as digits, case ignored. */
export function normalizeCode(typed: string): string {
  return foldDigits(typed).trim().toUpperCase();
}

/**
 * The end date's moment. A date-only end_date (YYYY-MM-DD) is midnight UTC at the start of that day, as the
 * server reads it; the coupon is usable strictly before that moment. A starts_on reads the same way: usable from it.
 */
export function endOf(endDate: string): number {
  return /^\d{4}-\d{2}-\d{2}$/.test(endDate) ? Date.parse(`${endDate}T00:00:00Z`) : Date.parse(endDate);
}

/** Starts later than `now` (the server refuses it until then). */
export const notStarted = (coupon: Pick<CouponListing, 'starts_on'>, now: number): boolean =>
  Boolean(coupon.starts_on) && endOf(coupon.starts_on ?? '') > now;

export type CouponProblem = 'invalid_coupon' | 'not_yet_valid' | 'below_minimum';

function findListed<T extends CouponListing>(coupons: readonly T[], typed: string): T | null {
  const code = normalizeCode(typed);
  if (code === '') return null;
  return coupons.find((candidate) => normalizeCode(candidate.code) === code) ?? null;
}

function usable(coupon: CouponListing, now: number): boolean {
  const end = endOf(coupon.end_date);
  return coupon.is_active === 1 && Number.isFinite(end) && end > now;
}

/** Usable: in the list (same code), active (is_active 1), started and ending in the future. */
export function findUsableCoupon<T extends CouponListing>(
  coupons: readonly T[],
  typed: string,
  now: number,
): T | null {
  const coupon = findListed(coupons, typed);
  return coupon && usable(coupon, now) && !notStarted(coupon, now) ? coupon : null;
}

/**
 * The list's verdict on what the shopper typed for a subtotal in `currency`, before the server is asked: a problem
 * (with the minimum in `currency` when under it), or the coupon.
 */
export function checkCoupon<T extends CouponListing>(
  coupons: readonly T[],
  typed: string,
  now: number,
  subtotal: number,
  currency: string,
): { coupon: T } | { problem: CouponProblem; minimum?: number } {
  const coupon = findListed(coupons, typed);
  if (!coupon || !usable(coupon, now)) return { problem: 'invalid_coupon' };
  if (notStarted(coupon, now)) return { problem: 'not_yet_valid' };
  const terms = couponTermsIn(coupon, currency);
  if (terms && toMinor(subtotal, currency) < toMinor(terms.minimum, currency))
    return { problem: 'below_minimum', minimum: terms.minimum };
  return { coupon };
}

/**
 * The applied coupon's terms for a summary in `currency`: the list's (fetched in the shown currency) first, then
 * the server's answer when it was in that currency. null: not known in this currency, so not counted.
 */
export function appliedTermsIn(
  applied: { code: string; percent: number; terms?: { currency: string } & Omit<CouponTerms, 'percent'> },
  listed: readonly CouponListing[],
  currency: string,
): CouponTerms | null {
  const listing = listed.find((candidate) => normalizeCode(candidate.code) === normalizeCode(applied.code));
  const fromList = listing ? couponTermsIn(listing, currency) : null;
  if (fromList) return fromList;
  if (!applied.terms) return percentCoupon(applied.percent);
  if (applied.terms.currency !== currency) return null;
  const { kind, amount, minimum } = applied.terms;
  return { kind, percent: kind === 'percent' ? applied.percent : 0, amount, minimum };
}
