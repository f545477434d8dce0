import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { cartItems } from '../schema';

export type CartLine = typeof cartItems.$inferSelect;

/** Whose line: a user's (guest cart none) or a guest cart's (user none); 0 stands for none, as in the line index. */
export interface LineOwner {
  userId: number;
  guestCartId: number;
}

function prepareSetChosenLine(db: Db) {
  const chosen = db
    .select({ id: cartItems.id })
    .from(cartItems)
    .where(
      and(
        // The expressions of the line's unique index, so the owner's lines of the product are one index range.
        sql`coalesce(${cartItems.userId}, 0) = ${sql.placeholder('userId')}`,
        sql`coalesce(${cartItems.guestCartId}, 0) = ${sql.placeholder('guestCartId')}`,
        eq(cartItems.productId, sql.placeholder('productId')),
        sql`(${sql.placeholder('anySize')}::boolean or ${cartItems.sizeValueId} = any(${sql.placeholder('sizeIds')}::int[]))`,
        sql`(${sql.placeholder('anyColor')}::boolean or ${cartItems.colorValueId} = any(${sql.placeholder('colorIds')}::int[]))`,
      ),
    )
    .orderBy(desc(cartItems.updatedAt), desc(cartItems.id))
    .limit(1);
  return db
    .update(cartItems)
    .set({ quantity: sql`${sql.placeholder('quantity')}::int`, updatedAt: sql`now()` })
    .where(eq(cartItems.id, chosen))
    .returning()
    .prepare('cart_set_chosen_line');
}

/** Run on every cart update: built and prepared once per database. */
const setChosenLineQueries = new WeakMap<Db, ReturnType<typeof prepareSetChosenLine>>();

/**
 * Sets the quantity of one line of a product in one statement: among the owner's lines of the product whose size
 * and colour are among the ids given (undefined: any), the most recently changed one. Null when none matches.
 */
export async function setChosenLineQuantity(
  db: Db,
  where: { owner: LineOwner; productId: number; sizeIds?: number[]; colorIds?: number[] },
  quantity: number,
): Promise<CartLine | null> {
  let query = setChosenLineQueries.get(db);
  if (!query) {
    query = prepareSetChosenLine(db);
    setChosenLineQueries.set(db, query);
  }
  const [row] = await query.execute({
    userId: where.owner.userId,
    guestCartId: where.owner.guestCartId,
    productId: where.productId,
    anySize: where.sizeIds === undefined,
    sizeIds: where.sizeIds ?? [],
    anyColor: where.colorIds === undefined,
    colorIds: where.colorIds ?? [],
    quantity,
  });
  return row ?? null;
}
