// The catalogue's own tables beside products: categories, coupons, reviews.
import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { categories, coupons, orderItems, orders, reviews } from '../schema';

export function categoryRows(db: Db) {
  return db.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.id));
}

/**
 * The coupons that work on `today` (YYYY-MM-DD, UTC): switched on, started (starts_on null or on or before today)
 * and not ended (end_date after today: a date-only end means that day's midnight UTC), as findValidCoupon decides.
 */
export function workingCouponRows(db: Db, today: string) {
  return db
    .select()
    .from(coupons)
    .where(
      and(
        eq(coupons.isActive, true),
        gt(coupons.endDate, today),
        or(isNull(coupons.startsOn), lte(coupons.startsOn, today)),
      ),
    )
    .orderBy(asc(coupons.id));
}

/**
 * Approved reviews, newest first; one product's, or every product's when productId is undefined. A review waiting
 * for approval is nobody's to read yet (it may be abuse the shop will refuse).
 */
export function approvedReviewRows(db: Db, productId: number | undefined) {
  const approved = eq(reviews.status, 'approved');
  return db
    .select()
    .from(reviews)
    .where(productId === undefined ? approved : and(approved, eq(reviews.productId, productId)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
}

export async function hasCompletedPurchase(db: Db, userId: number, productId: number): Promise<boolean> {
  const [purchase] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(eq(orders.userId, userId), eq(orders.status, 'completed'), eq(orderItems.productId, productId)),
    )
    .limit(1);
  return purchase !== undefined;
}

/** pg_advisory_xact_lock(int, int)'s first key for a shopper's review of a product (orderLimits.ts has 30 001-3). */
const LOCK_REVIEW = 30_004;

/**
 * A shopper's review of a product, locked until the transaction ends: a second submit (a double tap, two tabs) waits
 * and then finds the first one.
 */
export async function lockReviewOf(tx: Db, userId: number, productId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_REVIEW}, hashtext(${`${userId}|${productId}`}))`);
}

export async function hasReviewed(db: Db, userId: number, productId: number): Promise<boolean> {
  const [review] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)))
    .limit(1);
  return review !== undefined;
}

export async function insertReview(db: Db, values: typeof reviews.$inferInsert): Promise<void> {
  await db.insert(reviews).values(values);
}

export async function categoryExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  return row !== undefined;
}
