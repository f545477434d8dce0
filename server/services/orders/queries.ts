// The signed-in shopper's orders as the order pages read them.
import type { Db } from '../../db/client';
import {
  orderItemRows,
  ownedOrderRow,
  userOrderRows,
  type OrderItemRow,
  type OrderRow,
} from '../../db/queries/orders';
import { parseId } from '../../lib/ids';
import { NotFound } from '../errors';

export interface OrderWithItems {
  order: OrderRow;
  items: OrderItemRow[];
}

/** The shopper's orders, newest first, each with its items. */
export async function listUserOrders(db: Db, userId: number): Promise<OrderWithItems[]> {
  const rows = await userOrderRows(db, userId);
  const items = await orderItemRows(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((order) => ({ order, items: items.filter((item) => item.orderId === order.id) }));
}

/** The shopper's own order (`orderIdText` as sent); another shopper's, unknown or malformed is NotFound. */
export async function userOrder(db: Db, userId: number, orderIdText: string): Promise<OrderWithItems> {
  const id = parseId(orderIdText);
  const order = id === null ? undefined : await ownedOrderRow(db, id, { userId });
  if (!order) throw new NotFound('Order not found');
  return { order, items: await orderItemRows(db, [order.id]) };
}
