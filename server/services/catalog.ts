// Reading the catalogue: products with images, attributes and prices, shaped as the contract's Product.
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Category, Product } from '../../contract/catalog';
import type { Coupon } from '../../contract/coupons';
import type { Db } from '../db/client';
import { categoryRows, workingCouponRows } from '../db/queries/catalog';
import {
  categories,
  currencyRates,
  productAttributeValues,
  productImages,
  products,
  reviews,
} from '../db/schema';
import { roundToMinor } from '../../shared/minorUnits';
import { unitPrice } from '../../shared/prices';
import { ResponseCache } from '../lib/responseCache';
import { Invalid } from './errors';

export type Lang = 'en' | 'ar';

/** `?lang=ar` answers Arabic; anything else (or nothing) English. */
export function langOf(request: FastifyRequest): Lang {
  const query = request.query as Record<string, unknown> | undefined;
  return query?.lang === 'ar' ? 'ar' : 'en';
}

export function localized(lang: Lang, en: string, ar: string): string {
  return lang === 'ar' ? ar : en;
}

export const ATTRIBUTE_NAMES: Record<'size' | 'color', Record<Lang, string>> = {
  size: { en: 'size', ar: 'المقاس' },
  color: { en: 'color', ar: 'اللون' },
};

type ProductRow = typeof products.$inferSelect;

export interface Rate {
  currencyCode: string;
  ratePerKwd: number;
}

/** The discount as a whole percentage, derived from the two prices so it can never disagree with them. */
function discountPercent(price: number, discounted: number | null): number | null {
  if (discounted === null || price <= 0) return null;
  return Math.round((1 - discounted / price) * 100);
}

/** The rate for a currency code, or null when the shop does not price in it. */
export async function findRate(db: Db, currencyCode: string | undefined): Promise<Rate | null> {
  if (!currencyCode) return null;
  const [rate] = await db
    .select({ currencyCode: currencyRates.currencyCode, ratePerKwd: currencyRates.ratePerKwd })
    .from(currencyRates)
    .where(eq(currencyRates.currencyCode, currencyCode.trim().toUpperCase()))
    .limit(1);
  return rate ?? null;
}

/** As long as the catalogue lists are reused: a changed rate reaches shown prices as soon as it reaches lists. */
const SHOWN_RATES_MS = 10_000;
const shownRates = new WeakMap<Db, ResponseCache<Map<string, Rate>>>();

/**
 * findRate for prices that are shown (catalogue, cart, wishlist) and for checking a currency code: the rates
 * table, a handful of rows, read at most every few seconds instead of once per request. Orders price with
 * findRate.
 */
export async function shownRate(db: Db, currencyCode: string | undefined): Promise<Rate | null> {
  if (!currencyCode) return null;
  let cache = shownRates.get(db);
  if (!cache) {
    cache = new ResponseCache(SHOWN_RATES_MS);
    shownRates.set(db, cache);
  }
  const rates = await cache.get('rates', async () => {
    const rows = await db
      .select({ currencyCode: currencyRates.currencyCode, ratePerKwd: currencyRates.ratePerKwd })
      .from(currencyRates);
    return new Map(rows.map((row) => [row.currencyCode, row]));
  });
  return rates.get(currencyCode.trim().toUpperCase()) ?? null;
}

export function convert(amountKwd: number, rate: Rate): number {
  return roundToMinor(amountKwd * rate.ratePerKwd, rate.currencyCode);
}

/**
 * A product's rating: the mean of its approved reviews to one decimal, 0 without any. Computed where it is read,
 * so it follows every review whose status changes, however the change is made; the index on reviews.product_id
 * keeps it cheap, and the catalogue lists are cached for a few seconds on top.
 */
const approvedRating = sql<number>`coalesce((
  select round(avg(${reviews.rating}), 1) from ${reviews}
  where ${reviews.productId} = ${products.id} and ${reviews.status} = 'approved'
), 0)`.mapWith(Number);

interface ImageJson {
  id: number;
  image: string;
}

export interface ValueJson {
  id: number;
  kind: 'size' | 'color';
  nameEn: string;
  nameAr: string;
}

/**
 * The gallery and the sizes and colours of each product, aggregated in the product's own row: one query answers a
 * product or a whole list (with PGlite every query waits its turn on one connection).
 */
const galleryOf = sql<ImageJson[]>`coalesce((
  select json_agg(json_build_object('id', ${productImages.id}, 'image', ${productImages.image})
                  order by ${productImages.position}, ${productImages.id})
  from ${productImages} where ${productImages.productId} = ${products.id}
), '[]'::json)`;

const choicesOf = sql<ValueJson[]>`coalesce((
  select json_agg(json_build_object('id', ${productAttributeValues.id}, 'kind', ${productAttributeValues.kind},
                                    'nameEn', ${productAttributeValues.nameEn}, 'nameAr', ${productAttributeValues.nameAr})
                  order by ${productAttributeValues.position}, ${productAttributeValues.id})
  from ${productAttributeValues} where ${productAttributeValues.productId} = ${products.id}
), '[]'::json)`;

/** A json column arrives parsed from node-postgres and PGlite alike; text only if a driver leaves it as is. */
function jsonList<T>(value: unknown): T[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? (parsed as T[]) : [];
}

/** Products (in the given order) with their gallery, attributes and category name. */
export async function loadProducts(
  db: Db,
  where: SQL | undefined,
  lang: Lang,
  options: { orderBy?: 'id' | 'best_selling'; limit?: number; rate?: Rate | null } = {},
): Promise<Product[]> {
  let query = db
    .select(productColumns())
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(
      ...(options.orderBy === 'best_selling'
        ? [desc(products.soldCount), asc(products.id)]
        : [asc(products.id)]),
    )
    .$dynamic();
  if (options.limit) query = query.limit(options.limit);
  const rows = await query;
  return rows.map(({ product, rating, categoryEn, categoryAr, images, values }) =>
    productJson(
      { ...product, rating },
      localized(lang, categoryEn, categoryAr),
      jsonList<ImageJson>(images),
      jsonList<ValueJson>(values),
      lang,
      options.rate ?? null,
    ),
  );
}

/** The columns of a product's answer (see loadProducts). */
function productColumns() {
  return {
    product: products,
    rating: approvedRating,
    categoryEn: categories.nameEn,
    categoryAr: categories.nameAr,
    images: galleryOf,
    values: choicesOf,
  };
}

/** One product with its answer's columns: built and prepared once per database (cart changes read it each time). */
function prepareProductById(db: Db) {
  return db
    .select(productColumns())
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, sql.placeholder('id')))
    .prepare('product_by_id');
}

const productByIdQueries = new WeakMap<Db, ReturnType<typeof prepareProductById>>();

/** A product's row (its stock), its sizes and colours with both names, and its answer without a rate. */
export interface ProductWithResponse {
  row: ProductRow;
  values: ValueJson[];
  answer: Product;
}

async function readProduct(
  db: Db,
  id: number,
  lang: Lang,
  rate: Rate | null,
): Promise<ProductWithResponse | null> {
  let query = productByIdQueries.get(db);
  if (!query) {
    query = prepareProductById(db);
    productByIdQueries.set(db, query);
  }
  const [found] = await query.execute({ id });
  if (!found) return null;
  const values = jsonList<ValueJson>(found.values);
  return {
    row: found.product,
    values,
    answer: productJson(
      { ...found.product, rating: found.rating },
      localized(lang, found.categoryEn, found.categoryAr),
      jsonList<ImageJson>(found.images),
      values,
      lang,
      rate,
    ),
  };
}

export async function loadProduct(
  db: Db,
  id: number,
  lang: Lang,
  rate: Rate | null = null,
): Promise<Product | null> {
  return (await readProduct(db, id, lang, rate))?.answer ?? null;
}

/** A product's row, choices and answer without a rate, in one query. */
export function currentProductWithAnswer(
  db: Db,
  id: number,
  lang: Lang,
): Promise<ProductWithResponse | null> {
  return readProduct(db, id, lang, null);
}

/** loadProduct without a rate. */
export async function currentProduct(db: Db, id: number, lang: Lang): Promise<Product | null> {
  return (await currentProductWithAnswer(db, id, lang))?.answer ?? null;
}

function productJson(
  row: ProductRow,
  categoryName: string,
  images: ImageJson[],
  values: ValueJson[],
  lang: Lang,
  rate: Rate | null,
): Product {
  const attributes = (['size', 'color'] as const)
    .map((kind) => ({
      attribute_name: ATTRIBUTE_NAMES[kind][lang],
      sub_attributes: values
        .filter((value) => value.kind === kind)
        .map((value) => ({ id: value.id, name: localized(lang, value.nameEn, value.nameAr) })),
    }))
    .filter((attribute) => attribute.sub_attributes.length > 0);
  const json: Product = {
    id: row.id,
    name: localized(lang, row.nameEn, row.nameAr),
    description: localized(lang, row.descriptionEn, row.descriptionAr),
    price: row.price,
    discounted_price: row.discountedPrice,
    discount_offer: discountPercent(row.price, row.discountedPrice),
    image_temp: images[0]?.image ?? '',
    image_url: images.map((image) => image.image),
    product_images: images.map((image) => ({ id: image.id, image: image.image })),
    category: categoryName,
    category_id: row.categoryId,
    collection: localized(lang, row.collectionEn, row.collectionAr),
    brand: row.brand,
    rating: row.rating,
    stock_quantity: row.stockQuantity,
    stock_warning:
      row.stockWarningEn !== null || row.stockWarningAr !== null
        ? { warning_ar: row.stockWarningAr ?? '', warning_en: row.stockWarningEn ?? '' }
        : null,
    attributes,
    offer: row.offer,
    sale: row.sale,
    created_at: row.createdAt.toISOString(),
  };
  if (rate) {
    json.converted_products = {
      currency_code: rate.currencyCode,
      price: convert(row.price, rate),
      discounted_price: row.discountedPrice === null ? null : convert(row.discountedPrice, rate),
    };
  }
  return json;
}

/**
 * The price a shopper pays for one unit, in KWD: the discounted price when there is one. A "discounted" price at
 * or above the price is no discount; the SPA shows the price then, and the server charges what it shows.
 */
export function unitPriceOf(row: Pick<ProductRow, 'price' | 'discountedPrice'>): number {
  return unitPrice(row.price, row.discountedPrice).amount;
}

export function productExists(db: Db, id: number): Promise<boolean> {
  return db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, id)))
    .limit(1)
    .then((rows) => rows.length > 0);
}

/** A positive 32-bit id from a path segment, or null (callers answer 404: an id that cannot exist is unknown). */
export function parseId(value: unknown): number | null {
  if (typeof value === 'number')
    return Number.isInteger(value) && value > 0 && value <= 2_147_483_647 ? value : null;
  if (typeof value !== 'string' || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The stock note shown at 5 pieces or fewer (spec 02 §9), in both languages. */
export function stockWarningFor(stock: number): { en: string; ar: string } | null {
  if (stock <= 0) return { en: 'Out of stock', ar: 'نفدت الكمية' };
  if (stock <= 5) return { en: `Only ${stock} left in stock`, ar: `متبقي ${stock} قطع فقط` };
  return null;
}

/** The rate for a `currency_code` the client sent (none: null); a currency the shop does not price in is Invalid. */
export async function requestedRate(db: Db, code: string | undefined): Promise<Rate | null> {
  if (!code) return null;
  const rate = await shownRate(db, code);
  if (!rate) throw new Invalid({ currency_code: ['The selected currency code is invalid.'] });
  return rate;
}

/** Every category with its products, in the shop's order. */
export async function categoriesWithProducts(db: Db, lang: Lang, rate: Rate | null): Promise<Category[]> {
  const [rows, allProducts] = await Promise.all([
    categoryRows(db),
    loadProducts(db, undefined, lang, { rate }),
  ]);
  const byCategory = new Map<number, Product[]>();
  for (const product of allProducts) {
    const list = byCategory.get(product.category_id) ?? [];
    list.push(product);
    byCategory.set(product.category_id, list);
  }
  return rows.map((row) => ({
    id: row.id,
    name: localized(lang, row.nameEn, row.nameAr),
    image: row.image,
    products: byCategory.get(row.id) ?? [],
  }));
}

export const BEST_SELLERS = 20;

export function bestSellers(db: Db, lang: Lang, rate: Rate | null): Promise<Product[]> {
  return loadProducts(db, undefined, lang, { orderBy: 'best_selling', limit: BEST_SELLERS, rate });
}

/** Every coupon; with a rate, each also in that currency (`converted`), as the cart will count it. */
/** The public list: only coupons a shopper can use now (a planned or switched-off coupon is staff's to know). */
export async function listCoupons(db: Db, rate: Rate | null, now: Date): Promise<Coupon[]> {
  return (await workingCouponRows(db, now.toISOString().slice(0, 10))).map((row) => ({
    id: row.id,
    code: row.code,
    is_active: row.isActive ? 1 : 0,
    end_date: row.endDate,
    discount: row.discount,
    kind: row.kind,
    min_total: row.minTotal,
    starts_on: row.startsOn,
    ...(rate
      ? {
          converted: {
            currency_code: rate.currencyCode,
            amount: row.kind === 'amount' ? convert(row.discount, rate) : 0,
            min_total: convert(row.minTotal, rate),
          },
        }
      : {}),
  }));
}
