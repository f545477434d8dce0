// A product's answer in one row: the product, its rating, category names, gallery and sizes and colours.
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { categories, productAttributeValues, productImages, products, reviews } from '../schema';

export type ProductRow = typeof products.$inferSelect;

export interface ImageJson {
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
 * A product's rating: the mean of its approved reviews to one decimal, 0 without any. Computed where it is read,
 * so it follows every review whose status changes, however the change is made; the index on reviews.product_id
 * keeps it cheap, and the catalogue lists are cached for a few seconds on top.
 */
export const approvedRating = sql<number>`coalesce((
  select round(avg(${reviews.rating}), 1) from ${reviews}
  where ${reviews.productId} = ${products.id} and ${reviews.status} = 'approved'
), 0)`.mapWith(Number);

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

/** The columns of a product's answer. */
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

/** A product's answer row; images and values are json (parsed by the driver, or text: see jsonList). */
export interface ProductAnswerRow {
  product: ProductRow;
  rating: number;
  categoryEn: string;
  categoryAr: string;
  images: unknown;
  values: unknown;
}

/** The products with these ids (every product when ids is undefined), by id or best selling first. */
export async function productAnswerRows(
  db: Db,
  ids: readonly number[] | undefined,
  options: { orderBy?: 'id' | 'best_selling'; limit?: number } = {},
): Promise<ProductAnswerRow[]> {
  if (ids?.length === 0) return [];
  let query = db
    .select(productColumns())
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(ids === undefined ? undefined : inArray(products.id, [...ids]))
    .orderBy(
      ...(options.orderBy === 'best_selling'
        ? [desc(products.soldCount), asc(products.id)]
        : [asc(products.id)]),
    )
    .$dynamic();
  if (options.limit) query = query.limit(options.limit);
  return query;
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

export async function productAnswerRow(db: Db, id: number): Promise<ProductAnswerRow | undefined> {
  let query = productByIdQueries.get(db);
  if (!query) {
    query = prepareProductById(db);
    productByIdQueries.set(db, query);
  }
  const [found] = await query.execute({ id });
  return found;
}

export async function productExists(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: products.id }).from(products).where(eq(products.id, id)).limit(1);
  return rows.length > 0;
}

/** The columns of a new product (id and the counters are the table's). */
export type NewProductRow = Omit<typeof products.$inferInsert, 'id' | 'soldCount'>;
/** What staff change on a product, its stock note with its stock. */
export type ProductChanges = Partial<
  Pick<
    NewProductRow,
    'stockQuantity' | 'price' | 'discountedPrice' | 'sale' | 'offer' | 'stockWarningEn' | 'stockWarningAr'
  >
>;

/** The product's row under its lock (inside a transaction), or undefined. */
export async function lockProduct(db: Db, id: number): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).for('update');
  return row;
}

export async function updateProductRow(db: Db, id: number, changes: ProductChanges): Promise<void> {
  await db.update(products).set(changes).where(eq(products.id, id));
}

/** A new product and its gallery in the given order; answers its id. */
export async function insertProduct(db: Db, row: NewProductRow, images: string[]): Promise<number> {
  const [created] = await db.insert(products).values(row).returning({ id: products.id });
  if (!created) throw new Error('product insert returned nothing');
  await db
    .insert(productImages)
    .values(images.map((image, position) => ({ productId: created.id, image, position })));
  return created.id;
}
