// Checkout (signed in and guest) and the signed-in shopper's orders.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Orders } from '../../contract/orders';
import type { OrderRow } from '../db/queries/orders';
import type { Db } from '../db/client';
import { clientAddressKey } from '../lib/clientAddress';
import { guestOwner, type CartOwner } from '../services/cart';
import {
  cancelUserOrder,
  createOrder,
  listUserOrders,
  userOrder,
  validateOrderRequest,
  type OrderWithItems,
  type ValidOrderRequest,
  attemptsOfOrders,
  type AttemptRow,
  TOO_MANY_ORDERS,
} from '../services/orders';
import { orderDetailFields } from '../services/orderItems';
import { assertPaymentsAvailable } from '../services/payments';
import { Invalid } from '../services/errors';
import { HttpError } from '../lib/errors';
import { languageOf } from '../plugins/spa';

function idempotencyKeyOf(request: FastifyRequest): string | null {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' && key.trim() !== '' ? key.trim().slice(0, 200) : null;
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

function paymentJson(attempt: AttemptRow) {
  return {
    id: attempt.id,
    state: attempt.state,
    amount: attempt.amount,
    currency: attempt.currency,
    created_at: attempt.createdAt.toISOString(),
    refunded_at: attempt.refundedAt?.toISOString() ?? null,
  };
}

function orderDetail({ order, items }: OrderWithItems, attempts: AttemptRow[]) {
  const own = attempts.filter((attempt) => attempt.orderId === order.id);
  return {
    ...orderSummary(order),
    address: `${order.address}, ${order.areaName}, ${order.governorateName}`,
    ...orderDetailFields(order, items),
    refund_due: own.some((attempt) => attempt.state === 'refund_due'),
    payments: own.map(paymentJson),
  };
}

/** The orders as answered, each with its payment attempts. */
async function ordersJson(db: Db, orders: OrderWithItems[]) {
  const attempts = await attemptsOfOrders(
    db,
    orders.map(({ order }) => order.id),
  );
  return orders.map((order) => orderDetail(order, attempts));
}

async function oneOrderJson(db: Db, order: OrderWithItems) {
  return orderDetail(order, await attemptsOfOrders(db, [order.order.id]));
}

const ordersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, gateway, config, limits } = app.deps;
  const auth = { preValidation: app.requireUser };

  /**
   * Order creations per client address, counted in the shared rate-limit store (database or Redis), so the limit
   * holds across server processes. Counted once the form is valid: a shopper correcting a typo pays nothing.
   */
  const countCreation = async (request: FastifyRequest, reply: FastifyReply) => {
    const { max, windowMs } = config.orderLimits.createPerAddress;
    const hit = await limits.hit(`order-create|${clientAddressKey(request.ip)}`, windowMs);
    if (hit.count > max) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(hit.ttlMs / 1000))));
      throw new HttpError(429, TOO_MANY_ORDERS);
    }
  };

  /** One order from the cart of `owner`, priced by the server, with the gateway's payment link. */
  const place = async (
    request: FastifyRequest,
    reply: FastifyReply,
    owner: CartOwner,
    valid: ValidOrderRequest,
    allowCoupon: boolean,
  ) => {
    assertPaymentsAvailable(gateway);
    await countCreation(request, reply);
    return createOrder({
      db,
      gateway,
      owner,
      request: valid,
      allowCoupon,
      idempotencyKey: idempotencyKeyOf(request),
      now: config.now(),
      // A guest costs nothing to become: a guest's unpaid order holds its pieces for less time.
      reservationMs: 'userId' in owner ? config.unpaidOrderTtlMs : config.guestUnpaidOrderTtlMs,
      // The page's language (its ?lng, the SPA's i18next cookie, the browser's): the order's mails speak it.
      language: languageOf(request),
      mail: app.deps.mail,
      limits: { ...config.orderLimits, clientAddress: clientAddressKey(request.ip) },
      // Coupons are for signed-in shoppers: their orders page shows the order paid.
      paidByCouponUrl: () => `${config.publicUrl}/orders`,
    });
  };

  app.post(Orders.create.url, { ...auth, schema: Orders.create.schema }, async (request, reply) => {
    const user = request.user as { id: number; email: string };
    const valid = validateOrderRequest(request.body ?? {}, user);
    const created = await place(request, reply, { userId: user.id }, valid, true);
    return reply.status(201).send({
      message: 'Order created successfully',
      order_id: created.orderId,
      payment_url: created.paymentUrl,
    });
  });

  app.post(Orders.guestCreate.url, { schema: Orders.guestCreate.schema }, async (request, reply) => {
    const body = request.body ?? {};
    const valid = validateOrderRequest(body, null);
    // Without a token there is no guest cart, so nothing to order.
    if (typeof body.guest_token !== 'string' || body.guest_token === '') {
      throw new Invalid({ cart: ['Your cart is empty.'] }, 'Your cart is empty.');
    }
    const guestToken = body.guest_token;
    // Coupons are for signed-in shoppers.
    const created = await place(request, reply, await guestOwner(db, guestToken), valid, false);
    return reply.status(201).send({
      message: 'Order created successfully',
      order_id: created.orderId,
      payment_url: created.paymentUrl,
      guest_token: guestToken,
    });
  });

  // The list carries the detail too: each order card expands to its address, payment method and items.
  app.get(Orders.list.url, { ...auth, schema: Orders.list.schema }, async (request) =>
    ordersJson(db, await listUserOrders(db, (request.user as { id: number }).id)),
  );

  app.get(Orders.detail.url, { ...auth, schema: Orders.detail.schema }, async (request) => {
    return oneOrderJson(db, await userOrder(db, (request.user as { id: number }).id, request.params.id));
  });

  // Beyond the original calls: the shopper cancels a pending, unpaid order and its stock goes back on sale.
  app.post(Orders.cancel.url, { ...auth, schema: Orders.cancel.schema }, async (request) => {
    const userId = (request.user as { id: number }).id;
    const canceled = await cancelUserOrder(
      { db, gateway, mail: app.deps.mail, now: config.now(), log: request.log },
      userId,
      request.params.id,
    );
    return { message: 'Order cancelled successfully', order: await oneOrderJson(db, canceled) };
  });
};

export default ordersRoutes;
