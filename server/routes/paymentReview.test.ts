// Issue 47, finding 7: the gateway says "paid" for another amount or currency than the order's. The payment gets a
// state of its own (amount_mismatch), logged once, never revenue; the order keeps its stock until staff decide; staff
// see it on the order's page and the dashboard, and accept it or refund it, audited, checked on the server.
import { and, eq } from 'drizzle-orm';
import { ADMIN_REFUSALS, type AdminOrder, type DashboardResponse } from '../../contract/admin';
import {
  apiTokens,
  auditLog,
  orders,
  outbox,
  paymentAttempts,
  products,
  users,
  type UserRole,
} from '../db/schema';
import { AMOUNT_MISMATCH_LOG } from '../services/orders/paymentAttempts';
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

/** A gateway whose payments are paid on its own page, for whatever sum and currency its test says; no callback. */
class LooseGateway implements PaymentGateway {
  readonly name = 'myfatoorah' as const;
  readonly payments = new Map<string, PaymentStatus>();
  private next = 1;

  async initiate(): Promise<PaymentMethod[]> {
    return [];
  }

  async execute(request: ExecuteRequest): Promise<ExecuteResult> {
    const paymentId = String(80_000_000 + this.next++);
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

  async getPaymentStatus(paymentId: string): Promise<PaymentStatus | null> {
    return this.payments.get(paymentId) ?? null;
  }

  async cancel(): Promise<boolean> {
    return false;
  }

  payWith(paymentId: string, amount: number, currencyIso: string): void {
    const payment = this.payments.get(paymentId);
    if (payment) this.payments.set(paymentId, { ...payment, status: 'paid', amount, currencyIso });
  }
}

const MINUTE = 60_000;
const clock = manualClock();
const gateway = new LooseGateway();
const logLines: Record<string, unknown>[] = [];
let t: TestApp;
let staff: Shopper;
let shopper: Shopper;

async function withRole(role: UserRole): Promise<Shopper> {
  const user = await createShopper(t.db, { name: `The ${role}` });
  await t.db.update(users).set({ role }).where(eq(users.id, user.id));
  return user;
}

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    gateway,
    config: { now: clock.now },
    logger: {
      level: 'warn',
      stream: { write: (line: string) => logLines.push(JSON.parse(line) as Record<string, unknown>) },
    },
  });
  staff = await withRole('staff');
  shopper = await createShopper(t.db);
});
afterAll(async () => {
  await t.close();
});

/** A signed-in buyer's order of one piece of a product with 5 in stock; its payment started at the gateway. */
async function placeOrder() {
  const productId = await plainProductWithStock(t.app, t.db, 5);
  const buyer = await createShopper(t.db);
  await call(t.app, 'POST', '/api/cart/add', { product_id: productId, quantity: 1 }, buyer.token);
  const created = await call(t.app, 'POST', '/api/create-order', GUEST_CHECKOUT, buyer.token);
  expect(created.statusCode).toBe(201);
  const orderId = created.json<{ order_id: number }>().order_id;
  const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  if (!row?.paymentId) throw new Error('no payment started');
  return { buyer, productId, orderId, paymentId: row.paymentId, total: row.totalPrice };
}

async function orderOf(orderId: number) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error(`no order ${orderId}`);
  return row;
}

const attemptsOf = async (orderId: number) =>
  (await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId))).map((row) => ({
    id: row.id,
    state: row.state,
    amount: row.amount,
    currency: row.currency,
  }));

/** the background jobs, `ms` later: no webhook, no shopper coming back */
async function tick(ms = MINUTE) {
  clock.advance(ms);
  await t.app.jobs.tick();
}

const dashboard = async () =>
  (await call(t.app, 'GET', '/api/admin/dashboard', undefined, staff.token)).json<DashboardResponse>();
const adminOrder = async (orderId: number) =>
  (await call(t.app, 'GET', `/api/admin/orders/${orderId}`, undefined, staff.token)).json<AdminOrder>();
const accept = (orderId: number, attemptId: number, who: Shopper | null = staff) =>
  call(t.app, 'POST', `/api/admin/orders/${orderId}/payments/${attemptId}/accept`, {}, who?.token);
const refund = (orderId: number, attemptId: number, who: Shopper | null = staff) =>
  call(t.app, 'POST', `/api/admin/orders/${orderId}/payments/${attemptId}/refund`, {}, who?.token);
const auditOf = (action: string, attemptId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, action),
        eq(auditLog.subjectType, 'payment'),
        eq(auditLog.subjectId, attemptId),
      ),
    );

test('paid for less than the order: amount_mismatch, logged once, never revenue, its stock held, shown to staff', async () => {
  const before = await dashboard();
  const { buyer, productId, orderId, paymentId, total } = await placeOrder();
  gateway.payWith(paymentId, total - 1, 'KWD');
  await tick();
  await tick();

  expect(await attemptsOf(orderId)).toEqual([
    expect.objectContaining({ state: 'amount_mismatch', amount: total - 1, currency: 'KWD' }),
  ]);
  const warnings = logLines.filter((line) => line.msg === AMOUNT_MISMATCH_LOG && line.orderId === orderId);
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toMatchObject({ amount: total - 1, currency: 'KWD', orderTotal: total });

  // Held until staff decide: not expired past its deadline, its piece still set aside.
  await tick(2 * 60 * MINUTE);
  expect(await orderOf(orderId)).toMatchObject({
    status: 'pending',
    stockReserved: true,
    reservedUntil: null,
  });
  expect(await stockOf(t.db, productId)).toBe(4);

  const after = await dashboard();
  expect(after.payments_to_review).toBe(before.payments_to_review + 1);
  expect(after.payments_to_review_orders).toContain(orderId);
  expect(after.last_30_days).toEqual(before.last_30_days);

  const page = await adminOrder(orderId);
  expect(page).toMatchObject({
    status: 'pending',
    money_to_review: true,
    can_accept_payment: true,
    payments: [{ state: 'amount_mismatch', amount: total - 1 }],
  });
  // The shopper's own order says the same of its payment.
  const mine = await call(t.app, 'GET', `/api/orders/${orderId}`, undefined, buyer.token);
  expect(mine.json()).toMatchObject({ status: 'pending', payments: [{ state: 'amount_mismatch' }] });
});

test('staff accept it: the order is paid and counted from then on, audited once; only staff may, only for such a payment', async () => {
  const { orderId, paymentId, total } = await placeOrder();
  gateway.payWith(paymentId, total, 'USD');
  await tick();
  const [attempt] = await attemptsOf(orderId);
  if (!attempt) throw new Error('no attempt');
  expect(attempt.state).toBe('amount_mismatch');
  const before = await dashboard();

  expect((await accept(orderId, attempt.id, null)).statusCode).toBe(401);
  expect((await accept(orderId, attempt.id, shopper)).statusCode).toBe(403);
  expect((await attemptsOf(orderId))[0]?.state).toBe('amount_mismatch');

  // A money decision, as a refund is: a session whose last proof is older than 15 minutes proves itself again.
  const staffTokens = eq(apiTokens.userId, staff.id);
  await t.db
    .update(apiTokens)
    .set({ provenAt: new Date(clock.now().getTime() - 16 * MINUTE) })
    .where(staffTokens);
  const unproven = await accept(orderId, attempt.id);
  expect(unproven.statusCode).toBe(403);
  expect(unproven.json()).toMatchObject({ code: 'reauth_required' });
  await t.db.update(apiTokens).set({ provenAt: null }).where(staffTokens);
  expect((await attemptsOf(orderId))[0]?.state).toBe('amount_mismatch');

  const accepted = await accept(orderId, attempt.id);
  expect(accepted.statusCode).toBe(200);
  expect(accepted.json<{ order: AdminOrder }>().order).toMatchObject({
    status: 'paid',
    money_to_review: false,
    payments: [{ state: 'paid', amount: total, currency: 'USD' }],
  });
  expect(await orderOf(orderId)).toMatchObject({ status: 'paid', paymentId });
  const entries = await auditOf('payment.accepted', attempt.id);
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({
    actorId: staff.id,
    orderId,
    before: { state: 'amount_mismatch', status: 'pending' },
    after: { state: 'paid', amount: total, currency: 'USD', order_total: total, order_currency: 'KWD' },
  });

  // The shopper's receipt says what was taken, in its currency, not the order's total
  const receipts = await t.db
    .select()
    .from(outbox)
    .where(eq(outbox.subject, `Your receipt for order #${orderId}`));
  expect(receipts).toHaveLength(1);
  expect(receipts[0]?.body).toMatch(/We received [\d.,]+ USD for your order/);

  // The same click again: the order as it is, no second entry.
  const again = await accept(orderId, attempt.id);
  expect(again.statusCode).toBe(200);
  expect(await auditOf('payment.accepted', attempt.id)).toHaveLength(1);

  const after = await dashboard();
  expect(after.payments_to_review).toBe(before.payments_to_review - 1);
  expect(after.last_30_days.orders).toBe(before.last_30_days.orders + 1);

  // A payment the gateway has not decided is not for staff to accept.
  const open = await placeOrder();
  const [pendingAttempt] = await attemptsOf(open.orderId);
  if (!pendingAttempt) throw new Error('no attempt');
  const refused = await accept(open.orderId, pendingAttempt.id);
  expect(refused.statusCode).toBe(409);
  expect(refused.json()).toMatchObject({
    code: 'payment_not_in_review',
    message: ADMIN_REFUSALS.payment_not_in_review,
  });
  // Another order's payment: not found.
  expect((await accept(orderId, pendingAttempt.id)).statusCode).toBe(404);
});

test('an order cancelled while a payment for another amount waits for staff: its mail says the money goes back', async () => {
  const { orderId, paymentId, total } = await placeOrder();
  gateway.payWith(paymentId, total / 2, 'KWD');
  await tick();
  expect((await attemptsOf(orderId))[0]?.state).toBe('amount_mismatch');
  const cancelled = await call(t.app, 'POST', `/api/admin/orders/${orderId}/cancel`, {}, staff.token);
  expect(cancelled.statusCode).toBe(200);
  const [mail] = await t.db
    .select()
    .from(outbox)
    .where(eq(outbox.subject, `Your order #${orderId} is cancelled`));
  expect(mail?.body).toMatch(/You paid [\d.]+ KWD for it: the money goes back to you/);
  expect(mail?.body).not.toMatch(/nothing was charged/);
});

test('staff refund it instead: refunded with who and when, and the held order is let go at the next run', async () => {
  const { productId, orderId, paymentId, total } = await placeOrder();
  gateway.payWith(paymentId, total / 2, 'KWD');
  await tick();
  const [attempt] = await attemptsOf(orderId);
  if (!attempt) throw new Error('no attempt');
  expect((await refund(orderId, attempt.id, shopper)).statusCode).toBe(403);

  const refunded = await refund(orderId, attempt.id);
  expect(refunded.statusCode).toBe(200);
  expect(refunded.json<{ order: AdminOrder }>().order).toMatchObject({
    money_to_review: false,
    payments: [{ state: 'refunded', refunded_by: 'The staff' }],
  });
  expect(await auditOf('payment.refunded', attempt.id)).toEqual([
    expect.objectContaining({
      actorId: staff.id,
      before: { state: 'amount_mismatch' },
      after: { state: 'refunded', amount: total / 2, currency: 'KWD' },
    }),
  ]);
  const held = await stockOf(t.db, productId);
  if (held === undefined) throw new Error('no product');
  await tick();
  expect(await orderOf(orderId)).toMatchObject({ status: 'expired', stockReserved: false });
  expect(await stockOf(t.db, productId)).toBe(held + 1);
});

test('on an order that expired meanwhile: accepting takes its pieces again, or is refused when they are gone', async () => {
  const revived = await placeOrder();
  await tick(31 * MINUTE);
  expect((await orderOf(revived.orderId)).status).toBe('expired');
  const free = await stockOf(t.db, revived.productId);
  if (free === undefined) throw new Error('no product');
  gateway.payWith(revived.paymentId, revived.total, 'USD');
  await tick();
  const [attempt] = await attemptsOf(revived.orderId);
  if (!attempt) throw new Error('no attempt');
  expect(attempt.state).toBe('amount_mismatch');
  // Nothing is taken before staff decide.
  expect(await stockOf(t.db, revived.productId)).toBe(free);
  expect((await accept(revived.orderId, attempt.id)).statusCode).toBe(200);
  expect(await orderOf(revived.orderId)).toMatchObject({ status: 'paid', stockReserved: true });
  expect(await stockOf(t.db, revived.productId)).toBe(free - 1);

  const gonePay = await placeOrder();
  await tick(31 * MINUTE);
  gateway.payWith(gonePay.paymentId, gonePay.total, 'SAR');
  await t.db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, gonePay.productId));
  await tick();
  const [mismatched] = await attemptsOf(gonePay.orderId);
  if (!mismatched) throw new Error('no attempt');
  expect(mismatched.state).toBe('amount_mismatch');
  const refused = await accept(gonePay.orderId, mismatched.id);
  expect(refused.statusCode).toBe(409);
  expect(refused.json()).toMatchObject({ code: 'order_stock_gone' });
  expect((await refund(gonePay.orderId, mismatched.id)).statusCode).toBe(200);
  expect(await orderOf(gonePay.orderId)).toMatchObject({ status: 'expired', stockReserved: false });
});
