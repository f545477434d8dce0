// Issue 30, payments: every payment attempt is recorded and followed, a second payment becomes a refund record,
// only an order's owner may pay it and always for the order's own amount, and the payable check runs under the lock.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orders, outbox, paymentAttempts, sandboxPayments } from '../db/schema';
import { cancelOrder, holdStockForPayment } from '../services/orders';
import { linkAttempt } from '../services/orders/payment';
import {
  cancelOtherAttempts,
  NOT_REFUNDABLE,
  orderAttempts,
  recordAttempt,
  recordRefund,
} from '../services/orders/paymentAttempts';
import type {
  ExecuteRequest,
  ExecuteResult,
  PaymentGateway,
  PaymentMethod,
  PaymentStatus,
} from '../services/payments';
import { createTestApp, manualClock, type TestApp } from '../testing/testApp';
import {
  call,
  createShopper,
  GUEST_CHECKOUT,
  plainProductWithStock,
  stockOf,
  type Shopper,
} from './testSupport';

jest.setTimeout(120_000);

const clock = manualClock();
const MINUTE = 60_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { now: clock.now } });
});
afterAll(async () => {
  await t.close();
});

interface Created {
  order_id: number;
  payment_url: string;
}

async function shopperWithOrder(app: FastifyInstance, db: TestApp['db']) {
  const productId = await plainProductWithStock(app, db, 5);
  const shopper = await createShopper(db);
  await call(app, 'POST', '/api/cart/add', { product_id: productId, quantity: 1 }, shopper.token);
  const created = await call(app, 'POST', '/api/create-order', GUEST_CHECKOUT, shopper.token);
  expect(created.statusCode).toBe(201);
  return { shopper, productId, ...created.json<Created>() };
}

async function orderOf(db: TestApp['db'], orderId: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error(`no order ${orderId}`);
  return row;
}

const paymentIdOf = (url: string) => url.split('/').pop() ?? '';
const pressOnPage = (app: FastifyInstance, paymentUrl: string, action: 'pay' | 'decline') =>
  app.inject({
    method: 'POST',
    url: `/pay/sandbox/${paymentIdOf(paymentUrl)}`,
    payload: `action=${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
const execute = (app: FastifyInstance, body: object, shopper?: Shopper) =>
  call(
    app,
    'POST',
    '/api/execute-payment',
    { payment_method_id: 1, country_code: 'SAU', ...body },
    shopper?.token,
  );

describe('only an order its caller owns is paid, and for its own amount', () => {
  test('without an order no payment is made: initiate and execute are 422 and the gateway is never asked', async () => {
    const before = (await t.db.select().from(sandboxPayments)).length;
    const required = {
      message: 'The order id field is required.',
      errors: { order_id: ['The order id field is required.'] },
    };
    const initiate = await call(t.app, 'POST', '/api/initiate-payment', {
      invoice_value: 10,
      currency_iso: 'KWD',
      country_code: 'KWT',
    });
    expect({ status: initiate.statusCode, body: initiate.json() }).toEqual({ status: 422, body: required });
    const free = await execute(t.app, { invoice_value: 5000 });
    expect({ status: free.statusCode, body: free.json() }).toEqual({ status: 422, body: required });
    expect((await t.db.select().from(sandboxPayments)).length).toBe(before);
  });

  test("a different invoice_value or currency_iso than the order's is 422; the order's own figures are accepted", async () => {
    const { shopper, order_id } = await shopperWithOrder(t.app, t.db);
    const order = await orderOf(t.db, order_id);
    const mismatch = async (url: string, body: object, field: string, message: string) => {
      const answer = await call(
        t.app,
        'POST',
        url,
        { order_id, country_code: 'SAU', ...body },
        shopper.token,
      );
      expect({ status: answer.statusCode, body: answer.json() }).toEqual({
        status: 422,
        body: { message, errors: { [field]: [message] } },
      });
    };
    const value = 'The invoice value field must match the order total.';
    const currency = 'The currency iso field must match the order currency.';
    await mismatch('/api/initiate-payment', { invoice_value: 0.001 }, 'invoice_value', value);
    await mismatch(
      '/api/initiate-payment',
      { invoice_value: order.totalPrice, currency_iso: 'SAR' },
      'currency_iso',
      currency,
    );
    await mismatch(
      '/api/execute-payment',
      { invoice_value: 0.001, payment_method_id: 2 },
      'invoice_value',
      value,
    );
    await mismatch(
      '/api/execute-payment',
      { payment_method_id: 2, currency_iso: 'USD' },
      'currency_iso',
      currency,
    );
    expect(
      (await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, order_id))).length,
    ).toBe(1);

    // The SPA's bodies: initiate with the order's total, execute with the chosen method's TotalAmount.
    const methods = await call(
      t.app,
      'POST',
      '/api/initiate-payment',
      { order_id, invoice_value: order.totalPrice, currency_iso: 'kwd', country_code: 'KWT' },
      shopper.token,
    );
    expect(methods.statusCode).toBe(200);
    const visa = methods
      .json<{ payment_methods: PaymentMethod[] }>()
      .payment_methods.find((method) => method.PaymentMethodId === 2);
    if (!visa) throw new Error('no VISA/MASTER method');
    const paid = await execute(
      t.app,
      { order_id, invoice_value: visa.TotalAmount, payment_method_id: 2, currency_iso: 'KWD' },
      shopper,
    );
    expect(paid.statusCode).toBe(200);
    const url = paid.json<{ payment_result: { PaymentURL: string } }>().payment_result.PaymentURL;
    expect((await t.app.deps.gateway.getPaymentStatus(paymentIdOf(url)))?.amount).toBe(visa.TotalAmount);
  });

  test('a guest pays its own order with its guest token; without it, or with another cart, it is 404', async () => {
    const productId = await plainProductWithStock(t.app, t.db, 5);
    const added = await call(t.app, 'POST', '/api/guest/cart/add', { product_id: productId, quantity: 1 });
    const { guest_token } = added.json<{ guest_token: string }>();
    const created = await call(t.app, 'POST', '/api/guest/create-order', { ...GUEST_CHECKOUT, guest_token });
    const { order_id } = created.json<Created>();
    const other = (
      await call(t.app, 'POST', '/api/guest/cart/add', { product_id: productId, quantity: 1 })
    ).json<{ guest_token: string }>().guest_token;
    const stranger = await createShopper(t.db);

    expect((await call(t.app, 'POST', '/api/initiate-payment', { order_id })).statusCode).toBe(404);
    expect(
      (await call(t.app, 'POST', '/api/initiate-payment', { order_id, guest_token: other })).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'POST', '/api/initiate-payment', { order_id }, stranger.token)).statusCode,
    ).toBe(404);
    expect((await execute(t.app, { order_id })).statusCode).toBe(404);
    expect((await execute(t.app, { order_id, guest_token: other })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', '/api/initiate-payment', { order_id, guest_token })).statusCode).toBe(
      200,
    );
    expect((await execute(t.app, { order_id, guest_token })).statusCode).toBe(200);
  });
});

describe('one live payment per order', () => {
  test('starting a new payment withdraws the live one: its hosted page no longer takes money', async () => {
    const { shopper, order_id, payment_url } = await shopperWithOrder(t.app, t.db);
    const again = await execute(t.app, { order_id }, shopper);
    expect(again.statusCode).toBe(200);
    const second = again.json<{ payment_result: { PaymentURL: string } }>().payment_result.PaymentURL;

    expect((await pressOnPage(t.app, payment_url, 'pay')).statusCode).toBe(303);
    expect((await orderOf(t.db, order_id)).status).toBe('pending');
    const page = await t.app.inject({ method: 'GET', url: `/pay/sandbox/${paymentIdOf(payment_url)}` });
    expect(page.body).toContain('This payment is cancelled');

    await pressOnPage(t.app, second, 'pay');
    expect((await orderOf(t.db, order_id)).status).toBe('paid');
    const attempts = await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, order_id));
    expect(attempts.map((attempt) => [attempt.gatewayPaymentId, attempt.state])).toEqual([
      [paymentIdOf(payment_url), 'canceled'],
      [paymentIdOf(second), 'paid'],
    ]);
  });

  test('two payments started at once: the earlier request never withdraws the one the later is about to link', async () => {
    const { order_id, payment_url } = await shopperWithOrder(t.app, t.db);
    const gateway = t.app.deps.gateway;
    const order = await orderOf(t.db, order_id);
    // The later request has its payment from the gateway and recorded it; its link is written next.
    const later = await gateway.execute({
      invoiceValue: order.totalPrice,
      currencyIso: order.currency,
      paymentMethodId: 1,
      orderId: order_id,
    });
    await recordAttempt(
      t.db,
      gateway.name,
      order_id,
      { ...later, amount: order.totalPrice, currency: order.currency },
      new Date(),
    );
    // The earlier request finishes: it withdraws what is older than its own link, nothing newer.
    await cancelOtherAttempts({ db: t.db, gateway }, order_id, { keepCurrent: true }, new Date());
    expect((await gateway.getPaymentStatus(later.paymentId))?.status).toBe('pending');
    expect((await gateway.getPaymentStatus(paymentIdOf(payment_url)))?.status).toBe('pending');

    // The later request links its payment and withdraws the older one: one live payment, the linked one.
    await t.db
      .update(orders)
      .set({ paymentId: later.paymentId, paymentUrl: later.paymentUrl })
      .where(eq(orders.id, order_id));
    await cancelOtherAttempts({ db: t.db, gateway }, order_id, { keepCurrent: true }, new Date());
    expect((await gateway.getPaymentStatus(paymentIdOf(payment_url)))?.status).toBe('failed');
    expect((await pressOnPage(t.app, later.paymentUrl, 'pay')).statusCode).toBe(303);
    expect((await orderOf(t.db, order_id)).status).toBe('paid');
  });
});

describe('two payment starts whose links are written in the reverse order', () => {
  test('the older start finds the newer link, withdraws its own payment and answers the live one', async () => {
    const { order_id, payment_url } = await shopperWithOrder(t.app, t.db);
    const gateway = t.app.deps.gateway;
    const order = await orderOf(t.db, order_id);
    const start = async () => {
      const payment = await gateway.execute({
        invoiceValue: order.totalPrice,
        currencyIso: order.currency,
        paymentMethodId: 1,
        orderId: order_id,
      });
      const attempt = await recordAttempt(
        t.db,
        gateway.name,
        order_id,
        { ...payment, amount: order.totalPrice, currency: order.currency },
        new Date(),
      );
      return { payment, attempt };
    };
    const older = await start();
    const newer = await start();
    expect(await linkAttempt(t.db, newer.attempt, newer.payment, new Date())).toMatchObject({
      paymentUrl: newer.payment.paymentUrl,
    });
    // The older request reaches its link step last: the link stays the newer payment.
    expect(await linkAttempt(t.db, older.attempt, older.payment, new Date())).toMatchObject({
      paymentId: newer.payment.paymentId,
      paymentUrl: newer.payment.paymentUrl,
    });
    expect((await orderOf(t.db, order_id)).paymentId).toBe(newer.payment.paymentId);
    await cancelOtherAttempts({ db: t.db, gateway }, order_id, { keepCurrent: true }, new Date());
    expect((await gateway.getPaymentStatus(paymentIdOf(payment_url)))?.status).toBe('failed');
    expect((await gateway.getPaymentStatus(newer.payment.paymentId))?.status).toBe('pending');
  });
});

/** A MyFatoorah-like gateway: payments live on its side, decided by the test; it cannot withdraw an unpaid one. */
class InvoiceGateway implements PaymentGateway {
  readonly name = 'myfatoorah' as const;
  readonly payments = new Map<string, PaymentStatus>();
  private next = 1;

  async initiate(): Promise<PaymentMethod[]> {
    return [];
  }

  async execute(request: ExecuteRequest): Promise<ExecuteResult> {
    const paymentId = String(70_000_000 + this.next++);
    this.payments.set(paymentId, {
      paymentId,
      invoiceId: paymentId,
      orderId: request.orderId,
      status: 'pending',
      amount: request.invoiceValue,
      currencyIso: request.currencyIso,
    });
    return { paymentId, invoiceId: paymentId, paymentUrl: `https://gateway.test/invoice/${paymentId}` };
  }

  /** how often each payment was asked about */
  readonly asked = new Map<string, number>();

  async getPaymentStatus(paymentId: string): Promise<PaymentStatus | null> {
    this.asked.set(paymentId, (this.asked.get(paymentId) ?? 0) + 1);
    return this.payments.get(paymentId) ?? null;
  }

  async cancel(): Promise<boolean> {
    return false;
  }

  /** The shopper pays on the gateway's own page; no callback reaches the shop. */
  pay(paymentId: string): void {
    const payment = this.payments.get(paymentId);
    if (payment) this.payments.set(paymentId, { ...payment, status: 'paid' });
  }
}

describe('a gateway that cannot withdraw an unpaid payment (MyFatoorah)', () => {
  const gateway = new InvoiceGateway();
  const warnings: Record<string, unknown>[] = [];
  let g: TestApp;
  beforeAll(async () => {
    g = await createTestApp({
      seed: true,
      gateway,
      config: { now: clock.now },
      logger: {
        level: 'warn',
        stream: { write: (line: string) => warnings.push(JSON.parse(line) as Record<string, unknown>) },
      },
    });
  });
  afterAll(async () => {
    await g.close();
  });

  test('reconciliation follows every attempt, not only the latest: an older one paid settles the order', async () => {
    const { shopper, order_id, payment_url } = await shopperWithOrder(g.app, g.db);
    expect((await execute(g.app, { order_id }, shopper)).statusCode).toBe(200);
    expect((await orderOf(g.db, order_id)).paymentId).not.toBe(paymentIdOf(payment_url));

    gateway.pay(paymentIdOf(payment_url));
    clock.advance(MINUTE);
    await g.app.jobs.tick();
    expect((await orderOf(g.db, order_id)).status).toBe('paid');
  });

  test('both payments paid: the order is paid once and the second becomes refund_due, on the order and in the log', async () => {
    const { shopper, order_id, payment_url } = await shopperWithOrder(g.app, g.db);
    const again = await execute(g.app, { order_id }, shopper);
    const second = paymentIdOf(
      again.json<{ payment_result: { PaymentURL: string } }>().payment_result.PaymentURL,
    );
    const first = paymentIdOf(payment_url);
    const total = (await orderOf(g.db, order_id)).totalPrice;

    gateway.pay(second);
    expect(
      (await call(g.app, 'GET', `/api/payments/${second}/status`, undefined, shopper.token)).json(),
    ).toMatchObject({
      status: 'paid',
    });
    gateway.pay(first);
    clock.advance(MINUTE);
    const report = (await g.app.jobs.tick())['reconcile-payments'];
    expect(report).toMatchObject({ refundDue: 1 });

    expect((await orderOf(g.db, order_id)).status).toBe('paid');
    const answer = (await call(g.app, 'GET', `/api/orders/${order_id}`, undefined, shopper.token)).json<{
      status: string;
      refund_due: boolean;
      payments: { id: number; state: string; amount: number; currency: string }[];
    }>();
    expect(answer).toMatchObject({
      status: 'paid',
      refund_due: true,
      payments: [
        { state: 'refund_due', amount: total, currency: 'KWD' },
        { state: 'paid', amount: total, currency: 'KWD' },
      ],
    });
    const refundAttempt = answer.payments[0]?.id;
    expect(warnings).toContainEqual(
      expect.objectContaining({
        orderId: order_id,
        attemptId: refundAttempt,
        amount: total,
        currency: 'KWD',
      }),
    );
    // Asked again, nothing is counted twice.
    clock.advance(MINUTE);
    await call(g.app, 'GET', `/api/payments/${first}/status`, undefined, shopper.token);
    await g.app.jobs.tick();
    expect(warnings.filter((line) => line.attemptId === refundAttempt)).toHaveLength(1);
  });

  test('money arriving after the order was cancelled is a refund record on the attempt and the order', async () => {
    const { shopper, order_id, payment_url } = await shopperWithOrder(g.app, g.db);
    expect((await call(g.app, 'POST', `/api/orders/${order_id}/cancel`, {}, shopper.token)).statusCode).toBe(
      200,
    );
    gateway.pay(paymentIdOf(payment_url));
    clock.advance(MINUTE);
    await g.app.jobs.tick();
    const answer = (await call(g.app, 'GET', `/api/orders/${order_id}`, undefined, shopper.token)).json();
    expect(answer).toMatchObject({
      status: 'refund_due',
      refund_due: true,
      payments: [{ state: 'refund_due' }],
    });
    // The shopper's last word was "nothing was charged": now that money came, they hear it goes back.
    const mails = await g.db.select().from(outbox).where(eq(outbox.recipient, GUEST_CHECKOUT.guest_email));
    const told = mails.filter(
      (mail) => mail.subject === `Your payment for order #${order_id} goes back to you`,
    );
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toMatch(/We received [\d.]+ KWD for your order/);
  });
  test('the staff refund: refund_due becomes refunded once (recording it again changes nothing); nothing else is refunded', async () => {
    const { shopper, order_id, payment_url } = await shopperWithOrder(g.app, g.db);
    const again = await execute(g.app, { order_id }, shopper);
    const second = paymentIdOf(
      again.json<{ payment_result: { PaymentURL: string } }>().payment_result.PaymentURL,
    );
    gateway.pay(second);
    gateway.pay(paymentIdOf(payment_url));
    await call(g.app, 'GET', `/api/payments/${second}/status`, undefined, shopper.token);
    await call(g.app, 'GET', `/api/payments/${paymentIdOf(payment_url)}/status`, undefined, shopper.token);
    const [refundable, paid] = await orderAttempts(g.db, order_id);
    if (!refundable || !paid) throw new Error('two attempts expected');
    expect([refundable.state, paid.state]).toEqual(['refund_due', 'paid']);

    const staff = await createShopper(g.db);
    const first = await recordRefund(g.db, refundable.id, staff.id, clock.now());
    clock.advance(MINUTE);
    const repeated = await recordRefund(g.db, refundable.id, staff.id, clock.now());
    expect(repeated).toMatchObject({ state: 'refunded', refundedBy: staff.id, refundedAt: first.refundedAt });
    await expect(recordRefund(g.db, paid.id, staff.id, clock.now())).rejects.toThrow(NOT_REFUNDABLE);
    await expect(recordRefund(g.db, 999_999, staff.id, clock.now())).rejects.toThrow('Payment not found');
    const answer = (await call(g.app, 'GET', `/api/orders/${order_id}`, undefined, shopper.token)).json();
    expect(answer).toMatchObject({
      status: 'paid',
      refund_due: false,
      payments: [{ state: 'refunded', refunded_at: first.refundedAt?.toISOString() }, { state: 'paid' }],
    });
  });

  test('two server processes reconciling at once ask the gateway about each attempt once', async () => {
    const other = await createTestApp({ gateway, config: { now: clock.now }, sharedWith: g });
    try {
      const fresh: string[] = [];
      for (let index = 0; index < 8; index += 1) {
        fresh.push(paymentIdOf((await shopperWithOrder(g.app, g.db)).payment_url));
      }
      clock.advance(MINUTE);
      gateway.asked.clear();
      const reports = await Promise.all([g.app.jobs.tick(), other.app.jobs.tick()]);
      expect(fresh.map((paymentId) => gateway.asked.get(paymentId))).toEqual(fresh.map(() => 1));
      const checked = reports.map((report) => (report['reconcile-payments'] as { checked: number }).checked);
      expect(checked.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(fresh.length);
    } finally {
      await other.close();
    }
  });
});

const HOLD_RULES = {
  limits: { maxPendingPerOwner: 3, maxPendingPerAddress: 3 },
  userHoldMs: 30 * 60_000,
  guestHoldMs: 15 * 60_000,
};

describe('the payable check runs under the order lock', () => {
  test('a payment starting as the order is cancelled, or marked refund_due, never brings it back to pending', async () => {
    const { shopper, order_id, payment_url, productId } = await shopperWithOrder(t.app, t.db);
    await pressOnPage(t.app, payment_url, 'decline');
    expect((await orderOf(t.db, order_id)).status).toBe('failed');
    // The route found the order payable (failed) an instant before the shopper's cancel went through.
    await cancelOrder(t.db, shopper.id, order_id, clock.now());
    await holdStockForPayment(t.db, order_id, clock.now(), HOLD_RULES).catch(() => undefined);
    expect(await orderOf(t.db, order_id)).toMatchObject({ status: 'canceled', stockReserved: false });

    await t.db.update(orders).set({ status: 'refund_due' }).where(eq(orders.id, order_id));
    await holdStockForPayment(t.db, order_id, clock.now(), HOLD_RULES).catch(() => undefined);
    expect(await orderOf(t.db, order_id)).toMatchObject({ status: 'refund_due', stockReserved: false });
    expect(await stockOf(t.db, productId)).toBe(5);
  });

  test('execute-payment racing the cancel of a failed order: the order ends cancelled, never pending', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { shopper, order_id, payment_url } = await shopperWithOrder(t.app, t.db);
      await pressOnPage(t.app, payment_url, 'decline');
      const [paying, canceling] = await Promise.all([
        execute(t.app, { order_id }, shopper),
        call(t.app, 'POST', `/api/orders/${order_id}/cancel`, {}, shopper.token),
      ]);
      expect(canceling.statusCode).toBe(200);
      expect([200, 409]).toContain(paying.statusCode);
      expect(await orderOf(t.db, order_id)).toMatchObject({ status: 'canceled', stockReserved: false });
    }
  });
});
