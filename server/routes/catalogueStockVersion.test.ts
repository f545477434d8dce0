// Stock moves a version of its own (issue 48, migration 023): every order takes stock, and if that moved the
// catalogue's version it would drop the search's kept facet groups (the whole catalogue grouped by category, brand,
// collection and rating: none of it depends on stock) a few times a second on a busy shop. The product answers
// still show the new stock within the bound. The clock is the test's: nothing here waits for time to pass.
import { sql } from 'drizzle-orm';
import type { Product } from '../../contract/catalog';
import type { SearchResponse } from '../../contract/catalogSearch';
import { executeRows } from '../db/client';
import { CATALOGUE_CHECK_MS } from '../lib/catalogueChanges';
import { createTestApp, manualClock, type TestApp } from '../testing/testApp';
import { call, createShopper, GUEST_CHECKOUT, plainProductWithStock } from './testSupport';

jest.setTimeout(60_000);

const clock = manualClock(new Date());
let t: TestApp;
let asked = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { now: clock.now } });
});
afterAll(async () => {
  await t?.close();
});

/** The whole catalogue's total, from the kept facet groups (a new address each time: no kept answer). */
async function catalogueTotal(): Promise<number> {
  asked += 1;
  const answer = await t.app.inject({ method: 'GET', url: `/api/catalog/search?n=${asked}` });
  expect(answer.statusCode).toBe(200);
  return answer.json<SearchResponse>().total;
}

/** Past the bound: the next request reads the versions again (as any product read would). */
async function afterTheBound(): Promise<void> {
  clock.advance(CATALOGUE_CHECK_MS);
  await t.app.deps.catalogue.fresh();
}

async function shownStock(id: number): Promise<number> {
  const answer = await t.app.inject({ method: 'GET', url: `/api/products/${id}` });
  expect(answer.statusCode).toBe(200);
  return answer.json<Product>().stock_quantity;
}

/**
 * A product the versions never hear of (the version trigger off for one transaction: the tables' owner may do
 * that, where `session_replication_role` needs a superuser CI's database role is not): only groups computed afresh
 * count it, which tells whether the kept ones were dropped.
 */
async function unannouncedProduct(): Promise<void> {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`ALTER TABLE products DISABLE TRIGGER products_catalogue_version`);
    await executeRows(
      tx,
      sql`INSERT INTO products (category_id, name_en, name_ar, price, brand, stock_quantity, handle)
          SELECT category_id, 'Unannounced', 'غير معلن', 4, brand, 3, 'unannounced-product'
          FROM products ORDER BY id LIMIT 1`,
    );
    await tx.execute(sql`ALTER TABLE products ENABLE TRIGGER products_catalogue_version`);
  });
}

test('an order keeps the search facet groups; the stock it took shows within the bound; a price change drops them', async () => {
  const id = await plainProductWithStock(t.app, t.db, 10);
  await afterTheBound();
  expect(await shownStock(id)).toBe(10);
  const before = await catalogueTotal();
  await unannouncedProduct();

  const buyer = await createShopper(t.db);
  expect(
    (await call(t.app, 'POST', '/api/cart/add', { product_id: id, quantity: 2 }, buyer.token)).statusCode,
  ).toBe(200);
  expect((await call(t.app, 'POST', '/api/create-order', GUEST_CHECKOUT, buyer.token)).statusCode).toBe(201);
  await afterTheBound();
  // The product's answer shows the order's stock...
  expect(await shownStock(id)).toBe(8);
  // ...and the facet groups are the kept ones: they never saw the unannounced product.
  expect(await catalogueTotal()).toBe(before);

  // A price changes what the facet groups hold (the price range): they go, and are grouped afresh.
  await t.db.execute(sql`UPDATE products SET price = price + 1 WHERE id = ${id}`);
  await afterTheBound();
  expect(await catalogueTotal()).toBe(before + 1);
});
