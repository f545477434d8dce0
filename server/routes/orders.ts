// Checkout (signed in and guest) and the signed-in shopper's orders.
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { orderItems, orders } from '../db/schema';
import { notFound, validationError } from '../lib/errors';
import { parseId } from '../services/catalog';
import { guestOwner } from '../services/cart';
import {
  applyPaymentOutcome,
  cancelOrder,
  createOrder,
  validateOrderRequest,
  type OrderRequest,
} from '../services/orders';
import { assertPaymentsAvailable } from '../services/payments';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

// Every field is checked by validateOrderRequest with the spec's own messages, so the schema only bounds sizes.
const anyValue = { anyOf: [{ type: 'string', maxLength: 2000 }, { type: 'number' }, { type: 'null' }] };
const orderBody = {
  type: 'object',
  properties: Object.fromEntries(
    [
      'governorate_name',
      'area_name',
      'address',
      'payment_method',
      'shipping_cost',
      'total_price',
      'guest_phone',
      'guest_email',
      'guest_country_code',
      'coupon_code',
      'currency',
      'guest_token',
    ].map((field) => [field, anyValue]),
  ),
} as const;

function idempotencyKeyOf(request: FastifyRequest): string | null {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' && key.trim() !== '' ? key.trim().slice(0, 200) : null;
}

function itemJson(item: ItemRow) {
  return {
    id: item.id,
    product_id: item.productId,
    product_name: { en: item.productNameEn, ar: item.productNameAr },
    quantity: { en: item.quantity },
    total_price: { en: item.totalPrice },
    size: item.size,
    color: item.color,
    price: item.unitPrice,
  };
}

function orderSummary(order: OrderRow) {
  return {
    id: order.id,
    status: order.status,
    total_price: order.totalPrice,
    currency: order.currency,
    created_at: order.createdAt.toISOString(),
  };
}

function orderDetail(order: OrderRow, items: ItemRow[]) {
  return {
    ...orderSummary(order),
    address: `${order.address}, ${order.areaName}, ${order.governorateName}`,
    governorate_name: order.governorateName,
    area_name: order.areaName,
    payment_method: order.paymentMethod,
    subtotal: order.subtotal,
    discount_amount: order.discountAmount,
    coupon_code: order.couponCode,
    shipping_cost: order.shippingCost,
    items: items.map(itemJson),
  };
}

export default async function ordersRoutes(app: FastifyInstance): Promise<void> {
  const { db, gateway, config } = app.deps;
  const auth = { preHandler: app.requireUser };

  app.post<{ Body: OrderRequest }>(
    '/create-order',
    { ...auth, schema: { body: orderBody } },
    async (request, reply) => {
      const user = request.user as { id: number; email: string };
      const valid = validateOrderRequest(request.body ?? {}, user);
      assertPaymentsAvailable(gateway);
      const created = await createOrder({
        db,
        gateway,
        owner: { userId: user.id },
        request: valid,
        allowCoupon: true,
        idempotencyKey: idempotencyKeyOf(request),
        now: config.now(),
        reservationMs: config.unpaidOrderTtlMs,
      });
      return reply.status(201).send({
        message: 'Order created successfully',
        order_id: created.orderId,
        payment_url: created.paymentUrl,
      });
    },
  );

  app.post<{ Body: OrderRequest & { guest_token?: unknown } }>(
    '/guest/create-order',
    { schema: { body: orderBody } },
    async (request, reply) => {
      const body = request.body ?? {};
      const valid = validateOrderRequest(body, null);
      // Without a token there is no guest cart, so nothing to order.
      if (typeof body.guest_token !== 'string' || body.guest_token === '') {
        throw validationError({ cart: ['Your cart is empty.'] }, 'Your cart is empty.');
      }
      const guestToken = body.guest_token;
      const owner = await guestOwner(db, guestToken);
      assertPaymentsAvailable(gateway);
      const created = await createOrder({
        db,
        gateway,
        owner,
        request: valid,
        allowCoupon: false,
        idempotencyKey: idempotencyKeyOf(request),
        now: config.now(),
        reservationMs: config.unpaidOrderTtlMs,
      });
      return reply.status(201).send({
        message: 'Order created successfully',
        order_id: created.orderId,
        payment_url: created.paymentUrl,
        guest_token: guestToken,
      });
    },
  );

  app.get('/orders', auth, async (request) => {
    const userId = (request.user as { id: number }).id;
    const rows = await db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id));
    if (rows.length === 0) return [];
    const items = await db
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(orderItems.id));
    // The list carries the detail too: each order card expands to its address, payment method and items.
    return rows.map((row) =>
      orderDetail(
        row,
        items.filter((item) => item.orderId === row.id),
      ),
    );
  });

  app.get<{ Params: { id: string } }>('/orders/:id', auth, async (request) => {
    const id = parseId(request.params.id);
    const userId = (request.user as { id: number }).id;
    const [order] =
      id === null
        ? []
        : await db
            .select()
            .from(orders)
            .where(and(eq(orders.id, id), eq(orders.userId, userId)));
    if (!order) throw notFound('Order not found');
    const items = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id));
    return orderDetail(order, items);
  });

  // Not in the spec's calls: the shopper cancels a pending, unpaid order and its stock goes back on sale.
  app.post<{ Params: { id: string } }>('/orders/:id/cancel', auth, async (request) => {
    const id = parseId(request.params.id);
    const userId = (request.user as { id: number }).id;
    if (id === null) throw notFound('Order not found');
    const [order] = await db
      .select({ status: orders.status, paymentId: orders.paymentId })
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.userId, userId)));
    if (!order) throw notFound('Order not found');
    // The shopper may have paid on the gateway without coming back: ask it first, so a paid order is not cancelled.
    if (order.status === 'pending' && order.paymentId) {
      const payment = await gateway.getPaymentStatus(order.paymentId);
      if (payment) await applyPaymentOutcome(db, id, payment, config.now());
    }
    const canceled = await cancelOrder(db, userId, id, config.now());
    const items = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, id))
      .orderBy(asc(orderItems.id));
    return { message: 'Order cancelled successfully', order: orderDetail(canceled, items) };
  });
}
