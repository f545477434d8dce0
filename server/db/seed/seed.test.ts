import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import { eq, sql } from 'drizzle-orm';
import { MEDIA_DIR } from '../../lib/mediaDir';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { executeRows } from '../client';
import {
  areas,
  categories,
  coupons,
  governorates,
  orders,
  productImages,
  products,
  reviews,
  sliders,
  users,
} from '../schema';
import { buildCatalog } from './catalog';
import { buildMediaFiles } from './media';
import { DEMO_USER, seedIfEmpty } from './index';

// A fresh PGlite database with the whole demo shop takes a few seconds on a busy machine.
jest.setTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => {
  await t.close();
});

const count = async (table: typeof products | typeof categories | typeof reviews) => {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row?.n ?? 0;
};

test('the demo shop has at least 150 products in at least 8 categories, each category with an image', async () => {
  expect(await count(products)).toBeGreaterThanOrEqual(150);
  const rows = await t.db.select().from(categories);
  expect(rows.length).toBeGreaterThanOrEqual(8);
  for (const row of rows) {
    expect(row.image).toMatch(/^\/media\/categories\/.+\.svg$/);
    expect(row.nameAr).toMatch(/[\u0600-\u06ff]/);
  }
});

test('products have 2–4 pictures, brands, collections, discounts, stock from 0 up and stock warnings', async () => {
  const perProduct = await executeRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from ${productImages} group by ${productImages.productId}`,
  );
  expect(perProduct).toHaveLength(await count(products));
  expect(perProduct.every((row) => row.n >= 2 && row.n <= 4)).toBe(true);
  const rows = await t.db.select().from(products);
  expect(rows.every((row) => row.brand.length > 0 && row.collectionEn.length > 0)).toBe(true);
  expect(rows.some((row) => row.discountedPrice !== null)).toBe(true);
  expect(rows.some((row) => row.stockQuantity === 0 && row.stockWarningEn === 'Out of stock')).toBe(true);
  expect(rows.some((row) => row.stockQuantity > 100)).toBe(true);
  expect(rows.some((row) => row.stockWarningAr !== null && row.stockQuantity > 0)).toBe(true);
  expect(new Set(rows.map((row) => row.nameEn)).size).toBe(rows.length);
});

test('reviews exist in both states, coupons are active, expired and inactive, sliders are on and off', async () => {
  const states = await t.db.selectDistinct({ status: reviews.status }).from(reviews);
  expect(states.map((row) => row.status).sort()).toEqual(['approved', 'pending']);
  const today = new Date().toISOString().slice(0, 10);
  const couponRows = await t.db.select().from(coupons);
  expect(couponRows.some((row) => row.isActive && row.endDate > today)).toBe(true);
  expect(couponRows.some((row) => row.endDate < today)).toBe(true);
  expect(couponRows.some((row) => !row.isActive)).toBe(true);
  const sliderStates = await t.db.selectDistinct({ status: sliders.status }).from(sliders);
  expect(sliderStates.map((row) => row.status).sort()).toEqual([0, 1]);
});

test("Kuwait's six governorates with their areas", async () => {
  const rows = await t.db.select().from(governorates);
  expect(rows.map((row) => row.nameEn).sort()).toEqual(
    ['Ahmadi', 'Capital', 'Farwaniya', 'Hawalli', 'Jahra', 'Mubarak Al-Kabeer'].sort(),
  );
  const salmiya = await t.db.select().from(areas).where(eq(areas.nameEn, 'Salmiya'));
  expect(salmiya[0]?.nameAr).toBe('السالمية');
});

test('the demo shopper is verified, has the README password and an order in every status', async () => {
  const [user] = await t.db.select().from(users).where(eq(users.email, DEMO_USER.email));
  expect(user?.emailVerifiedAt).not.toBeNull();
  expect(await bcrypt.compare(DEMO_USER.password, user?.passwordHash ?? '')).toBe(true);
  const statuses = await t.db
    .selectDistinct({ status: orders.status })
    .from(orders)
    .where(eq(orders.userId, user?.id ?? 0));
  expect(statuses.map((row) => row.status).sort()).toEqual([
    'canceled',
    'completed',
    'failed',
    'paid',
    'pending',
  ]);
});

test('seeding twice changes nothing', async () => {
  const before = await count(products);
  await seedIfEmpty(t.db);
  expect(await count(products)).toBe(before);
});

test('the catalogue is the same on every build', () => {
  expect(buildCatalog()).toEqual(buildCatalog());
});

test('every generated picture is committed under server/assets, byte for byte', () => {
  // Regenerate with `npx tsx server/db/seed/generateMedia.ts` when this fails.
  for (const [relative, content] of buildMediaFiles()) {
    const file = path.join(MEDIA_DIR, relative);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(content);
  }
});

test('the reviews of one product are not copies of each other: different reviewers, different texts', async () => {
  const rows = await t.db
    .select({ productId: reviews.productId, userName: reviews.userName, review: reviews.review })
    .from(reviews);
  const byProduct = new Map<number, typeof rows>();
  for (const row of rows) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
  for (const list of byProduct.values()) {
    expect(new Set(list.map((row) => row.userName)).size).toBe(list.length);
    expect(new Set(list.map((row) => row.review)).size).toBe(list.length);
  }
});
