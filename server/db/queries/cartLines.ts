import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import { cartItems } from '../schema';

export type CartLine = typeof cartItems.$inferSelect;

/**
 * Sets the quantity of one line of a product in one statement: among the owner's lines of the product whose size
 * and colour are among the ids given (undefined: any), the most recently changed one. Null when none matches.
 */
export async function setChosenLineQuantity(
  db: Db,
  where: { owner: SQL; productId: number; sizeIds?: number[]; colorIds?: number[] },
  quantity: number,
  now: Date,
): Promise<CartLine | null> {
  const conditions = [where.owner, eq(cartItems.productId, where.productId)];
  if (where.sizeIds) conditions.push(inArray(cartItems.sizeValueId, where.sizeIds));
  if (where.colorIds) conditions.push(inArray(cartItems.colorValueId, where.colorIds));
  const chosen = db
    .select({ id: cartItems.id })
    .from(cartItems)
    .where(and(...conditions))
    .orderBy(desc(cartItems.updatedAt), desc(cartItems.id))
    .limit(1);
  const [row] = await db
    .update(cartItems)
    .set({ quantity, updatedAt: now })
    .where(eq(cartItems.id, chosen))
    .returning();
  return row ?? null;
}
