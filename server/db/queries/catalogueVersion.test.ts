import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { Db } from '../client';
import { cartItems, categories, currencyRates, products, users } from '../schema';
import { readCatalogueVersion } from './catalogueVersion';

// Migrations 015 and 023 on PGlite, and on PostgreSQL with TEST_DATABASE_URL: which writes move the catalogue's version.
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

/** How far each version moved while `write` ran (the sum of the slots grows by one per committed transaction). */
async function movesOf(
  write: (db: Db) => Promise<unknown>,
): Promise<{ catalogue: number; stock: number; content: number }> {
  const before = await readCatalogueVersion(t.db);
  await write(t.db);
  const after = await readCatalogueVersion(t.db);
  return {
    catalogue: Number(BigInt(after.catalogue) - BigInt(before.catalogue)),
    stock: Number(BigInt(after.stock) - BigInt(before.stock)),
    content: Number(BigInt(after.content) - BigInt(before.content)),
  };
}

/** How far the versions moved together (a stock change moves the stock one, any other the catalogue's). */
async function moves(write: (db: Db) => Promise<unknown>): Promise<number> {
  const { catalogue, stock } = await movesOf(write);
  return catalogue + stock;
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
  let inside = { catalogue: '', stock: '' };
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
  expect(BigInt(inside.catalogue)).toBe(BigInt((await readCatalogueVersion(t.db)).catalogue) - 1n);

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

test('a change of stock alone moves the stock version only; any other product change the catalogue version', async () => {
  expect(
    await movesOf((db) => db.update(products).set({ stockQuantity: 17 }).where(eq(products.id, productId))),
  ).toEqual({ catalogue: 0, stock: 1, content: 0 });
  // What an order does: stock, its warning and the sale counted, by SQL, in one transaction.
  expect(
    await movesOf((db) =>
      db.transaction(async (tx) => {
        await tx.execute(
          sql`UPDATE products SET stock_quantity = stock_quantity - 1, stock_warning_en = 'Only 1 left'
              WHERE id = ${productId}`,
        );
        await tx.execute(sql`UPDATE products SET sold_count = sold_count + 1 WHERE id = ${productId}`);
      }),
    ),
  ).toEqual({ catalogue: 0, stock: 1, content: 0 });
  expect(
    await movesOf((db) => db.execute(sql`UPDATE products SET price = price + 1 WHERE id = ${productId}`)),
  ).toEqual({ catalogue: 1, stock: 0, content: 0 });
  // Both at once: both move (readers drop everything on the catalogue's move anyway).
  expect(
    await movesOf((db) =>
      db.execute(sql`UPDATE products SET brand = brand || '!', stock_quantity = 2 WHERE id = ${productId}`),
    ),
  ).toEqual({ catalogue: 1, stock: 1, content: 0 });
  // An update that changes nothing moves nothing.
  expect(
    await movesOf((db) => db.execute(sql`UPDATE products SET price = price WHERE id = ${productId}`)),
  ).toEqual({ catalogue: 0, stock: 0, content: 0 });
  // A stock change rolled back to its savepoint takes its mark back: a later one in the transaction counts.
  expect(
    await movesOf((db) =>
      db.transaction(async (tx) => {
        await tx
          .transaction(async (inner) => {
            await inner.update(products).set({ stockQuantity: 5 }).where(eq(products.id, productId));
            throw new Error('rolled back to the savepoint');
          })
          .catch(() => undefined);
        await tx.update(products).set({ soldCount: 9 }).where(eq(products.id, productId));
      }),
    ),
  ).toEqual({ catalogue: 0, stock: 1, content: 0 });
});

test('a new product moves the catalogue version', async () => {
  const [category] = await t.db.select({ id: categories.id }).from(categories).limit(1);
  expect(
    await movesOf((db) =>
      db.execute(sql`INSERT INTO products (category_id, name_en, name_ar, price)
                     VALUES (${category?.id ?? 0}, 'New', 'جديد', 3)`),
    ),
  ).toMatchObject({ catalogue: 1 });
});

test('the coupons, slides and content pages move the content version, and nothing else does', async () => {
  const once = { content: 1, catalogue: 0, stock: 0 };
  expect(await movesOf((db) => db.execute(sql`UPDATE coupons SET is_active = NOT is_active`))).toEqual(once);
  expect(await movesOf((db) => db.execute(sql`UPDATE sliders SET sort_order = sort_order + 1`))).toEqual(
    once,
  );
  expect(await movesOf((db) => db.execute(sql`UPDATE abouts SET title_en = title_en || '!'`))).toEqual(once);
  expect(
    await movesOf((db) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE content_pages SET content_en = content_en`);
        await tx.execute(sql`UPDATE shippings SET id = id`);
      }),
    ),
  ).toEqual(once);
  // A catalogue write leaves it where it was.
  expect(
    await movesOf((db) => db.execute(sql`UPDATE products SET price = price + 1 WHERE id = ${productId}`)),
  ).toEqual({ content: 0, catalogue: 1, stock: 0 });
});
