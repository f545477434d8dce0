import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../testing/testApp';
import { executeRows } from '../db/client';
import { products, reviews } from '../db/schema';
import { loadProduct, loadProducts } from './catalog';

// A fresh PGlite database with the whole demo shop takes a few seconds on a busy machine.
jest.setTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => {
  await t.close();
});

/** The one definition: the mean of the product's approved reviews to one decimal, 0 without any. */
async function approvedAverages(): Promise<Map<number, number>> {
  const rows = await executeRows<{ product_id: number; average: string }>(
    t.db,
    sql`select ${reviews.productId} as product_id, round(avg(${reviews.rating}), 1)::text as average
        from ${reviews} where ${reviews.status} = 'approved' group by ${reviews.productId}`,
  );
  return new Map(rows.map((row) => [Number(row.product_id), Number(row.average)]));
}

describe('a product’s rating is the average of its approved reviews', () => {
  test('every product of the catalogue lists shows it, and the stored column agrees (seed)', async () => {
    const averages = await approvedAverages();
    const listed = await loadProducts(t.db, undefined, 'en');
    expect(listed.length).toBeGreaterThan(0);
    for (const product of listed)
      expect([product.id, product.rating]).toEqual([product.id, averages.get(product.id) ?? 0]);
    const stored = await t.db.select({ id: products.id, rating: products.rating }).from(products);
    for (const row of stored) expect([row.id, row.rating]).toEqual([row.id, averages.get(row.id) ?? 0]);
  });

  test('the figures are not one invented number: seeded products differ and most have approved reviews', async () => {
    const listed = await loadProducts(t.db, undefined, 'ar');
    expect(new Set(listed.map((product) => product.rating)).size).toBeGreaterThan(5);
    expect(listed.filter((product) => product.rating > 0).length).toBeGreaterThan(listed.length * 0.9);
  });

  test('follows a review whose status changes, and ignores pending ones', async () => {
    const [product] = await t.db.select({ id: products.id }).from(products).limit(1);
    const id = product?.id as number;
    await t.db.delete(reviews).where(eq(reviews.productId, id));
    expect((await loadProduct(t.db, id, 'en'))?.rating).toBe(0);

    await t.db.insert(reviews).values([
      { productId: id, userName: 'Sara M.', rating: 5, review: 'Lovely', status: 'approved' },
      { productId: id, userName: 'Ahmed K.', rating: 2, review: 'Small', status: 'approved' },
      { productId: id, userName: 'Noura A.', rating: 1, review: 'Late', status: 'pending' },
    ]);
    expect((await loadProduct(t.db, id, 'en'))?.rating).toBe(3.5);

    await t.db
      .update(reviews)
      .set({ status: 'approved' })
      .where(and(eq(reviews.productId, id), eq(reviews.userName, 'Noura A.')));
    expect((await loadProduct(t.db, id, 'en'))?.rating).toBe(2.7);
  });
});
