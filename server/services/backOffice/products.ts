// Staff and products: the list with filters, a product's page, changing stock and prices under the product's lock,
// and new products with the pictures staff uploaded.
import {
  MAX_STOCK,
  type AdminCategoriesResponse,
  type AdminProduct,
  type AdminProductsQuery,
  type AdminProductsResponse,
  type CreateProductBody,
  type UpdateProductBody,
} from '../../../contract/admin';
import type { Db } from '../../db/client';
import type { AuditValues } from '../../db/queries/audit';
import { productImageRows, productListRows, productRow } from '../../db/queries/backOffice';
import { categoryExists, categoryRows } from '../../db/queries/catalog';
import { insertProduct, lockProduct, updateProductRow, type ProductRow } from '../../db/queries/products';
import { foundById, parseId } from '../../lib/ids';
import { LOW_STOCK_THRESHOLD, stockWarningFor } from '../../lib/stockWarning';
import { Invalid, NotFound } from '../errors';
import { auditOf, changedFields, writeAudit, type Actor } from './audit';
import { CATALOG_MESSAGES, money, type CatalogDeps } from './catalog';
import { pageOf } from './paging';
import { uploadedHere } from './pictures';

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
  return productJson(db, await foundById(idText, (id) => productRow(db, id), 'Product not found'));
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

function discountError(price: number, discounted: number | null): void {
  if (discounted !== null && discounted >= price)
    throw new Invalid({ discounted_price: [CATALOG_MESSAGES.discountNotBelow] });
}

const productValues = (product: ProductRow): AuditValues => ({
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
    const product = await lockProduct(tx, id);
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
    // The stock the staff member saw may have moved since (orders took or returned some): their change is made to
    // the stock as it is now, so a piece an order took is not put back on sale.
    const requested = body.stock_quantity;
    const stockQuantity =
      requested === undefined
        ? product.stockQuantity
        : body.expected_stock_quantity === undefined
          ? requested
          : Math.min(
              MAX_STOCK,
              Math.max(0, product.stockQuantity + requested - body.expected_stock_quantity),
            );
    const next = {
      stockQuantity,
      price,
      discountedPrice: discounted,
      sale: body.sale ?? product.sale,
      offer: body.offer ?? product.offer,
    };
    const diff = changedFields(productValues(product), productValues({ ...product, ...next }));
    if (!diff) return false;
    const warning = stockWarningFor(next.stockQuantity);
    await updateProductRow(tx, id, {
      ...next,
      stockWarningEn: warning?.en ?? null,
      stockWarningAr: warning?.ar ?? null,
    });
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

export async function createProduct(
  deps: CatalogDeps & { dataDir: string },
  actor: Actor,
  body: CreateProductBody,
): Promise<{ message: string; product: AdminProduct }> {
  const { db, now } = deps;
  const errors: Record<string, string[]> = {};
  if (!(await categoryExists(db, body.category_id))) errors.category_id = [CATALOG_MESSAGES.unknownCategory];
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
    const createdId = await insertProduct(
      tx,
      {
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
      },
      body.images,
    );
    await writeAudit(
      tx,
      actor,
      {
        action: 'product.created',
        subjectType: 'product',
        subjectId: createdId,
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
    return createdId;
  });
  deps.changed();
  return { message: CATALOG_MESSAGES.productCreated, product: await productPage(db, String(id)) };
}

export async function categoriesForStaff(db: Db): Promise<AdminCategoriesResponse> {
  const rows = await categoryRows(db);
  return { data: rows.map((row) => ({ id: row.id, name: { en: row.nameEn, ar: row.nameAr } })) };
}
