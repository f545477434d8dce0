// A product's `lastmod` in the sitemaps is when what its page shows last changed (issue 49, migration 027): set by
// the database for a change of the product, its pictures, its sizes and colours or its approved reviews, whoever
// writes it (SQL included), and not by the stock count every order moves, unless the product sells out or comes back.
import { eq, sql } from 'drizzle-orm';
import { productAttributeValues, productImages, products, reviews } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/testApp';

jest.setTimeout(60_000);

let t: TestApp;
let productId = 0;
const LONG_AGO = new Date('2020-01-02T03:04:05.000Z');

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  const [product] = await t.db
    .select({ id: products.id })
    .from(products)
    .where(sql`${products.stockQuantity} >= 5`)
    .limit(1);
  productId = product?.id ?? 0;
});
afterAll(async () => {
  await t?.close();
});

/** The product as if last changed long ago (its change time set by hand is kept as given). */
const changedLongAgo = () =>
  t.db.update(products).set({ pageChangedAt: LONG_AGO }).where(eq(products.id, productId));

/** The product's `lastmod` in the English products sitemap. */
async function lastmod(): Promise<string | undefined> {
  const answer = await t.app.inject({ method: 'GET', url: '/sitemaps/products-en-1.xml' });
  expect(answer.statusCode).toBe(200);
  const entry = new RegExp(
    `<loc>[^<]*/product/${productId}\\?lng=en</loc>[\\s\\S]*?<lastmod>([^<]+)</lastmod>`,
  ).exec(answer.body);
  return entry?.[1];
}

const changedToday = async () => {
  const value = await lastmod();
  expect(value).not.toBe(LONG_AGO.toISOString());
  expect(Date.now() - Date.parse(value ?? '')).toBeLessThan(60 * 60_000);
};

test('a product unchanged since before the column has its creation date', async () => {
  await t.db
    .update(products)
    .set({ createdAt: LONG_AGO, pageChangedAt: null })
    .where(eq(products.id, productId));
  expect(await lastmod()).toBe(LONG_AGO.toISOString());
});

test('an order’s stock move leaves it; selling out and coming back change it', async () => {
  await changedLongAgo();
  await t.db
    .update(products)
    .set({ stockQuantity: sql`${products.stockQuantity} - 1`, soldCount: sql`${products.soldCount} + 1` })
    .where(eq(products.id, productId));
  expect(await lastmod()).toBe(LONG_AGO.toISOString());
  await t.db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, productId));
  await changedToday();
  await changedLongAgo();
  await t.db.update(products).set({ stockQuantity: 3 }).where(eq(products.id, productId));
  await changedToday();
});

test('a price written by SQL changes it, an update that changes nothing does not', async () => {
  await changedLongAgo();
  await t.db.execute(sql`UPDATE products SET name_en = name_en WHERE id = ${productId}`);
  expect(await lastmod()).toBe(LONG_AGO.toISOString());
  await t.db.execute(sql`UPDATE products SET price = price + 1 WHERE id = ${productId}`);
  await changedToday();
});

test('its pictures and its sizes change it', async () => {
  await changedLongAgo();
  await t.db.insert(productImages).values({ productId, image: '/media/products/extra.svg', position: 9 });
  await changedToday();
  await changedLongAgo();
  await t.db.delete(productImages).where(eq(productImages.image, '/media/products/extra.svg'));
  await changedToday();
  await changedLongAgo();
  await t.db.insert(productAttributeValues).values({ productId, kind: 'size', nameEn: 'XXL', nameAr: 'XXL' });
  await changedToday();
});

test('a review changes it when it is approved or an approved one goes, not while it waits', async () => {
  await changedLongAgo();
  const [review] = await t.db
    .insert(reviews)
    .values({ productId, userName: 'Noura', rating: 5, review: 'Lovely', status: 'pending' })
    .returning({ id: reviews.id });
  const reviewId = review?.id ?? 0;
  expect(await lastmod()).toBe(LONG_AGO.toISOString());
  await t.db.update(reviews).set({ status: 'approved' }).where(eq(reviews.id, reviewId));
  await changedToday();
  await changedLongAgo();
  await t.db.delete(reviews).where(eq(reviews.id, reviewId));
  await changedToday();
});

test('the sitemap index names the latest change', async () => {
  await t.db.execute(sql`UPDATE products SET price = price + 1 WHERE id = ${productId}`);
  const index = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
  const newest = /<lastmod>([^<]+)<\/lastmod>/.exec(index.body)?.[1];
  expect(Date.now() - Date.parse(newest ?? '')).toBeLessThan(60 * 60_000);
});
