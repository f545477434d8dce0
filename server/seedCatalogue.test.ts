import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { executeRows } from './db/client';
import { categories, productAttributeValues, productImages, products, reviews } from './db/schema';
import {
  buildBulkProduct,
  bulkProductName,
  seedBulkCatalogue,
  type BulkContext,
} from './db/seed/bulkCatalogue';
import { FAMILIES } from './db/seed/bulkWords';
import { CATEGORY_TEMPLATES } from './db/seed/catalog';
import { parseSeedArgs } from './seedCatalogue';
import { createTestApp, type TestApp } from './testing/testApp';

const ARABIC = /[\u0600-\u06ff]/;
const LATIN = /[A-Za-z]{3}/;

describe('the names of the bulk catalogue', () => {
  test('never repeat, in either language, over 300 000 ids (several rounds of every family)', () => {
    const en = new Set<string>();
    const ar = new Set<string>();
    for (let id = 1; id <= 300_000; id += 1) {
      const { name } = bulkProductName(id);
      en.add(name.en);
      ar.add(name.ar);
    }
    expect(en.size).toBe(300_000);
    expect(ar.size).toBe(300_000);
  });

  test('are English and real Arabic, with the letter forms and the article search must match', () => {
    const names = Array.from({ length: 2000 }, (_, index) => bulkProductName(index + 1).name);
    for (const { en, ar } of names.slice(0, 50)) {
      expect(en).toMatch(LATIN);
      expect(en).not.toMatch(ARABIC);
      expect(ar).toMatch(ARABIC);
    }
    const arabic = names.map((name) => name.ar).join(' ');
    for (const form of ['أ', 'إ', 'آ', 'ة', 'ى', ' ال']) expect(arabic).toContain(form);
  });

  test('every family has categories of its own, none named like another', () => {
    const names = FAMILIES.flatMap((family) => [family.home, ...family.more]);
    const demo = CATEGORY_TEMPLATES.map((template) => template.name);
    const own = names.filter((name) => !demo.some((category) => category.en === name.en));
    expect(new Set(names.map((name) => name.en)).size).toBe(names.length);
    expect(new Set(names.map((name) => name.ar)).size).toBe(names.length);
    // The demo shop's categories are reused by exact name (both languages), no other name collides with them.
    for (const name of own) expect(demo.some((category) => category.ar === name.ar)).toBe(false);
    expect(names.length).toBeGreaterThanOrEqual(40);
  });
});

describe('a bulk product', () => {
  const context: BulkContext = {
    categoriesByFamily: new Map(FAMILIES.map((family, index) => [family.key, [index + 1, index + 100]])),
    galleriesBySlug: new Map(
      CATEGORY_TEMPLATES.map((template) => [
        template.slug,
        [
          [`/media/products/${template.slug}-a1.svg`, `/media/products/${template.slug}-a2.svg`],
          [`/media/products/${template.slug}-b1.svg`, `/media/products/${template.slug}-b2.svg`],
          [`/media/products/${template.slug}-c1.svg`, `/media/products/${template.slug}-c2.svg`],
        ],
      ]),
    ),
  };
  const now = new Date('2026-06-01T12:00:00Z');

  test('is the same for the same seed and id, and another for another seed', () => {
    expect(buildBulkProduct(1234, 7, now, context)).toEqual(buildBulkProduct(1234, 7, now, context));
    const other = buildBulkProduct(1234, 8, now, context);
    expect(other.product.name).toEqual(buildBulkProduct(1234, 7, now, context).product.name);
    expect(other).not.toEqual(buildBulkProduct(1234, 7, now, context));
  });

  test('has a shelf price in fils, discounts below it, 2–4 pictures and a rating from its approved reviews', () => {
    const built = Array.from({ length: 3000 }, (_, index) => buildBulkProduct(index + 1, 48, now, context));
    for (const { product, images, values, reviews: written } of built) {
      // KWD to three decimals (fils), nothing finer.
      expect(product.price * 1000).toBeCloseTo(Math.round(product.price * 1000), 6);
      expect(product.price).toBeGreaterThan(0);
      if (product.discountedPrice !== null) {
        expect(product.discountedPrice).toBeLessThan(product.price);
        expect(product.discountedPrice).toBeGreaterThan(0);
      }
      expect(images.length).toBeGreaterThanOrEqual(2);
      expect(images.length).toBeLessThanOrEqual(4);
      expect(new Set(images).size).toBe(images.length);
      expect(new Set(values.map((value) => `${value.kind}|${value.name.en}`)).size).toBe(values.length);
      const approved = written.filter((review) => review.status === 'approved');
      const mean = approved.reduce((sum, review) => sum + review.rating, 0) / Math.max(1, approved.length);
      expect(product.rating).toBeCloseTo(approved.length ? Math.round(mean * 10) / 10 : 0, 5);
      expect(product.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    const share = (test: (item: (typeof built)[number]) => boolean) =>
      built.filter(test).length / built.length;
    expect(share((item) => item.product.stockQuantity === 0)).toBeGreaterThan(0.03);
    expect(share((item) => item.product.discountedPrice !== null)).toBeGreaterThan(0.2);
    expect(share((item) => item.reviews.length > 0)).toBeGreaterThan(0.4);
    expect(share((item) => item.values.some((value) => value.kind === 'size'))).toBeGreaterThan(0.3);
    expect(share((item) => item.values.some((value) => value.kind === 'color'))).toBeGreaterThan(0.3);
    expect(new Set(built.map((item) => item.product.brand)).size).toBeGreaterThan(80);
  });
});

describe('npm run seed arguments', () => {
  test('read --products, --categories, --seed and --batch, with = or a space', () => {
    expect(parseSeedArgs(['--products', '100000', '--categories=40'])).toEqual({
      products: 100_000,
      categories: 40,
      seed: 48,
      batchSize: 1000,
      photographs: false,
    });
    expect(parseSeedArgs(['--products=100_000', '--seed', '7', '--batch', '500'])).toEqual({
      products: 100_000,
      categories: 0,
      seed: 7,
      batchSize: 500,
      photographs: false,
    });
    expect(parseSeedArgs(['--photographs', '--products', '10'])).toMatchObject({
      products: 10,
      photographs: true,
    });
  });

  test('refuse what is missing or not a count', () => {
    for (const argv of [
      [],
      ['--categories', '4'],
      ['--products'],
      ['--products', '-5'],
      ['--products', 'many'],
    ])
      expect(parseSeedArgs(argv)).toHaveProperty('error');
    expect(parseSeedArgs(['--products', '10', '--colour', 'red'])).toHaveProperty('error');
    expect(parseSeedArgs(['--products', '10', '--photographs=yes'])).toHaveProperty('error');
  });
});

describe('seeding the bulk catalogue into the demo shop', () => {
  jest.setTimeout(60_000);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(async () => {
    await t.close();
  });

  const count = async (
    table: typeof products | typeof categories | typeof productImages | typeof reviews,
  ) => {
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(table);
    return row?.n ?? 0;
  };

  test('adds exactly the products asked for, in Arabic and English, with pictures and sizes or colours', async () => {
    const before = await count(products);
    const categoriesBefore = await count(categories);
    const progress: number[] = [];
    const result = await seedBulkCatalogue(t.db, {
      products: 500,
      categories: 3,
      batchSize: 200,
      onProgress: ({ done }) => progress.push(done),
    });
    expect(result.products).toBe(500);
    expect(progress).toEqual([200, 400, 500]);
    expect(await count(products)).toBe(before + 500);
    // The two kinds of goods the demo shop lacks (dates and sweets, fashion), and the three asked for.
    expect(result.categoriesCreated).toBe(5);
    expect(await count(categories)).toBe(categoriesBefore + 5);

    const added = await executeRows<{
      id: number;
      name_en: string;
      name_ar: string;
      pictures: number;
      choices: number;
    }>(
      t.db,
      sql`SELECT p.id, p.name_en, p.name_ar,
            (SELECT count(*)::int FROM ${productImages} i WHERE i.product_id = p.id) AS pictures,
            (SELECT count(*)::int FROM ${productAttributeValues} v WHERE v.product_id = p.id) AS choices
          FROM ${products} p WHERE p.id BETWEEN ${result.firstId} AND ${result.lastId} ORDER BY p.id`,
    );
    expect(added).toHaveLength(500);
    for (const row of added) {
      expect(row.name_en).toMatch(LATIN);
      expect(row.name_ar).toMatch(ARABIC);
      expect(row.pictures).toBeGreaterThanOrEqual(2);
      expect(row.pictures).toBeLessThanOrEqual(4);
    }
    expect(added.filter((row) => row.choices > 0).length).toBeGreaterThan(250);

    // Every picture is one of the generated files the server serves under /media.
    const images = await executeRows<{ image: string }>(
      t.db,
      sql`SELECT DISTINCT image FROM ${productImages} WHERE product_id >= ${result.firstId}`,
    );
    for (const { image } of images)
      expect(existsSync(path.join(__dirname, 'assets', image.replace(/^\/media\//, '')))).toBe(true);

    // A product's stored rating is the mean of its approved reviews, as the shop's trigger keeps it.
    const [wrong] = await executeRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM ${products} p WHERE p.rating <> coalesce((
            SELECT round(avg(r.rating), 1) FROM ${reviews} r WHERE r.product_id = p.id AND r.status = 'approved'
          ), 0)`,
    );
    expect(wrong?.n).toBe(0);
    const [approved] = await executeRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM ${reviews} WHERE status = 'approved' AND product_id >= ${result.firstId}`,
    );
    expect(approved?.n).toBeGreaterThan(100);

    // The shop answers one of them, in both languages.
    const sample = added[123] as (typeof added)[number];
    const en = await t.app.inject({ method: 'GET', url: `/api/products/${sample.id}` });
    expect(en.statusCode).toBe(200);
    const answer = en.json<{ name: string; image_url: string[]; price: number; attributes: unknown[] }>();
    expect(answer.name).toBe(sample.name_en);
    expect(answer.image_url.length).toBe(sample.pictures);
    const ar = await t.app.inject({ method: 'GET', url: `/api/products/${sample.id}?lang=ar` });
    expect(ar.json<{ name: string }>().name).toBe(sample.name_ar);
  });

  test('products pick their pictures from the galleries given (the photographed ones of --photographs)', async () => {
    const stored = (n: number) => `/uploads/products/${n.toString(16).padStart(16, '0')}.webp`;
    const galleries = new Map(
      CATEGORY_TEMPLATES.map((template, index) => [
        template.slug,
        [[stored(index * 10 + 1), stored(index * 10 + 2), stored(index * 10 + 3), stored(index * 10 + 4)]],
      ]),
    );
    const result = await seedBulkCatalogue(t.db, { products: 60, galleries });
    const images = await executeRows<{ image: string }>(
      t.db,
      sql`SELECT DISTINCT image FROM ${productImages} WHERE product_id >= ${result.firstId}`,
    );
    const given = new Set([...galleries.values()].flat(2));
    expect(images.length).toBeGreaterThan(4);
    for (const { image } of images) expect(given.has(image)).toBe(true);
  });

  test('a second run adds as many again under new names, and more categories', async () => {
    const before = await count(products);
    const categoriesBefore = await count(categories);
    const result = await seedBulkCatalogue(t.db, { products: 500, categories: 3 });
    expect(result.products).toBe(500);
    expect(await count(products)).toBe(before + 500);
    expect(result.categoriesCreated).toBe(3);
    expect(await count(categories)).toBe(categoriesBefore + 3);
    const [names] = await executeRows<{ all: number; en: number; ar: number }>(
      t.db,
      sql`SELECT count(*)::int AS all, count(DISTINCT name_en)::int AS en, count(DISTINCT name_ar)::int AS ar
          FROM ${products}`,
    );
    expect(names?.en).toBe(names?.all);
    expect(names?.ar).toBe(names?.all);
    // The rating trigger the run paused is back on.
    const [trigger] = await executeRows<{ enabled: string }>(
      t.db,
      sql`SELECT tgenabled AS enabled FROM pg_trigger
          WHERE tgrelid = 'reviews'::regclass AND tgname = 'reviews_product_rating'`,
    );
    expect(trigger?.enabled).toBe('O');
  });
});
