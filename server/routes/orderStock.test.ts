import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orderItems, orders, paymentAttempts, products } from '../db/schema';
import { NOTHING_AVAILABLE } from '../services/orders';
import type { PaymentGateway, PaymentStatus } from '../services/payments';
import { createTestApp, type TestApp } from '../testing/testApp';
import {
  call,
  createShopper,
  GUEST_CHECKOUT,
  plainProductWithStock,
  stockOf,
  type Shopper,
} from './testSupport';

// 50 shoppers ordering at once on a busy machine.
jest.setTimeout(120_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => {
  await t.close();
});

const checkout = GUEST_CHECKOUT;

/** A product without size/colour choices, its stock set to `stock`. */
const productWithStock = (db: TestApp['db'], stock: number, app: FastifyInstance = t.app) =>
  plainProductWithStock(app, db, stock);

async function shopperWith(app: FastifyInstance, db: TestApp['db'], productId: number, quantity = 1) {
  const shopper = await createShopper(db);
  const added = await call(app, 'POST', '/api/cart/add', { product_id: productId, quantity }, shopper.token);
  expect(added.statusCode).toBeLessThan(300);
  return shopper;
}

function order(app: FastifyInstance, shopper: Shopper, key?: string, body: object = checkout) {
  return app.inject({
    method: 'POST',
    url: '/api/create-order',
    payload: body,
    headers: { authorization: `Bearer ${shopper.token}`, ...(key ? { 'idempotency-key': key } : {}) },
  });
}

const paymentIdOf = (paymentUrl: string) => paymentUrl.split('/').pop() ?? '';
const decide = (paymentId: string, action: 'pay' | 'decline') =>
  t.app.inject({
    method: 'POST',
    url: `/pay/sandbox/${paymentId}`,
    payload: `action=${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
// Only the order's owner (or the signed return link) reads a payment's status (issue 47, finding 9).
const statusOf = (paymentId: string, token: string) =>
  call(t.app, 'GET', `/api/payments/${paymentId}/status`, undefined, token);

test('confirmed, Back from the payment page, confirmed again: the first order is replaced, the stock held once', async () => {
  const productId = await productWithStock(t.db, 5);
  const shopper = await shopperWith(t.app, t.db, productId);
  // the cart's piece is the last one
  await t.db.update(products).set({ stockQuantity: 1 }).where(eq(products.id, productId));
  const first = await order(t.app, shopper, 'first-confirm');
  expect(first.statusCode).toBe(201);
  // Back, and Confirm again: a new intent (the SPA's key), the same cart and delivery
  const second = await order(t.app, shopper, 'second-confirm');
  expect(second.statusCode).toBe(201);
  const [was, now] = [first, second].map((answer) =>
    answer.json<{ order_id: number; payment_url: string }>(),
  );
  expect(now?.order_id).not.toBe(was?.order_id);
  const statusOfOrder = async (id = 0) =>
    (
      await t.db
        .select({ status: orders.status, held: orders.stockReserved })
        .from(orders)
        .where(eq(orders.id, id))
    )[0];
  expect(await statusOfOrder(was?.order_id)).toEqual({ status: 'canceled', held: false });
  expect(await statusOfOrder(now?.order_id)).toEqual({ status: 'pending', held: true });
  const [stock] = await t.db
    .select({ stock: products.stockQuantity })
    .from(products)
    .where(eq(products.id, productId));
  expect(stock?.stock).toBe(0);
  // The first order's link (in its mail) paid after all: money for a cancelled order, kept to be refunded
  await decide(paymentIdOf(was?.payment_url ?? ''), 'pay');
  await statusOf(paymentIdOf(was?.payment_url ?? ''), shopper.token);
  expect((await statusOfOrder(was?.order_id))?.status).toBe('refund_due');
  const [attempt] = await t.db
    .select({ state: paymentAttempts.state })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderId, was?.order_id ?? 0));
  expect(attempt?.state).toBe('refund_due');
  // A different delivery is another order, and waits its turn for the stock
  const elsewhere = await order(t.app, shopper, 'third-confirm', { ...checkout, address: 'Another house' });
  expect(elsewhere.statusCode).toBe(422);
});

test('50 shoppers ordering the last piece at once: exactly one order holds it, stock ends at 0', async () => {
  const productId = await productWithStock(t.db, 50);
  const shoppers: Shopper[] = [];
  for (let index = 0; index < 50; index += 1) shoppers.push(await shopperWith(t.app, t.db, productId));
  await t.db.update(products).set({ stockQuantity: 1 }).where(eq(products.id, productId));

  const answers = await Promise.all(shoppers.map((shopper) => order(t.app, shopper)));
  const created = answers.filter((answer) => answer.statusCode === 201);
  expect(created).toHaveLength(1);
  const refused = answers.filter((answer) => answer.statusCode === 422);
  expect(refused).toHaveLength(49);
  // Refused in the stock-taking transaction (out of stock), or priced after the piece was gone: nothing to order.
  for (const answer of refused) {
    expect(answer.json()).toMatchObject({
      errors: { cart: [expect.stringMatching(/out of stock|no item of your cart is available/i)] },
    });
  }
  expect(await stockOf(t.db, productId)).toBe(0);
  const held = await t.db.select().from(orders).where(eq(orders.stockReserved, true));
  expect(held.filter((row) => shoppers.some((shopper) => shopper.id === row.userId))).toHaveLength(1);
});

test('the same Idempotency-Key 10 times at once is one order and one answer', async () => {
  const productId = await productWithStock(t.db, 20);
  const shopper = await shopperWith(t.app, t.db, productId, 2);
  const answers = await Promise.all(Array.from({ length: 10 }, () => order(t.app, shopper, 'intent-1')));
  expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(201));
  const bodies = answers.map((answer) => answer.json<object>());
  for (const body of bodies) expect(body).toEqual(bodies[0]);
  expect(await t.db.select().from(orders).where(eq(orders.userId, shopper.id))).toHaveLength(1);
  expect(await stockOf(t.db, productId)).toBe(18);
});

test('a client-sent total is ignored: the order costs what the database says', async () => {
  const productId = await productWithStock(t.db, 20);
  const shopper = await shopperWith(t.app, t.db, productId, 1);
  const answer = await order(t.app, shopper, undefined, {
    ...checkout,
    total_price: 0.001,
    shipping_cost: 0,
  });
  const [row] = await t.db
    .select()
    .from(orders)
    .where(eq(orders.id, answer.json<{ order_id: number }>().order_id));
  const [product] = await t.db.select().from(products).where(eq(products.id, productId));
  const unit = product?.discountedPrice ?? product?.price ?? 0;
  expect(row?.totalPrice).toBeCloseTo(unit + 2, 3);
  expect(row?.shippingCost).toBe(2);
});

describe('the stock of an order', () => {
  test('a declined payment gives the stock back; paying again takes it again', async () => {
    const productId = await productWithStock(t.db, 3);
    const shopper = await shopperWith(t.app, t.db, productId, 2);
    const created = (await order(t.app, shopper)).json<{ order_id: number; payment_url: string }>();
    expect(await stockOf(t.db, productId)).toBe(1);
    await decide(paymentIdOf(created.payment_url), 'decline');
    expect((await statusOf(paymentIdOf(created.payment_url), shopper.token)).json()).toMatchObject({
      status: 'failed',
    });
    expect(await stockOf(t.db, productId)).toBe(3);
    // A repeated status read changes nothing.
    await statusOf(paymentIdOf(created.payment_url), shopper.token);
    expect(await stockOf(t.db, productId)).toBe(3);

    const retry = await call(
      t.app,
      'POST',
      '/api/execute-payment',
      { payment_method_id: 1, order_id: created.order_id },
      shopper.token,
    );
    expect(retry.statusCode).toBe(200);
    expect(await stockOf(t.db, productId)).toBe(1);
    const retryId = paymentIdOf(
      retry.json<{ payment_result: { PaymentURL: string } }>().payment_result.PaymentURL,
    );
    await decide(retryId, 'pay');
    expect((await statusOf(retryId, shopper.token)).json()).toMatchObject({
      order_id: created.order_id,
      status: 'paid',
    });
    // The old declined attempt read again does not undo the paid order.
    await statusOf(paymentIdOf(created.payment_url), shopper.token);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, created.order_id));
    expect(row?.status).toBe('paid');
    expect(await stockOf(t.db, productId)).toBe(1);
  });

  test('a retry after the pieces were sold elsewhere is refused and takes nothing', async () => {
    const productId = await productWithStock(t.db, 1);
    const first = await shopperWith(t.app, t.db, productId);
    const created = (await order(t.app, first)).json<{ order_id: number; payment_url: string }>();
    await decide(paymentIdOf(created.payment_url), 'decline');
    await statusOf(paymentIdOf(created.payment_url), first.token);
    const second = await shopperWith(t.app, t.db, productId);
    expect((await order(t.app, second)).statusCode).toBe(201);
    const retry = await call(
      t.app,
      'POST',
      '/api/execute-payment',
      { payment_method_id: 1, order_id: created.order_id },
      first.token,
    );
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual({ message: 'Some items of this order are no longer in stock.' });
    expect(await stockOf(t.db, productId)).toBe(0);
  });

  test('a payment arriving after the order was cancelled marks it for refund and never takes stock', async () => {
    const productId = await productWithStock(t.db, 1);
    const shopper = await shopperWith(t.app, t.db, productId);
    const created = (await order(t.app, shopper)).json<{ order_id: number; payment_url: string }>();
    // The gateway has not been paid yet, so the cancel goes through and the piece is back on sale.
    const canceled = await call(t.app, 'POST', `/api/orders/${created.order_id}/cancel`, {}, shopper.token);
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toMatchObject({ order: { id: created.order_id, status: 'canceled' } });
    expect(await stockOf(t.db, productId)).toBe(1);
    await decide(paymentIdOf(created.payment_url), 'pay');
    expect((await statusOf(paymentIdOf(created.payment_url), shopper.token)).json()).toMatchObject({
      status: 'refund_due',
    });
    expect(await stockOf(t.db, productId)).toBe(1);
  });
});

describe('POST /orders/{id}/cancel', () => {
  test("cancels the own pending order once; another shopper's order is 404; a paid one is 409", async () => {
    const productId = await productWithStock(t.db, 5);
    const shopper = await shopperWith(t.app, t.db, productId, 2);
    const stranger = await createShopper(t.db);
    const created = (await order(t.app, shopper)).json<{ order_id: number; payment_url: string }>();
    expect(await stockOf(t.db, productId)).toBe(3);
    const url = `/api/orders/${created.order_id}/cancel`;
    expect((await call(t.app, 'POST', url, {}, stranger.token)).statusCode).toBe(404);
    expect((await call(t.app, 'POST', url, {})).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/orders/abc/cancel', {}, shopper.token)).statusCode).toBe(404);
    const canceled = await call(t.app, 'POST', url, {}, shopper.token);
    expect(canceled.json()).toMatchObject({ message: 'Order cancelled successfully' });
    expect(await stockOf(t.db, productId)).toBe(5);
    const again = await call(t.app, 'POST', url, {}, shopper.token);
    expect(again.statusCode).toBe(409);
    expect(await stockOf(t.db, productId)).toBe(5);

    // Paid on the gateway but never came back: the cancel asks the gateway first and refuses.
    const paidOrder = (await order(t.app, shopper)).json<{ order_id: number; payment_url: string }>();
    await decide(paymentIdOf(paidOrder.payment_url), 'pay');
    const tooLate = await call(t.app, 'POST', `/api/orders/${paidOrder.order_id}/cancel`, {}, shopper.token);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json()).toEqual({ message: 'Only an unpaid order can be cancelled.' });
  });
});

describe('POST /dev/orders/{id}/complete (outside production)', () => {
  test('completes an order so its items can be rated', async () => {
    const productId = await productWithStock(t.db, 5);
    const shopper = await shopperWith(t.app, t.db, productId);
    const created = (await order(t.app, shopper)).json<{ order_id: number }>();
    const review = { product_id: productId, rating: 5, review: 'Lovely' };
    expect((await call(t.app, 'POST', '/api/reviews/add', review, shopper.token)).statusCode).toBe(403);
    const completed = await call(t.app, 'POST', `/api/dev/orders/${created.order_id}/complete`, {});
    expect(completed.json()).toMatchObject({ order_id: created.order_id, status: 'completed' });
    expect((await call(t.app, 'POST', '/api/reviews/add', review, shopper.token)).statusCode).toBe(201);
    expect((await call(t.app, 'POST', '/api/dev/orders/999999/complete', {})).statusCode).toBe(404);
  });

  test('is not there in production', async () => {
    const production = await createTestApp({ config: { env: 'production' } });
    try {
      expect((await call(production.app, 'POST', '/api/dev/orders/1/complete', {})).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('a forged or mismatched gateway answer', () => {
  /** A gateway that reports whatever the test says, to stand for a compromised or confused answer. */
  class ScriptedGateway implements PaymentGateway {
    readonly name = 'myfatoorah' as const;
    answer: Omit<PaymentStatus, 'paymentId'> | null = null;
    async cancel() {
      return false;
    }
    async initiate() {
      return [];
    }
    async execute() {
      return { paymentId: 'scripted-payment-1', invoiceId: '1', paymentUrl: 'http://127.0.0.1/pay' };
    }
    async getPaymentStatus(paymentId: string) {
      return this.answer ? { ...this.answer, paymentId } : null;
    }
  }

  test('a paid status in another currency or for less than the total leaves the order unpaid', async () => {
    const gateway = new ScriptedGateway();
    const scripted = await createTestApp({ seed: true, gateway });
    try {
      const productId = await productWithStock(scripted.db, 10, scripted.app);
      const shopper = await shopperWith(scripted.app, scripted.db, productId);
      const created = (await order(scripted.app, shopper)).json<{ order_id: number }>();
      const [row] = await scripted.db.select().from(orders).where(eq(orders.id, created.order_id));
      const total = row?.totalPrice ?? 0;
      const read = async () => {
        await call(scripted.app, 'GET', '/api/payments/scripted-payment-1/status', undefined, shopper.token);
        const [now] = await scripted.db.select().from(orders).where(eq(orders.id, created.order_id));
        return now?.status;
      };
      const base = { invoiceId: '1', orderId: created.order_id, status: 'paid' as const };
      gateway.answer = { ...base, amount: total, currencyIso: 'SAR' };
      expect(await read()).toBe('pending');
      gateway.answer = { ...base, amount: total - 0.001, currencyIso: 'KWD' };
      expect(await read()).toBe('pending');
      // Money the gateway reported for another amount is staff's to look at (issue 47, finding 7): a later report
      // for the right amount does not settle it behind their backs; staff accept or refund it.
      gateway.answer = { ...base, amount: total, currencyIso: 'KWD' };
      expect(await read()).toBe('pending');
      const attempts = await scripted.db
        .select({ state: paymentAttempts.state })
        .from(paymentAttempts)
        .where(eq(paymentAttempts.orderId, created.order_id));
      expect(attempts.map((attempt) => attempt.state)).toEqual(['amount_mismatch']);
    } finally {
      await scripted.close();
    }
  });
});

test('initiate-payment for an order lists the methods for its own amount; only its owner may ask', async () => {
  const productId = await productWithStock(t.db, 5);
  const shopper = await shopperWith(t.app, t.db, productId);
  const created = (await order(t.app, shopper)).json<{ order_id: number }>();
  const [row] = await t.db.select().from(orders).where(eq(orders.id, created.order_id));
  const tampered = await call(
    t.app,
    'POST',
    '/api/initiate-payment',
    { invoice_value: 0.5, order_id: created.order_id, country_code: 'SAU' },
    shopper.token,
  );
  expect(tampered.statusCode).toBe(422);
  const answer = await call(
    t.app,
    'POST',
    '/api/initiate-payment',
    { order_id: created.order_id, country_code: 'SAU' },
    shopper.token,
  );
  expect(answer.statusCode).toBe(200);
  const knet = answer
    .json<{ payment_methods: { PaymentMethodId: number; TotalAmount: number; CurrencyIso: string }[] }>()
    .payment_methods.find((method) => method.PaymentMethodId === 1);
  expect(knet?.CurrencyIso).toBe('KWD');
  expect(knet?.TotalAmount).toBeCloseTo((row?.totalPrice ?? 0) * 1.01, 2);
  const stranger = await createShopper(t.db);
  expect(
    (await call(t.app, 'POST', '/api/initiate-payment', { order_id: created.order_id }, stranger.token))
      .statusCode,
  ).toBe(404);
});

describe('unavailable lines', () => {
  async function twoPlainProducts() {
    const categories = (await call(t.app, 'GET', '/api/categories')).json<
      { products: { id: number; attributes: unknown[] }[] }[]
    >();
    const plain = categories
      .flatMap((category) => category.products)
      .filter((product) => product.attributes.length === 0)
      .slice(0, 2)
      .map((product) => product.id);
    if (plain.length < 2) throw new Error('the seed needs two plain products');
    for (const id of plain) await t.db.update(products).set({ stockQuantity: 10 }).where(eq(products.id, id));
    return plain as [number, number];
  }

  test('an out-of-stock line is left out of the order; the rest is ordered at its own total', async () => {
    const [kept, gone] = await twoPlainProducts();
    const shopper = await shopperWith(t.app, t.db, kept, 2);
    await call(t.app, 'POST', '/api/cart/add', { product_id: gone, quantity: 1 }, shopper.token);
    await t.db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, gone));

    const answer = await order(t.app, shopper);
    expect(answer.statusCode).toBe(201);
    const orderId = answer.json<{ order_id: number }>().order_id;
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    const [product] = await t.db.select().from(products).where(eq(products.id, kept));
    const unit = product?.discountedPrice ?? product?.price ?? 0;
    expect(row?.subtotal).toBeCloseTo(unit * 2, 3);
    expect(row?.totalPrice).toBeCloseTo(unit * 2 + 2, 3);
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(items.map((item) => [item.productId, item.quantity])).toEqual([[kept, 2]]);
    expect(await stockOf(t.db, kept)).toBe(8);
    expect(await stockOf(t.db, gone)).toBe(0);

    // Paid: the ordered line leaves the cart, the unavailable one stays for when it is back.
    await decide(paymentIdOf(answer.json<{ payment_url: string }>().payment_url), 'pay');
    await statusOf(paymentIdOf(answer.json<{ payment_url: string }>().payment_url), shopper.token);
    const cart = (await call(t.app, 'GET', '/api/cart', undefined, shopper.token)).json<{
      cart_items: { product_id: number }[];
    }>();
    expect(cart.cart_items.map((item) => item.product_id)).toEqual([gone]);
  });

  test('a cart with nothing available is refused with its own message', async () => {
    const [, gone] = await twoPlainProducts();
    const shopper = await shopperWith(t.app, t.db, gone, 1);
    await t.db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, gone));
    const answer = await order(t.app, shopper);
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toMatchObject({ errors: { cart: [NOTHING_AVAILABLE] } });
  });

  test('the coupon discount counts the available lines only', async () => {
    const [kept, gone] = await twoPlainProducts();
    const shopper = await shopperWith(t.app, t.db, kept, 1);
    await call(t.app, 'POST', '/api/cart/add', { product_id: gone, quantity: 3 }, shopper.token);
    await t.db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, gone));
    const [product] = await t.db.select().from(products).where(eq(products.id, kept));
    const unit = product?.discountedPrice ?? product?.price ?? 0;
    const coupons = (await call(t.app, 'GET', '/api/coupons')).json<
      { code: string; is_active: number; end_date: string; discount: number }[]
    >();
    const coupon = coupons.find(
      (candidate) => candidate.is_active === 1 && new Date(candidate.end_date).getTime() > Date.now(),
    );
    if (!coupon) throw new Error('the seed needs an active coupon');
    const applied = await call(
      t.app,
      'POST',
      '/api/cart/apply-coupon',
      { coupon_code: coupon.code },
      shopper.token,
    );
    expect(applied.json()).toMatchObject({
      discount_amount: Math.round(unit * coupon.discount * 10) / 1000,
    });
  });
});
