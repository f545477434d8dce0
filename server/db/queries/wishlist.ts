// The wishlists table.
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { wishlists } from '../schema';

export type WishlistRow = typeof wishlists.$inferSelect;

export function wishlistRows(db: Db, userId: number): Promise<WishlistRow[]> {
  return db
    .select()
    .from(wishlists)
    .where(eq(wishlists.userId, userId))
    .orderBy(desc(wishlists.createdAt), desc(wishlists.id));
}

/** The new row's id, or null when the product was already there. */
export async function insertWishlistRow(db: Db, userId: number, productId: number): Promise<number | null> {
  const [created] = await db
    .insert(wishlists)
    .values({ userId, productId })
    .onConflictDoNothing()
    .returning({ id: wishlists.id });
  return created?.id ?? null;
}

export async function wishlistRowId(db: Db, userId: number, productId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: wishlists.id })
    .from(wishlists)
    .where(and(eq(wishlists.userId, userId), eq(wishlists.productId, productId)));
  return row?.id;
}

/** Whether a row of this user was deleted. */
export async function deleteWishlistRow(db: Db, userId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(wishlists)
    .where(and(eq(wishlists.id, id), eq(wishlists.userId, userId)))
    .returning({ id: wishlists.id });
  return deleted.length > 0;
}
