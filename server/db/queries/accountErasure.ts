// What a deleted account leaves behind: orders for the books without contact details, reviews under no name.
import { and, eq, gt, inArray, notExists, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { orders, outbox, paymentAttempts, reviews, users, type OrderStatus } from '../schema';

/**
 * Until an order settles the shop still needs to reach its buyer: to take the payment, deliver what was paid for,
 * or give money back.
 */
const STILL_NEEDS_CONTACT: OrderStatus[] = ['pending', 'paid', 'refund_due'];
/** Closed unpaid, yet sold after all if a payment still open at the gateway is made. */
const MAY_STILL_BE_PAID: OrderStatus[] = ['expired', 'failed'];

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * One statement (the deletion and the background job both run it): idempotent, safe on several instances. An
 * expired or failed order with a payment still open at the gateway, started or closed after `payableSince`, has not
 * settled: the gateway may still take that money, and the order is then sold after all and delivered.
 */
async function eraseSettledContacts(db: Db | Tx, payableSince: Date): Promise<number> {
  const openPayment = db
    .select({ one: sql`1` })
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.orderId, orders.id),
        eq(paymentAttempts.state, 'pending'),
        // The day counts from the later of the payment's start and the order's closing, as reconciliation's does.
        or(gt(paymentAttempts.createdAt, payableSince), gt(orders.updatedAt, payableSince)),
      ),
    );
  const erased = await db
    .update(orders)
    .set({ address: '', contactEmail: '', contactPhone: '', eraseContact: false })
    .where(
      and(
        eq(orders.eraseContact, true),
        notInArray(orders.status, STILL_NEEDS_CONTACT),
        or(notInArray(orders.status, MAY_STILL_BE_PAID), notExists(openPayment)),
      ),
    )
    .returning({ id: orders.id });
  return erased.length;
}

/** The background job's half: orders of deleted accounts that settled since lose their contact details. */
export function eraseContactsOfSettledOrders(db: Db, payableSince: Date): Promise<number> {
  return eraseSettledContacts(db, payableSince);
}

/**
 * Deletes the account in one transaction: its orders are marked for erasure (settled ones lose their contact
 * details at once) and detached, its reviews lose their author's name, the mail sent to its addresses goes, and
 * the row goes (tokens, codes, addresses, cart and favourites with it, by ON DELETE CASCADE).
 */
export async function eraseUser(
  db: Db,
  user: { id: number; addresses: string[] },
  payableSince: Date,
  /** Called with the locked row before anything goes: it may refuse (throw) or write an audit entry in `tx`. */
  beforeErase?: (tx: Db, row: { id: number; name: string; email: string; role: string }) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    // The account's row first, locked: an order being placed or moved to it meanwhile commits before the orders
    // are marked below (its insert waits for this lock), so none slips past the marking with its contact details.
    // A role given meanwhile also waits for it, so the role read here is the one the account goes with.
    const [row] = await tx
      .select({ id: users.id, name: users.name, email: users.email, role: users.role })
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    if (row && beforeErase) await beforeErase(tx, row);
    await tx.update(orders).set({ eraseContact: true }).where(eq(orders.userId, user.id));
    await eraseSettledContacts(tx, payableSince);
    await tx.update(reviews).set({ userName: '' }).where(eq(reviews.userId, user.id));
    const recipients = user.addresses.map((address) => address.toLowerCase());
    if (recipients.length > 0) await tx.delete(outbox).where(inArray(outbox.recipient, recipients));
    await tx.delete(users).where(eq(users.id, user.id));
  });
}
