import { eq, sql } from 'drizzle-orm';
import { executeRows, type Db } from '../client';
import { guestCarts } from '../schema';

export interface GuestCartCutoffs {
  /** Carts with no lines and no orders, untouched since before this, go. */
  emptyBefore: Date;
  /** Any cart untouched since before this goes (its lines with it; its orders keep their history). */
  idleBefore: Date;
}

/** Deletes the guest carts past their cutoffs; answers how many went. */
export async function deleteExpiredGuestCarts(db: Db, cutoffs: GuestCartCutoffs): Promise<number> {
  const rows = await executeRows<{ id: number }>(
    db,
    sql`DELETE FROM guest_carts AS cart
        WHERE cart.last_used_at < ${cutoffs.idleBefore.toISOString()}::timestamptz
           OR (cart.last_used_at < ${cutoffs.emptyBefore.toISOString()}::timestamptz
               AND NOT EXISTS (SELECT 1 FROM cart_items AS line WHERE line.guest_cart_id = cart.id)
               AND NOT EXISTS (SELECT 1 FROM orders AS placed WHERE placed.guest_cart_id = cart.id))
        RETURNING cart.id`,
  );
  return rows.length;
}

export async function insertGuestCart(db: Db, tokenHash: string): Promise<number> {
  const [row] = await db.insert(guestCarts).values({ tokenHash }).returning({ id: guestCarts.id });
  if (!row) throw new Error('guest cart insert returned nothing');
  return row.id;
}

/**
 * The guest cart with this token hash, in one statement that also records its use, but only when the last one is
 * older than `staleBefore`.
 */
export async function findGuestCartRecordingUse(
  db: Db,
  tokenHash: string,
  now: Date,
  staleBefore: Date,
): Promise<number | null> {
  const [row] = await executeRows<{ id: number }>(
    db,
    sql`WITH found AS (SELECT id, last_used_at FROM guest_carts WHERE token_hash = ${tokenHash}),
        touched AS (
          UPDATE guest_carts AS cart SET last_used_at = ${now.toISOString()}::timestamptz
          FROM found WHERE cart.id = found.id AND found.last_used_at < ${staleBefore.toISOString()}::timestamptz
        )
        SELECT id FROM found`,
  );
  return row ? Number(row.id) : null;
}

/** The guest cart with this token hash, locked (FOR UPDATE) for the rest of the transaction. */
export async function lockGuestCartByToken(tx: Db, tokenHash: string): Promise<number | null> {
  const locked = await tx.execute(sql`SELECT id FROM guest_carts WHERE token_hash = ${tokenHash} FOR UPDATE`);
  const guestCart = (locked as { rows: { id: number }[] }).rows[0];
  return guestCart ? Number(guestCart.id) : null;
}

export async function deleteGuestCart(tx: Db, guestCartId: number): Promise<void> {
  await tx.delete(guestCarts).where(eq(guestCarts.id, guestCartId));
}
