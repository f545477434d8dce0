// Product detail kept until the catalogue changes (issue 48), on two server instances of one database (PGlite in
// one process; PostgreSQL with TEST_DATABASE_URL): a staff change shows on the next read of the instance that made
// it, and on the other once CATALOGUE_CHECK_MS has passed; so do stock taken by an order and SQL written straight
// into the tables. The clock is the test's: nothing here waits for time to pass.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import type { Product } from '../../contract/catalog';
import { executeRows } from '../db/client';
import { products, users } from '../db/schema';
import { CATALOGUE_CHECK_MS } from '../lib/catalogueChanges';
import { COMPRESS_THRESHOLD } from '../lib/limits';
import { createTestApp, manualClock, type TestApp } from '../testing/testApp';
import { call, createShopper, GUEST_CHECKOUT, plainProductWithStock, type Shopper } from './testSupport';

jest.setTimeout(60_000);

const clock = manualClock(new Date());
let a: TestApp;
let b: TestApp;
let staff: Shopper;

beforeAll(async () => {
  a = await createTestApp({ seed: true, config: { now: clock.now } });
  b = await createTestApp({ sharedWith: a, config: { now: clock.now } });
  staff = await createShopper(a.db, { name: 'The staff' });
  await a.db.update(users).set({ role: 'staff' }).where(eq(users.id, staff.id));
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

async function product(on: TestApp, id: number, query = ''): Promise<Product> {
  const response = await on.app.inject({ method: 'GET', url: `/api/products/${id}${query}` });
  expect(response.statusCode).toBe(200);
  return response.json<Product>();
}

/** What each instance shows of a product: its stock and price. */
async function shown(id: number): Promise<Record<'a' | 'b', { stock: number; price: number }>> {
  const [onA, onB] = [await product(a, id), await product(b, id)];
  return {
    a: { stock: onA.stock_quantity, price: onA.price },
    b: { stock: onB.stock_quantity, price: onB.price },
  };
}

test('a staff stock and price change: the next read on the same instance shows it, the other within the bound', async () => {
  const id = await plainProductWithStock(a.app, a.db, 20);
  clock.advance(CATALOGUE_CHECK_MS);
  const price = (await product(a, id)).price;
  expect(await shown(id)).toEqual({ a: { stock: 20, price: price }, b: { stock: 20, price: price } });

  const saved = await call(
    a.app,
    'PUT',
    `/api/admin/products/${id}`,
    { stock_quantity: 3, price: price + 5 },
    staff.token,
  );
  expect(saved.statusCode).toBe(200);
  // A: at once. B: still its kept answer (that is the cache), until the bound has passed.
  expect(await shown(id)).toEqual({ a: { stock: 3, price: price + 5 }, b: { stock: 20, price: price } });
  clock.advance(CATALOGUE_CHECK_MS);
  expect(await shown(id)).toEqual({ a: { stock: 3, price: price + 5 }, b: { stock: 3, price: price + 5 } });
  expect((await product(b, id)).stock_warning).toEqual({
    warning_en: 'Only 3 left in stock',
    warning_ar: 'متبقي 3 قطع فقط',
  });

  // The same the other way round.
  expect((await call(b.app, 'PUT', `/api/admin/products/${id}`, { price }, staff.token)).statusCode).toBe(
    200,
  );
  expect((await product(b, id)).price).toBe(price);
  clock.advance(CATALOGUE_CHECK_MS);
  expect((await product(a, id)).price).toBe(price);
});

test('stock taken by an order shows on both instances within the bound', async () => {
  const id = await plainProductWithStock(a.app, a.db, 10);
  clock.advance(CATALOGUE_CHECK_MS);
  expect(await shown(id)).toMatchObject({ a: { stock: 10 }, b: { stock: 10 } });
  const buyer = await createShopper(a.db);
  expect(
    (await call(a.app, 'POST', '/api/cart/add', { product_id: id, quantity: 2 }, buyer.token)).statusCode,
  ).toBe(200);
  expect((await call(a.app, 'POST', '/api/create-order', GUEST_CHECKOUT, buyer.token)).statusCode).toBe(201);
  clock.advance(CATALOGUE_CHECK_MS);
  expect(await shown(id)).toMatchObject({ a: { stock: 8 }, b: { stock: 8 } });
});

test('SQL written straight into the tables shows on both instances within the bound', async () => {
  const id = await plainProductWithStock(a.app, a.db, 7);
  clock.advance(CATALOGUE_CHECK_MS);
  expect(await shown(id)).toMatchObject({ a: { stock: 7 }, b: { stock: 7 } });
  await a.db.execute(sql`UPDATE products SET stock_quantity = 0 WHERE id = ${id}`);
  clock.advance(CATALOGUE_CHECK_MS);
  expect(await shown(id)).toMatchObject({ a: { stock: 0 }, b: { stock: 0 } });
  // Inside a transaction, by the query builder, the same.
  await a.db.transaction(async (tx) => {
    await tx.update(products).set({ stockQuantity: 12 }).where(eq(products.id, id));
  });
  clock.advance(CATALOGUE_CHECK_MS);
  expect(await shown(id)).toMatchObject({ a: { stock: 12 }, b: { stock: 12 } });

  // A product that did not exist: a 404 is kept like an answer, and goes the same way.
  const [{ next } = { next: 0 }] = await executeRows<{ next: number }>(
    a.db,
    sql`SELECT max(id) + 1 AS next FROM products`,
  );
  expect((await b.app.inject({ method: 'GET', url: `/api/products/${next}` })).statusCode).toBe(404);
  await a.db
    .execute(sql`INSERT INTO products (id, category_id, name_en, name_ar, description_en, description_ar,
      price, stock_quantity, brand, collection_en, collection_ar)
    SELECT ${next}, category_id, 'Written by SQL', 'بالـ SQL', '', '', 4, 9, brand, collection_en, collection_ar
    FROM products WHERE id = ${id}`);
  clock.advance(CATALOGUE_CHECK_MS);
  expect((await product(b, next)).name).toBe('Written by SQL');
});

test('an answer over the compression threshold is compressed once and decodes to the same JSON', async () => {
  const id = await plainProductWithStock(a.app, a.db, 5);
  await a.db
    .update(products)
    .set({ descriptionEn: 'A long description. '.repeat(200) })
    .where(eq(products.id, id));
  clock.advance(CATALOGUE_CHECK_MS);
  const url = `/api/products/${id}?currency_code=KWD`;
  const plain = await a.app.inject({ method: 'GET', url });
  expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD);
  const gzip = await a.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gzip.headers.vary).toMatch(/accept-encoding/i);
  expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
  const br = await a.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
  expect(br.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
  // A small answer goes as it is, as the compression plugin would send it.
  const small = await a.app.inject({
    method: 'GET',
    url: `/api/products/${id + 1}`,
    headers: { 'accept-encoding': 'gzip' },
  });
  expect(small.headers['content-encoding']).toBeUndefined();
  expect(JSON.parse(small.body)).toMatchObject({ id: id + 1 });
});

test('languages and currencies are kept apart', async () => {
  const id = await plainProductWithStock(a.app, a.db, 5);
  const [english, arabic, dollars] = [
    await product(a, id),
    await product(a, id, '?lang=ar'),
    await product(a, id, '?currency_code=USD'),
  ];
  expect(arabic.name).not.toBe(english.name);
  expect(english.converted_products).toBeUndefined();
  expect(dollars.converted_products?.currency_code).toBe('USD');
  expect((await product(a, id)).name).toBe(english.name);
});

test('a new exchange rate reaches converted prices on both instances within the bound', async () => {
  const id = await plainProductWithStock(a.app, a.db, 20);
  for (const on of [a, b]) await product(on, id, '?currency_code=USD');
  await a.db.execute(sql`UPDATE currency_rates SET rate_per_kwd = 10 WHERE currency_code = 'USD'`);
  clock.advance(CATALOGUE_CHECK_MS + 1);
  for (const on of [a, b]) {
    const answer = await product(on, id, '?currency_code=USD');
    expect(answer.converted_products?.price).toBeCloseTo(answer.price * 10, 2);
  }
});

test('best sellers follow another instance’s price change within the bound', async () => {
  const url = '/api/best_selling_products';
  type BestSellers = { bestSellingProducts: Product[] };
  const [top] = (await b.app.inject({ method: 'GET', url })).json<BestSellers>().bestSellingProducts;
  if (!top) throw new Error('no best seller');
  const saved = await call(
    a.app,
    'PUT',
    `/api/admin/products/${top.id}`,
    { price: top.price + 7, discounted_price: null },
    staff.token,
  );
  expect(saved.statusCode).toBe(200);
  clock.advance(CATALOGUE_CHECK_MS + 1);
  const again = (await b.app.inject({ method: 'GET', url })).json<BestSellers>().bestSellingProducts;
  expect(again.find((listed) => listed.id === top.id)?.price).toBe(top.price + 7);
});
