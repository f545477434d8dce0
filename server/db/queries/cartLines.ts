import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { executeRows, type Db } from '../client';
import { cartItems, productAttributeValues, products, type AttributeKind } from '../schema';

export type { AttributeKind };

export type CartLine = typeof cartItems.$inferSelect;

/** Whose cart: a signed-in user's, or a guest cart's. */
export type CartOwner = { userId: number } | { guestCartId: number };

/** The owner's lines (a user's lines have no guest cart, a guest cart's no user). */
export function ownerWhere(owner: CartOwner): SQL {
  return 'userId' in owner
    ? (and(eq(cartItems.userId, owner.userId), isNull(cartItems.guestCartId)) as SQL)
    : (and(eq(cartItems.guestCartId, owner.guestCartId), isNull(cartItems.userId)) as SQL);
}

/** The owner's lines, oldest first. */
export async function cartRows(db: Db, owner: CartOwner): Promise<CartLine[]> {
  return db.select().from(cartItems).where(ownerWhere(owner)).orderBy(asc(cartItems.id));
}

/** The owner's lines, oldest first, each with its product's stock. */
export async function cartLinesWithStock(
  db: Db,
  owner: CartOwner,
): Promise<{ line: CartLine; stock: number }[]> {
  return db
    .select({ line: cartItems, stock: products.stockQuantity })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(ownerWhere(owner))
    .orderBy(asc(cartItems.id));
}

/** The pieces of a product in a user's cart, over its sizes and colours. */
export async function userProductQuantity(db: Db, userId: number, productId: number): Promise<number> {
  const [sum] = await executeRows<{ total: number | string | null }>(
    db,
    sql`SELECT sum(quantity) AS total FROM cart_items
        WHERE user_id = ${userId} AND guest_cart_id IS NULL AND product_id = ${productId}`,
  );
  return Number(sum?.total ?? 0);
}

/** The quantity of the owner's line of this product, size and colour; undefined when there is none. */
export async function lineQuantity(
  db: Db,
  owner: CartOwner,
  line: Pick<CartLine, 'productId' | 'sizeValueId' | 'colorValueId'>,
): Promise<number | undefined> {
  const [existing] = await db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(
      and(
        ownerWhere(owner),
        eq(cartItems.productId, line.productId),
        line.sizeValueId === null
          ? isNull(cartItems.sizeValueId)
          : eq(cartItems.sizeValueId, line.sizeValueId),
        line.colorValueId === null
          ? isNull(cartItems.colorValueId)
          : eq(cartItems.colorValueId, line.colorValueId),
      ),
    );
  return existing?.quantity;
}

/**
 * A guest's line into a user's cart: a new line of `kept` pieces, or the user's line of the same product, size and
 * colour grown by `added` but never past `bound` (LEAST holds it even against a concurrent add). The user's own
 * line keeps its currency.
 */
export async function mergeLineIntoUserCart(
  tx: Db,
  userId: number,
  line: Pick<CartLine, 'productId' | 'sizeValueId' | 'colorValueId' | 'currency'>,
  amounts: { kept: number; added: number; bound: number },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO cart_items (user_id, guest_cart_id, product_id, quantity, size_value_id, color_value_id, currency)
    VALUES (${userId}, NULL, ${line.productId}, ${amounts.kept}, ${line.sizeValueId},
            ${line.colorValueId}, ${line.currency})
    ON CONFLICT ((COALESCE(user_id, 0)), (COALESCE(guest_cart_id, 0)), product_id,
                 (COALESCE(size_value_id, 0)), (COALESCE(color_value_id, 0)))
    DO UPDATE SET quantity = LEAST(cart_items.quantity + ${amounts.added}, ${amounts.bound}), updated_at = now()`);
}

/** The owner's lines of these products go (an order paid for them). */
export async function deleteOwnerProductLines(tx: Db, owner: CartOwner, productIds: number[]): Promise<void> {
  await tx.delete(cartItems).where(and(ownerWhere(owner), inArray(cartItems.productId, productIds)));
}

/** Empties the owner's cart. */
export async function deleteOwnerLines(tx: Db, owner: CartOwner): Promise<void> {
  await tx.delete(cartItems).where(ownerWhere(owner));
}

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

export type AttributeValueRow = typeof productAttributeValues.$inferSelect;

/** The attribute values (sizes, colours) with these ids. */
export function attributeValuesWithIds(db: Db, ids: number[]): Promise<AttributeValueRow[]> {
  return db.select().from(productAttributeValues).where(inArray(productAttributeValues.id, ids));
}

/** The owner's lines of a product, the most recently changed first. */
export function productLines(db: Db, owner: CartOwner, productId: number): Promise<CartLine[]> {
  return db
    .select()
    .from(cartItems)
    .where(and(ownerWhere(owner), eq(cartItems.productId, productId)))
    .orderBy(desc(cartItems.updatedAt), desc(cartItems.id));
}

export interface AddedLine {
  id: number;
  quantity: number;
  sizeValueId: number | null;
  colorValueId: number | null;
  currency: string;
}

/**
 * One statement: a new line, or the same product + size + colour grown by `quantity`, but only while the sum stays
 * within `stock` (a concurrent add counts too: no read-then-insert to trip over the unique index). Undefined: the
 * line is there and the sum would outgrow the stock. Rejects with the database's error (a gone owner: 23503).
 */
export async function addLine(
  db: Db,
  line: {
    userId: number | null;
    guestCartId: number | null;
    productId: number;
    quantity: number;
    sizeValueId: number | null;
    colorValueId: number | null;
    currency: string;
  },
  stock: number,
): Promise<AddedLine | undefined> {
  const [row] = await executeRows<{
    id: number;
    quantity: number;
    size_value_id: number | null;
    color_value_id: number | null;
    currency: string;
  }>(
    db,
    sql`
      INSERT INTO cart_items (user_id, guest_cart_id, product_id, quantity, size_value_id, color_value_id, currency)
      VALUES (${line.userId}, ${line.guestCartId}, ${line.productId}, ${line.quantity}, ${line.sizeValueId},
              ${line.colorValueId}, ${line.currency})
      ON CONFLICT ((COALESCE(user_id, 0)), (COALESCE(guest_cart_id, 0)), product_id,
                   (COALESCE(size_value_id, 0)), (COALESCE(color_value_id, 0)))
      DO UPDATE SET quantity = cart_items.quantity + EXCLUDED.quantity, currency = EXCLUDED.currency,
                    updated_at = now()
        WHERE cart_items.quantity + EXCLUDED.quantity <= ${stock}
      RETURNING id, quantity, size_value_id, color_value_id, currency`,
  );
  if (!row) return undefined;
  return {
    id: Number(row.id),
    quantity: Number(row.quantity),
    sizeValueId: row.size_value_id === null ? null : Number(row.size_value_id),
    colorValueId: row.color_value_id === null ? null : Number(row.color_value_id),
    currency: row.currency,
  };
}

/** The owner's lines with these ids go. */
export async function deleteOwnerLinesWithIds(db: Db, owner: CartOwner, lineIds: number[]): Promise<void> {
  await db.delete(cartItems).where(and(ownerWhere(owner), inArray(cartItems.id, lineIds)));
}
