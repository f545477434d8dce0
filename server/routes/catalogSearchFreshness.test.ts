// The search's kept answers and facet groups follow a catalogue change made by another writer (another instance, a
// merchant's SQL) within the bound, even when nothing but searches is asked: the search routes read the catalogue's
// version themselves instead of relying on a product read to do it. The clock is the test's.
import { sql } from 'drizzle-orm';
import type { SearchResponse } from '../../contract/catalogSearch';
import { executeRows } from '../db/client';
import { CATALOGUE_CHECK_MS } from '../lib/catalogueChanges';
import { createTestApp, manualClock, type TestApp } from '../testing/testApp';

jest.setTimeout(60_000);

const clock = manualClock(new Date());
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { now: clock.now } });
});
afterAll(async () => {
  await t?.close();
});

async function searched(url: string): Promise<SearchResponse> {
  const answer = await t.app.inject({ method: 'GET', url });
  expect(answer.statusCode).toBe(200);
  return answer.json<SearchResponse>();
}

test('a product written by another writer is counted by the next search past the bound, with only searches asked', async () => {
  // The whole catalogue (facet groups kept) and one address's answer (kept a few seconds).
  const everything = await searched('/api/catalog/search?n=1');
  const address = '/api/catalog/search?q=Freshly%20written';
  expect((await searched(address)).total).toBe(0);

  await executeRows(
    t.db,
    sql`INSERT INTO products (category_id, name_en, name_ar, price, brand, stock_quantity, handle)
        SELECT category_id, 'Freshly written', 'مكتوب للتو', 4, brand, 3, 'freshly-written'
        FROM products ORDER BY id LIMIT 1`,
  );
  clock.advance(CATALOGUE_CHECK_MS);

  expect((await searched('/api/catalog/search?n=2')).total).toBe(everything.total + 1);
  expect((await searched(address)).total).toBe(1);
  // Another address of the same words: their kept matches were dropped too.
  expect((await searched(`${address}&sort=newest`)).total).toBe(1);
});

test("a words search's kept matches follow sales written by another writer (best sellers first)", async () => {
  const bestSelling = async (n: number) =>
    (await searched(`/api/catalog/search?q=oud&sort=best_selling&n=${n}`)).data.map((product) => product.id);
  const before = await bestSelling(1);
  expect(before.length).toBeGreaterThan(2);
  const last = before.at(-1) as number;
  // A sale only (stock and sales): the catalogue's stock version moves, not its version (migration 023).
  await executeRows(t.db, sql`UPDATE products SET sold_count = sold_count + 100000 WHERE id = ${last}`);
  clock.advance(CATALOGUE_CHECK_MS);
  expect((await bestSelling(2))[0]).toBe(last);
});

test('a product a search page showed, renamed by another writer, shows its new name past the bound', async () => {
  const first = (await searched('/api/catalog/search?q=oud&n=10')).data[0];
  expect(first).toBeDefined();
  await executeRows(t.db, sql`UPDATE products SET name_en = 'Oud renamed elsewhere' WHERE id = ${first?.id}`);
  clock.advance(CATALOGUE_CHECK_MS);
  const again = await searched('/api/catalog/search?q=oud&n=11');
  expect(again.data.find((product) => product.id === first?.id)?.name).toBe('Oud renamed elsewhere');
});

test('suggestions follow a product written by another writer past the bound', async () => {
  const suggested = async (n: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/catalog/suggestions?q=quokka&n=${n}` })).json<{
      products: { name: string }[];
    }>().products;
  expect(await suggested(1)).toEqual([]);
  await executeRows(
    t.db,
    sql`INSERT INTO products (category_id, name_en, name_ar, price, brand, stock_quantity, handle)
        SELECT category_id, 'Quokka plush', 'دمية كوكا', 4, brand, 3, 'quokka-plush' FROM products ORDER BY id LIMIT 1`,
  );
  clock.advance(CATALOGUE_CHECK_MS);
  expect((await suggested(2)).map((product) => product.name)).toEqual(['Quokka plush']);
});

test("the whole catalogue's facet groups outlive a quiet minute: counted again when the catalogue moves, not by the clock", async () => {
  const before = await searched('/api/catalog/search?n=30');
  // A product the catalogue's version does not see (its trigger off for the insert): only groups counted anew
  // would count it.
  await executeRows(t.db, sql`ALTER TABLE products DISABLE TRIGGER products_catalogue_version`);
  try {
    await executeRows(
      t.db,
      sql`INSERT INTO products (category_id, name_en, name_ar, price, brand, stock_quantity, handle)
          SELECT category_id, 'Unseen by the version', 'لم يره الإصدار', 4, brand, 3, 'unseen-by-the-version'
          FROM products ORDER BY id LIMIT 1`,
    );
  } finally {
    await executeRows(t.db, sql`ALTER TABLE products ENABLE TRIGGER products_catalogue_version`);
  }
  // A quiet shop: ten minutes without a shopper. The next search page is answered from the kept groups.
  clock.advance(10 * 60_000);
  expect((await searched('/api/catalog/search?n=31')).total).toBe(before.total);

  // The catalogue moves (the product renamed, its trigger on): the groups are counted again, with it.
  await executeRows(
    t.db,
    sql`UPDATE products SET name_en = 'Seen by the version' WHERE handle = 'unseen-by-the-version'`,
  );
  clock.advance(CATALOGUE_CHECK_MS);
  expect((await searched('/api/catalog/search?n=32')).total).toBe(before.total + 1);
});
