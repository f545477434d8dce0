// Bounds on the stock one shopper can keep off sale (issue 30, "stock held hostage"): pieces of a product per
// order, unpaid orders per owner and per client address, counted under a lock so that two orders placed at the
// same moment cannot both slip past the limit.
import type { OrderLimits } from '../../config';
import type { Db } from '../../db/client';
import {
  countPendingOfAddress,
  countPendingOfOwner,
  lockAddressForOrders,
  lockOwnerForOrders,
} from '../../db/queries/orderLimits';
import { sha256Hex } from '../../lib/tokens';
import type { CartOwner } from '../cart/owner';
import { Invalid, NotSignedIn, TooManyAttempts } from '../errors';

export const TOO_MANY_PENDING_ORDERS =
  'You have too many unpaid orders. Please pay for one of them, or wait until it expires, before ordering again.';
export const TOO_MANY_ORDERS = 'Too many orders. Please try again later.';

/** A cart line over the cap (the cart's own endpoints, field `quantity`). */
export function quantityCapMessage(max: number): string {
  return `The quantity may not be greater than the limit per order (${String(max)}).`;
}

/** A product of the cart over the cap at checkout (field `cart`, one message per product). */
export function productCapMessage(name: string, max: number): string {
  return `The quantity of ${name} may not be greater than the limit per order (${String(max)}).`;
}

export interface CappedLine {
  productId: number;
  nameEn: string;
  quantity: number;
}

/** 422 when the pieces of one product (summed over its sizes and colours) exceed the cap. */
export function checkQuantityCap(lines: CappedLine[], max: number): void {
  const totals = new Map<number, { name: string; quantity: number }>();
  for (const line of lines) {
    const total = totals.get(line.productId) ?? { name: line.nameEn, quantity: 0 };
    total.quantity += line.quantity;
    totals.set(line.productId, total);
  }
  const over = [...totals.values()].filter((total) => total.quantity > max);
  if (over.length > 0) throw new Invalid({ cart: over.map((total) => productCapMessage(total.name, max)) });
}

/** What an order remembers of the client address: only equality is needed, so never the address itself. */
export function clientAddressHash(address: string): string {
  return sha256Hex(`client-address|${address}`);
}

export interface PendingSlot {
  owner: CartOwner;
  /** clientAddressHash of the caller's address; null counts per owner only. */
  addressHash: string | null;
  limits: Pick<OrderLimits, 'maxPendingPerOwner' | 'maxPendingPerAddress'>;
  now: Date;
}

/**
 * Inside the order's transaction, before it is written: refuses (429) when the owner or the address already holds
 * the most unpaid orders allowed. The owner's and then the address's transaction lock are taken first (always in
 * that order, so two orders cannot wait on each other), so a concurrent order of the same owner or address waits
 * until this one commits and then counts it. A guest cart merged into an account meanwhile is gone (401: the SPA
 * drops the token); its row is share-locked, so a merge waits for this order and then moves it too.
 */
export async function claimPendingSlot(tx: Db, slot: PendingSlot): Promise<void> {
  const { owner, addressHash, limits, now } = slot;
  if (!(await lockOwnerForOrders(tx, owner))) throw new NotSignedIn();
  if ((await countPendingOfOwner(tx, owner, now)) >= limits.maxPendingPerOwner) {
    throw new TooManyAttempts(TOO_MANY_PENDING_ORDERS);
  }
  if (addressHash === null) return;
  await lockAddressForOrders(tx, addressHash);
  if ((await countPendingOfAddress(tx, addressHash, now)) >= limits.maxPendingPerAddress) {
    throw new TooManyAttempts(TOO_MANY_PENDING_ORDERS);
  }
}
