import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { Db } from '../client';
import { cartItems, categories, currencyRates, products, users } from '../schema';
import { readCatalogueVersion } from './catalogueVersion';

// Migration 015 on PGlite, and on PostgreSQL with TEST_DATABASE_URL: which writes move the catalogue's version.
jest.setTimeout(30_000);

let t: TestApp;
let productId: number;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  const [first] = await t.db.select({ id: products.id }).from(products).orderBy(products.id).limit(1);
  if (!first) throw new Error('the demo shop has products');
  productId = first.id;
});
afterAll(async () => {
  await t.close();
});

/** How far the version moved while `write` ran (the sum of the slots grows by one per committed transaction). */
async function moves(write: (db: Db) => Promise<unknown>): Promise<number> {
  const before = BigInt(await readCatalogueVersion(t.db));
  await write(t.db);
  return Number(BigInt(await readCatalogueVersion(t.db)) - before);
}

test('a write to a product moves it, by the query builder or by raw SQL', async () => {
  expect(
    await moves((db) => db.update(products).set({ stockQuantity: 41 }).where(eq(products.id, productId))),
  ).toBe(1);
  expect(
    await moves((db) => db.execute(sql`UPDATE products SET price = price + 1 WHERE id = ${productId}`)),
  ).toBe(1);
});

test('every table a product answer is read from counts', async () => {
  const [category] = await t.db.select({ id: categories.id }).from(categories).limit(1);
  const categoryId = category?.id ?? 0;
  expect(
    await moves((db) =>
      db.update(categories).set({ nameEn: 'Renamed' }).where(eq(categories.id, categoryId)),
    ),
  ).toBe(1);
  expect(
    await moves((db) =>
      db.execute(sql`UPDATE product_images SET position = position WHERE product_id = ${productId}`),
    ),
  ).toBe(1);
  expect(
    await moves((db) =>
      db.execute(sql`DELETE FROM product_attribute_values WHERE id IN (
        SELECT id FROM product_attribute_values WHERE product_id = ${productId} LIMIT 1)`),
    ),
  ).toBe(1);
  expect(await moves((db) => db.execute(sql`UPDATE reviews SET status = 'approved'`))).toBe(1);
  expect(
    await moves((db) =>
      db.update(currencyRates).set({ ratePerKwd: 3.3 }).where(eq(currencyRates.currencyCode, 'USD')),
    ),
  ).toBe(1);
});

test('a transaction counts once however many rows it writes, and only when it commits', async () => {
  let inside = '';
  expect(
    await moves((db) =>
      db.transaction(async (tx) => {
        await tx.update(products).set({ sale: true });
        await tx.update(categories).set({ image: sql`${categories.image}` });
        // Not yet: the add runs at commit, so nobody sees the version before the rows it stands for.
        inside = await readCatalogueVersion(tx as unknown as Db);
      }),
    ),
  ).toBe(1);
  expect(BigInt(inside)).toBe(BigInt(await readCatalogueVersion(t.db)) - 1n);

  expect(
    await moves((db) =>
      db
        .transaction(async (tx) => {
          await tx.update(products).set({ stockQuantity: 0 }).where(eq(products.id, productId));
          throw new Error('rolled back');
        })
        .catch(() => undefined),
    ),
  ).toBe(0);
});

test('a savepoint rolled back takes its mark with it: a later write in the transaction still counts', async () => {
  expect(
    await moves((db) =>
      db.transaction(async (tx) => {
        await tx
          .transaction(async (inner) => {
            await inner.update(products).set({ stockQuantity: 3 }).where(eq(products.id, productId));
            throw new Error('rolled back to the savepoint');
          })
          .catch(() => undefined);
        await tx.update(products).set({ stockQuantity: 4 }).where(eq(products.id, productId));
      }),
    ),
  ).toBe(1);
  const [row] = await t.db
    .select({ stock: products.stockQuantity })
    .from(products)
    .where(eq(products.id, productId));
  expect(row?.stock).toBe(4);
});

test('writes elsewhere move nothing', async () => {
  expect(await moves((db) => db.update(users).set({ name: sql`${users.name}` }))).toBe(0);
  expect(await moves((db) => db.delete(cartItems))).toBe(0);
});
