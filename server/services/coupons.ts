// The public list of coupons, with each one's amounts in the shopper's currency.
import type { Coupon } from '../../contract/coupons';
import type { Db } from '../db/client';
import { workingCouponRows } from '../db/queries/catalog';
import { couponTermsAt } from '../../shared/coupons';
import type { Rate } from './rates';

/**
 * The day a coupon's `starts_on` and `end_date` are compared with: both mean midnight UTC (services/pricing.ts), so
 * which coupons work changes at that midnight and at no other time without a write.
 */
export function couponDayOf(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/**
 * Only coupons a shopper can use now (a planned or switched-off coupon is staff's to know); with a rate, each also
 * in that currency (`converted`), as the cart will count it.
 */
export async function listCoupons(db: Db, rate: Rate | null, now: Date): Promise<Coupon[]> {
  return (await workingCouponRows(db, couponDayOf(now))).map((row) => {
    const terms = rate ? couponTermsAt(row, rate) : null;
    return {
      id: row.id,
      code: row.code,
      is_active: row.isActive ? 1 : 0,
      end_date: row.endDate,
      discount: row.discount,
      kind: row.kind,
      min_total: row.minTotal,
      starts_on: row.startsOn,
      ...(rate && terms
        ? { converted: { currency_code: rate.currencyCode, amount: terms.amount, min_total: terms.minimum } }
        : {}),
    };
  });
}
