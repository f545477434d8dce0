// Reading orders and their items, and recording a payment link on an order.
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import { orderItems, orders } from '../schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

/** Whose order: a signed-in shopper's, or the one placed from a guest cart. */
export type OrderOwner = { userId: number } | { guestCartId: number };

const ownedBy = (owner: OrderOwner): SQL =>
  'userId' in owner ? eq(orders.userId, owner.userId) : eq(orders.guestCartId, owner.guestCartId);

export function userOrderRows(db: Db, userId: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

export async function ownedOrderRow(
  db: Db,
  orderId: number,
  owner: OrderOwner,
): Promise<OrderRow | undefined> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), ownedBy(owner)))
    .limit(1);
  return order;
}

export async function orderRow(db: Db, orderId: number): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order;
}

export function orderItemRows(db: Db, orderIds: number[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
}

export async function setPaymentLink(
  db: Db,
  orderId: number,
  link: { paymentId: string; paymentUrl: string; paymentMethod?: string },
  now: Date,
): Promise<void> {
  await db
    .update(orders)
    .set({ ...link, updatedAt: now })
    .where(eq(orders.id, orderId));
}
