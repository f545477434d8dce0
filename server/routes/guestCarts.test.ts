import { count, eq, isNotNull, sql } from 'drizzle-orm';
import { cartItems, guestCarts, orders } from '../db/schema';
import { GUEST_CART_EMPTY_TTL_MS, GUEST_CART_IDLE_TTL_MS } from '../services/cart';
import { sha256Hex } from '../lib/tokens';
import {
  authHeader,
  createTestApp,
  manualClock,
  registerVerifiedUser,
  type TestApp,
} from '../testing/testApp';

const HOUR = 60 * 60 * 1000;
const GUEST_CARTS_PER_MINUTE = 5;

let t: TestApp;
// The app reads the clock from its first request (the rate limits do): one exists before beforeEach sets each test's.
let clock = manualClock(new Date());
let productId: number;

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    config: {
      now: () => clock.now(),
      perIpLimits: { register: 100, login: 100, guestCart: GUEST_CARTS_PER_MINUTE, pageRenders: 100 },
    },
  });
  productId = await plainProductId();
});
afterAll(async () => {
  await t.close();
});

/** A product without sizes or colours, with plenty in stock. */
async function plainProductId(): Promise<number> {
  const categories = (await t.app.inject({ method: 'GET', url: '/api/categories' })).json<
    { products: { id: number; stock_quantity: number; attributes: unknown[] }[] }[]
  >();
  const plain = categories
    .flatMap((category) => category.products)
    .find((product) => product.attributes.length === 0 && product.stock_quantity >= 10);
  if (!plain) throw new Error('no plain product in the seed');
  return plain.id;
}

const guestCartCount = async () => (await t.db.select({ n: count() }).from(guestCarts))[0]?.n ?? 0;

function addAsGuest(from: string, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/guest/cart/add',
    payload: { product_id: productId, quantity: 1, ...body },
    remoteAddress: from,
  });
}

async function newGuestCart(from: string): Promise<string> {
  const response = await addAsGuest(from, {});
  if (response.statusCode !== 200) throw new Error(`add failed: ${response.statusCode} ${response.body}`);
  return response.json<{ guest_token: string }>().guest_token;
}

async function removeLine(token: string) {
  const response = await t.app.inject({
    method: 'DELETE',
    url: `/api/guest/cart/product/${productId}?guest_token=${token}`,
  });
  expect(response.statusCode).toBe(200);
}

beforeEach(async () => {
  // Rows are stamped by the database's own clock: each test's clock starts at the real now and moves forward.
  clock = manualClock(new Date());
  await t.db.delete(orders).where(isNotNull(orders.guestCartId));
  await t.db.delete(guestCarts);
});

describe('a flood of guest carts', () => {
  it('is held to the per-address limit, and what it left expires: the table cannot grow without bound', async () => {
    const flood = await Promise.all(
      Array.from({ length: 60 }, (_, index) => addAsGuest(`10.0.${index % 3}.1`, {})),
    );
    const statuses = flood.map((response) => response.statusCode);
    // Three addresses, each allowed its few new carts a minute; the rest is a clear 429.
    expect(statuses.filter((status) => status === 200)).toHaveLength(3 * GUEST_CARTS_PER_MINUTE);
    const refused = flood.filter((response) => response.statusCode === 429);
    expect(refused).toHaveLength(60 - 3 * GUEST_CARTS_PER_MINUTE);
    expect(refused[0]?.json()).toEqual({ message: 'Too many attempts. Please try again later.' });
    expect(refused[0]?.headers['retry-after']).toBeDefined();
    expect(await guestCartCount()).toBe(3 * GUEST_CARTS_PER_MINUTE);

    // Refused first adds (an unknown product) leave no cart behind either.
    const unknown = await addAsGuest('10.0.9.1', { product_id: 2_000_000_000 });
    expect(unknown.statusCode).toBe(404);
    expect(await guestCartCount()).toBe(3 * GUEST_CARTS_PER_MINUTE);

    // The flood's carts, never touched again, are gone after the idle period: rows and lines.
    clock.advance(GUEST_CART_IDLE_TTL_MS + HOUR);
    await t.app.jobs.tick();
    expect(await guestCartCount()).toBe(0);
    expect(await t.db.select().from(cartItems).where(isNotNull(cartItems.guestCartId))).toEqual([]);
  });

  it('limits only new carts: a shopper with a token adds as often as they like', async () => {
    const token = await newGuestCart('10.1.0.1');
    for (let index = 0; index < GUEST_CARTS_PER_MINUTE * 2; index += 1) {
      expect((await addAsGuest('10.1.0.1', { guest_token: token })).statusCode).toBe(200);
    }
  });
});

describe('guest cart expiry', () => {
  it('deletes empty carts after a day and idle ones after a month, and keeps what a shopper may come back to', async () => {
    const from = '10.2.0.1';
    const emptied = await newGuestCart(from);
    await removeLine(emptied);
    const withProducts = await newGuestCart(from);
    const ordered = await newGuestCart(from);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/guest/create-order',
      payload: {
        governorate_name: 'Ahmadi',
        area_name: 'Fahaheel',
        address: 'Block 5, Street 20, House 7',
        payment_method: 'online',
        shipping_cost: 0,
        total_price: 0.001,
        guest_phone: '55512345',
        guest_email: 'buyer@example.com',
        guest_country_code: '+965',
        guest_token: ordered,
      },
    });
    expect(order.statusCode).toBe(201);
    // Its order keeps the cart: the shopper pays and checks the order with that token.
    await removeLine(ordered);
    const start = clock.now().getTime();
    const visit = (row: string) => t.app.inject({ method: 'GET', url: `/api/guest/cart?guest_token=${row}` });

    clock.advance(GUEST_CART_EMPTY_TTL_MS - HOUR);
    await t.app.jobs.tick();
    expect(await guestCartCount()).toBe(3);

    clock.advance(2 * HOUR);
    await t.app.jobs.tick();
    expect(await guestCartCount()).toBe(2);
    // The SPA drops a token the server no longer knows (401) and starts a new cart on the next add.
    expect((await visit(emptied)).statusCode).toBe(401);
    expect((await visit(withProducts)).statusCode).toBe(200);

    // A cart with products, or with an order, waits the whole idle period for its shopper.
    clock.advance(start + GUEST_CART_IDLE_TTL_MS - HOUR - clock.now().getTime());
    await t.app.jobs.tick();
    expect(await guestCartCount()).toBe(2);

    clock.advance(2 * HOUR);
    await t.app.jobs.tick();
    expect(await guestCartCount()).toBe(0);
    // The order stays, only no longer tied to a cart.
    const [kept] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.id, order.json<{ order_id: number }>().order_id));
    expect(kept?.guestCartId).toBeNull();
  });
});

// A guest token's cart is looked up on every request (services/cart/owner.ts guestOwner), never from a cache: each
// case uses the token first, then changes the cart behind it, and the next request sees the change.
describe('a guest token used a moment ago', () => {
  const visit = (token: string) =>
    t.app.inject({ method: 'GET', url: `/api/guest/cart?guest_token=${token}` });

  it('is refused once its cart is deleted straight in the database', async () => {
    const token = await newGuestCart('10.3.0.1');
    expect((await visit(token)).statusCode).toBe(200);
    await t.db.execute(sql`DELETE FROM guest_carts WHERE token_hash = ${sha256Hex(token)}`);
    expect((await visit(token)).statusCode).toBe(401);
  });

  it('is refused once its cart was merged into a signed-in cart', async () => {
    const token = await newGuestCart('10.3.0.2');
    expect((await visit(token)).statusCode).toBe(200);
    const shopper = await registerVerifiedUser(t.app);
    const merged = await t.app.inject({
      method: 'POST',
      url: '/api/cart/merge',
      headers: authHeader(shopper.token),
      payload: { guest_token: token },
    });
    expect(merged.statusCode).toBe(200);
    expect((await visit(token)).statusCode).toBe(401);
    expect((await addAsGuest('10.3.0.2', { guest_token: token })).statusCode).toBe(401);
  });

  it('records a use again once the last one is older than a minute, whatever was read before', async () => {
    const token = await newGuestCart('10.3.0.3');
    expect((await visit(token)).statusCode).toBe(200);
    const longAgo = new Date(Date.now() - 60 * 60 * 1000);
    await t.db
      .update(guestCarts)
      .set({ lastUsedAt: longAgo })
      .where(eq(guestCarts.tokenHash, sha256Hex(token)));
    expect((await visit(token)).statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(guestCarts)
      .where(eq(guestCarts.tokenHash, sha256Hex(token)));
    expect(row?.lastUsedAt.getTime()).toBeGreaterThan(longAgo.getTime() + 30 * 60 * 1000);
  });
});
