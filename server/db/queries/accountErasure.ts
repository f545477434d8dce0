// What a deleted account leaves behind: orders for the books without contact details, reviews under no name.
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../client';
import { orders, outbox, reviews, users, type OrderStatus } from '../schema';

/**
 * Until an order settles the shop still needs to reach its buyer: to take the payment, deliver what was paid for,
 * or give money back.
 */
const STILL_NEEDS_CONTACT: OrderStatus[] = ['pending', 'paid', 'refund_due'];

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** One statement (the deletion and the background job both run it): idempotent, safe on several instances. */
async function eraseSettledContacts(db: Db | Tx): Promise<number> {
  const erased = await db
    .update(orders)
    .set({ address: '', contactEmail: '', contactPhone: '', eraseContact: false })
    .where(and(eq(orders.eraseContact, true), notInArray(orders.status, STILL_NEEDS_CONTACT)))
    .returning({ id: orders.id });
  return erased.length;
}

/** The background job's half: orders of deleted accounts that settled since lose their contact details. */
export function eraseContactsOfSettledOrders(db: Db): Promise<number> {
  return eraseSettledContacts(db);
}

/**
 * Deletes the account in one transaction: its orders are marked for erasure (settled ones lose their contact
 * details at once) and detached, its reviews lose their author's name, the mail sent to its addresses goes, and
 * the row goes (tokens, codes, addresses, cart and favourites with it, by ON DELETE CASCADE).
 */
export async function eraseUser(db: Db, user: { id: number; addresses: string[] }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(orders).set({ eraseContact: true }).where(eq(orders.userId, user.id));
    await eraseSettledContacts(tx);
    await tx.update(reviews).set({ userName: '' }).where(eq(reviews.userId, user.id));
    const recipients = user.addresses.map((address) => address.toLowerCase());
    if (recipients.length > 0) await tx.delete(outbox).where(inArray(outbox.recipient, recipients));
    await tx.delete(users).where(eq(users.id, user.id));
  });
}
