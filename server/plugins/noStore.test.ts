// Personal answers carry Cache-Control: no-store (issue 47, finding 12), over a list of routes, signed in or not.
import { connect, type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { call, createShopper, type Shopper } from '../routes/testSupport';
import { createTestApp, type TestApp } from '../testing/testApp';

let t: TestApp;
let shopper: Shopper;
let staff: Shopper;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  shopper = await createShopper(t.db);
  staff = await createShopper(t.db);
  await t.db.update(users).set({ role: 'owner' }).where(eq(users.id, staff.id));
});
afterAll(() => t.close());

const PERSONAL: [
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: 'shopper' | 'staff' | 'nobody',
][] = [
  ['GET', '/api/users', 'shopper'],
  ['GET', '/api/cart', 'shopper'],
  ['POST', '/api/cart/add', 'shopper'],
  ['POST', '/api/cart/apply-coupon', 'shopper'],
  ['GET', '/api/orders', 'shopper'],
  ['GET', '/api/orders/1', 'shopper'],
  ['POST', '/api/create-order', 'shopper'],
  ['GET', '/api/addresses', 'shopper'],
  ['PUT', '/api/profile_update', 'shopper'],
  ['POST', '/api/profile/email/resend', 'shopper'],
  ['GET', '/api/user-wishlist', 'shopper'],
  ['GET', '/api/payments/PAY-123456789/status', 'shopper'],
  ['GET', '/api/admin/dashboard', 'staff'],
  ['GET', '/api/admin/orders', 'staff'],
  ['GET', '/api/admin/coupons', 'staff'],
  // Without a token: the guest's own things, payment status, sign-in, and the refusals of personal routes.
  ['GET', '/api/guest/cart?guest_token=abc', 'nobody'],
  ['POST', '/api/guest/create-order', 'nobody'],
  ['GET', '/api/payments/PAY-123456789/status', 'nobody'],
  ['POST', '/api/login', 'nobody'],
  ['GET', '/api/users', 'nobody'],
  ['GET', '/api/orders', 'nobody'],
  ['GET', '/api/admin/dashboard', 'nobody'],
  // The router decodes a path before it matches a route: a personal route reached by an encoded address is personal.
  ['GET', '/api/%67uest/cart?guest_token=abc', 'nobody'],
  ['GET', '/api/%70ayments/PAY-123456789/status', 'nobody'],
  ['GET', '/api/%63art', 'shopper'],
  // A path the router cannot decode is refused before any route; its refusal is not kept either.
  ['GET', '/api/guest/%E0%A4%A/cart', 'nobody'],
  ['GET', '/product/%E0%A4%A', 'nobody'],
];

test.each(PERSONAL)('%s %s (%s) answers Cache-Control: no-store', async (method, url, who) => {
  const token = who === 'shopper' ? shopper.token : who === 'staff' ? staff.token : undefined;
  const response = await call(t.app, method, url, method === 'GET' ? undefined : {}, token);
  expect(response.headers['cache-control']).toBe('no-store');
});

test('the public catalogue is not marked personal', async () => {
  const response = await call(t.app, 'GET', '/api/categories');
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).not.toBe('no-store');
});

/** One request as its line is written (the forms a browser never sends, a proxy may pass on): the answer's headers. */
async function rawHeaders(requestLine: string): Promise<string> {
  const { port } = t.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(`${requestLine}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
    );
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('end', () => resolve(answer.slice(0, answer.indexOf('\r\n\r\n')).toLowerCase()));
    socket.on('error', reject);
  });
}

test('a personal route reached by a request line the router reads otherwise than its path is personal too', async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  for (const line of [
    'GET http://127.0.0.1/api/guest/cart?guest_token=abc HTTP/1.1',
    'GET /api/payments/PAY-123456789/status#x HTTP/1.1',
  ]) {
    const headers = await rawHeaders(line);
    expect(headers).toMatch(/^http\/1\.1 \d{3}/);
    expect(headers).toContain('cache-control: no-store');
    expect(headers).toContain("content-security-policy: default-src 'none';frame-ancestors 'none'");
  }
});
