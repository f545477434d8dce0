// What the server prices a cart and an order from: the products' current rows and the coupon by its code.
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { coupons, products } from '../schema';

export type PricedProductRow = typeof products.$inferSelect;
export type CouponByCodeRow = typeof coupons.$inferSelect;

export function productRowsWithIds(db: Db, productIds: number[]): Promise<PricedProductRow[]> {
  return db.select().from(products).where(inArray(products.id, productIds));
}

/**
 * The coupon with this code (any case). With `lock`, FOR UPDATE: the back office's change of the coupon waits for
 * the order's transaction, and orders using the same coupon queue here.
 */
export async function couponByCode(
  db: Db,
  code: string,
  { lock }: { lock: boolean },
): Promise<CouponByCodeRow | undefined> {
  const query = db
    .select()
    .from(coupons)
    .where(eq(sql`upper(${coupons.code})`, code))
    .limit(1);
  const [row] = await (lock ? query.for('update') : query);
  return row;
}
