// The uses of a coupon: the orders that took it and still hold it (services/couponUses.ts says which).
import { and, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { coupons, orders } from '../schema';

/** Order statuses that give a coupon's use back: the order will never be paid. */
export const RELEASED_STATUSES = ['expired', 'canceled'] as const;

const holdsUse = (couponId: number) =>
  and(eq(orders.couponId, couponId), notInArray(orders.status, [...RELEASED_STATUSES]));

/** The coupon row, locked for update: the order transactions using it queue here, so counting them is exact. */
export async function lockCouponRow(db: Db, couponId: number): Promise<void> {
  await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, couponId)).for('update');
}

export async function countCouponUses(db: Db, couponId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<string>`count(*)` })
    .from(orders)
    .where(holdsUse(couponId));
  return Number(row?.count ?? 0);
}

/** The uses of each of the coupons (the back office's list). */
export async function couponUseCounts(db: Db, couponIds: number[]): Promise<Map<number, number>> {
  if (couponIds.length === 0) return new Map();
  const rows = await db
    .select({ couponId: orders.couponId, count: sql<string>`count(*)` })
    .from(orders)
    .where(and(inArray(orders.couponId, couponIds), notInArray(orders.status, [...RELEASED_STATUSES])))
    .groupBy(orders.couponId);
  return new Map(rows.map((row) => [row.couponId ?? 0, Number(row.count)]));
}

export interface CouponUseContact {
  userId: number | null;
  contactEmail: string;
  contactPhone: string;
  contactCountryCode: string;
}

/**
 * The coupon's uses that may be the customer's: the same account, the same e-mail, or a phone that ends in the same
 * seven digits (the caller compares the whole normalised number).
 */
export async function candidateCouponUses(
  db: Db,
  couponId: number,
  who: { userId: number | null; email: string; phoneTail: string },
): Promise<CouponUseContact[]> {
  const matches = [
    ...(who.userId !== null ? [eq(orders.userId, who.userId)] : []),
    ...(who.email ? [sql`lower(btrim(${orders.contactEmail})) = ${who.email}`] : []),
    ...(who.phoneTail
      ? [sql`right(regexp_replace(${orders.contactPhone}, '[^0-9]', '', 'g'), 7) = ${who.phoneTail}`]
      : []),
  ];
  if (matches.length === 0) return [];
  return db
    .select({
      userId: orders.userId,
      contactEmail: orders.contactEmail,
      contactPhone: orders.contactPhone,
      contactCountryCode: orders.contactCountryCode,
    })
    .from(orders)
    .where(and(holdsUse(couponId), or(...matches)));
}
