// Reading the catalogue: products with images, attributes and prices, shaped as the contract's Product.
import type { Category, Product } from '../../contract/catalog';
import { unitPrice } from '../../shared/prices';
import type { Db } from '../db/client';
import { categoryRows } from '../db/queries/catalog';
import {
  productAnswerRow,
  productAnswerRows,
  type ImageJson,
  type ProductAnswerRow,
  type ProductRow,
  type ValueJson,
} from '../db/queries/products';
import { localized, type Lang } from '../lib/language';
import { convert, type Rate } from './rates';

const ATTRIBUTE_NAMES: Record<'size' | 'color', Record<Lang, string>> = {
  size: { en: 'size', ar: 'المقاس' },
  color: { en: 'color', ar: 'اللون' },
};

/** The discount as a whole percentage, derived from the two prices so it can never disagree with them. */
function discountPercent(price: number, discounted: number | null): number | null {
  if (discounted === null || price <= 0) return null;
  return Math.round((1 - discounted / price) * 100);
}

/** A json column arrives parsed from node-postgres and PGlite alike; text only if a driver leaves it as is. */
function jsonList<T>(value: unknown): T[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? (parsed as T[]) : [];
}

function answerOf(
  found: ProductAnswerRow,
  lang: Lang,
  rate: Rate | null,
  values = jsonList<ValueJson>(found.values),
) {
  return productJson(
    { ...found.product, rating: found.rating },
    localized(lang, found.categoryEn, found.categoryAr),
    jsonList<ImageJson>(found.images),
    values,
    lang,
    rate,
  );
}

/** A product's answer from its row, in a language and currency. */
export function productAnswerOf(row: ProductAnswerRow, lang: Lang, rate: Rate | null): Product {
  return answerOf(row, lang, rate);
}

/** Products (every product when ids is undefined) by id or best selling first, with gallery, attributes, category. */
export async function loadProducts(
  db: Db,
  ids: readonly number[] | undefined,
  lang: Lang,
  options: { orderBy?: 'id' | 'best_selling'; limit?: number; rate?: Rate | null } = {},
): Promise<Product[]> {
  const rows = await productAnswerRows(db, ids, options);
  return rows.map((row) => answerOf(row, lang, options.rate ?? null));
}

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
  const found = await productAnswerRow(db, id);
  if (!found) return null;
  const values = jsonList<ValueJson>(found.values);
  return { row: found.product, values, answer: answerOf(found, lang, rate, values) };
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

const BEST_SELLERS = 20;

export function bestSellers(db: Db, lang: Lang, rate: Rate | null): Promise<Product[]> {
  return loadProducts(db, undefined, lang, { orderBy: 'best_selling', limit: BEST_SELLERS, rate });
}
