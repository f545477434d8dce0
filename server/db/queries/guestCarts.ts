import { sql } from 'drizzle-orm';
import { executeRows, type Db } from '../client';

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
