// The order's mails as a shopper's mail client gets them: the shop delivers through a real SMTP server started
// here (smtp-server), and each message is read back with a mail parser (mailparser): subject, language and
// direction of the HTML part, the links (pay, rate), the totals, in English and Arabic, signed in and as a guest.
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { orders, users } from '../db/schema';
import {
  call,
  createShopper,
  GUEST_CHECKOUT,
  plainProductWithStock,
  type Shopper,
} from '../routes/testSupport';
import { createTestApp, manualClock, type TestApp } from '../testing/testApp';

jest.setTimeout(120_000);

const PUBLIC_URL = 'https://shop.example';
let t: TestApp;
let smtp: SMTPServer;
let inbox: ParsedMail[] = [];
let staff: Shopper;
const clock = manualClock();

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream).then(
        (mail) => {
          inbox.push(mail);
          done();
        },
        (error: Error) => done(error),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({
    seed: true,
    config: {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      publicUrl: PUBLIC_URL,
      contactEmail: 'help@shop.example',
      now: clock.now,
    },
  });
  staff = await createShopper(t.db, { name: 'Fulfilment' });
  await t.db.update(users).set({ role: 'staff', staffNotifications: true }).where(eq(users.id, staff.id));
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

/** Runs the background jobs once (the outbox's delivery among them) and answers what arrived since the last call. */
async function delivered(): Promise<ParsedMail[]> {
  await t.app.jobs.tick();
  const arrived = inbox;
  inbox = [];
  return arrived;
}

const toOf = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((to) =>
    to.value.map((a) => a.address),
  );

function onlyTo(mails: ParsedMail[], address: string): ParsedMail {
  const mine = mails.filter((mail) => toOf(mail).includes(address.toLowerCase()));
  expect(mine).toHaveLength(1);
  return mine[0] as ParsedMail;
}

const htmlOf = (mail: ParsedMail) => (typeof mail.html === 'string' ? mail.html : '');

async function pay(paymentUrl: string) {
  const paid = await t.app.inject({
    method: 'POST',
    url: new URL(paymentUrl).pathname,
    payload: 'action=pay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(paid.statusCode).toBeLessThan(400);
}

test('a signed-in shopper ordering in English: received with its payment link, the receipt, delivered with rate links', async () => {
  const productId = await plainProductWithStock(t.app, t.db, 10);
  const buyer = await createShopper(t.db, { name: 'Noor' });
  await call(t.app, 'POST', '/api/cart/add', { product_id: productId, quantity: 2 }, buyer.token);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/create-order',
    payload: GUEST_CHECKOUT,
    headers: { authorization: `Bearer ${buyer.token}`, 'accept-language': 'en-GB,en;q=0.8' },
  });
  expect(created.statusCode).toBe(201);
  const { order_id: orderId, payment_url: paymentUrl } = created.json<{
    order_id: number;
    payment_url: string;
  }>();
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error('no order');
  expect(order.language).toBe('en');
  const to = order.contactEmail;
  const total = `${order.totalPrice.toFixed(3)} KWD`;

  const received = onlyTo(await delivered(), to);
  expect(received.subject).toBe(`We received your order #${orderId}`);
  expect(htmlOf(received)).toMatch(/<html[^>]*dir="ltr"/);
  expect(htmlOf(received)).toMatch(/<html[^>]*lang="en"/);
  expect(htmlOf(received)).toContain(`href="${paymentUrl}"`);
  expect(received.text).toContain(`Pay now: ${paymentUrl}`);
  expect(received.text).toContain(`Total: ${total}`);
  expect(received.text).toContain('Hello Noor,');
  expect(received.text).toContain('Block 5, Street 20, House 7');
  expect(received.text).toContain('Questions? Write to us at help@shop.example.');
  expect(htmlOf(received)).toMatch(new RegExp(`<img[^>]*src="${PUBLIC_URL}/`));

  await pay(paymentUrl);
  const afterPay = await delivered();
  const receipt = onlyTo(afterPay, to);
  expect(receipt.subject).toBe(`Your receipt for order #${orderId}`);
  expect(receipt.text).toContain(`We received ${total} for your order #${orderId}`);
  expect(receipt.text).not.toContain(paymentUrl);
  // The staff member who asked to be told hears of the paid order.
  const notice = onlyTo(afterPay, staff.email);
  expect(notice.subject).toBe(`Paid order #${orderId} is waiting: ${total}`);
  expect(notice.text).toContain(`${PUBLIC_URL}/admin/orders/${orderId}?lng=en`);

  const owner = await createShopper(t.db);
  await t.db.update(users).set({ role: 'owner' }).where(eq(users.id, owner.id));
  expect(
    (await call(t.app, 'POST', `/api/admin/orders/${orderId}/deliver`, {}, owner.token)).statusCode,
  ).toBe(200);
  const done = onlyTo(await delivered(), to);
  expect(done.subject).toBe(`Your order #${orderId} was delivered`);
  const rateLink = `${PUBLIC_URL}/product/${productId}?lng=en`;
  expect(htmlOf(done)).toContain(`href="${rateLink}"`);
  expect(done.text).toContain(rateLink);
});

test('a guest ordering in Arabic: right to left, Arabic words, the payment link; cancelled by staff; refund', async () => {
  const productId = await plainProductWithStock(t.app, t.db, 10);
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/guest/cart/add',
    payload: { product_id: productId, quantity: 1 },
  });
  const guestToken = added.json<{ guest_token: string }>().guest_token;
  const email = 'zahra@example.com';
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/guest/create-order',
    payload: {
      ...GUEST_CHECKOUT,
      governorate_name: 'الأحمدي',
      area_name: 'الفحيحيل',
      guest_email: email,
      guest_token: guestToken,
    },
    // The SPA's language cookie, as a browser sends it with every call.
    headers: { cookie: 'i18next=ar' },
  });
  expect(created.statusCode).toBe(201);
  const { order_id: orderId, payment_url: paymentUrl } = created.json<{
    order_id: number;
    payment_url: string;
  }>();
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error('no order');
  const total = `${order.totalPrice.toFixed(3)} KWD`;

  const received = onlyTo(await delivered(), email);
  expect(received.subject).toBe(`استلمنا طلبك رقم ${orderId}`);
  expect(htmlOf(received)).toMatch(/<html[^>]*dir="rtl"/);
  expect(htmlOf(received)).toMatch(/<html[^>]*lang="ar"/);
  expect(received.text).toContain(`ادفع الآن: ${paymentUrl}`);
  expect(received.text).toContain(`الإجمالي: ${total}`);
  expect(received.text).toContain('الفحيحيل، الأحمدي');
  // A guest has no account: the greeting names nobody, and no link to an orders page they cannot open.
  expect(received.text).toContain('مرحبًا،');
  expect(received.text).not.toContain('/orders?');

  await pay(paymentUrl);
  expect(onlyTo(await delivered(), email).subject).toBe(`إيصال طلبك رقم ${orderId}`);

  const owner = await createShopper(t.db);
  await t.db.update(users).set({ role: 'owner' }).where(eq(users.id, owner.id));
  expect((await call(t.app, 'POST', `/api/admin/orders/${orderId}/cancel`, {}, owner.token)).statusCode).toBe(
    200,
  );
  const cancelled = onlyTo(await delivered(), email);
  expect(cancelled.subject).toBe(`تم إلغاء طلبك رقم ${orderId}`);
  expect(cancelled.text).toContain(`دفعت ${total} له`);

  const page = await call(t.app, 'GET', `/api/admin/orders/${orderId}`, undefined, owner.token);
  const due = page
    .json<{ payments: { id: number; state: string }[] }>()
    .payments.find((p) => p.state === 'refund_due');
  if (!due) throw new Error('no payment due');
  const refund = await call(
    t.app,
    'POST',
    `/api/admin/orders/${orderId}/payments/${due.id}/refund`,
    {},
    owner.token,
  );
  expect(refund.statusCode).toBe(200);
  const refunded = onlyTo(await delivered(), email);
  expect(refunded.subject).toBe(`استرداد مبلغ طلبك رقم ${orderId}`);
  expect(refunded.text).toContain(`المبلغ المسترد: ${total}`);
  expect(htmlOf(refunded)).toMatch(/<html[^>]*dir="rtl"/);
});

test('an order left unpaid expires with a mail saying nothing was charged', async () => {
  const productId = await plainProductWithStock(t.app, t.db, 10);
  const buyer = await createShopper(t.db);
  await call(t.app, 'POST', '/api/cart/add', { product_id: productId, quantity: 1 }, buyer.token);
  const created = await call(t.app, 'POST', '/api/create-order', GUEST_CHECKOUT, buyer.token);
  const { order_id: orderId } = created.json<{ order_id: number }>();
  const to = GUEST_CHECKOUT.guest_email;
  onlyTo(await delivered(), to);
  clock.advance(24 * 60 * 60 * 1000);
  const expired = onlyTo(await delivered(), to);
  expect(expired.subject).toBe(`Your order #${orderId} expired unpaid`);
  expect(expired.text).toContain('Nothing was charged');
});
