import { eq } from 'drizzle-orm';
import { loadConfig } from '../config';
import { cartItems, orders, products } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/testApp';
import { PRICES_CHANGED } from '../services/orders/create';
import { call, createShopper } from './testSupport';

// A fresh PGlite database with the whole demo shop takes a few seconds on a busy machine.
jest.setTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => {
  await t.close();
});

/** A product without size/colour choices and with plenty of stock. */
async function plainProduct() {
  const all = await t.db.select().from(products);
  const categories = (await call(t.app, 'GET', '/api/categories')).json<
    { products: { id: number; stock_quantity: number; attributes: unknown[] }[] }[]
  >();
  const plain = categories
    .flatMap((c) => c.products)
    .find((p) => p.attributes.length === 0 && p.stock_quantity >= 10);
  const row = all.find((p) => p.id === plain?.id);
  if (!row) throw new Error('no plain product in the seed');
  return row;
}

const checkout = {
  governorate_name: 'Ahmadi',
  area_name: 'Fahaheel',
  address: 'Block 5, Street 20, House 7',
  payment_method: 'online',
  shipping_cost: 0,
  total_price: 0.001,
  guest_phone: '55512345',
  guest_email: 'buyer@example.com',
  guest_country_code: '+965',
};

describe('POST /create-order', () => {
  test('needs a token', async () => {
    expect((await call(t.app, 'POST', '/api/create-order', checkout)).statusCode).toBe(401);
  });

  test("answers docs/spec/02-shopping.md §8's messages for missing fields", async () => {
    const user = await createShopper(t.db);
    const response = await call(t.app, 'POST', '/api/guest/create-order', {});
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      governorate_name: ['Governorate name is required'],
      area_name: ['Area name is required'],
      address: ['Address is required'],
      payment_method: ['Payment method is required'],
      shipping_cost: ['Shipping cost is required'],
      total_price: ['Total price is required'],
      guest_email: ['Email is required'],
      guest_phone: ['Phone number is required'],
      guest_country_code: ['Country code is required'],
    });
    // Signed in, the account e-mail and +965 fill in.
    const signedIn = await call(
      t.app,
      'POST',
      '/api/create-order',
      { governorate_name: 'Ahmadi' },
      user.token,
    );
    const errors = signedIn.json<{ errors: Record<string, string[]> }>().errors;
    expect(errors.guest_email).toBeUndefined();
    expect(errors.guest_country_code).toBeUndefined();
    expect(errors.area_name).toEqual(['Area name is required']);
    expect(errors.governorate_name).toBeUndefined();
  });

  test('an empty cart and an unknown area are refused', async () => {
    const user = await createShopper(t.db);
    const empty = await call(t.app, 'POST', '/api/create-order', checkout, user.token);
    expect(empty.statusCode).toBe(422);
    expect(empty.json<{ message: string }>().message).toBe('Your cart is empty.');
    const product = await plainProduct();
    await call(t.app, 'POST', '/api/cart/add', { product_id: product.id, quantity: 1 }, user.token);
    const nowhere = await call(
      t.app,
      'POST',
      '/api/create-order',
      { ...checkout, area_name: 'Atlantis' },
      user.token,
    );
    expect(nowhere.statusCode).toBe(422);
    expect(nowhere.json<{ errors: object }>().errors).toHaveProperty('area_name');
    const badPhone = await call(
      t.app,
      'POST',
      '/api/create-order',
      { ...checkout, guest_phone: '123' },
      user.token,
    );
    expect(badPhone.statusCode).toBe(422);
  });

  test('the server computes the total from the cart, the area and the coupon; a tampered total changes nothing', async () => {
    const user = await createShopper(t.db);
    const product = await plainProduct();
    await call(t.app, 'POST', '/api/cart/add', { product_id: product.id, quantity: 2 }, user.token);
    const response = await call(
      t.app,
      'POST',
      '/api/create-order',
      { ...checkout, total_price: 0.001, shipping_cost: 0, coupon_code: 'WELCOME10' },
      user.token,
    );
    expect(response.statusCode).toBe(201);
    const body = response.json<{ order_id: number; payment_url: string; message: string }>();
    expect(body.payment_url).toMatch(/\/pay\/sandbox\/[\w-]+$/);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, body.order_id));
    const unit = product.discountedPrice ?? product.price;
    const subtotal = Math.round(unit * 2 * 1000) / 1000;
    const discount = Math.round(subtotal * 0.1 * 1000) / 1000;
    // Fahaheel costs 2.000 KWD to deliver.
    expect(order?.shippingCost).toBe(2);
    expect(order?.totalPrice).toBeCloseTo(subtotal - discount + 2, 3);
    expect(order?.clientTotalPrice).toBe('0.001');
    expect(order?.status).toBe('pending');
    // The sandbox charges what the server computed.
    const paymentId = body.payment_url.split('/').pop() ?? '';
    const status = await t.app.deps.gateway.getPaymentStatus(paymentId);
    expect(status?.amount).toBeCloseTo(order?.totalPrice ?? -1, 3);
  });

  test('a shown total the prices no longer make is refused before anything is charged; the right one orders', async () => {
    const user = await createShopper(t.db);
    const product = await plainProduct();
    await call(t.app, 'POST', '/api/cart/add', { product_id: product.id, quantity: 2 }, user.token);
    const unit = product.discountedPrice ?? product.price;
    // Fahaheel costs 2.000 KWD to deliver.
    const shown = Math.round((unit * 2 + 2) * 1000) / 1000;
    const ordersBefore = (await t.db.select().from(orders).where(eq(orders.userId, user.id))).length;
    // Staff raised the price while the checkout was open: the shopper saw the old total.
    const refused = await call(
      t.app,
      'POST',
      '/api/create-order',
      { ...checkout, total_price: shown - 1, shown_total: shown - 1, shipping_cost: 2 },
      user.token,
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      errors: { total_price: [PRICES_CHANGED] },
    });
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(ordersBefore);
    // A client rounding to two decimals still orders; so does the total as it is.
    for (const total of [Math.round(shown * 100) / 100, shown]) {
      const placed = await call(
        t.app,
        'POST',
        '/api/create-order',
        { ...checkout, total_price: total, shown_total: total, shipping_cost: 2, address: `Block ${total}` },
        user.token,
      );
      expect(placed.statusCode).toBe(201);
    }
    const bad = await call(
      t.app,
      'POST',
      '/api/create-order',
      { ...checkout, shown_total: 'abc' },
      user.token,
    );
    expect(bad.statusCode).toBe(422);
  });

  test('a double submit creates one order and answers the same payment_url', async () => {
    const user = await createShopper(t.db);
    const product = await plainProduct();
    await call(t.app, 'POST', '/api/cart/add', { product_id: product.id, quantity: 1 }, user.token);
    const [first, second] = await Promise.all([
      call(t.app, 'POST', '/api/create-order', checkout, user.token),
      call(t.app, 'POST', '/api/create-order', checkout, user.token),
    ]);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    const third = await call(t.app, 'POST', '/api/create-order', checkout, user.token);
    expect(third.json()).toEqual(first.json());
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
    // A different request (another address) is a new order.
    const other = await call(
      t.app,
      'POST',
      '/api/create-order',
      { ...checkout, address: 'Block 6' },
      user.token,
    );
    expect(other.json<{ order_id: number }>().order_id).not.toBe(first.json<{ order_id: number }>().order_id);
  });

  test('an Idempotency-Key header answers a retry with the same order; the key with another body is 422', async () => {
    const user = await createShopper(t.db);
    const product = await plainProduct();
    await call(t.app, 'POST', '/api/cart/add', { product_id: product.id, quantity: 1 }, user.token);
    const send = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/create-order',
        payload: body,
        headers: { authorization: `Bearer ${user.token}`, 'idempotency-key': 'checkout-42' },
      });
    const first = await send(checkout);
    expect(first.statusCode).toBe(201);
    const retry = await send(checkout);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    const reused = await send({ ...checkout, total_price: 99 });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({
      message: 'This Idempotency-Key was already used for a different request.',
      errors: { idempotency_key: ['This Idempotency-Key was already used for a different request.'] },
    });
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
  });

  test('guests order with their guest_token and get it back', async () => {
    const product = await plainProduct();
    const added = await call(t.app, 'POST', '/api/guest/cart/add', { product_id: product.id, quantity: 1 });
    const { guest_token } = added.json<{ guest_token: string }>();
    const response = await call(t.app, 'POST', '/api/guest/create-order', {
      ...checkout,
      area_name: 'الفحيحيل',
      governorate_name: 'الأحمدي',
      guest_token,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ order_id: number; payment_url: string; guest_token: string }>();
    expect(body.guest_token).toBe(guest_token);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, body.order_id));
    expect(order?.contactEmail).toBe('buyer@example.com');
    expect(order?.shippingCost).toBe(2);
    const wrong = await call(t.app, 'POST', '/api/guest/create-order', {
      ...checkout,
      guest_token: 'y'.repeat(43),
    });
    expect(wrong.statusCode).toBe(401);
  });
});

describe('GET /orders', () => {
  test('lists only the own orders; another shopper gets 404 for them', async () => {
    const user = await createShopper(t.db);
    const stranger = await createShopper(t.db);
    const product = await plainProduct();
    await call(t.app, 'POST', '/api/cart/add', { product_id: product.id, quantity: 1 }, user.token);
    const { order_id } = (await call(t.app, 'POST', '/api/create-order', checkout, user.token)).json<{
      order_id: number;
    }>();

    const list = (await call(t.app, 'GET', '/api/orders', undefined, user.token)).json<
      { id: number; status: string }[]
    >();
    expect(list.map((order) => order.id)).toEqual([order_id]);
    const detail = await call(t.app, 'GET', `/api/orders/${order_id}`, undefined, user.token);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      id: order_id,
      status: 'pending',
      payment_method: 'online',
      items: [
        {
          product_id: product.id,
          product_name: { en: product.nameEn, ar: product.nameAr },
          quantity: { en: 1 },
        },
      ],
    });
    expect((await call(t.app, 'GET', `/api/orders/${order_id}`, undefined, stranger.token)).statusCode).toBe(
      404,
    );
    expect((await call(t.app, 'GET', '/api/orders', undefined, stranger.token)).json()).toEqual([]);
    expect((await call(t.app, 'GET', '/api/orders/999999', undefined, user.token)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/orders/abc', undefined, user.token)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/orders')).statusCode).toBe(401);
  });
});

describe('payments', () => {
  async function pendingOrder() {
    const user = await createShopper(t.db);
    const product = await plainProduct();
    await call(t.app, 'POST', '/api/cart/add', { product_id: product.id, quantity: 2 }, user.token);
    const body = (await call(t.app, 'POST', '/api/create-order', checkout, user.token)).json<{
      order_id: number;
      payment_url: string;
    }>();
    return { user, product, ...body, paymentId: body.payment_url.split('/').pop() ?? '' };
  }

  // Only the order's owner (or the signed return link) reads a payment's status (issue 47, finding 9).
  const statusOf = (paymentId: string, token?: string) =>
    call(t.app, 'GET', `/api/payments/${paymentId}/status`, undefined, token);
  const decide = (paymentId: string, action: string) =>
    t.app.inject({
      method: 'POST',
      url: `/pay/sandbox/${paymentId}`,
      payload: `action=${action}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  test('the hosted page offers Pay and Decline as plain forms', async () => {
    const { paymentId } = await pendingOrder();
    const page = await t.app.inject({ method: 'GET', url: `/pay/sandbox/${paymentId}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('value="pay"');
    expect(page.body).toContain('value="decline"');
    expect(page.body).not.toContain('<script');
    expect((await t.app.inject({ method: 'GET', url: '/pay/sandbox/unknown-payment-id' })).statusCode).toBe(
      404,
    );
  });

  test('the shopper coming back alone does not pay the order; paying on the sandbox page does', async () => {
    const { user, product, order_id, paymentId } = await pendingOrder();
    // Only the redirect, no decision at the gateway: still pending.
    expect((await statusOf(paymentId, user.token)).json()).toMatchObject({ order_id, status: 'pending' });

    const paid = await decide(paymentId, 'pay');
    expect(paid.statusCode).toBe(303);
    // The return link is signed for this order, so a fresh browser may read the outcome.
    expect(paid.headers.location).toMatch(
      new RegExp(
        `^${t.app.deps.config.publicUrl}/payment\\?paymentId=${paymentId}&status=paid&order=${order_id}&expires=\\d+&signature=[0-9a-f]{40}$`,
      ),
    );
    // The gateway's decision (the sandbox's callback) settles the order before the shopper is back.
    const [before] = await t.db.select().from(orders).where(eq(orders.id, order_id));
    expect(before?.status).toBe('paid');
    expect((await statusOf(paymentId, user.token)).json()).toMatchObject({ order_id, status: 'paid' });
    const [after] = await t.db.select().from(orders).where(eq(orders.id, order_id));
    expect(after?.status).toBe('paid');
    // The cart is emptied and the stock taken.
    expect(await t.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toEqual([]);
    const [stock] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(stock?.stockQuantity).toBe(product.stockQuantity - 2);
    // A decided payment stays decided.
    await decide(paymentId, 'decline');
    expect((await statusOf(paymentId, user.token)).json()).toMatchObject({ status: 'paid' });
  });

  test('declining fails the order and keeps the cart', async () => {
    const { user, order_id, paymentId } = await pendingOrder();
    const declined = await decide(paymentId, 'decline');
    expect(declined.headers.location).toContain('status=failed');
    expect((await statusOf(paymentId, user.token)).json()).toMatchObject({ order_id, status: 'failed' });
    expect(await t.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toHaveLength(1);
  });

  test('an unknown payment is 404', async () => {
    expect((await statusOf('no-such-payment-123', (await createShopper(t.db)).token)).statusCode).toBe(404);
    expect((await decide('no-such-payment-123', 'pay')).statusCode).toBe(404);
  });

  test('initiate-payment lists methods with MyFatoorah field names and charges', async () => {
    const { user, order_id } = await pendingOrder();
    await t.db.update(orders).set({ totalPrice: 10 }).where(eq(orders.id, order_id));
    const response = await call(
      t.app,
      'POST',
      '/api/initiate-payment',
      { invoice_value: 10, currency_iso: 'KWD', country_code: 'KWT', order_id },
      user.token,
    );
    expect(response.statusCode).toBe(200);
    const { payment_methods } = response.json<{ payment_methods: Record<string, unknown>[] }>();
    const knet = payment_methods.find((method) => method.PaymentMethodEn === 'KNET');
    expect(knet).toMatchObject({
      PaymentMethodId: 1,
      PaymentMethodAr: 'كي نت',
      ServiceCharge: 0.1,
      TotalAmount: 10.1,
      CurrencyIso: 'KWD',
      PaymentCurrencyIso: 'KWD',
    });
    expect(String(knet?.ImageUrl)).toMatch(/\/media\/payments\/knet\.svg$/);
    expect((await call(t.app, 'POST', '/api/initiate-payment', {})).statusCode).toBe(422);
    expect((await call(t.app, 'POST', '/api/initiate-payment', { invoice_value: 'ten' })).statusCode).toBe(
      422,
    );
  });

  test('amounts above 100 000 000 are 422 (numeric(12,3) holds less than 1e9), the limit itself is paid', async () => {
    const tooMuch = 'The invoice value field must not be greater than 100000000.';
    for (const url of ['/api/initiate-payment', '/api/execute-payment']) {
      for (const invoice_value of [100_000_000.001, 999_999_999, 1e9]) {
        const response = await call(t.app, 'POST', url, { invoice_value, payment_method_id: 2 });
        expect({ url, invoice_value, status: response.statusCode, body: response.json() }).toEqual({
          url,
          invoice_value,
          status: 422,
          body: { message: tooMuch, errors: { invoice_value: [tooMuch] } },
        });
      }
    }
    const { user, order_id } = await pendingOrder();
    await t.db.update(orders).set({ totalPrice: 100_000_000 }).where(eq(orders.id, order_id));
    const largest = await call(
      t.app,
      'POST',
      '/api/execute-payment',
      { invoice_value: 100_000_000, payment_method_id: 2, order_id },
      user.token,
    );
    expect(largest.statusCode).toBe(200);
    const paymentId = largest.json().payment_result.PaymentURL.split('/').pop() ?? '';
    expect((await t.app.deps.gateway.getPaymentStatus(paymentId))?.amount).toBe(102_500_000);
    const shopper = await createShopper(t.db);
    const coupon = await call(
      t.app,
      'POST',
      '/api/cart/apply-coupon',
      { coupon_code: 'ANY', cart_total: 1e9 },
      shopper.token,
    );
    expect(coupon.statusCode).toBe(422);
    expect(coupon.json().errors).toEqual({
      cart_total: ['The cart total field must not be greater than 100000000.'],
    });
  });

  test("execute-payment charges the order's own total plus the method's charge and pays it through the status check", async () => {
    const { user, order_id } = await pendingOrder();
    const [order] = await t.db.select().from(orders).where(eq(orders.id, order_id));
    const tampered = await call(
      t.app,
      'POST',
      '/api/execute-payment',
      { invoice_value: 0.001, payment_method_id: 2, country_code: 'SAU', order_id },
      user.token,
    );
    expect(tampered.statusCode).toBe(422);
    const response = await call(
      t.app,
      'POST',
      '/api/execute-payment',
      { payment_method_id: 2, country_code: 'SAU', order_id },
      user.token,
    );
    expect(response.statusCode).toBe(200);
    const { payment_result } = response.json<{ payment_result: { PaymentURL: string; InvoiceId: string } }>();
    expect(payment_result.InvoiceId).toMatch(/^\d+$/);
    const paymentId = payment_result.PaymentURL.split('/').pop() ?? '';
    const status = await t.app.deps.gateway.getPaymentStatus(paymentId);
    expect(status?.amount).toBeCloseTo((order?.totalPrice ?? 0) * 1.025, 2);
    await decide(paymentId, 'pay');
    expect((await statusOf(paymentId, user.token)).json()).toMatchObject({ order_id, status: 'paid' });

    const stranger = await createShopper(t.db);
    const other = await pendingOrder();
    expect(
      (
        await call(
          t.app,
          'POST',
          '/api/execute-payment',
          { payment_method_id: 1, order_id: other.order_id },
          stranger.token,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          t.app,
          'POST',
          '/api/execute-payment',
          { payment_method_id: 999, order_id: other.order_id },
          other.user.token,
        )
      ).json(),
    ).toEqual({
      message: 'The selected payment method id is invalid.',
      errors: { payment_method_id: ['The selected payment method id is invalid.'] },
    });
  });
});

test('in production without PAYMENTS_SANDBOX and without a gateway, initiating a payment is a clear 503', async () => {
  const production = await createTestApp({
    seed: true,
    config: { env: 'production', paymentsSandbox: loadConfig({ NODE_ENV: 'production' }).paymentsSandbox },
  });
  try {
    const initiate = await call(production.app, 'POST', '/api/initiate-payment', { invoice_value: 5 });
    expect(initiate.statusCode).toBe(503);
    expect(initiate.json()).toEqual({ message: 'This service is currently unavailable.' });
    expect((await production.app.inject({ method: 'GET', url: '/pay/sandbox/abcdefgh12' })).statusCode).toBe(
      404,
    );
  } finally {
    await production.close();
  }
});

describe('with PAYMENTS_SANDBOX=0', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ seed: true, config: { paymentsSandbox: false } });
  });
  afterAll(async () => {
    await off.close();
  });

  test('payments answer 503 and no order is created', async () => {
    const unavailable = { message: 'This service is currently unavailable.' };
    const execute = await call(off.app, 'POST', '/api/execute-payment', {
      invoice_value: 5,
      payment_method_id: 1,
    });
    expect(execute.statusCode).toBe(503);
    expect(execute.json()).toEqual(unavailable);
    const initiate = await call(off.app, 'POST', '/api/initiate-payment', { invoice_value: 5 });
    expect(initiate.statusCode).toBe(503);

    const user = await createShopper(off.db);
    const product = (await off.db.select().from(products)).find((row) => row.stockQuantity >= 5);
    if (!product) throw new Error('no product in stock');
    await call(off.app, 'POST', '/api/cart/add', { product_id: product.id, quantity: 1 }, user.token);
    const order = await call(off.app, 'POST', '/api/create-order', checkout, user.token);
    expect(order.statusCode).toBe(503);
    expect(order.json()).toEqual(unavailable);
    expect(await off.db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
  });
});
