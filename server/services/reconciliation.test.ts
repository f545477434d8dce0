import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orders, paymentAttempts, products, sandboxPayments } from '../db/schema';
import {
  call,
  createShopper,
  GUEST_CHECKOUT,
  plainProductWithStock,
  stockOf,
  type Shopper,
} from '../routes/testSupport';
import { createTestApp, manualClock, type TestApp } from '../testing/testApp';
import { claimOverdueOrders } from '../db/queries/orderJobs';
import { expireOverdueOrder } from './orders';
import { SandboxGateway } from './payments';
import { recordAttempt } from './orders/paymentAttempts';
import { EXPIRY_LEASE_MS, JOB_BATCH, STARTING_ATTEMPT_MS } from './reconciliation';

// Many shoppers at once on a busy machine.
jest.setTimeout(180_000);

const clock = manualClock();
const MINUTE = 60_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { now: clock.now } });
});
afterAll(async () => {
  await t.close();
});

const checkout = GUEST_CHECKOUT;

/** A product without size/colour choices, its stock set to `stock`. */
const productWithStock = (stock: number) => plainProductWithStock(t.app, t.db, stock);

const setStock = (productId: number, stock: number) =>
  t.db.update(products).set({ stockQuantity: stock }).where(eq(products.id, productId));

async function orderOf(orderId: number) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error(`no order ${orderId}`);
  return row;
}

async function shopperWith(productId: number, quantity = 1, app: FastifyInstance = t.app) {
  const shopper = await createShopper(t.db);
  const added = await call(app, 'POST', '/api/cart/add', { product_id: productId, quantity }, shopper.token);
  expect(added.statusCode).toBeLessThan(300);
  return shopper;
}

interface Created {
  order_id: number;
  payment_url: string;
}

async function placeOrder(shopper: Shopper, app: FastifyInstance = t.app): Promise<Created> {
  const answer = await call(app, 'POST', '/api/create-order', checkout, shopper.token);
  expect(answer.statusCode).toBe(201);
  return answer.json<Created>();
}

const paymentIdOf = (paymentUrl: string) => paymentUrl.split('/').pop() ?? '';
/** The shopper presses Pay or Decline on the sandbox's hosted page. */
const decideOnPage = (paymentUrl: string, action: 'pay' | 'decline', app: FastifyInstance = t.app) =>
  app.inject({
    method: 'POST',
    url: `/pay/sandbox/${paymentIdOf(paymentUrl)}`,
    payload: `action=${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
/** The shopper starts a new payment of the order (execute-payment), with the sandbox's method `methodId`. */
const startPayment = (shopper: Shopper, orderId: number, methodId = 1) =>
  call(
    t.app,
    'POST',
    '/api/execute-payment',
    { payment_method_id: methodId, order_id: orderId },
    shopper.token,
  );
/** The gateway decides without any callback reaching the shop (the shopper closed the tab; a lost webhook). */
const decideSilently = (paymentUrl: string, outcome: 'paid' | 'failed') =>
  (t.app.deps.gateway as SandboxGateway).decide(paymentIdOf(paymentUrl), outcome);

describe('unpaid orders expire', () => {
  test('after 30 minutes unpaid the job expires the order and its stock goes back on sale', async () => {
    const productId = await productWithStock(3);
    const shopper = await shopperWith(productId, 2);
    const created = await placeOrder(shopper);
    expect(await stockOf(t.db, productId)).toBe(1);

    clock.advance(30 * MINUTE - 1);
    expect((await t.app.jobs.tick())['expire-unpaid-orders']).toEqual({ expired: 0, paid: 0 });
    expect((await orderOf(created.order_id)).status).toBe('pending');

    clock.advance(1);
    expect((await t.app.jobs.tick())['expire-unpaid-orders']).toEqual({ expired: 1, paid: 0 });
    expect(await orderOf(created.order_id)).toMatchObject({ status: 'expired', stockReserved: false });
    expect(await stockOf(t.db, productId)).toBe(3);
    // A second run finds nothing more to do.
    clock.advance(MINUTE);
    expect((await t.app.jobs.tick())['expire-unpaid-orders']).toEqual({ expired: 0, paid: 0 });
    expect(await stockOf(t.db, productId)).toBe(3);

    const retry = await startPayment(shopper, created.order_id);
    expect(retry.statusCode).toBe(409);
    expect(await stockOf(t.db, productId)).toBe(3);
    const mine = (
      await call(t.app, 'GET', `/api/orders/${created.order_id}`, undefined, shopper.token)
    ).json();
    expect(mine).toMatchObject({ status: 'expired' });
  });

  test('a payment attempt on an overdue order the job has not reached yet is refused and frees the stock', async () => {
    const productId = await productWithStock(2);
    const shopper = await shopperWith(productId);
    const created = await placeOrder(shopper);
    clock.advance(31 * MINUTE);
    const retry = await startPayment(shopper, created.order_id, 2);
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual({ message: 'This order expired unpaid and its items went back on sale.' });
    expect((await orderOf(created.order_id)).status).toBe('expired');
    expect(await stockOf(t.db, productId)).toBe(2);
  });

  test('an overdue order the job has claimed (and is asking the gateway about) still refuses a new payment', async () => {
    const productId = await productWithStock(2);
    const shopper = await shopperWith(productId);
    const created = await placeOrder(shopper);
    clock.advance(31 * MINUTE);
    // Another process's job picked the order up and is now asking the gateway about its attempts.
    expect(await claimOverdueOrders(t.db, clock.now(), EXPIRY_LEASE_MS, JOB_BATCH)).toEqual([
      expect.objectContaining({ id: created.order_id }),
    ]);
    const retry = await startPayment(shopper, created.order_id, 2);
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual({ message: 'This order expired unpaid and its items went back on sale.' });
    expect(await stockOf(t.db, productId)).toBe(2);
    // The job finishes its look: nothing left to expire, the stock came back once.
    expect(await expireOverdueOrder(t.db, created.order_id, clock.now())).toBe(false);
    expect(await stockOf(t.db, productId)).toBe(2);
  });

  test('a claimed order declined meanwhile cannot be paid again past its deadline: expired once, its stock back once', async () => {
    const productId = await productWithStock(1);
    const shopper = await shopperWith(productId);
    const created = await placeOrder(shopper);
    clock.advance(31 * MINUTE);
    expect(await claimOverdueOrders(t.db, clock.now(), EXPIRY_LEASE_MS, JOB_BATCH)).toHaveLength(1);
    // While the job asks the gateway, the card is declined and the shopper tries again: the order's deadline has
    // passed, and a decline renews nothing (issue 47), so the retry finds it expired.
    expect((await decideOnPage(created.payment_url, 'decline')).statusCode).toBe(303);
    expect(await stockOf(t.db, productId)).toBe(1);
    const retry = await startPayment(shopper, created.order_id);
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual({ message: 'This order expired unpaid and its items went back on sale.' });
    expect(await expireOverdueOrder(t.db, created.order_id, clock.now())).toBe(false);
    expect(await orderOf(created.order_id)).toMatchObject({ status: 'expired', stockReserved: false });
    expect(await stockOf(t.db, productId)).toBe(1);
  });

  test('a claimed order declined and paid for again before its deadline keeps its reservation when the job finishes', async () => {
    const productId = await productWithStock(1);
    const shopper = await shopperWith(productId);
    const created = await placeOrder(shopper);
    clock.advance(29 * MINUTE);
    expect((await decideOnPage(created.payment_url, 'decline')).statusCode).toBe(303);
    const retry = await startPayment(shopper, created.order_id);
    expect(retry.statusCode).toBe(200);
    // The job of the same minute finds it reserved and within its deadline.
    expect(await expireOverdueOrder(t.db, created.order_id, clock.now())).toBe(false);
    expect(await orderOf(created.order_id)).toMatchObject({ status: 'pending', stockReserved: true });
    expect(await stockOf(t.db, productId)).toBe(0);
    const retryUrl = retry.json<{ payment_result: { PaymentURL: string } }>().payment_result.PaymentURL;
    expect((await decideOnPage(retryUrl, 'pay')).statusCode).toBe(303);
    expect((await orderOf(created.order_id)).status).toBe('paid');
  });

  test('a checkout retried with its Idempotency-Key after its order expired without a payment places a new order', async () => {
    const productId = await productWithStock(1);
    const shopper = await shopperWith(productId);
    const gateway = t.app.deps.gateway;
    const execute = gateway.execute.bind(gateway);
    // The order is stored, then the gateway does not answer: no payment link.
    gateway.execute = () => Promise.reject(new Error('gateway timed out'));
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/create-order',
        payload: checkout,
        headers: { authorization: `Bearer ${shopper.token}`, 'idempotency-key': `checkout-${shopper.id}` },
      });
    try {
      expect((await send()).statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      gateway.execute = execute;
    }
    const [stranded] = await t.db.select().from(orders).where(eq(orders.userId, shopper.id));
    if (!stranded) throw new Error('no order stored');
    clock.advance(31 * MINUTE);
    await t.app.jobs.tick();
    expect(await orderOf(stranded.id)).toMatchObject({ status: 'expired', paymentUrl: null });

    const again = await send();
    expect(again.statusCode).toBe(201);
    const placed = again.json<Created>();
    expect(placed.order_id).not.toBe(stranded.id);
    expect(await orderOf(placed.order_id)).toMatchObject({ status: 'pending', stockReserved: true });
    expect((await orderOf(stranded.id)).status).toBe('expired');
    expect(await stockOf(t.db, productId)).toBe(0);
    // The same key once more answers the new order, which is paid as any other.
    expect((await send()).json<Created>()).toEqual(placed);
    expect((await decideOnPage(placed.payment_url, 'pay')).statusCode).toBe(303);
    expect((await orderOf(placed.order_id)).status).toBe('paid');
  });

  test('a checkout retried with its Idempotency-Key after its order was paid without a link answers 409, no second order', async () => {
    const productId = await productWithStock(2);
    const shopper = await shopperWith(productId);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/create-order',
        payload: checkout,
        headers: { authorization: `Bearer ${shopper.token}`, 'idempotency-key': `paid-${shopper.id}` },
      });
    const first = (await send()).json<Created>();
    expect((await decideOnPage(first.payment_url, 'pay')).statusCode).toBe(303);
    // Its request had stopped after the gateway answered, before writing the link.
    await t.db.update(orders).set({ paymentUrl: null }).where(eq(orders.id, first.order_id));
    const again = await send();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This order is already paid or closed.' });
    expect(await t.db.select().from(orders).where(eq(orders.userId, shopper.id))).toHaveLength(1);
    expect(await stockOf(t.db, productId)).toBe(1);
  });

  test('an overdue order the shopper paid at the last moment is paid, not expired', async () => {
    const productId = await productWithStock(2);
    const created = await placeOrder(await shopperWith(productId));
    await decideSilently(created.payment_url, 'paid');
    clock.advance(30 * MINUTE);
    expect((await t.app.jobs.tick())['expire-unpaid-orders']).toEqual({ expired: 0, paid: 1 });
    expect((await orderOf(created.order_id)).status).toBe('paid');
    expect(await stockOf(t.db, productId)).toBe(1);
  });

  test('paid on the gateway after it expired: stock is checked again, sold if still there, else refund due', async () => {
    const productId = await productWithStock(2);
    const lucky = await placeOrder(await shopperWith(productId));
    const unlucky = await placeOrder(await shopperWith(productId));
    clock.advance(30 * MINUTE);
    expect((await t.app.jobs.tick())['expire-unpaid-orders']).toEqual({ expired: 2, paid: 0 });
    expect(await stockOf(t.db, productId)).toBe(2);
    // One piece sells to someone else meanwhile.
    await placeOrder(await shopperWith(productId));
    expect(await stockOf(t.db, productId)).toBe(1);

    expect((await decideOnPage(lucky.payment_url, 'pay')).statusCode).toBe(303);
    expect(await orderOf(lucky.order_id)).toMatchObject({ status: 'paid', stockReserved: true });
    expect(await stockOf(t.db, productId)).toBe(0);
    expect((await decideOnPage(unlucky.payment_url, 'pay')).statusCode).toBe(303);
    expect(await orderOf(unlucky.order_id)).toMatchObject({ status: 'refund_due', stockReserved: false });
    expect(await stockOf(t.db, productId)).toBe(0);
  });
});

describe('payments are reconciled without the shopper', () => {
  test('the periodic check settles payments decided on the gateway: paid, and declined (stock back)', async () => {
    const productId = await productWithStock(4);
    const paid = await placeOrder(await shopperWith(productId));
    const declined = await placeOrder(await shopperWith(productId));
    const open = await placeOrder(await shopperWith(productId));
    await decideSilently(paid.payment_url, 'paid');
    await decideSilently(declined.payment_url, 'failed');
    expect(await stockOf(t.db, productId)).toBe(1);

    clock.advance(MINUTE);
    const report = (await t.app.jobs.tick())['reconcile-payments'];
    expect(report).toMatchObject({ paid: 1, failed: 1 });
    expect((await orderOf(paid.order_id)).status).toBe('paid');
    expect((await orderOf(declined.order_id)).status).toBe('failed');
    expect((await orderOf(open.order_id)).status).toBe('pending');
    expect(await stockOf(t.db, productId)).toBe(2);
    // Not asked again before the interval has passed; then the still-open one is.
    expect((await t.app.jobs.tick())['reconcile-payments']).toEqual({
      checked: 0,
      paid: 0,
      failed: 0,
      refundDue: 0,
    });
    await decideSilently(open.payment_url, 'paid');
    clock.advance(MINUTE);
    expect((await t.app.jobs.tick())['reconcile-payments']).toMatchObject({ paid: 1 });
    expect((await orderOf(open.order_id)).status).toBe('paid');
  });

  test("the sandbox page's decision settles the order at once, before anyone asks for the status", async () => {
    const productId = await productWithStock(2);
    const created = await placeOrder(await shopperWith(productId));
    const page = await decideOnPage(created.payment_url, 'pay');
    expect(page.statusCode).toBe(303);
    expect((await orderOf(created.order_id)).status).toBe('paid');
  });

  test('the gateway callback (webhook) settles the order by asking the gateway, never by trusting the body', async () => {
    const productId = await productWithStock(2);
    const created = await placeOrder(await shopperWith(productId));
    const paymentId = paymentIdOf(created.payment_url);
    const callback = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/payments/callback', payload });

    // A forged "paid" for a payment the gateway still has open changes nothing.
    const forged = await callback({ Data: { PaymentId: paymentId, TransactionStatus: 'SUCCESS' } });
    expect(forged.json()).toEqual({ received: true, payment_status: 'pending' });
    expect((await orderOf(created.order_id)).status).toBe('pending');

    await decideSilently(created.payment_url, 'paid');
    const real = await callback({ Data: { PaymentId: paymentId } });
    expect(real.statusCode).toBe(200);
    expect((await orderOf(created.order_id)).status).toBe('paid');
    expect((await callback({ Data: { PaymentId: 'no-such-payment' } })).statusCode).toBe(404);
    expect((await callback({})).statusCode).toBe(404);
  });

  test('a callback naming a payment the shop never started is 404 without asking the gateway', async () => {
    // MyFatoorah numbers its invoices in sequence: a stranger would read others' payments and spend the quota.
    const asked = jest.spyOn(t.app.deps.gateway, 'getPaymentStatus');
    try {
      for (const Data of [{ InvoiceId: 1234567 }, { PaymentId: '07071234567' }]) {
        const answer = await t.app.inject({
          method: 'POST',
          url: '/api/payments/callback',
          payload: { Data },
        });
        expect(answer.statusCode).toBe(404);
      }
      expect(asked).not.toHaveBeenCalled();
    } finally {
      asked.mockRestore();
    }
  });
});

describe('a payment being started is never withdrawn by the periodic check', () => {
  const sandbox = () => t.app.deps.gateway as SandboxGateway;
  const attemptsOf = (orderId: number) =>
    t.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, orderId))
      .orderBy(paymentAttempts.id);

  // The check runs on another server process while the order's request is between recording its new attempt
  // and making it the order's payment link: the database holds exactly the state set up here.
  test('an order whose first attempt is recorded but not yet its payment link', async () => {
    const productId = await productWithStock(2);
    const created = await placeOrder(await shopperWith(productId));
    await t.db
      .update(orders)
      .set({ paymentId: null, paymentUrl: null })
      .where(eq(orders.id, created.order_id));

    clock.advance(MINUTE);
    await t.app.jobs.tick();
    expect((await sandbox().getPaymentStatus(paymentIdOf(created.payment_url)))?.status).toBe('pending');
    expect((await attemptsOf(created.order_id)).map((attempt) => attempt.state)).toEqual(['pending']);

    // The shopper, already on the gateway's page, pays: the order takes the money.
    await t.db
      .update(orders)
      .set({ paymentId: paymentIdOf(created.payment_url), paymentUrl: created.payment_url })
      .where(eq(orders.id, created.order_id));
    expect((await decideOnPage(created.payment_url, 'pay')).statusCode).toBe(303);
    expect((await orderOf(created.order_id)).status).toBe('paid');
  });

  test('a retry whose new attempt is recorded while the link still names the declined one', async () => {
    const productId = await productWithStock(2);
    const shopper = await shopperWith(productId);
    const created = await placeOrder(shopper);
    expect((await decideOnPage(created.payment_url, 'decline')).statusCode).toBe(303);
    const retry = await startPayment(shopper, created.order_id);
    expect(retry.statusCode).toBe(200);
    const retryUrl = retry.json<{ payment_result: { PaymentURL: string } }>().payment_result.PaymentURL;
    await t.db
      .update(orders)
      .set({ paymentId: paymentIdOf(created.payment_url), paymentUrl: created.payment_url })
      .where(eq(orders.id, created.order_id));

    clock.advance(MINUTE);
    await t.app.jobs.tick();
    expect((await sandbox().getPaymentStatus(paymentIdOf(retryUrl)))?.status).toBe('pending');
    expect((await attemptsOf(created.order_id)).map((attempt) => attempt.state)).toEqual([
      'failed',
      'pending',
    ]);
  });

  test('an attempt stranded newer than the link is withdrawn: at once on a declined order, after a while on an open one', async () => {
    const productId = await productWithStock(4);
    const declined = await placeOrder(await shopperWith(productId));
    const open = await placeOrder(await shopperWith(productId));
    /** A request recorded a payment and then stopped before linking it (it crashed, or found the order closed). */
    const strand = async (orderId: number) => {
      const order = await orderOf(orderId);
      const payment = await sandbox().execute({
        invoiceValue: order.totalPrice,
        currencyIso: order.currency,
        paymentMethodId: 1,
        orderId,
      });
      await recordAttempt(
        t.db,
        sandbox().name,
        orderId,
        { ...payment, amount: order.totalPrice, currency: order.currency },
        clock.now(),
      );
      return payment.paymentId;
    };
    expect((await decideOnPage(declined.payment_url, 'decline')).statusCode).toBe(303);
    const onDeclined = await strand(declined.order_id);
    const onOpen = await strand(open.order_id);

    clock.advance(MINUTE);
    await t.app.jobs.tick();
    expect((await sandbox().getPaymentStatus(onDeclined))?.status).toBe('failed');
    expect((await sandbox().getPaymentStatus(onOpen))?.status).toBe('pending');
    clock.advance(STARTING_ATTEMPT_MS);
    await t.app.jobs.tick();
    expect((await sandbox().getPaymentStatus(onOpen))?.status).toBe('failed');
    expect((await attemptsOf(open.order_id)).map((attempt) => attempt.state)).toEqual([
      'pending',
      'canceled',
    ]);
    // Its order stays payable through its own link.
    expect((await decideOnPage(open.payment_url, 'pay')).statusCode).toBe(303);
    expect((await orderOf(open.order_id)).status).toBe('paid');
  });

  test('an older attempt the order replaced is still withdrawn', async () => {
    const productId = await productWithStock(2);
    const shopper = await shopperWith(productId);
    const created = await placeOrder(shopper);
    const retry = await startPayment(shopper, created.order_id);
    expect(retry.statusCode).toBe(200);
    // The retry withdrew the first attempt itself; one the gateway had not let go of then is left to the check.
    const [first] = await attemptsOf(created.order_id);
    if (!first) throw new Error('no first attempt');
    await t.db.update(paymentAttempts).set({ state: 'pending' }).where(eq(paymentAttempts.id, first.id));
    await t.db
      .update(sandboxPayments)
      .set({ status: 'pending' })
      .where(eq(sandboxPayments.paymentId, first.gatewayPaymentId));

    clock.advance(MINUTE);
    await t.app.jobs.tick();
    expect((await attemptsOf(created.order_id)).map((attempt) => attempt.state)).toEqual([
      'canceled',
      'pending',
    ]);
  });
});

describe('50 shoppers ordering and paying for the last piece', () => {
  // Orders other tests left open would give their pieces back in the middle of a count.
  beforeEach(async () => {
    clock.advance(30 * MINUTE);
    await t.app.jobs.tick();
  });

  async function fiftyShoppersWithOrders(productId: number) {
    await setStock(productId, 50);
    const shoppers: Shopper[] = [];
    for (let index = 0; index < 50; index += 1) shoppers.push(await shopperWith(productId));
    return shoppers;
  }

  const paidOrdersOf = async (orderIds: number[]) =>
    (await Promise.all(orderIds.map(orderOf))).filter((row) => row.status === 'paid');

  test('all at once, each paying as soon as it has an order: one paid order, stock 0', async () => {
    const productId = await productWithStock(1);
    const shoppers = await fiftyShoppersWithOrders(productId);
    await setStock(productId, 1);
    const results = await Promise.all(
      shoppers.map(async (shopper) => {
        const answer = await call(t.app, 'POST', '/api/create-order', checkout, shopper.token);
        if (answer.statusCode !== 201) return null;
        const created = answer.json<Created>();
        await decideOnPage(created.payment_url, 'pay');
        return created.order_id;
      }),
    );
    const orderIds = results.filter((id): id is number => id !== null);
    expect(orderIds).toHaveLength(1);
    expect(await paidOrdersOf(orderIds)).toHaveLength(1);
    expect(await stockOf(t.db, productId)).toBe(0);
  });

  test('50 expired orders all paid at once on the gateway after the stock fell to 1: one paid, 49 refunds', async () => {
    const productId = await productWithStock(50);
    const shoppers = await fiftyShoppersWithOrders(productId);
    const created: Created[] = [];
    for (const shopper of shoppers) created.push(await placeOrder(shopper));
    expect(await stockOf(t.db, productId)).toBe(0);
    clock.advance(30 * MINUTE);
    await t.app.jobs.tick();
    const expired = await Promise.all(created.map((order) => orderOf(order.order_id)));
    expect(expired.filter((row) => row.status === 'expired')).toHaveLength(50);
    expect(await stockOf(t.db, productId)).toBe(50);
    await setStock(productId, 1);

    await Promise.all(created.map((order) => decideOnPage(order.payment_url, 'pay')));
    const rows = await Promise.all(created.map((order) => orderOf(order.order_id)));
    expect(rows.filter((row) => row.status === 'paid')).toHaveLength(1);
    expect(rows.filter((row) => row.status === 'refund_due')).toHaveLength(49);
    expect(rows.filter((row) => row.stockReserved)).toHaveLength(1);
    expect(await stockOf(t.db, productId)).toBe(0);
  });

  test('50 declined orders all retrying at once after the stock fell to 1: one attempt gets it, 49 are 409', async () => {
    const productId = await productWithStock(50);
    const shoppers = await fiftyShoppersWithOrders(productId);
    const created: Created[] = [];
    for (const shopper of shoppers) created.push(await placeOrder(shopper));
    await Promise.all(created.map((order) => decideOnPage(order.payment_url, 'decline')));
    expect(await stockOf(t.db, productId)).toBe(50);
    await setStock(productId, 1);

    const retries = await Promise.all(
      created.map(async (order, index) => {
        const shopper = shoppers[index];
        if (!shopper) throw new Error('no shopper');
        const answer = await startPayment(shopper, order.order_id);
        if (answer.statusCode === 200) {
          await decideOnPage(
            answer.json<{ payment_result: { PaymentURL: string } }>().payment_result.PaymentURL,
            'pay',
          );
        }
        return answer.statusCode;
      }),
    );
    expect(retries.filter((status) => status === 200)).toHaveLength(1);
    expect(retries.filter((status) => status === 409)).toHaveLength(49);
    expect(await paidOrdersOf(created.map((order) => order.order_id))).toHaveLength(1);
    expect(await stockOf(t.db, productId)).toBe(0);
  });
});

describe('two server processes on one database', () => {
  test('both running the jobs at once expire each overdue order once and give its stock back once', async () => {
    const other = await createTestApp({ config: { now: clock.now }, sharedWith: t });
    try {
      const productId = await productWithStock(10);
      const created: Created[] = [];
      for (let index = 0; index < 10; index += 1)
        created.push(await placeOrder(await shopperWith(productId)));
      expect(await stockOf(t.db, productId)).toBe(0);
      clock.advance(30 * MINUTE);
      const [mine, theirs] = await Promise.all([t.app.jobs.tick(), other.app.jobs.tick()]);
      const expired = [mine, theirs].map(
        (report) => (report['expire-unpaid-orders'] as { expired: number }).expired,
      );
      // Failed orders of earlier tests past their deadlines expire in the same runs; these ten expire once each.
      expect(expired.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(10);
      for (const order of created) expect((await orderOf(order.order_id)).status).toBe('expired');
      expect(await stockOf(t.db, productId)).toBe(10);
    } finally {
      await other.close();
    }
  });
});
