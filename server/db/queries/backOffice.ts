// The back office's reads: lists with filters, sorting and paging, and the dashboard's figures.
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { SHOP_UTC_OFFSET_HOURS } from '../../../shared/shopClock';
import type { Db } from '../client';
import {
  categories,
  coupons,
  orderItems,
  orders,
  paymentAttempts,
  productImages,
  products,
  reviews,
  users,
} from '../schema';
import type { OrderStatus, ReviewStatus } from '../schema';
import { approvedRating } from './products';

export interface Page {
  page: number;
  perPage: number;
}

const offsetOf = ({ page, perPage }: Page) => (page - 1) * perPage;

/** `%` and `_` typed by staff are searched for as themselves. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface OrderFilters {
  status?: OrderStatus;
  /** created at or after */
  from?: Date;
  /** created before */
  before?: Date;
  id?: number;
  contact?: string;
}

function orderWhere(filters: OrderFilters): SQL | undefined {
  const contact = filters.contact ? likePattern(filters.contact) : undefined;
  return and(
    filters.status ? eq(orders.status, filters.status) : undefined,
    filters.from ? gte(orders.createdAt, filters.from) : undefined,
    filters.before ? lt(orders.createdAt, filters.before) : undefined,
    filters.id !== undefined ? eq(orders.id, filters.id) : undefined,
    contact ? or(ilike(orders.contactEmail, contact), ilike(orders.contactPhone, contact)) : undefined,
  );
}

const ORDER_SORT_COLUMNS = {
  created_at: orders.createdAt,
  total_price: orders.totalPrice,
  id: orders.id,
  status: orders.status,
} as const;

export async function orderListRows(
  db: Db,
  filters: OrderFilters,
  sort: keyof typeof ORDER_SORT_COLUMNS,
  dir: 'asc' | 'desc',
  page: Page,
) {
  const where = orderWhere(filters);
  const order = dir === 'asc' ? asc : desc;
  const rows = await db
    .select({
      order: orders,
      customerName: users.name,
      itemsCount: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(order(ORDER_SORT_COLUMNS[sort]), order(orders.id))
    .limit(page.perPage)
    .offset(offsetOf(page));
  const [total] = await db.select({ total: count() }).from(orders).where(where);
  return { rows, total: total?.total ?? 0 };
}

export async function customerNameOf(db: Db, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}

/** Who works in the back office (staff and owners), by id. */
export function staffRows(db: Db) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      staffNotifications: users.staffNotifications,
    })
    .from(users)
    .where(ne(users.role, 'shopper'))
    .orderBy(asc(users.id));
}

/** The names of these accounts (who recorded a refund), by id. */
export function userNames(db: Db, ids: number[]) {
  return db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
}

/** A paid order cancelled by staff: each of its paid payments is money to give back. Answers how many. */
export async function markPaidAttemptsRefundDue(tx: Db, orderId: number, now: Date): Promise<number> {
  const due = await tx
    .update(paymentAttempts)
    .set({ state: 'refund_due', updatedAt: now })
    .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.state, 'paid')))
    .returning({ id: paymentAttempts.id });
  return due.length;
}

// ---- dashboard ----

export interface PaidDay {
  day: string;
  currency: string;
  orders: number;
  total: number;
}

/** Orders paid since `since` (still paid or delivered), by shop day and currency. */
export async function paidOrdersByDay(db: Db, since: Date): Promise<PaidDay[]> {
  const day = sql<string>`to_char((${orders.paidAt} at time zone 'UTC') + interval '${sql.raw(String(SHOP_UTC_OFFSET_HOURS))} hours', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      currency: orders.currency,
      orders: sql<number>`count(*)::int`,
      total: sql<string>`sum(${orders.totalPrice})`,
    })
    .from(orders)
    .where(and(gte(orders.paidAt, since), inArray(orders.status, ['paid', 'completed'])))
    .groupBy(day, orders.currency);
  return rows.map((row) => ({ ...row, total: Number(row.total) }));
}

export async function countOrders(db: Db, statuses: OrderStatus[]): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(inArray(orders.status, statuses));
  return row?.n ?? 0;
}

/** Payments whose money has to go back, and orders waiting for a refund without a recorded payment. */
export async function countRefundsDue(db: Db): Promise<number> {
  const [attempts] = await db
    .select({ n: count() })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.state, 'refund_due'));
  const [orphans] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'refund_due'),
        sql`not exists (select 1 from ${paymentAttempts} where ${paymentAttempts.orderId} = ${orders.id} and ${paymentAttempts.state} = 'refund_due')`,
      ),
    );
  return (attempts?.n ?? 0) + (orphans?.n ?? 0);
}

/**
 * Payments the gateway took for another amount or currency than their order's (money to look at): how many, and
 * the orders of the oldest `limit` of them.
 */
export async function paymentsToReview(
  db: Db,
  limit: number,
): Promise<{ count: number; orderIds: number[] }> {
  const where = eq(paymentAttempts.state, 'amount_mismatch');
  const [total] = await db.select({ n: count() }).from(paymentAttempts).where(where);
  const rows = await db
    .selectDistinctOn([paymentAttempts.orderId], { orderId: paymentAttempts.orderId, id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(where)
    .orderBy(asc(paymentAttempts.orderId), asc(paymentAttempts.id))
    .limit(limit);
  return { count: total?.n ?? 0, orderIds: rows.map((row) => row.orderId) };
}

export async function countPendingReviews(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reviews).where(eq(reviews.status, 'pending'));
  return row?.n ?? 0;
}

export function lowStockRows(db: Db, threshold: number, limit: number) {
  return db
    .select({
      id: products.id,
      nameEn: products.nameEn,
      nameAr: products.nameAr,
      stock: products.stockQuantity,
    })
    .from(products)
    .where(lte(products.stockQuantity, threshold))
    .orderBy(asc(products.stockQuantity), asc(products.id))
    .limit(limit);
}

// ---- reviews ----

export const REVIEW_SORT_COLUMNS = {
  created_at: reviews.createdAt,
  rating: reviews.rating,
  id: reviews.id,
} as const;

export async function reviewListRows(
  db: Db,
  status: ReviewStatus,
  sort: keyof typeof REVIEW_SORT_COLUMNS,
  dir: 'asc' | 'desc',
  page: Page,
) {
  const order = dir === 'asc' ? asc : desc;
  const where = eq(reviews.status, status);
  const rows = await db
    .select({ review: reviews, nameEn: products.nameEn, nameAr: products.nameAr })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(where)
    // the id breaks ties, so a row never shows on two pages or none
    .orderBy(order(REVIEW_SORT_COLUMNS[sort]), order(reviews.id))
    .limit(page.perPage)
    .offset(offsetOf(page));
  const [total] = await db.select({ total: count() }).from(reviews).where(where);
  return { rows, total: total?.total ?? 0 };
}

export async function reviewRow(db: Db, id: number) {
  const [row] = await db
    .select({ review: reviews, nameEn: products.nameEn, nameAr: products.nameAr })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.id, id));
  return row;
}

// ---- products ----

export interface ProductFilters {
  search?: string;
  stockAtMost?: number;
  categoryId?: number;
}

const PRODUCT_SORT_COLUMNS = {
  name: products.nameEn,
  price: products.price,
  stock_quantity: products.stockQuantity,
  created_at: products.createdAt,
  sold_count: products.soldCount,
  id: products.id,
} as const;

const firstImage = sql<
  string | null
>`(select ${productImages.image} from ${productImages} where ${productImages.productId} = ${products.id} order by ${productImages.position}, ${productImages.id} limit 1)`;

const productColumns = {
  product: products,
  categoryEn: categories.nameEn,
  categoryAr: categories.nameAr,
  rating: approvedRating,
  image: firstImage,
};

export async function productListRows(
  db: Db,
  filters: ProductFilters,
  sort: keyof typeof PRODUCT_SORT_COLUMNS,
  dir: 'asc' | 'desc',
  page: Page,
) {
  const search = filters.search?.trim();
  const pattern = search ? likePattern(search) : undefined;
  const where = and(
    pattern
      ? or(
          ilike(products.nameEn, pattern),
          ilike(products.nameAr, pattern),
          ilike(products.brand, pattern),
          /^\d{1,9}$/.test(search ?? '') ? eq(products.id, Number(search)) : undefined,
        )
      : undefined,
    filters.stockAtMost !== undefined ? lte(products.stockQuantity, filters.stockAtMost) : undefined,
    filters.categoryId !== undefined ? eq(products.categoryId, filters.categoryId) : undefined,
  );
  const order = dir === 'asc' ? asc : desc;
  const rows = await db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(order(PRODUCT_SORT_COLUMNS[sort]), order(products.id))
    .limit(page.perPage)
    .offset(offsetOf(page));
  const [total] = await db.select({ total: count() }).from(products).where(where);
  return { rows, total: total?.total ?? 0 };
}

export async function productRow(db: Db, id: number) {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id));
  return row;
}

export function productImageRows(db: Db, productId: number) {
  return db
    .select({ image: productImages.image })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id));
}

// ---- coupons ----

const COUPON_SORT_COLUMNS = {
  created_at: [coupons.createdAt],
  code: [sql`upper(${coupons.code})`],
  // percent coupons, then amount ones: a percent and an amount are not comparable
  value: [sql`(${coupons.kind} = 'amount')`, coupons.discount],
  min_total: [coupons.minTotal],
  // at once (no start) counts as the earliest
  starts_on: [sql`coalesce(${coupons.startsOn}, date '0001-01-01')`],
  end_date: [coupons.endDate],
} as const;

export async function couponListRows(
  db: Db,
  search: string | undefined,
  sort: keyof typeof COUPON_SORT_COLUMNS,
  dir: 'asc' | 'desc',
  page: Page,
) {
  const where = search?.trim() ? ilike(coupons.code, likePattern(search.trim())) : undefined;
  const order = dir === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(coupons)
    .where(where)
    .orderBy(...COUPON_SORT_COLUMNS[sort].map((column) => order(column)), order(coupons.id))
    .limit(page.perPage)
    .offset(offsetOf(page));
  const [total] = await db.select({ total: count() }).from(coupons).where(where);
  return { rows, total: total?.total ?? 0 };
}

/** Another coupon with this code, case ignored. */
export async function couponCodeTaken(db: Db, code: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(eq(sql`upper(${coupons.code})`, code.toUpperCase()));
  return rows.some((row) => row.id !== exceptId);
}
