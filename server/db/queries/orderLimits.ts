// The unpaid orders an owner or a client address holds, counted under transaction locks (services/orders/limits).
import { sql, type SQL } from 'drizzle-orm';
import { executeRows, type Db } from '../client';
import type { CartOwner } from './cartLines';

// The first key of pg_advisory_xact_lock(int, int): which kind of thing the second key names.
const LOCK_USER = 30_001;
const LOCK_GUEST_CART = 30_002;
const LOCK_ADDRESS = 30_003;

async function countPending(tx: Db, where: SQL, now: Date): Promise<number> {
  const [row] = await executeRows<{ count: number | string }>(
    tx,
    sql`SELECT count(*) AS count FROM orders
        WHERE ${where} AND status = 'pending' AND stock_reserved
          AND (reserved_until IS NULL OR reserved_until > ${now.toISOString()}::timestamptz)`,
  );
  return Number(row?.count ?? 0);
}

/**
 * The owner's transaction lock. A guest cart's row is share-locked first (a merge waits for this transaction);
 * false when the guest cart is gone.
 */
export async function lockOwnerForOrders(tx: Db, owner: CartOwner): Promise<boolean> {
  if ('userId' in owner) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_USER}, ${owner.userId})`);
    return true;
  }
  const cart = await executeRows<{ id: number }>(
    tx,
    sql`SELECT id FROM guest_carts WHERE id = ${owner.guestCartId} FOR SHARE`,
  );
  if (cart.length === 0) return false;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_GUEST_CART}, ${owner.guestCartId})`);
  return true;
}

/** The owner's unpaid orders still holding their stock. */
export function countPendingOfOwner(tx: Db, owner: CartOwner, now: Date): Promise<number> {
  const where =
    'userId' in owner ? sql`user_id = ${owner.userId}` : sql`guest_cart_id = ${owner.guestCartId}`;
  return countPending(tx, where, now);
}

/** The client address's transaction lock (by its hash). */
export async function lockAddressForOrders(tx: Db, addressHash: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_ADDRESS}, hashtext(${addressHash}))`);
}

/** The unpaid orders placed from the client address (by its hash) still holding their stock. */
export function countPendingOfAddress(tx: Db, addressHash: string, now: Date): Promise<number> {
  return countPending(tx, sql`client_address_hash = ${addressHash}`, now);
}
