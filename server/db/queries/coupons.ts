// Coupons as staff write them (the shop's list: db/queries/catalog.ts; staff's list: db/queries/backOffice.ts).
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { coupons } from '../schema';

export type CouponRow = typeof coupons.$inferSelect;
/** The columns staff set (id, creation time and the rest are the table's). */
export type CouponColumns = Omit<typeof coupons.$inferInsert, 'id' | 'createdAt'>;

export async function couponById(db: Db, id: number): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  return row;
}

/** The coupon's row under its lock (inside a transaction), or undefined. */
export async function lockCoupon(db: Db, id: number): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).for('update');
  return row;
}

export async function insertCoupon(db: Db, columns: CouponColumns, createdAt: Date): Promise<CouponRow> {
  const [created] = await db
    .insert(coupons)
    .values({ ...columns, createdAt })
    .returning();
  if (!created) throw new Error('coupon insert returned nothing');
  return created;
}

export async function updateCouponRow(db: Db, id: number, columns: CouponColumns): Promise<void> {
  await db.update(coupons).set(columns).where(eq(coupons.id, id));
}
