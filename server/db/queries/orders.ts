// Orders and their items: placing one, reading them, and recording a payment link on an order.
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import { orderItems, orders, products } from '../schema';

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

/** The owner's unpaid orders that hold their stock, oldest first, with where they go and whom they tell. */
export function unpaidHoldingOrders(db: Db, owner: OrderOwner) {
  return db
    .select({
      id: orders.id,
      governorateName: orders.governorateName,
      areaName: orders.areaName,
      address: orders.address,
      contactEmail: orders.contactEmail,
      contactPhone: orders.contactPhone,
    })
    .from(orders)
    .where(and(ownedBy(owner), eq(orders.status, 'pending'), eq(orders.stockReserved, true)))
    .orderBy(asc(orders.id));
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

export type NewOrderRow = typeof orders.$inferInsert;
export type NewOrderItemRow = typeof orderItems.$inferInsert;

export async function insertOrder(tx: Db, order: NewOrderRow): Promise<number> {
  const [row] = await tx.insert(orders).values(order).returning({ id: orders.id });
  if (!row) throw new Error('order insert returned nothing');
  return row.id;
}

export async function insertOrderItems(tx: Db, items: NewOrderItemRow[]): Promise<void> {
  await tx.insert(orderItems).values(items);
}

/** The stock left of these products (what an order that came up short tells the shopper). */
export function productStocks(tx: Db, productIds: number[]): Promise<{ id: number; stock: number }[]> {
  return tx
    .select({ id: products.id, stock: products.stockQuantity })
    .from(products)
    .where(inArray(products.id, productIds));
}

export async function setPaymentUrl(tx: Db, orderId: number, paymentUrl: string): Promise<void> {
  await tx.update(orders).set({ paymentUrl }).where(eq(orders.id, orderId));
}

/** The order's first payment link: set only while it has none. Answers the link set, or undefined when it had one. */
export async function setFirstPaymentLink(
  tx: Db,
  orderId: number,
  link: { paymentId: string; paymentUrl: string },
  now: Date,
): Promise<{ paymentUrl: string | null } | undefined> {
  const [row] = await tx
    .update(orders)
    .set({ ...link, updatedAt: now })
    .where(and(eq(orders.id, orderId), sql`${orders.paymentUrl} is null`))
    .returning({ paymentUrl: orders.paymentUrl });
  return row;
}

export async function orderPaymentUrl(db: Db, orderId: number): Promise<string | null | undefined> {
  const [row] = await db.select({ paymentUrl: orders.paymentUrl }).from(orders).where(eq(orders.id, orderId));
  return row ? row.paymentUrl : undefined;
}

/** The order placed by the request with this fingerprint, if any. */
export async function orderByFingerprint(db: Db, fingerprint: string) {
  const [earlier] = await db
    .select({
      id: orders.id,
      requestHash: orders.requestHash,
      createdAt: orders.createdAt,
      paymentUrl: orders.paymentUrl,
      totalPrice: orders.totalPrice,
      currency: orders.currency,
    })
    .from(orders)
    .where(eq(orders.requestFingerprint, fingerprint))
    .limit(1);
  return earlier;
}

/** The order lets go of its request's fingerprint, so the same request may place a new order. */
export async function releaseFingerprint(db: Db, orderId: number): Promise<void> {
  await db.update(orders).set({ requestFingerprint: null }).where(eq(orders.id, orderId));
}

export async function orderHoldState(
  db: Db,
  orderId: number,
): Promise<Pick<OrderRow, 'status' | 'stockReserved'> | undefined> {
  const [current] = await db
    .select({ status: orders.status, stockReserved: orders.stockReserved })
    .from(orders)
    .where(eq(orders.id, orderId));
  return current;
}

export type OrderChanges = Partial<NewOrderRow>;

/** Writes these fields of the order (the caller holds its row lock where it decides on what it read). */
export async function updateOrder(tx: Db, orderId: number, changes: OrderChanges): Promise<void> {
  await tx.update(orders).set(changes).where(eq(orders.id, orderId));
}

/** Like updateOrder, and answers the order as written (undefined: no such order). */
export async function updateOrderReturning(
  tx: Db,
  orderId: number,
  changes: OrderChanges,
): Promise<OrderRow | undefined> {
  const [row] = await tx.update(orders).set(changes).where(eq(orders.id, orderId)).returning();
  return row;
}

/** The gateway id of the order's current payment; undefined when there is no such order. */
export async function orderPaymentId(db: Db, orderId: number): Promise<string | null | undefined> {
  const [order] = await db.select({ paymentId: orders.paymentId }).from(orders).where(eq(orders.id, orderId));
  return order ? order.paymentId : undefined;
}
