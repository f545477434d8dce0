// What a page's head and the sitemaps read: products by keyset pages, a product's approved reviews counted, a
// category's names (issue 49).
import { and, asc, count, desc, eq, gt, lte, max, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { categories, products, reviews } from '../schema';

/** When what a product's page shows last changed (migrations/027; its creation for one unchanged since before). */
const pageChangedAt = sql<Date>`coalesce(${products.pageChangedAt}, ${products.createdAt})`.mapWith(
  products.createdAt,
);

/**
 * Products after `afterId` up to `lastId` in id order, `limit` at most: the sitemaps read the catalogue a page at a
 * time (keyset, the primary key's index).
 */
export function productPageRows(db: Db, afterId: number, lastId: number, limit: number) {
  return db
    .select({ id: products.id, changedAt: pageChangedAt })
    .from(products)
    .where(and(gt(products.id, afterId), lte(products.id, lastId)))
    .orderBy(asc(products.id))
    .limit(limit);
}

/** The highest product id (the sitemap index's size) and the latest change of a product's page; 0 and null when none. */
export async function productExtent(db: Db): Promise<{ maxId: number; newest: Date | null }> {
  const [row] = await db
    .select({
      maxId: max(products.id),
      newest: sql<Date | null>`max(${pageChangedAt})`.mapWith(products.createdAt),
    })
    .from(products);
  return { maxId: row?.maxId ?? 0, newest: row?.newest ?? null };
}

export async function approvedReviewCount(db: Db, productId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, 'approved')));
  return row?.n ?? 0;
}

/** A product's latest approved reviews, `limit` at most (the page's structured data names a few). */
export function latestApprovedReviews(db: Db, productId: number, limit: number) {
  return db
    .select({
      userName: reviews.userName,
      rating: reviews.rating,
      review: reviews.review,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, 'approved')))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}

/**
 * Whether a product id was ever given out: at most the highest id there is or the id sequence's last (ids only
 * grow), so a missing product with such an id was removed (410), any other never existed (404).
 */
export async function productIdIssued(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({
      last: sql<number>`greatest(
        coalesce(max(${products.id}), 0),
        (select case when is_called then last_value else 0 end from products_id_seq)
      )`.mapWith(Number),
    })
    .from(products);
  return id <= (row?.last ?? 0);
}

export async function categoryNames(db: Db, id: number): Promise<{ nameEn: string; nameAr: string } | null> {
  const [row] = await db
    .select({ nameEn: categories.nameEn, nameAr: categories.nameAr })
    .from(categories)
    .where(eq(categories.id, id))
    .limit(1);
  return row ?? null;
}

/** The categories' ids, in the shop's order (the pages' sitemap lists each category's page). */
export function categoryRowsForSitemap(db: Db) {
  return db
    .select({ id: categories.id })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.id));
}
