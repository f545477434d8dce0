// Staff and the catalogue: the review queue, products (stock, prices, new ones with pictures) and coupons. Every
// change writes its audit entry in its own transaction and tells the catalogue's caches (lib/catalogueChanges).
import { randomBytes } from 'node:crypto';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type {
  AdminCategoriesResponse,
  AdminCoupon,
  AdminCouponsResponse,
  AdminCouponsQuery,
  AdminProduct,
  AdminProductsResponse,
  AdminProductsQuery,
  AdminReview,
  AdminReviewsResponse,
  AdminReviewsQuery,
  CreateCouponBody,
  CreateProductBody,
  PictureResponse,
  UpdateCouponBody,
  UpdateProductBody,
} from '../../../contract/admin';
import type { Db } from '../../db/client';
import {
  couponCodeTaken,
  couponListRows,
  productImageRows,
  productListRows,
  productRow,
  reviewListRows,
  reviewRow,
} from '../../db/queries/backOffice';
import { countCouponUses, couponUseCounts } from '../../db/queries/couponUses';
import { categories, coupons, productImages, products, reviews, type AuditValues } from '../../db/schema';
import { parseId } from '../../lib/ids';
import { LOW_STOCK_THRESHOLD, stockWarningFor } from '../../lib/stockWarning';
import { mayMakeGoodsFree } from '../couponUses';
import { Invalid, NotFound } from '../errors';
import { preparePicture } from '../pictures';
import { auditOf, auditOfMany, changedFields, writeAudit, type Actor } from './audit';
import { dayProblem, pageOf } from './paging';

export const CATALOG_MESSAGES = {
  approved: 'The review is approved and shown on its product.',
  rejected: 'The review is rejected and not shown.',
  productSaved: 'The product is saved.',
  productCreated: 'The product is created.',
  couponSaved: 'The coupon is saved.',
  couponCreated: 'The coupon is created.',
  unchanged: 'Nothing to change.',
  discountNotBelow: 'The discounted price must be below the price.',
  unknownCategory: 'The selected category id is invalid.',
  unknownPicture: 'Upload each picture first; this one was not uploaded here.',
  codeTaken: 'The code has already been taken.',
  percentRange: 'A percent coupon takes a value from 0 to 100.',
  freeOrdersUnconfirmed:
    'This coupon can make an order free. Confirm that it may, or lower its value (or raise its minimum).',
  endBeforeStart: 'The end date must be after the start date.',
  pictureRequired: 'The image field is required.',
} as const;

// ---- reviews ----

type ReviewJoin = NonNullable<Awaited<ReturnType<typeof reviewRow>>>;

function reviewJson(row: ReviewJoin, audit: AdminReview['audit']): AdminReview {
  return {
    id: row.review.id,
    product_id: row.review.productId,
    product_name: { en: row.nameEn, ar: row.nameAr },
    user_name: row.review.userName,
    rating: row.review.rating,
    review: row.review.review,
    status: row.review.status,
    created_at: row.review.createdAt.toISOString(),
    audit,
  };
}

export async function listReviewsForStaff(db: Db, query: AdminReviewsQuery): Promise<AdminReviewsResponse> {
  const page = pageOf(query);
  const { rows, total } = await reviewListRows(
    db,
    query.status ?? 'pending',
    query.sort ?? 'created_at',
    query.dir ?? 'asc',
    page,
  );
  const audits = await auditOfMany(
    db,
    'review',
    rows.map((row) => row.review.id),
  );
  return {
    data: rows.map((row) => reviewJson(row, audits.get(row.review.id) ?? [])),
    page: page.page,
    per_page: page.perPage,
    total,
  };
}

export interface CatalogDeps {
  db: Db;
  now: Date;
  /** the catalogue's cached answers are dropped (lib/catalogueChanges) */
  changed: () => void;
}

/** Approve or reject; the same decision again changes nothing. An approved review counts at once. */
export async function decideReview(
  deps: CatalogDeps,
  actor: Actor,
  idText: string,
  decision: 'approved' | 'rejected',
): Promise<{ message: string; review: AdminReview }> {
  const { db, now } = deps;
  const id = parseId(idText);
  const found = id === null ? undefined : await reviewRow(db, id);
  if (!found) throw new NotFound('Review not found');
  const changed = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(reviews).where(eq(reviews.id, found.review.id)).for('update');
    if (!locked) throw new NotFound('Review not found');
    if (locked.status === decision) return false;
    await tx.update(reviews).set({ status: decision }).where(eq(reviews.id, locked.id));
    await writeAudit(
      tx,
      actor,
      {
        action: decision === 'approved' ? 'review.approved' : 'review.rejected',
        subjectType: 'review',
        subjectId: locked.id,
        before: { status: locked.status },
        after: { status: decision },
      },
      now,
    );
    return true;
  });
  if (changed) deps.changed();
  const row = await reviewRow(db, found.review.id);
  if (!row) throw new NotFound('Review not found');
  return {
    message: !changed
      ? CATALOG_MESSAGES.unchanged
      : decision === 'approved'
        ? CATALOG_MESSAGES.approved
        : CATALOG_MESSAGES.rejected,
    review: reviewJson(row, await auditOf(db, 'review', row.review.id)),
  };
}

// ---- products ----

type ProductJoin = NonNullable<Awaited<ReturnType<typeof productRow>>>;

function summaryJson(row: ProductJoin) {
  const { product } = row;
  return {
    id: product.id,
    name: { en: product.nameEn, ar: product.nameAr },
    category_id: product.categoryId,
    category_name: { en: row.categoryEn, ar: row.categoryAr },
    brand: product.brand,
    price: product.price,
    discounted_price: product.discountedPrice,
    stock_quantity: product.stockQuantity,
    sale: product.sale,
    offer: product.offer,
    sold_count: product.soldCount,
    rating: Number(row.rating),
    image: row.image,
    created_at: product.createdAt.toISOString(),
  };
}

export async function listProductsForStaff(
  db: Db,
  query: AdminProductsQuery,
): Promise<AdminProductsResponse> {
  const page = pageOf(query);
  const categoryId = query.category_id ? parseId(query.category_id.trim()) : null;
  const { rows, total } = await productListRows(
    db,
    {
      search: query.search,
      stockAtMost: query.stock === 'out' ? 0 : query.stock === 'low' ? LOW_STOCK_THRESHOLD : undefined,
      ...(categoryId !== null ? { categoryId } : {}),
    },
    query.sort ?? 'id',
    query.dir ?? (query.sort ? 'asc' : 'desc'),
    page,
  );
  return { data: rows.map(summaryJson), page: page.page, per_page: page.perPage, total };
}

export async function productPage(db: Db, idText: string): Promise<AdminProduct> {
  const id = parseId(idText);
  const row = id === null ? undefined : await productRow(db, id);
  if (!row) throw new NotFound('Product not found');
  return productJson(db, row);
}

async function productJson(db: Db, row: ProductJoin): Promise<AdminProduct> {
  const [images, audit] = await Promise.all([
    productImageRows(db, row.product.id),
    auditOf(db, 'product', row.product.id),
  ]);
  const summary = summaryJson(row);
  return {
    id: summary.id,
    name: summary.name,
    description: { en: row.product.descriptionEn, ar: row.product.descriptionAr },
    category_id: summary.category_id,
    category_name: summary.category_name,
    brand: summary.brand,
    price: summary.price,
    discounted_price: summary.discounted_price,
    stock_quantity: summary.stock_quantity,
    sale: summary.sale,
    offer: summary.offer,
    sold_count: summary.sold_count,
    rating: summary.rating,
    images: images.map((image) => image.image),
    created_at: summary.created_at,
    audit,
  };
}

/** KWD has 3 decimals: what the money columns keep. */
const money = (value: number) => Math.round(value * 1000) / 1000;

function discountError(price: number, discounted: number | null): void {
  if (discounted !== null && discounted >= price)
    throw new Invalid({ discounted_price: [CATALOG_MESSAGES.discountNotBelow] });
}

const productValues = (product: typeof products.$inferSelect): AuditValues => ({
  stock_quantity: product.stockQuantity,
  price: product.price,
  discounted_price: product.discountedPrice,
  sale: product.sale,
  offer: product.offer,
});

export async function updateProduct(
  deps: CatalogDeps,
  actor: Actor,
  idText: string,
  body: UpdateProductBody,
): Promise<{ message: string; product: AdminProduct }> {
  const { db, now } = deps;
  const id = parseId(idText);
  if (id === null) throw new NotFound('Product not found');
  const changed = await db.transaction(async (tx) => {
    const [product] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!product) throw new NotFound('Product not found');
    const price = body.price === undefined ? product.price : money(body.price);
    const discounted =
      body.discounted_price === undefined
        ? product.discountedPrice
        : body.discounted_price === null
          ? null
          : money(body.discounted_price);
    // A new price at or under the kept discount is refused too: staff decide what the discount becomes.
    discountError(price, discounted);
    const next = {
      stockQuantity: body.stock_quantity ?? product.stockQuantity,
      price,
      discountedPrice: discounted,
      sale: body.sale ?? product.sale,
      offer: body.offer ?? product.offer,
    };
    const diff = changedFields(productValues(product), productValues({ ...product, ...next }));
    if (!diff) return false;
    const warning = stockWarningFor(next.stockQuantity);
    await tx
      .update(products)
      .set({ ...next, stockWarningEn: warning?.en ?? null, stockWarningAr: warning?.ar ?? null })
      .where(eq(products.id, id));
    await writeAudit(
      tx,
      actor,
      { action: 'product.updated', subjectType: 'product', subjectId: id, ...diff },
      now,
    );
    return true;
  });
  if (changed) deps.changed();
  return {
    message: changed ? CATALOG_MESSAGES.productSaved : CATALOG_MESSAGES.unchanged,
    product: await productPage(db, String(id)),
  };
}

export const PRODUCT_PICTURES_DIR = 'products';
/** The address an uploaded product picture is served at (app.ts serves only these and profile pictures). */
export const PRODUCT_PICTURE_PATH = /^\/uploads\/products\/[0-9a-f]{16}\.webp$/;
/** Product pages show pictures large: 1200 px is enough for a dense phone screen at full width. */
export const PRODUCT_PICTURE_SIDE = 1200;

export async function storeProductPicture(dataDir: string, bytes: Buffer | null): Promise<PictureResponse> {
  if (!bytes || bytes.length === 0) throw new Invalid({ image: [CATALOG_MESSAGES.pictureRequired] });
  const picture = await preparePicture(bytes, PRODUCT_PICTURE_SIDE);
  const dir = path.join(dataDir, 'uploads', PRODUCT_PICTURES_DIR);
  await mkdir(dir, { recursive: true });
  const name = `${randomBytes(8).toString('hex')}.${picture.extension}`;
  await writeFile(path.join(dir, name), picture.data);
  return { image: `/uploads/${PRODUCT_PICTURES_DIR}/${name}`, width: picture.width, height: picture.height };
}

async function uploadedHere(dataDir: string, image: string): Promise<boolean> {
  if (!PRODUCT_PICTURE_PATH.test(image)) return false;
  return stat(path.join(dataDir, 'uploads', PRODUCT_PICTURES_DIR, path.basename(image))).then(
    (found) => found.isFile(),
    () => false,
  );
}

export async function createProduct(
  deps: CatalogDeps & { dataDir: string },
  actor: Actor,
  body: CreateProductBody,
): Promise<{ message: string; product: AdminProduct }> {
  const { db, now } = deps;
  const errors: Record<string, string[]> = {};
  const [category] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, body.category_id));
  if (!category) errors.category_id = [CATALOG_MESSAGES.unknownCategory];
  const price = money(body.price);
  const discounted =
    body.discounted_price === undefined || body.discounted_price === null
      ? null
      : money(body.discounted_price);
  if (discounted !== null && discounted >= price)
    errors.discounted_price = [CATALOG_MESSAGES.discountNotBelow];
  for (const [index, image] of body.images.entries()) {
    if (!(await uploadedHere(deps.dataDir, image)))
      errors[`images.${index}`] = [CATALOG_MESSAGES.unknownPicture];
  }
  if (Object.keys(errors).length > 0) throw new Invalid(errors);
  const warning = stockWarningFor(body.stock_quantity);
  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(products)
      .values({
        categoryId: body.category_id,
        nameEn: body.name_en.trim(),
        nameAr: body.name_ar.trim(),
        descriptionEn: body.description_en?.trim() ?? '',
        descriptionAr: body.description_ar?.trim() ?? '',
        brand: body.brand?.trim() ?? '',
        price,
        discountedPrice: discounted,
        stockQuantity: body.stock_quantity,
        stockWarningEn: warning?.en ?? null,
        stockWarningAr: warning?.ar ?? null,
        sale: body.sale ?? false,
        offer: body.offer ?? false,
        createdAt: now,
      })
      .returning({ id: products.id });
    if (!created) throw new Error('product insert returned nothing');
    await tx
      .insert(productImages)
      .values(body.images.map((image, position) => ({ productId: created.id, image, position })));
    await writeAudit(
      tx,
      actor,
      {
        action: 'product.created',
        subjectType: 'product',
        subjectId: created.id,
        before: null,
        after: {
          name_en: body.name_en.trim(),
          name_ar: body.name_ar.trim(),
          category_id: body.category_id,
          price,
          discounted_price: discounted,
          stock_quantity: body.stock_quantity,
        },
      },
      now,
    );
    return created.id;
  });
  deps.changed();
  return { message: CATALOG_MESSAGES.productCreated, product: await productPage(db, String(id)) };
}

export async function categoriesForStaff(db: Db): Promise<AdminCategoriesResponse> {
  const rows = await db.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.id));
  return { data: rows.map((row) => ({ id: row.id, name: { en: row.nameEn, ar: row.nameAr } })) };
}

// ---- coupons ----

type CouponRow = typeof coupons.$inferSelect;

function couponJson(row: CouponRow, audit: AdminCoupon['audit'], uses: number): AdminCoupon {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.discount,
    min_total: row.minTotal,
    starts_on: row.startsOn,
    end_date: row.endDate,
    is_active: row.isActive,
    usage_limit: row.usageLimit,
    per_customer_limit: row.perCustomerLimit,
    uses,
    allows_free_orders: row.allowsFreeOrders,
    audit,
  };
}

const couponValues = (row: CouponRow): AuditValues => ({
  code: row.code,
  kind: row.kind,
  value: row.discount,
  min_total: row.minTotal,
  starts_on: row.startsOn,
  end_date: row.endDate,
  is_active: row.isActive,
  usage_limit: row.usageLimit,
  per_customer_limit: row.perCustomerLimit,
  allows_free_orders: row.allowsFreeOrders,
});

export async function listCouponsForStaff(db: Db, query: AdminCouponsQuery): Promise<AdminCouponsResponse> {
  const page = pageOf(query);
  const { rows, total } = await couponListRows(
    db,
    query.search,
    query.sort ?? 'created_at',
    query.dir ?? 'desc',
    page,
  );
  const audits = await auditOfMany(
    db,
    'coupon',
    rows.map((row) => row.id),
  );
  const uses = await couponUseCounts(
    db,
    rows.map((row) => row.id),
  );
  return {
    data: rows.map((row) => couponJson(row, audits.get(row.id) ?? [], uses.get(row.id) ?? 0)),
    page: page.page,
    per_page: page.perPage,
    total,
  };
}

interface CouponFields {
  code: string;
  kind: 'percent' | 'amount';
  value: number;
  minTotal: number;
  startsOn: string | null;
  endDate: string;
  isActive: boolean;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  allowsFreeOrders: boolean;
}

async function checkCoupon(db: Db, fields: CouponFields, exceptId?: number): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (fields.kind === 'percent' && fields.value > 100) errors.value = [CATALOG_MESSAGES.percentRange];
  const endProblem = dayProblem(fields.endDate, 'end_date');
  if (endProblem) errors.end_date = [endProblem];
  const startProblem = fields.startsOn === null ? null : dayProblem(fields.startsOn, 'starts_on');
  if (startProblem) errors.starts_on = [startProblem];
  else if (fields.startsOn !== null && !errors.end_date && fields.startsOn >= fields.endDate)
    errors.end_date = [CATALOG_MESSAGES.endBeforeStart];
  if (await couponCodeTaken(db, fields.code, exceptId)) errors.code = [CATALOG_MESSAGES.codeTaken];
  // An order for nothing is staff's deliberate choice, confirmed with the coupon (checked here, not only in the form).
  if (!errors.value && mayMakeGoodsFree(fields) && !fields.allowsFreeOrders)
    errors.allows_free_orders = [CATALOG_MESSAGES.freeOrdersUnconfirmed];
  if (Object.keys(errors).length > 0) throw new Invalid(errors);
}

const couponColumns = (fields: CouponFields) => ({
  code: fields.code,
  kind: fields.kind,
  discount: fields.kind === 'amount' ? money(fields.value) : Math.round(fields.value * 100) / 100,
  minTotal: money(fields.minTotal),
  startsOn: fields.startsOn,
  endDate: fields.endDate,
  isActive: fields.isActive,
  usageLimit: fields.usageLimit,
  perCustomerLimit: fields.perCustomerLimit,
  allowsFreeOrders: fields.allowsFreeOrders,
});

export async function createCoupon(
  deps: CatalogDeps,
  actor: Actor,
  body: CreateCouponBody,
): Promise<{ message: string; coupon: AdminCoupon }> {
  const { db, now } = deps;
  const fields: CouponFields = {
    code: body.code.trim(),
    kind: body.kind,
    value: body.value,
    minTotal: body.min_total ?? 0,
    startsOn: body.starts_on ?? null,
    endDate: body.end_date,
    isActive: body.is_active ?? true,
    usageLimit: body.usage_limit ?? null,
    perCustomerLimit: body.per_customer_limit ?? null,
    allowsFreeOrders: body.allows_free_orders ?? false,
  };
  await checkCoupon(db, fields);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(coupons)
      .values({ ...couponColumns(fields), createdAt: now })
      .returning();
    if (!created) throw new Error('coupon insert returned nothing');
    await writeAudit(
      tx,
      actor,
      {
        action: 'coupon.created',
        subjectType: 'coupon',
        subjectId: created.id,
        before: null,
        after: couponValues(created),
      },
      now,
    );
    return created;
  });
  deps.changed();
  return {
    message: CATALOG_MESSAGES.couponCreated,
    coupon: couponJson(row, await auditOf(db, 'coupon', row.id), await countCouponUses(db, row.id)),
  };
}

export async function updateCoupon(
  deps: CatalogDeps,
  actor: Actor,
  idText: string,
  body: UpdateCouponBody,
): Promise<{ message: string; coupon: AdminCoupon }> {
  const { db, now } = deps;
  const id = parseId(idText);
  const [current] = id === null ? [] : await db.select().from(coupons).where(eq(coupons.id, id));
  if (!current) throw new NotFound('Coupon not found');
  const fields: CouponFields = {
    code: body.code?.trim() ?? current.code,
    kind: body.kind ?? current.kind,
    value: body.value ?? current.discount,
    minTotal: body.min_total ?? current.minTotal,
    startsOn: body.starts_on === undefined ? current.startsOn : body.starts_on,
    endDate: body.end_date ?? current.endDate,
    isActive: body.is_active ?? current.isActive,
    usageLimit: body.usage_limit === undefined ? current.usageLimit : body.usage_limit,
    perCustomerLimit:
      body.per_customer_limit === undefined ? current.perCustomerLimit : body.per_customer_limit,
    allowsFreeOrders: body.allows_free_orders ?? current.allowsFreeOrders,
  };
  await checkCoupon(db, fields, current.id);
  const changed = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(coupons).where(eq(coupons.id, current.id)).for('update');
    if (!locked) throw new NotFound('Coupon not found');
    const next = { ...locked, ...couponColumns(fields) };
    const diff = changedFields(couponValues(locked), couponValues(next));
    if (!diff) return false;
    await tx.update(coupons).set(couponColumns(fields)).where(eq(coupons.id, locked.id));
    const switchedOff = diff.after.is_active === false && Object.keys(diff.after).length === 1;
    await writeAudit(
      tx,
      actor,
      {
        action: switchedOff ? 'coupon.switched_off' : 'coupon.updated',
        subjectType: 'coupon',
        subjectId: locked.id,
        ...diff,
      },
      now,
    );
    return true;
  });
  if (changed) deps.changed();
  const [row] = await db.select().from(coupons).where(eq(coupons.id, current.id));
  if (!row) throw new NotFound('Coupon not found');
  return {
    message: changed ? CATALOG_MESSAGES.couponSaved : CATALOG_MESSAGES.unchanged,
    coupon: couponJson(row, await auditOf(db, 'coupon', row.id), await countCouponUses(db, row.id)),
  };
}
