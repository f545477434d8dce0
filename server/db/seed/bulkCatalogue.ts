// A large, varied, bilingual catalogue on top of the demo shop, for benchmarks and demos
// (`npm run seed -- --products N [--categories M]`, server/seedCatalogue.ts).
//
// Each product's name follows from its id alone: the id picks a family of goods (id mod the number of families)
// and, through a fixed permutation, one combination of brand × type × attribute × variant of that family; when a
// family's combinations run out, a series number follows. Ids come from the products' own sequence, so a second
// run (or another writer meanwhile) never repeats a name. Everything else (category, price, stock, pictures,
// sizes, colours, reviews) is drawn from a generator seeded with the run's seed and the id: the same seed on the
// same database gives the same catalogue.
//
// Rows go in with one INSERT … SELECT FROM unnest(array, array, …) per table and batch: one parameter per
// column whatever the number of rows, parsed once, on PGlite and node-postgres alike. Each batch of products is
// one transaction with its pictures, sizes, colours and reviews.
import { sql } from 'drizzle-orm';
import { stockWarningFor } from '../../lib/stockWarning';
import { executeRows, type Db } from '../client';
import {
  BULK_COLLECTIONS,
  DESCRIPTION_TAILS,
  FAMILIES,
  type Bilingual,
  type Family,
  type ProductType,
} from './bulkWords';
import { buildCatalog } from './catalog';
import { REVIEWERS, REVIEW_TEXTS } from './content';
import { categoryImagePath, productImagePath } from './media';
import { createRandom, stockQuantityOf, type Random } from './random';

export const DEFAULT_BULK_SEED = 48;
export const DEFAULT_BATCH_SIZE = 1000;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Products were added over the last three years, more of them lately. */
const HISTORY_DAYS = 3 * 365;
const DISCOUNT_PERCENTS = [10, 15, 20, 25, 30, 35, 40, 50, 60, 70];
/** A fixed multiplier (prime, so coprime with every family's number of combinations) that scatters the names. */
const NAME_STRIDE = 7919;
const NAME_OFFSET = 4801;

export interface BulkName {
  family: Family;
  name: Bilingual;
  brand: Bilingual;
  type: ProductType;
  attribute: Bilingual;
  variant: Bilingual;
}

function combinationsOf(family: Family): number {
  return family.brands.length * family.types.length * family.attributes.length * family.variants.length;
}

function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`index ${index} outside a list of ${items.length}`);
  return item;
}

/** The name of the bulk product with this id: the same on every machine and every run, never the same twice. */
export function bulkProductName(id: number): BulkName {
  const family = at(FAMILIES, id % FAMILIES.length);
  const serial = Math.floor(id / FAMILIES.length);
  const combinations = combinationsOf(family);
  const series = Math.floor(serial / combinations);
  let rest = (serial * NAME_STRIDE + NAME_OFFSET) % combinations;
  const variant = at(family.variants, rest % family.variants.length);
  rest = Math.floor(rest / family.variants.length);
  const attribute = at(family.attributes, rest % family.attributes.length);
  rest = Math.floor(rest / family.attributes.length);
  const type = at(family.types, rest % family.types.length);
  const brand = at(family.brands, Math.floor(rest / family.types.length));
  const seriesEn = series === 0 ? '' : ` (Series ${series + 1})`;
  const seriesAr = series === 0 ? '' : ` (السلسلة ${series + 1})`;
  return {
    family,
    brand,
    type,
    attribute,
    variant,
    name: {
      en: `${brand.en} ${type.en} ${attribute.en} – ${variant.en}${seriesEn}`,
      ar: `${type.ar} ${attribute.ar} من ${brand.ar} – ${variant.ar}${seriesAr}`,
    },
  };
}

/** The generator of one product: the run's seed and the product's id, mixed (murmur3's finaliser). */
function randomFor(seed: number, id: number): Random {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ id;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return createRandom((h ^ (h >>> 16)) >>> 0);
}

function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}

function fils(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** A shelf price in KWD: fils steps below 5 KWD, quarters above, some ending in .950 or .450. */
function shelfPrice(random: Random, [min, max]: [number, number]): number {
  const raw = min + (max - min) * random.next() ** 1.8;
  if (raw < 5) return fils(Math.max(min, roundTo(raw, 0.05)));
  const rounded = roundTo(raw, raw < 40 ? 0.25 : 0.5);
  return fils(random.chance(0.3) ? rounded - 0.05 : rounded);
}

export interface ProductRowValues {
  id: number;
  categoryId: number;
  name: Bilingual;
  description: Bilingual;
  price: number;
  discountedPrice: number | null;
  brand: string;
  collection: Bilingual;
  rating: number;
  stockQuantity: number;
  stockWarning: Bilingual | null;
  offer: boolean;
  sale: boolean;
  soldCount: number;
  createdAt: Date;
}

export interface BulkProduct {
  product: ProductRowValues;
  images: string[];
  values: { kind: 'size' | 'color'; name: Bilingual; position: number }[];
  reviews: {
    userName: string;
    rating: number;
    review: string;
    status: 'approved' | 'pending';
    createdAt: Date;
  }[];
}

/** Where a run puts products: the categories of each family, and the pictures of each demo category. */
export interface BulkContext {
  categoriesByFamily: Map<string, number[]>;
  galleriesBySlug: Map<string, string[][]>;
}

function reviewsFor(random: Random, createdAt: Date, now: Date): BulkProduct['reviews'] {
  // Four products in ten have no review yet (rating 0), as in a real shop.
  if (random.chance(0.4)) return [];
  const count = random.int(1, 4);
  const target = 2.4 + random.next() * 2.6;
  const reviewers = random.sample(REVIEWERS, count);
  const unused = REVIEW_TEXTS.map((texts) => [...texts]);
  const span = Math.max(0, now.getTime() - createdAt.getTime());
  return reviewers.map((userName, position) => {
    const rating = Math.min(5, Math.max(1, Math.round(target + (random.next() - 0.5) * 2)));
    const texts = at(unused, rating <= 2 ? 0 : rating === 3 ? 1 : 2);
    const review = at(texts.splice(random.int(0, texts.length - 1), 1), 0);
    return {
      userName,
      rating,
      review,
      // The first is approved, so a reviewed product has a rating; the others are approved four times in five.
      status: position === 0 || random.chance(0.8) ? 'approved' : 'pending',
      createdAt: new Date(createdAt.getTime() + Math.floor(random.next() * span)),
    };
  });
}

/** One product of the bulk catalogue, with its pictures, sizes, colours and reviews. */
export function buildBulkProduct(id: number, seed: number, now: Date, context: BulkContext): BulkProduct {
  const { family, name, brand, type, attribute } = bulkProductName(id);
  const random = randomFor(seed, id);
  const categoryIds = context.categoriesByFamily.get(family.key);
  if (!categoryIds?.length) throw new Error(`no category for ${family.key}`);

  const price = shelfPrice(random, type.price);
  const discountOffer = random.chance(0.3) ? random.pick(DISCOUNT_PERCENTS) : null;
  let discountedPrice =
    discountOffer === null ? null : fils(roundTo(price * (1 - discountOffer / 100), 0.005));
  if (discountedPrice !== null && (discountedPrice >= price || discountedPrice <= 0)) discountedPrice = null;
  const stockQuantity = stockQuantityOf(random, 80, 600);
  const daysAgo = Math.floor(random.next() ** 1.7 * HISTORY_DAYS);
  const createdAt = new Date(now.getTime() - daysAgo * DAY_MS - random.int(0, DAY_MS - 1));
  const reviews = reviewsFor(random, createdAt, now);
  const approved = reviews.filter((review) => review.status === 'approved');
  const rating =
    approved.length === 0
      ? 0
      : Math.round((approved.reduce((sum, review) => sum + review.rating, 0) * 10) / approved.length) / 10;

  const sizes = family.sizes
    ? random.sample(family.sizes, random.int(Math.min(2, family.sizes.length), family.sizes.length))
    : [];
  const colors =
    family.colors && random.chance(family.colorShare)
      ? random.sample(family.colors, random.int(1, Math.min(5, family.colors.length)))
      : [];

  const pool = context.galleriesBySlug.get(random.pick(family.pictures)) ?? [];
  const wanted = random.int(2, 4);
  const images: string[] = [];
  for (let tries = 0; images.length < wanted && tries < 8; tries += 1) {
    for (const image of random.pick(pool)) {
      if (images.length < wanted && !images.includes(image)) images.push(image);
    }
  }

  const described = family.description(type, attribute, brand);
  const tail = random.pick(DESCRIPTION_TAILS);
  const collection = random.chance(1 / 7) ? { en: '', ar: '' } : random.pick(BULK_COLLECTIONS);
  return {
    product: {
      id,
      categoryId: random.pick(categoryIds),
      name,
      description: { en: `${described.en} ${tail.en}`, ar: `${described.ar} ${tail.ar}` },
      price,
      discountedPrice,
      brand: brand.en,
      collection,
      rating,
      stockQuantity,
      stockWarning: stockWarningFor(stockQuantity),
      offer: discountedPrice !== null,
      sale: discountedPrice !== null && (discountOffer ?? 0) >= 25,
      soldCount: Math.floor(random.next() ** 3 * 5000),
      createdAt,
    },
    images,
    values: [
      ...sizes.map((size, position) => ({ kind: 'size' as const, name: size, position })),
      ...colors.map((color, position) => ({ kind: 'color' as const, name: color, position })),
    ],
    reviews,
  };
}

// ---- writing ----

type Cell = string | number | boolean | Date | null;

/** A PostgreSQL array literal of one column's values (every element quoted, so any text goes through). */
function arrayLiteral(values: readonly Cell[]): string {
  const items = values.map((value) => {
    if (value === null) return 'NULL';
    const text =
      value instanceof Date
        ? value.toISOString()
        : typeof value === 'boolean'
          ? value
            ? 't'
            : 'f'
          : String(value);
    return `"${text.replace(/[\\"]/g, '\\$&')}"`;
  });
  return `{${items.join(',')}}`;
}

/** INSERT INTO table (columns) SELECT * FROM unnest($1::type[], …): the rows in chunks of `chunk`. */
async function insertColumns(
  db: Db,
  table: string,
  columns: readonly (readonly [name: string, type: string])[],
  rows: readonly Cell[][],
  chunk: number,
): Promise<void> {
  for (let start = 0; start < rows.length; start += chunk) {
    const part = rows.slice(start, start + chunk);
    const arrays = columns.map(
      ([, type], index) => sql`${arrayLiteral(part.map((row) => row[index] ?? null))}::${sql.raw(type)}[]`,
    );
    await db.execute(
      sql`INSERT INTO ${sql.identifier(table)} (${sql.raw(columns.map(([name]) => name).join(', '))})
          SELECT * FROM unnest(${sql.join(arrays, sql`, `)})`,
    );
  }
}

const PRODUCT_COLUMNS = [
  ['id', 'int'],
  ['category_id', 'int'],
  ['name_en', 'text'],
  ['name_ar', 'text'],
  ['description_en', 'text'],
  ['description_ar', 'text'],
  ['price', 'numeric'],
  ['discounted_price', 'numeric'],
  ['brand', 'text'],
  ['collection_en', 'text'],
  ['collection_ar', 'text'],
  ['rating', 'numeric'],
  ['stock_quantity', 'int'],
  ['stock_warning_en', 'text'],
  ['stock_warning_ar', 'text'],
  ['offer', 'boolean'],
  ['sale', 'boolean'],
  ['sold_count', 'int'],
  ['created_at', 'timestamptz'],
] as const;
const IMAGE_COLUMNS = [
  ['product_id', 'int'],
  ['image', 'text'],
  ['position', 'int'],
] as const;
const VALUE_COLUMNS = [
  ['product_id', 'int'],
  ['kind', 'text'],
  ['name_en', 'text'],
  ['name_ar', 'text'],
  ['position', 'int'],
] as const;
const REVIEW_COLUMNS = [
  ['product_id', 'int'],
  ['user_name', 'text'],
  ['rating', 'int'],
  ['review', 'text'],
  ['status', 'text'],
  ['created_at', 'timestamptz'],
] as const;

/**
 * The trigger of migrations/013 that recomputes a product's rating after each review written: one UPDATE of the
 * product (its search text and every index) per review, which was most of a batch's time on PostgreSQL.
 */
const RATING_TRIGGER = 'reviews_product_rating';

/** The rating trigger could not be paused (not the table's owner?): the batch is written again with it. */
class TriggerNotPaused extends Error {}

async function hasRatingTrigger(db: Db): Promise<boolean> {
  const rows = await executeRows(
    db,
    sql`SELECT 1 FROM pg_trigger WHERE tgrelid = 'reviews'::regclass AND tgname = ${RATING_TRIGGER}`,
  );
  return rows.length > 0;
}

/**
 * One batch in one transaction. With `pauseRatingTrigger`, the reviews go in with the trigger off, inside the
 * transaction (its lock keeps other writers of reviews waiting, and they never see it off): the products carry
 * the rating the trigger would have given them, the mean of their approved reviews to one decimal.
 */
async function writeBatch(
  db: Db,
  batch: BulkProduct[],
  chunk: number,
  pauseRatingTrigger: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    await insertColumns(
      tx,
      'products',
      PRODUCT_COLUMNS,
      batch.map(({ product: p }) => [
        p.id,
        p.categoryId,
        p.name.en,
        p.name.ar,
        p.description.en,
        p.description.ar,
        p.price.toFixed(3),
        p.discountedPrice === null ? null : p.discountedPrice.toFixed(3),
        p.brand,
        p.collection.en,
        p.collection.ar,
        p.rating.toFixed(1),
        p.stockQuantity,
        p.stockWarning?.en ?? null,
        p.stockWarning?.ar ?? null,
        p.offer,
        p.sale,
        p.soldCount,
        p.createdAt,
      ]),
      chunk,
    );
    await insertColumns(
      tx,
      'product_images',
      IMAGE_COLUMNS,
      batch.flatMap(({ product, images }) => images.map((image, position) => [product.id, image, position])),
      chunk,
    );
    await insertColumns(
      tx,
      'product_attribute_values',
      VALUE_COLUMNS,
      batch.flatMap(({ product, values }) =>
        values.map((value) => [product.id, value.kind, value.name.en, value.name.ar, value.position]),
      ),
      chunk,
    );
    if (pauseRatingTrigger) {
      await tx
        .execute(sql`ALTER TABLE reviews DISABLE TRIGGER ${sql.identifier(RATING_TRIGGER)}`)
        .catch((error: unknown) => {
          throw new TriggerNotPaused('rating trigger not paused', { cause: error });
        });
    }
    await insertColumns(
      tx,
      'reviews',
      REVIEW_COLUMNS,
      batch.flatMap(({ product, reviews }) =>
        reviews.map((review) => [
          product.id,
          review.userName,
          review.rating,
          review.review,
          review.status,
          review.createdAt,
        ]),
      ),
      chunk,
    );
    if (pauseRatingTrigger)
      await tx.execute(sql`ALTER TABLE reviews ENABLE TRIGGER ${sql.identifier(RATING_TRIGGER)}`);
  });
}

// ---- categories ----

interface CategoryRow extends Record<string, unknown> {
  id: number;
  name_en: string;
  name_ar: string;
}

/** The family a category belongs to, by its English name ("Oud Oils", or "Oud Oils 2" once the list ran out). */
function familyByCategoryName(): Map<string, string> {
  const names = new Map<string, string>();
  for (const family of FAMILIES) {
    names.set(family.home.en, family.key);
    for (const name of family.more) names.set(name.en, family.key);
  }
  return names;
}

function familyOfCategory(nameEn: string, names: Map<string, string>): string | undefined {
  return names.get(nameEn) ?? names.get(nameEn.replace(/ \d+$/, ''));
}

async function readCategories(db: Db): Promise<CategoryRow[]> {
  return executeRows<CategoryRow>(db, sql`SELECT id, name_en, name_ar FROM categories ORDER BY id`);
}

/** The next names for `count` more categories, a family at a time, none taken yet (in either language). */
function moreCategoryNames(existing: CategoryRow[], count: number): { name: Bilingual; family: Family }[] {
  const takenEn = new Set(existing.map((row) => row.name_en));
  const takenAr = new Set(existing.map((row) => row.name_ar));
  const next = FAMILIES.map(() => 0);
  const chosen: { name: Bilingual; family: Family }[] = [];
  for (let index = 0; chosen.length < count; index += 1) {
    const familyIndex = index % FAMILIES.length;
    const family = at(FAMILIES, familyIndex);
    for (;;) {
      const position = at(next, familyIndex);
      next[familyIndex] = position + 1;
      const base = at(family.more, position % family.more.length);
      const round = Math.floor(position / family.more.length);
      const name = round === 0 ? base : { en: `${base.en} ${round + 1}`, ar: `${base.ar} ${round + 1}` };
      if (takenEn.has(name.en) || takenAr.has(name.ar)) continue;
      takenEn.add(name.en);
      takenAr.add(name.ar);
      chosen.push({ name, family });
      break;
    }
  }
  return chosen;
}

/**
 * Every family's own category (the demo shop's for most), and `extra` more categories spread over the families.
 * Answers the categories of each family (those made by earlier runs too) and how many were made now.
 */
async function prepareCategories(
  db: Db,
  extra: number,
): Promise<{ categoriesByFamily: Map<string, number[]>; created: number }> {
  const existing = await readCategories(db);
  const names = familyByCategoryName();
  const haveHome = new Set(existing.map((row) => row.name_en));
  const wanted = [
    ...FAMILIES.filter((family) => !haveHome.has(family.home.en)).map((family) => ({
      name: family.home,
      family,
    })),
    ...moreCategoryNames(existing, extra),
  ];
  let created = 0;
  if (wanted.length > 0) {
    const [top] = await executeRows<{ top: number }>(
      db,
      sql`SELECT coalesce(max(sort_order), -1)::int AS top FROM categories`,
    );
    for (const [index, { name, family }] of wanted.entries()) {
      // A name another writer took meanwhile is skipped: names are unique in both languages.
      const inserted = await executeRows<{ id: number }>(
        db,
        sql`INSERT INTO categories (name_en, name_ar, image, sort_order)
            VALUES (${name.en}, ${name.ar}, ${categoryImagePath(at(family.pictures, 0))}, ${(top?.top ?? -1) + 1 + index})
            ON CONFLICT DO NOTHING RETURNING id`,
      );
      created += inserted.length;
    }
  }
  const categoriesByFamily = new Map<string, number[]>();
  for (const row of await readCategories(db)) {
    const family = familyOfCategory(row.name_en, names);
    if (family) categoriesByFamily.set(family, [...(categoriesByFamily.get(family) ?? []), Number(row.id)]);
  }
  for (const family of FAMILIES) {
    if (!categoriesByFamily.get(family.key)?.length)
      throw new Error(
        `No category for ${family.key}: "${family.home.en}" / "${family.home.ar}" could not be made (its Arabic name is taken?).`,
      );
  }
  return { categoriesByFamily, created };
}

/** The demo shop's generated pictures, as galleries by category (server/assets/products). */
export function demoGalleriesBySlug(): Map<string, string[][]> {
  const galleries = new Map<string, string[][]>();
  for (const product of buildCatalog()) {
    const list = galleries.get(product.categorySlug) ?? [];
    list.push(product.images.map(productImagePath));
    galleries.set(product.categorySlug, list);
  }
  return galleries;
}

// ---- the run ----

export interface BulkProgress {
  done: number;
  total: number;
  elapsedMs: number;
}

export interface BulkSeedOptions {
  products: number;
  /** more categories to make (bilingual, spread over the kinds of goods) */
  categories?: number;
  seed?: number;
  /** products per transaction, and rows per INSERT statement */
  batchSize?: number;
  now?: Date;
  onProgress?: (progress: BulkProgress) => void;
  /** the pictures products pick from, by demo category (default: the demo's drawings; server/seedPhotographs.ts) */
  galleries?: Map<string, string[][]>;
}

export interface BulkSeedResult {
  products: number;
  firstId: number | null;
  lastId: number | null;
  categoriesCreated: number;
  images: number;
  values: number;
  reviews: number;
  elapsedMs: number;
}

/**
 * Adds `products` products (and `categories` categories) to a migrated database. Batches are written one after
 * another, each in its own transaction; the next batch is drawn while the database writes the last one.
 */
export async function seedBulkCatalogue(db: Db, options: BulkSeedOptions): Promise<BulkSeedResult> {
  const started = Date.now();
  const total = options.products;
  const seed = options.seed ?? DEFAULT_BULK_SEED;
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
  const now = options.now ?? new Date();
  const { categoriesByFamily, created } = await prepareCategories(db, options.categories ?? 0);
  const context: BulkContext = {
    categoriesByFamily,
    galleriesBySlug: options.galleries ?? demoGalleriesBySlug(),
  };
  const [sequence] = await executeRows<{ name: string }>(
    db,
    sql`SELECT pg_get_serial_sequence('products', 'id') AS name`,
  );
  if (!sequence?.name) throw new Error('products.id has no sequence');

  const result: BulkSeedResult = {
    products: 0,
    firstId: null,
    lastId: null,
    categoriesCreated: created,
    images: 0,
    values: 0,
    reviews: 0,
    elapsedMs: 0,
  };
  let pauseRatingTrigger = await hasRatingTrigger(db);
  const write = async (batch: BulkProduct[]) => {
    try {
      await writeBatch(db, batch, batchSize, pauseRatingTrigger);
    } catch (error) {
      if (!(error instanceof TriggerNotPaused)) throw error;
      pauseRatingTrigger = false;
      await writeBatch(db, batch, batchSize, false);
    }
  };
  let writing: Promise<void> = Promise.resolve();
  for (let done = 0; done < total;) {
    const size = Math.min(batchSize, total - done);
    const ids = (
      await executeRows<{ id: number }>(
        db,
        sql`SELECT nextval(${sequence.name}::regclass)::int AS id FROM generate_series(1, ${size}::int)`,
      )
    )
      .map((row) => Number(row.id))
      .sort((a, b) => a - b);
    const batch = ids.map((id) => buildBulkProduct(id, seed, now, context));
    await writing;
    const first = at(ids, 0);
    const last = at(ids, ids.length - 1);
    done += size;
    const doneNow = done;
    writing = write(batch).then(() => {
      result.products += batch.length;
      result.firstId = result.firstId === null ? first : Math.min(result.firstId, first);
      result.lastId = Math.max(result.lastId ?? last, last);
      for (const product of batch) {
        result.images += product.images.length;
        result.values += product.values.length;
        result.reviews += product.reviews.length;
      }
      options.onProgress?.({ done: doneNow, total, elapsedMs: Date.now() - started });
    });
    // Awaited before the next batch is written (and below); until then a failure must not count as unhandled.
    writing.catch(() => undefined);
  }
  await writing;
  // Fresh statistics, so the planner knows the tables grew (autovacuum would get there later; PGlite has none).
  await db.execute(sql`ANALYZE categories, products, product_images, product_attribute_values, reviews`);
  result.elapsedMs = Date.now() - started;
  return result;
}
