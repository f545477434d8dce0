// What the shop's mails read: an order with its lines, their pictures and its shopper's name; the staff who asked
// to be told.
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { orderItems, orders, productImages, products, users } from '../schema';
import type { OrderItemRow, OrderRow } from './orders';

export interface OrderForMail {
  order: OrderRow;
  items: (OrderItemRow & { picture: string | null })[];
  /** the account's name; null for a guest (or an account since deleted) */
  customerName: string | null;
}

export async function orderForMail(db: Db, orderId: number): Promise<OrderForMail | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) return null;
  const lines = await db
    .select({
      item: orderItems,
      // The product's first picture, as its card shows it.
      picture: sql<string | null>`(select ${productImages.image} from ${productImages}
        where ${productImages.productId} = ${orderItems.productId}
        order by ${productImages.position}, ${productImages.id} limit 1)`,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  let customerName: string | null = null;
  if (order.userId !== null) {
    const [user] = await db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, order.userId))
      .limit(1);
    customerName = user?.name ?? null;
  }
  return { order, items: lines.map(({ item, picture }) => ({ ...item, picture })), customerName };
}

/** The back office's people who asked to be told (the owner switched it on), still staff. */
export async function staffToNotify(db: Db): Promise<{ email: string; language: 'en' | 'ar' | null }[]> {
  return db
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(and(ne(users.role, 'shopper'), eq(users.staffNotifications, true)))
    .orderBy(asc(users.id));
}

/** A product's names for a staff mail. */
export async function productNames(db: Db, ids: number[]): Promise<Map<number, { en: string; ar: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, en: products.nameEn, ar: products.nameAr })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.id, { en: row.en, ar: row.ar }]));
}
