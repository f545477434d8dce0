// Each order event queues its mail in the outbox (in process, no SMTP server: the outbox is the record), and what a
// shopper typed can neither inject HTML nor reorder a mail with bidirectional controls.
import { and, desc, eq } from 'drizzle-orm';
import { outbox, orders, users, type OrderStatus } from '../db/schema';
import type { OrderForMail } from '../db/queries/mails';
import { hashPassword } from '../lib/passwords';
import { call, createShopper, GUEST_CHECKOUT, plainProductWithStock } from '../routes/testSupport';
import { createTestApp, manualClock, type TestApp } from '../testing/testApp';
import { clean, composeOrderMail } from './orderMails';
import type { OrderMailEvent } from './texts';

jest.setTimeout(120_000);

const BIDI = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const SHOP = { name: { en: 'Gulf Store', ar: 'متجر الخليج' }, publicUrl: 'https://shop.example' };

function hostileOrder(language: 'en' | 'ar', status: OrderStatus): OrderForMail {
  const now = new Date('2026-01-15T10:00:00Z');
  return {
    customerName: '<script>alert(1)</script>\u202Enoor\u202C',
    order: {
      id: 41,
      userId: 3,
      guestCartId: null,
      status,
      currency: 'KWD',
      governorateName: '\u2066Ahmadi\u2069',
      areaName: '<b onmouseover="x()">Fahaheel</b>',
      address: '<img src=x onerror=alert(1)> Block 5\u200F \u202Bevil\u202C',
      paymentMethod: 'online',
      contactEmail: 'buyer@example.com',
      contactPhone: '5551\u202E2345',
      contactCountryCode: '+965',
      couponCode: null,
      couponDiscount: 0,
      subtotal: 10,
      discountAmount: 0,
      shippingCost: 2,
      totalPrice: 12,
      paymentUrl: 'https://shop.example/pay/sandbox/p1',
      reservedUntil: now,
      language,
      createdAt: now,
      updatedAt: now,
    } as OrderForMail['order'],
    items: [
      {
        id: 1,
        orderId: 41,
        productId: 9,
        productNameEn: 'Oud <i>oil</i>\u202E',
        productNameAr: 'دهن <i>عود</i>\u2067',
        size: '<u>L</u>',
        color: null,
        quantity: 2,
        unitPrice: 5,
        totalPrice: 10,
        picture: '/media/products/oud.svg',
      },
    ],
  };
}

const EVENTS: OrderMailEvent[] = [
  'received',
  'paid',
  'delivered',
  'cancelled',
  'expired',
  'refund_due',
  'refunded',
];

describe.each(['en', 'ar'] as const)('a hostile name and address in %s', (language) => {
  test.each(EVENTS)(
    'the %s mail escapes the HTML and drops the bidi controls in both parts',
    async (event) => {
      const mail = await composeOrderMail(SHOP, event, hostileOrder(language, 'pending'), {
        refund: { amount: 12, currency: 'KWD' },
      });
      for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(BIDI);
      expect(mail.html).not.toMatch(/<script|<img src=x|<b onmouseover|<i>|<u>/);
      if (event === 'received' || event === 'paid') {
        expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; Block 5 evil');
        expect(mail.text).toContain('<img src=x onerror=alert(1)> Block 5 evil');
        expect(mail.text).toContain('55512345');
      }
      expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;noor');
      expect(mail.html).toMatch(
        new RegExp(`<html[^>]*dir="${language === 'ar' ? 'rtl' : 'ltr'}"[^>]*lang="${language}"`),
      );
    },
  );
});

test('clean keeps the words and drops the controls', () => {
  expect(clean('a\u202Eb\u2066c\u2069\u200Fd\u0000 e\n\nf')).toBe('abcd e f');
});

describe('each order event queues its mail', () => {
  let t: TestApp;
  const clock = manualClock();
  beforeAll(async () => {
    t = await createTestApp({ seed: true, config: { now: clock.now } });
  });
  afterAll(async () => {
    await t.close();
  });

  const subjectsTo = async (email: string) =>
    (
      await t.db
        .select()
        .from(outbox)
        .where(eq(outbox.recipient, email.toLowerCase()))
        .orderBy(desc(outbox.id))
    ).map((row) => row.subject);

  async function place(token: string | null, email: string, headers: Record<string, string> = {}) {
    const productId = await plainProductWithStock(t.app, t.db, 10);
    if (token) {
      await call(t.app, 'POST', '/api/cart/add', { product_id: productId, quantity: 1 }, token);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/create-order',
        payload: { ...GUEST_CHECKOUT, guest_email: email },
        headers: { authorization: `Bearer ${token}`, ...headers },
      });
      expect(created.statusCode).toBe(201);
      return { productId, ...created.json<{ order_id: number; payment_url: string }>() };
    }
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/guest/cart/add',
      payload: { product_id: productId, quantity: 1 },
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/guest/create-order',
      payload: {
        ...GUEST_CHECKOUT,
        guest_email: email,
        guest_token: added.json<{ guest_token: string }>().guest_token,
      },
      headers,
    });
    expect(created.statusCode).toBe(201);
    return { productId, ...created.json<{ order_id: number; payment_url: string }>() };
  }

  test('placed, paid and delivered (the dev route journeys use); a review waiting tells the staff who asked', async () => {
    const buyer = await createShopper(t.db);
    const email = `${buyer.email}`;
    const { order_id: orderId, payment_url: paymentUrl, productId } = await place(buyer.token, email);
    expect(await subjectsTo(email)).toEqual([`We received your order #${orderId}`]);
    const row = (await t.db.select().from(outbox).where(eq(outbox.recipient, email)))[0];
    // Queued for the retry job only when there is an SMTP server to give it to.
    expect(row).toMatchObject({ retryAt: null, deliveryAttempts: 0, html: expect.stringContaining('<html') });

    const watcher = await createShopper(t.db);
    const quiet = await createShopper(t.db);
    await t.db.update(users).set({ role: 'staff', staffNotifications: true }).where(eq(users.id, watcher.id));
    await t.db.update(users).set({ role: 'staff' }).where(eq(users.id, quiet.id));
    await t.app.inject({
      method: 'POST',
      url: `/pay/sandbox/${paymentUrl.split('/').pop() ?? ''}`,
      payload: 'action=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect((await subjectsTo(email))[0]).toBe(`Your receipt for order #${orderId}`);
    expect((await subjectsTo(watcher.email))[0]).toMatch(new RegExp(`^Paid order #${orderId} is waiting`));
    expect(await subjectsTo(quiet.email)).toEqual([]);

    expect((await call(t.app, 'POST', `/api/dev/orders/${orderId}/complete`)).statusCode).toBe(200);
    expect((await subjectsTo(email))[0]).toBe(`Your order #${orderId} was delivered`);

    const review = await call(
      t.app,
      'POST',
      '/api/reviews/add',
      { product_id: productId, rating: 4, review: 'Lovely <b>oud</b>' },
      buyer.token,
    );
    expect(review.statusCode).toBe(201);
    expect((await subjectsTo(watcher.email))[0]).toBe('A review is waiting for approval');
    expect(await subjectsTo(quiet.email)).toEqual([]);
  });

  test('a staff member who signed in in Arabic is told in Arabic, right to left; one never seen since in English', async () => {
    const password = 'Staff-password-1';
    const arabic = await createShopper(t.db, { name: 'موظف' });
    const unseen = await createShopper(t.db);
    await t.db
      .update(users)
      .set({ role: 'staff', staffNotifications: true, passwordHash: await hashPassword(password, 4) })
      .where(eq(users.id, arabic.id));
    await t.db.update(users).set({ role: 'staff', staffNotifications: true }).where(eq(users.id, unseen.id));
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: arabic.email, password },
      headers: { cookie: 'i18next=ar' },
    });
    expect(signIn.statusCode).toBe(200);
    // A back office request without a language of its own (a script with the token) changes nothing.
    await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { authorization: `Bearer ${arabic.token}` },
    });
    const [stored] = await t.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.id, arabic.id));
    expect(stored?.language).toBe('ar');

    const buyer = await createShopper(t.db);
    const { order_id: orderId, payment_url: paymentUrl, productId } = await place(buyer.token, buyer.email);
    await t.app.inject({
      method: 'POST',
      url: `/pay/sandbox/${paymentUrl.split('/').pop() ?? ''}`,
      payload: 'action=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const noticeTo = async (email: string) =>
      (await t.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(desc(outbox.id)))[0];
    const notice = await noticeTo(arabic.email);
    expect(notice?.subject).toMatch(new RegExp(`^الطلب المدفوع رقم ${orderId} بانتظارك`));
    expect(notice?.html).toMatch(/<html[^>]*lang="ar"[^>]*dir="rtl"|<html[^>]*dir="rtl"[^>]*lang="ar"/);
    expect(notice?.html).toContain('افتح الطلب');
    expect((await noticeTo(unseen.email))?.subject).toMatch(new RegExp(`^Paid order #${orderId} is waiting`));

    // Later the staff member opens the back office in English: the next notice is English.
    const dashboard = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard?lng=en',
      headers: { authorization: `Bearer ${arabic.token}` },
    });
    expect(dashboard.statusCode).toBe(200);
    expect((await call(t.app, 'POST', `/api/dev/orders/${orderId}/complete`)).statusCode).toBe(200);
    const review = await call(
      t.app,
      'POST',
      '/api/reviews/add',
      { product_id: productId, rating: 5, review: 'حلو' },
      buyer.token,
    );
    expect(review.statusCode).toBe(201);
    expect((await noticeTo(arabic.email))?.subject).toBe('A review is waiting for approval');
  });

  test('the shopper cancels: one mail, in the language of the order', async () => {
    const buyer = await createShopper(t.db);
    const { order_id: orderId } = await place(buyer.token, buyer.email, { cookie: 'i18next=ar' });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.language).toBe('ar');
    expect((await call(t.app, 'POST', `/api/orders/${orderId}/cancel`, {}, buyer.token)).statusCode).toBe(
      200,
    );
    expect(await subjectsTo(buyer.email)).toEqual([
      `تم إلغاء طلبك رقم ${orderId}`,
      `استلمنا طلبك رقم ${orderId}`,
    ]);
    // The same click again changes nothing and mails nothing.
    await call(t.app, 'POST', `/api/orders/${orderId}/cancel`, {}, buyer.token);
    expect(await subjectsTo(buyer.email)).toHaveLength(2);
  });

  test("a guest's unpaid order expires through the job; ?lng=ar decides the language", async () => {
    const email = 'guest-expiry@example.com';
    const { order_id: orderId } = await t.app
      .inject({ method: 'GET', url: '/api/health' })
      .then(() => place(null, email, { 'accept-language': 'ar' }));
    clock.advance(24 * 60 * 60 * 1000);
    await t.app.jobs.tick();
    expect(await subjectsTo(email)).toEqual([
      `انتهت مهلة طلبك رقم ${orderId} دون دفع`,
      `استلمنا طلبك رقم ${orderId}`,
    ]);
    const [row] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, email), eq(outbox.subject, `انتهت مهلة طلبك رقم ${orderId} دون دفع`)));
    expect(row?.html).toMatch(/<html[^>]*dir="rtl"/);
  });
});
