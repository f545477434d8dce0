// Who a cart belongs to: a signed-in user, or a guest who holds an unguessable token (only its hash is stored).
// Guest carts expire when empty or idle, and move into the user's cart on sign-in.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import {
  cartLinesWithStock,
  deleteOwnerLines,
  lineQuantity,
  mergeLineIntoUserCart,
  userProductQuantity,
  type CartOwner,
} from '../../db/queries/cartLines';
import {
  deleteExpiredGuestCarts,
  deleteGuestCart,
  findGuestCartRecordingUse,
  insertGuestCart,
  lockGuestCartByToken,
} from '../../db/queries/guestCarts';
import { moveGuestOrders } from '../../db/queries/orderOwners';
import type { Job } from '../../lib/jobs';
import { sha256Hex } from '../../lib/tokens';
import { NotFound, NotSignedIn } from '../errors';

export type { CartOwner };

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * A guest cart with no lines and no orders holds nothing: the shopper's next add starts a new one (the SPA drops
 * a token the server no longer knows and retries once). A day, not at once, so a shopper who removed the last
 * line keeps the same cart for the rest of the visit.
 */
export const GUEST_CART_EMPTY_TTL_MS = DAY_MS;
/**
 * A cart with products waits a month for its shopper to come back (the token stays in the browser); after that
 * its prices and stock have moved on, and it bounds how long the carts of a flood can live.
 */
export const GUEST_CART_IDLE_TTL_MS = 30 * DAY_MS;

/** The housekeeping job that deletes empty and idle guest carts. */
export function guestCartExpiry(db: Db): Job {
  return {
    name: 'guest-cart-expiry',
    run: (now) =>
      deleteExpiredGuestCarts(db, {
        emptyBefore: new Date(now.getTime() - GUEST_CART_EMPTY_TTL_MS),
        idleBefore: new Date(now.getTime() - GUEST_CART_IDLE_TTL_MS),
      }),
  };
}

/** A new guest cart and the token that opens it (only its hash is kept). */
export async function createGuestCart(db: Db): Promise<{ guestCartId: number; token: string }> {
  const token = randomBytes(32).toString('base64url');
  return { guestCartId: await insertGuestCart(db, sha256Hex(token)), token };
}

/**
 * A guest cart's last use is written at most this often: expiry counts in days, and a write on every request
 * would make each of a shopper's requests queue behind the previous one's row lock.
 */
const GUEST_TOUCH_INTERVAL_MS = 60_000;

/** The guest cart behind a token; 401 when the token is missing or unknown (the SPA then forgets it). */
export async function guestOwner(db: Db, token: unknown): Promise<{ guestCartId: number }> {
  if (typeof token !== 'string' || token.length < 16 || token.length > 200) throw new NotSignedIn();
  const now = new Date();
  const staleBefore = new Date(now.getTime() - GUEST_TOUCH_INTERVAL_MS);
  const tokenHash = sha256Hex(token);
  // One statement: finds the cart and records its use only when the last one is older than the interval.
  const guestCartId = await findGuestCartRecordingUse(db, tokenHash, now, staleBefore);
  if (guestCartId === null) throw new NotSignedIn();
  return { guestCartId };
}

export interface MergeReport {
  merged: number;
  capped: number;
  dropped: number;
}

/**
 * Moves a guest cart into a user's cart on sign-in: the same product + size + colour adds up, capped at the stock
 * and at `maxPerProduct` pieces of a product (summed over its sizes and colours); out-of-stock lines are left out;
 * the guest cart's orders become the user's (moveGuestOrders); the guest cart is deleted. One transaction, and
 * the guest cart row is locked first, so two sign-ins racing with the same token merge it once (the second finds
 * nothing: 404), and an order being placed from it at that moment is either moved or refused (orders/limits.ts).
 */
export async function mergeGuestCart(
  db: Db,
  userId: number,
  token: unknown,
  options: { maxPerProduct?: number } = {},
): Promise<MergeReport> {
  if (typeof token !== 'string' || token.length < 16 || token.length > 200)
    throw new NotFound('Guest cart not found');
  return db.transaction(async (tx) => {
    const guestCartId = await lockGuestCartByToken(tx, sha256Hex(token));
    if (guestCartId === null) throw new NotFound('Guest cart not found');
    const report: MergeReport = { merged: 0, capped: 0, dropped: 0 };
    const lines = await cartLinesWithStock(tx, { guestCartId });
    const userTotals = new Map<number, number>();
    const max = options.maxPerProduct ?? Number.MAX_SAFE_INTEGER;
    for (const { line, stock } of lines) {
      if (stock <= 0) {
        report.dropped += 1;
        continue;
      }
      let productTotal = userTotals.get(line.productId);
      if (productTotal === undefined) productTotal = await userProductQuantity(tx, userId, line.productId);
      const had = (await lineQuantity(tx, { userId }, line)) ?? 0;
      // The most this line may hold: the stock, and the cap less the product's other lines.
      const bound = Math.min(stock, Math.max(had, max - (productTotal - had)));
      const wanted = had + line.quantity;
      const kept = Math.min(wanted, bound);
      if (wanted > bound) report.capped += 1;
      else report.merged += 1;
      userTotals.set(line.productId, productTotal - had + kept);
      if (kept <= 0) continue;
      // The user's own line keeps its currency; LEAST keeps the bound even against a concurrent add.
      await mergeLineIntoUserCart(tx, userId, line, { kept, added: line.quantity, bound });
    }
    await moveGuestOrders(tx, guestCartId, userId);
    await deleteOwnerLines(tx, { guestCartId });
    await deleteGuestCart(tx, guestCartId);
    return report;
  });
}
