// GET /payments/{id}/status answers only the order's owner (bearer or the guest_token that made it) or the signed
// return link the gateway sends the shopper back with; anything else is 404, before the gateway is asked; and it is
// rate-limited per client address (issue 47, finding 9).
import { DEFAULT_PER_IP_LIMITS } from '../config';
import { createTestApp, manualClock, type TestApp } from '../testing/testApp';
import { call, createShopper, GUEST_CHECKOUT, plainProductWithStock } from './testSupport';

jest.setTimeout(120_000);

let t: TestApp;
const clock = manualClock(new Date());
beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { now: clock.now } });
});
afterAll(async () => {
  await t.close();
});

const paymentIdOf = (paymentUrl: string) => paymentUrl.split('/').pop() ?? '';

async function guestOrder(app = t.app) {
  const productId = await plainProductWithStock(app, t.db, 50);
  const added = await app.inject({
    method: 'POST',
    url: '/api/guest/cart/add',
    payload: { product_id: productId, quantity: 1 },
  });
  const guestToken = added.json<{ guest_token: string }>().guest_token;
  const created = await app.inject({
    method: 'POST',
    url: '/api/guest/create-order',
    payload: { ...GUEST_CHECKOUT, guest_token: guestToken },
  });
  expect(created.statusCode).toBe(201);
  const { order_id: orderId, payment_url: paymentUrl } = created.json<{
    order_id: number;
    payment_url: string;
  }>();
  return { guestToken, orderId, paymentId: paymentIdOf(paymentUrl) };
}

/** The sandbox's Pay button: the redirect back to the shop is the signed return link. */
async function pay(paymentId: string, app = t.app): Promise<URL> {
  const paid = await app.inject({
    method: 'POST',
    url: `/pay/sandbox/${paymentId}`,
    payload: 'action=pay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(paid.statusCode).toBe(303);
  return new URL(String(paid.headers.location));
}

const status = (paymentId: string, query = '', token?: string) =>
  call(t.app, 'GET', `/api/payments/${encodeURIComponent(paymentId)}/status${query}`, undefined, token);

test("a stranger gets 404 for someone's payment: no sign-in, another shopper, another guest cart", async () => {
  const { paymentId, orderId } = await guestOrder();
  await pay(paymentId);
  const stranger = await createShopper(t.db);
  const other = await guestOrder();
  expect((await status(paymentId)).statusCode).toBe(404);
  expect((await status(paymentId, '', stranger.token)).statusCode).toBe(404);
  expect((await status(paymentId, `?guest_token=${other.guestToken}`)).statusCode).toBe(404);
  expect((await status(paymentId, '?guest_token=not-a-real-token-at-all')).statusCode).toBe(404);
  // A signature made for another order opens nothing.
  const otherLink = await pay(other.paymentId);
  expect((await status(paymentId, otherLink.search.replace(/paymentId=[^&]*&?/, ''))).statusCode).toBe(404);
  void orderId;
});

test("a signed-in shopper naming another's payment, or one the shop never started, is 404 before the gateway is asked", async () => {
  const { paymentId } = await guestOrder();
  const stranger = await createShopper(t.db);
  const asked = jest.spyOn(t.app.deps.gateway, 'getPaymentStatus');
  try {
    expect((await status(paymentId, '', stranger.token)).statusCode).toBe(404);
    expect((await status('1234567890', '', stranger.token)).statusCode).toBe(404);
    expect(asked).not.toHaveBeenCalled();
  } finally {
    asked.mockRestore();
  }
});

test("the order's owner sees it: the guest_token that made it, or the account's bearer token", async () => {
  const { paymentId, orderId, guestToken } = await guestOrder();
  const byGuest = await status(paymentId, `?guest_token=${guestToken}`);
  expect([byGuest.statusCode, byGuest.json()]).toEqual([
    200,
    expect.objectContaining({ order_id: orderId, status: 'pending' }),
  ]);

  const buyer = await createShopper(t.db);
  const productId = await plainProductWithStock(t.app, t.db, 50);
  await call(t.app, 'POST', '/api/cart/add', { product_id: productId, quantity: 1 }, buyer.token);
  const created = await call(t.app, 'POST', '/api/create-order', GUEST_CHECKOUT, buyer.token);
  const own = created.json<{ order_id: number; payment_url: string }>();
  const mine = await status(paymentIdOf(own.payment_url), '', buyer.token);
  expect([mine.statusCode, mine.json()]).toEqual([200, expect.objectContaining({ order_id: own.order_id })]);
});

test('the signed return link lets a shopper in a fresh browser see the outcome, for a while, untampered', async () => {
  const { paymentId, orderId } = await guestOrder();
  const back = await pay(paymentId);
  expect(back.pathname).toBe('/payment');
  expect(back.searchParams.get('paymentId')).toBe(paymentId);
  expect(back.searchParams.get('signature')).toMatch(/^[0-9a-f]{32,}$/);
  const seen = await status(paymentId, back.search);
  expect([seen.statusCode, seen.json()]).toEqual([
    200,
    expect.objectContaining({ order_id: orderId, status: 'paid' }),
  ]);

  const forged = new URLSearchParams(back.search);
  forged.set('expires', String(Number(forged.get('expires')) + 3600));
  expect((await status(paymentId, `?${forged.toString()}`)).statusCode).toBe(404);
  const flipped = new URLSearchParams(back.search);
  const signature = flipped.get('signature') ?? '';
  flipped.set('signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`);
  expect((await status(paymentId, `?${flipped.toString()}`)).statusCode).toBe(404);

  clock.advance(3 * 3_600_000);
  expect((await status(paymentId, back.search)).statusCode).toBe(404);
});

test('the status check is rate-limited per client address', async () => {
  const limited = await createTestApp({
    sharedWith: t,
    config: { perIpLimits: { ...DEFAULT_PER_IP_LIMITS, guestCart: 10_000, paymentStatus: 5 } },
  });
  try {
    const { paymentId, guestToken } = await guestOrder(limited.app);
    const ask = (address: string) =>
      limited.app.inject({
        method: 'GET',
        url: `/api/payments/${paymentId}/status?guest_token=${guestToken}`,
        remoteAddress: address,
      });
    for (let i = 0; i < 5; i += 1) expect((await ask('192.0.2.7')).statusCode).toBe(200);
    const sixth = await ask('192.0.2.7');
    expect(sixth.statusCode).toBe(429);
    expect((await ask('192.0.2.8')).statusCode).toBe(200);
    // IPv6 clients count by their /64 (issue 47, finding 10): a new address in the same network is no way round.
    for (let i = 1; i <= 5; i += 1) expect((await ask(`2001:db8:1:2::${i}`)).statusCode).toBe(200);
    expect((await ask('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).statusCode).toBe(429);
    expect((await ask('2001:db8:1:3::1')).statusCode).toBe(200);
  } finally {
    await limited.close();
  }
});
