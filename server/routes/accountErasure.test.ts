// Issue 30: account deletion leaves no personal data behind that the shop does not need, and the mail outbox
// (codes in clear text) does not keep mail forever.
import { eq, inArray } from 'drizzle-orm';
import { orders, outbox, reviews, users } from '../db/schema';
import {
  authHeader,
  createTestApp,
  manualClock,
  registerVerifiedUser,
  type TestApp,
} from '../testing/testApp';
import { call, plainProductWithStock } from './testSupport';

// A fresh database with the demo shop takes a few seconds on a busy machine.
jest.setTimeout(30_000);

const DAY_MS = 24 * 60 * 60 * 1000;
const clock = manualClock(new Date('2026-03-01T08:00:00Z'));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { now: clock.now } });
});
afterAll(async () => {
  await t.close();
});

const CHECKOUT = {
  governorate_name: 'Ahmadi',
  area_name: 'Fahaheel',
  address: 'Block 9, Noura Street 4, House 12',
  payment_method: 'online',
  shipping_cost: 2,
  total_price: 10,
  guest_phone: '55577777',
  guest_email: 'noura.private@example.com',
  guest_country_code: '+965',
};
const PERSONAL = ['noura', 'Noura', '55577777'];

async function placeOrder(token: string, productId: number): Promise<number> {
  const added = await call(t.app, 'POST', '/api/cart/add', { product_id: productId, quantity: 1 }, token);
  expect(added.statusCode).toBe(200);
  const created = await call(t.app, 'POST', '/api/create-order', CHECKOUT, token);
  expect(created.statusCode).toBe(201);
  return created.json<{ order_id: number }>().order_id;
}

async function orderRow(id: number) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`order ${id} is gone`);
  return row;
}

describe('DELETE /profile_delete', () => {
  test('keeps orders for the books without their contact details, reviews under a neutral name, and no mail', async () => {
    const shopper = await registerVerifiedUser(t.app, {
      name: 'Noura Private',
      email: 'noura.private@example.com',
      phone_number: '55577777',
    });
    const productId = await plainProductWithStock(t.app, t.db, 50);
    const delivered = await placeOrder(shopper.token, productId);
    expect((await call(t.app, 'POST', `/api/dev/orders/${delivered}/complete`)).statusCode).toBe(200);
    const unpaid = await placeOrder(shopper.token, productId);
    const before = await orderRow(delivered);
    const [written] = await t.db
      .insert(reviews)
      .values({
        productId,
        userId: shopper.id,
        userName: 'Noura Private',
        rating: 5,
        review: 'Lovely fabric, fits well.',
        status: 'approved',
      })
      .returning({ id: reviews.id });

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile_delete',
      headers: authHeader(shopper.token),
    });
    expect(deleted.statusCode).toBe(200);

    // A delivered order keeps what the books need (money, status, delivery area) and nothing that names anyone.
    const kept = await orderRow(delivered);
    expect(kept).toMatchObject({
      userId: null,
      status: 'completed',
      totalPrice: before.totalPrice,
      subtotal: before.subtotal,
      governorateName: 'Ahmadi',
      areaName: 'Fahaheel',
      address: '',
      contactEmail: '',
      contactPhone: '',
    });
    for (const personal of PERSONAL) expect(JSON.stringify(kept)).not.toContain(personal);
    const [review] = await t.db
      .select()
      .from(reviews)
      .where(eq(reviews.id, written?.id ?? 0));
    expect(review).toMatchObject({ userId: null, userName: '', review: 'Lovely fabric, fits well.' });
    expect(await t.db.select().from(outbox).where(eq(outbox.recipient, 'noura.private@example.com'))).toEqual(
      [],
    );
    expect(await t.db.select().from(users).where(eq(users.id, shopper.id))).toEqual([]);

    // An order still open (it may yet be paid and delivered) keeps its contact details until it settles.
    expect(await orderRow(unpaid)).toMatchObject({ userId: null, contactEmail: 'noura.private@example.com' });
    clock.advance(31 * 60 * 1000);
    await t.app.jobs.tick();
    // Expired, but its payment page may still take the money for a day (the order is then sold after all).
    expect(await orderRow(unpaid)).toMatchObject({
      status: 'expired',
      contactEmail: 'noura.private@example.com',
    });
    // The day counts from its expiry, not from its payment's start half an hour before.
    clock.advance(DAY_MS - 20 * 60 * 1000);
    await t.app.jobs.tick();
    expect((await orderRow(unpaid)).contactEmail).toBe('noura.private@example.com');
    clock.advance(20 * 60 * 1000 + 1);
    await t.app.jobs.tick();
    const settled = await orderRow(unpaid);
    expect(settled.status).toBe('expired');
    for (const personal of PERSONAL) expect(JSON.stringify(settled)).not.toContain(personal);
  });

  test('an order that expired after the deletion and is then paid on its open payment page can still be delivered', async () => {
    const shopper = await registerVerifiedUser(t.app, {
      name: 'Noura Private',
      email: 'noura.late@example.com',
      phone_number: '55577777',
    });
    const productId = await plainProductWithStock(t.app, t.db, 5);
    const orderId = await placeOrder(shopper.token, productId);
    const { paymentId } = await orderRow(orderId);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/api/profile_delete',
          headers: authHeader(shopper.token),
        })
      ).statusCode,
    ).toBe(200);
    clock.advance(31 * 60 * 1000);
    await t.app.jobs.tick();
    expect((await orderRow(orderId)).status).toBe('expired');

    const paid = await t.app.inject({
      method: 'POST',
      url: `/pay/sandbox/${paymentId ?? ''}`,
      payload: 'action=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.statusCode).toBe(303);
    await t.app.jobs.tick();
    expect(await orderRow(orderId)).toMatchObject({
      status: 'paid',
      address: CHECKOUT.address,
      contactEmail: CHECKOUT.guest_email,
      contactPhone: CHECKOUT.guest_phone,
    });
    // Delivered: the contact details go.
    expect((await call(t.app, 'POST', `/api/dev/orders/${orderId}/complete`)).statusCode).toBe(200);
    await t.app.jobs.tick();
    for (const personal of PERSONAL) expect(JSON.stringify(await orderRow(orderId))).not.toContain(personal);
  });
});

describe('the mail outbox', () => {
  test('is pruned by the background jobs after OUTBOX_RETENTION_DAYS (7 by default)', async () => {
    const first = await registerVerifiedUser(t.app, { email: 'old.mail@example.com' });
    clock.advance(3 * DAY_MS);
    const second = await registerVerifiedUser(t.app, { email: 'newer.mail@example.com' });
    const recipients = async () =>
      (
        await t.db
          .select({ recipient: outbox.recipient })
          .from(outbox)
          .where(inArray(outbox.recipient, [first.email, second.email]))
      ).map((row) => row.recipient);

    clock.advance(4 * DAY_MS - 60_000);
    await t.app.jobs.tick();
    expect(await recipients()).toContain(first.email);

    clock.advance(2 * 60_000);
    const report = await t.app.jobs.tick();
    expect(report['prune-outbox']).toBeGreaterThanOrEqual(1);
    expect(await recipients()).not.toContain(first.email);
    expect(await recipients()).toContain(second.email);
  });
});
