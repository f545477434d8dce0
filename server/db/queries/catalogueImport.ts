// The catalogue CSV's statements: import jobs and their items, the products an import batch compares and writes,
// and the export's keyset pages.
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { executeRows, type Db } from '../client';
import {
  auditLog,
  catalogueExportStock,
  catalogueImportItems,
  catalogueImports,
  categories,
  productAttributeValues,
  productImages,
  products,
  type AttributeKind,
  type CatalogueImportOutcome,
  type ImportIssueRecord,
} from '../schema';

export type { ImportIssueRecord };

export type ImportJobRow = typeof catalogueImports.$inferSelect;
type ImportJobInsert = typeof catalogueImports.$inferInsert;

// ---- jobs ----

export async function insertImportJob(db: Db, values: ImportJobInsert): Promise<ImportJobRow> {
  const [row] = await db.insert(catalogueImports).values(values).returning();
  if (!row) throw new Error('import insert returned nothing');
  return row;
}

export async function updateImportJob(db: Db, id: number, values: Partial<ImportJobInsert>): Promise<void> {
  await db.update(catalogueImports).set(values).where(eq(catalogueImports.id, id));
}

export async function deleteImportJob(db: Db, id: number): Promise<void> {
  await db.delete(catalogueImports).where(eq(catalogueImports.id, id));
}

export async function importJobRow(db: Db, id: number): Promise<ImportJobRow | undefined> {
  const [row] = await db.select().from(catalogueImports).where(eq(catalogueImports.id, id));
  return row;
}

export function recentImportJobs(db: Db, limit: number): Promise<ImportJobRow[]> {
  return db.select().from(catalogueImports).orderBy(desc(catalogueImports.id)).limit(limit);
}

/** The unfinished import of the same file (other than `exceptId`), newest first. */
export async function openImportOfFile(
  db: Db,
  sha256: string,
  exceptId: number,
): Promise<ImportJobRow | undefined> {
  const [row] = await db
    .select()
    .from(catalogueImports)
    .where(
      and(
        eq(catalogueImports.fileSha256, sha256),
        inArray(catalogueImports.state, ['ready', 'importing']),
        sql`${catalogueImports.id} <> ${exceptId}`,
      ),
    )
    .orderBy(desc(catalogueImports.id))
    .limit(1);
  return row;
}

/** Takes the job for one run until `until`, unless another run holds it; undefined when not taken. */
export async function claimImportJob(
  db: Db,
  id: number,
  now: Date,
  until: Date,
): Promise<ImportJobRow | undefined> {
  const [row] = await db
    .update(catalogueImports)
    .set({ claimedUntil: until, state: 'importing', updatedAt: now })
    .where(
      and(
        eq(catalogueImports.id, id),
        inArray(catalogueImports.state, ['ready', 'importing']),
        or(isNull(catalogueImports.claimedUntil), lt(catalogueImports.claimedUntil, now)),
      ),
    )
    .returning();
  return row;
}

// ---- items ----

export interface ImportItemInsert {
  seq: number;
  handle: string;
  line: number;
  product: unknown;
}

export async function insertImportItems(db: Db, importId: number, items: ImportItemInsert[]): Promise<void> {
  if (items.length === 0) return;
  await db.insert(catalogueImportItems).values(items.map((item) => ({ importId, ...item })));
}

export async function deleteImportItems(db: Db, importId: number): Promise<void> {
  await db.delete(catalogueImportItems).where(eq(catalogueImportItems.importId, importId));
}

export function nextImportItems(db: Db, importId: number, afterSeq: number, limit: number) {
  return db
    .select()
    .from(catalogueImportItems)
    .where(and(eq(catalogueImportItems.importId, importId), gt(catalogueImportItems.seq, afterSeq)))
    .orderBy(asc(catalogueImportItems.seq))
    .limit(limit);
}

export interface ItemOutcome {
  seq: number;
  outcome: CatalogueImportOutcome;
  reason: { code: string; params: Record<string, string | number> } | null;
}

/** Every outcome of a batch and the job's progress, in one transaction: the counts never drift from the items. */
export async function recordBatch(
  db: Db,
  importId: number,
  outcomes: ItemOutcome[],
  job: Partial<ImportJobInsert>,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (outcomes.length > 0) {
      const values = sql.join(
        outcomes.map(
          (item) =>
            sql`(${item.seq}::int, ${item.outcome}::text, ${item.reason === null ? null : JSON.stringify(item.reason)}::jsonb)`,
        ),
        sql`, `,
      );
      await tx.execute(sql`
        update ${catalogueImportItems} as item
        set outcome = batch.outcome, reason = batch.reason
        from (values ${values}) as batch(seq, outcome, reason)
        where item.import_id = ${importId} and item.seq = batch.seq`);
    }
    await tx.update(catalogueImports).set(job).where(eq(catalogueImports.id, importId));
  });
}

export function failedImportItems(db: Db, importId: number, limit: number) {
  return db
    .select({
      line: catalogueImportItems.line,
      handle: catalogueImportItems.handle,
      reason: catalogueImportItems.reason,
    })
    .from(catalogueImportItems)
    .where(and(eq(catalogueImportItems.importId, importId), eq(catalogueImportItems.outcome, 'failed')))
    .orderBy(asc(catalogueImportItems.seq))
    .limit(limit);
}

// ---- what the shop already has ----

export async function handlesAndSkusTaken(
  db: Db,
  handles: string[],
  skus: string[],
): Promise<{ id: number; handle: string; sku: string | null }[]> {
  if (handles.length === 0 && skus.length === 0) return [];
  return db
    .select({ id: products.id, handle: sql<string>`${products.handle}`, sku: products.sku })
    .from(products)
    .where(
      or(
        handles.length > 0 ? inArray(products.handle, handles) : undefined,
        skus.length > 0 ? inArray(products.sku, skus) : undefined,
      ),
    );
}

export type ImportProductRow = typeof products.$inferSelect;
export interface AttributeRow {
  id: number;
  productId: number;
  kind: AttributeKind;
  nameEn: string;
  nameAr: string;
  position: number;
}
export interface ImageRow {
  id: number;
  productId: number;
  image: string;
  position: number;
  sourceUrl: string | null;
}

/** The products named by handle or SKU, with their sizes, colours and pictures in order. */
export async function productsWithParts(
  db: Db,
  handles: string[],
  skus: string[],
): Promise<{ products: ImportProductRow[]; attributes: AttributeRow[]; images: ImageRow[] }> {
  if (handles.length === 0 && skus.length === 0) return { products: [], attributes: [], images: [] };
  const found = await db
    .select()
    .from(products)
    .where(
      or(
        handles.length > 0 ? inArray(products.handle, handles) : undefined,
        skus.length > 0 ? inArray(products.sku, skus) : undefined,
      ),
    );
  return {
    products: found,
    ...(await partsOf(
      db,
      found.map((product) => product.id),
    )),
  };
}

/** The product as it is now, locked for the rest of the transaction (undefined when it is gone). */
export async function lockedImportProduct(tx: Db, id: number): Promise<ImportProductRow | undefined> {
  const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
  return row;
}

export async function partsOf(
  db: Db,
  ids: number[],
): Promise<{ attributes: AttributeRow[]; images: ImageRow[] }> {
  if (ids.length === 0) return { attributes: [], images: [] };
  const [attributes, images] = await Promise.all([
    db
      .select()
      .from(productAttributeValues)
      .where(inArray(productAttributeValues.productId, ids))
      .orderBy(asc(productAttributeValues.position), asc(productAttributeValues.id)),
    db
      .select()
      .from(productImages)
      .where(inArray(productImages.productId, ids))
      .orderBy(asc(productImages.position), asc(productImages.id)),
  ]);
  return { attributes, images };
}

export function allCategories(db: Db) {
  return db
    .select({ id: categories.id, nameEn: categories.nameEn, nameAr: categories.nameAr })
    .from(categories)
    .orderBy(asc(categories.id));
}

/**
 * The category a product names (by its English or Arabic name, in any capitals), made when the shop has none: under a
 * lock on the name for the rest of the transaction, so two imports (on one server or several) that both name a new
 * category make it once. Run in the product's transaction.
 */
export async function categoryNamedOrNew(
  tx: Db,
  values: { nameEn: string; nameAr: string; image: string },
): Promise<number> {
  const names = [...new Set([values.nameEn, values.nameAr].map((name) => name.trim().toLowerCase()))];
  const inList = sql`(${sql.join(
    names.map((name) => sql`${name}`),
    sql`, `,
  )})`;
  await executeRows(tx, sql`SELECT pg_advisory_xact_lock(hashtext(${`category|${names[0] ?? ''}`}))`);
  const [found] = await executeRows<{ id: number }>(
    tx,
    sql`SELECT id FROM ${categories}
        WHERE lower(btrim(${categories.nameEn})) IN ${inList} OR lower(btrim(${categories.nameAr})) IN ${inList}
        ORDER BY (lower(btrim(${categories.nameEn})) = ${names[0] ?? ''}) DESC, ${categories.id} LIMIT 1`,
  );
  return found ? Number(found.id) : insertCategory(tx, values);
}

export async function insertCategory(
  db: Db,
  values: { nameEn: string; nameAr: string; image: string },
): Promise<number> {
  const [row] = await db
    .insert(categories)
    .values({
      ...values,
      sortOrder: sql`(select coalesce(max(${categories.sortOrder}), 0) + 1 from ${categories})`,
    })
    .returning({ id: categories.id });
  if (!row) throw new Error('category insert returned nothing');
  return row.id;
}

// ---- writing one product (inside its transaction) ----

export type ProductValues = Omit<
  typeof products.$inferInsert,
  'id' | 'rating' | 'soldCount' | 'createdAt' | 'stockWarningEn' | 'stockWarningAr'
> & { stockWarningEn: string | null; stockWarningAr: string | null };

export async function insertProduct(db: Db, values: ProductValues, now: Date): Promise<number> {
  const [row] = await db
    .insert(products)
    .values({ ...values, createdAt: now })
    .returning({ id: products.id });
  if (!row) throw new Error('product insert returned nothing');
  return row.id;
}

export async function updateProductValues(db: Db, id: number, values: ProductValues): Promise<void> {
  await db.update(products).set(values).where(eq(products.id, id));
}

export async function insertAttributeValues(
  db: Db,
  rows: { productId: number; kind: AttributeKind; nameEn: string; nameAr: string; position: number }[],
): Promise<void> {
  if (rows.length > 0) await db.insert(productAttributeValues).values(rows);
}

export async function updateAttributeValue(
  db: Db,
  id: number,
  values: { nameAr: string; position: number },
): Promise<void> {
  await db.update(productAttributeValues).set(values).where(eq(productAttributeValues.id, id));
}

export async function deleteAttributeValues(db: Db, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.delete(productAttributeValues).where(inArray(productAttributeValues.id, ids));
}

export async function insertImages(
  db: Db,
  rows: { productId: number; image: string; position: number; sourceUrl: string | null }[],
): Promise<void> {
  if (rows.length > 0) await db.insert(productImages).values(rows);
}

export async function updateImagePosition(db: Db, id: number, position: number): Promise<void> {
  await db.update(productImages).set({ position }).where(eq(productImages.id, id));
}

export async function deleteImages(db: Db, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.delete(productImages).where(inArray(productImages.id, ids));
}

// ---- the stock an export's file set ----

export interface ExportStockRow {
  productId: number;
  exportedAt: string;
  fileStock: number;
}

/** The file stock each of these products was last given by an import of one of these exports. */
export async function exportStockApplied(
  db: Db,
  productIds: number[],
  exportedAts: string[],
): Promise<ExportStockRow[]> {
  if (productIds.length === 0 || exportedAts.length === 0) return [];
  return db
    .select()
    .from(catalogueExportStock)
    .where(
      and(
        inArray(catalogueExportStock.productId, productIds),
        inArray(catalogueExportStock.exportedAt, exportedAts),
      ),
    );
}

/** Run in the product's transaction, after its row is locked: its stock and this figure change together. */
export async function recordExportStock(db: Db, row: ExportStockRow, now: Date): Promise<void> {
  await db
    .insert(catalogueExportStock)
    .values({ ...row, recordedAt: now })
    .onConflictDoUpdate({
      target: [catalogueExportStock.productId, catalogueExportStock.exportedAt],
      set: { fileStock: row.fileStock, recordedAt: now },
    });
}

/** Rows one statement of the pruning drops at most: a short lock and transaction each, however many are due. */
const EXPORT_STOCK_PRUNE_BATCH = 10_000;

/** Drops the figures no import has written since `before`, a batch at a time; answers how many went. */
export async function deleteExportStockBefore(db: Db, before: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const [row] = await executeRows<{ gone: number }>(
      db,
      sql`with due as (
            select product_id, exported_at from ${catalogueExportStock}
            where ${catalogueExportStock.recordedAt} < ${before.toISOString()}::timestamptz
            limit ${EXPORT_STOCK_PRUNE_BATCH}
          ), gone as (
            delete from ${catalogueExportStock} s using due
            where s.product_id = due.product_id and s.exported_at = due.exported_at
              -- checked again on the row deleted: an import may have dated it anew meanwhile
              and s.recorded_at < ${before.toISOString()}::timestamptz
            returning 1
          )
          select count(*)::int as gone from gone`,
    );
    const gone = row?.gone ?? 0;
    total += gone;
    if (gone < EXPORT_STOCK_PRUNE_BATCH) return total;
  }
}

// ---- the export ----

/** How many products the export writes (its pages' join: a product with its category). */
export async function exportedProductCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId));
  return row?.n ?? 0;
}

/** The next page of products after `afterId` (keyset: never an offset), with their category's names. */
export function exportPage(db: Db, afterId: number, limit: number) {
  return db
    .select({
      product: products,
      categoryEn: categories.nameEn,
      categoryAr: categories.nameAr,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(gt(products.id, afterId))
    .orderBy(asc(products.id))
    .limit(limit);
}

export interface NewProductWrite {
  values: ProductValues;
  attributes: { kind: AttributeKind; nameEn: string; nameAr: string; position: number }[];
  images: { image: string; position: number; sourceUrl: string | null }[];
  /** an export's file: the stock it set, so the same file again does not set it twice (recordExportStock) */
  exportStock: { exportedAt: string; fileStock: number } | null;
  /** the audit row, as services/backOffice/audit.ts writes one */
  audit: {
    actorId: number | null;
    actorName: string;
    actorEmail: string;
    action: string;
    after: Record<string, string | number | boolean | null>;
  };
  now: Date;
}

/**
 * New products whole — each one's row, sizes and colours, pictures and audit entry — in ONE statement: atomic by
 * itself (all of them or none), and one round trip and one commit for the lot instead of six statements a product
 * (a 10 000-product import is mostly these). Rows find their product by handle (unique).
 */
export async function insertProductsWhole(db: Db, writes: NewProductWrite[]): Promise<number> {
  if (writes.length === 0) return 0;
  const [first] = writes;
  const now = (first as NewProductWrite).now.toISOString();
  const input = JSON.stringify(
    writes.map(({ values, audit, exportStock }, ord) => ({
      ord,
      exported_at: exportStock?.exportedAt ?? null,
      file_stock: exportStock?.fileStock ?? null,
      handle: values.handle,
      sku: values.sku ?? null,
      category_id: values.categoryId,
      name_en: values.nameEn,
      name_ar: values.nameAr,
      description_en: values.descriptionEn ?? '',
      description_ar: values.descriptionAr ?? '',
      brand: values.brand ?? '',
      collection_en: values.collectionEn ?? '',
      collection_ar: values.collectionAr ?? '',
      price: values.price,
      discounted_price: values.discountedPrice ?? null,
      stock_quantity: values.stockQuantity ?? 0,
      stock_warning_en: values.stockWarningEn,
      stock_warning_ar: values.stockWarningAr,
      sale: values.sale ?? false,
      offer: values.offer ?? false,
      actor_id: audit.actorId,
      actor_name: audit.actorName,
      actor_email: audit.actorEmail,
      action: audit.action,
      after: audit.after,
    })),
  );
  const attributes = JSON.stringify(
    writes.flatMap(({ values, attributes: rows }) =>
      rows.map((row) => ({
        handle: values.handle,
        kind: row.kind,
        name_en: row.nameEn,
        name_ar: row.nameAr,
        position: row.position,
      })),
    ),
  );
  const images = JSON.stringify(
    writes.flatMap(({ values, images: rows }) =>
      rows.map((row) => ({
        handle: values.handle,
        image: row.image,
        position: row.position,
        source_url: row.sourceUrl,
      })),
    ),
  );
  const rows = await executeRows<{ id: number }>(
    db,
    sql`
      with input as (
        select * from jsonb_to_recordset(${input}::jsonb) as v(ord int, exported_at text, file_stock int, handle text, sku text, category_id int,
          name_en text, name_ar text, description_en text, description_ar text, brand text, collection_en text,
          collection_ar text, price numeric, discounted_price numeric, stock_quantity int, stock_warning_en text,
          stock_warning_ar text, sale boolean, offer boolean, actor_id int, actor_name text, actor_email text,
          action text, after jsonb)
      ), created as (
        insert into ${products} (handle, sku, category_id, name_en, name_ar, description_en, description_ar, brand,
          collection_en, collection_ar, price, discounted_price, stock_quantity, stock_warning_en, stock_warning_ar,
          sale, offer, created_at)
        select handle, sku, category_id, name_en, name_ar, description_en, description_ar, brand, collection_en,
          collection_ar, price, discounted_price, stock_quantity, stock_warning_en, stock_warning_ar, sale, offer,
          ${now}::timestamptz
        from input order by ord
        returning id, handle
      ), attributes as (
        insert into ${productAttributeValues} (product_id, kind, name_en, name_ar, position)
        select created.id, v.kind, v.name_en, v.name_ar, v.position
        from jsonb_to_recordset(${attributes}::jsonb) as v(handle text, kind text, name_en text, name_ar text, position int)
        join created using (handle)
      ), pictures as (
        insert into ${productImages} (product_id, image, position, source_url)
        select created.id, v.image, v.position, v.source_url
        from jsonb_to_recordset(${images}::jsonb) as v(handle text, image text, position int, source_url text)
        join created using (handle)
      ), export_stock as (
        insert into ${catalogueExportStock} (product_id, exported_at, file_stock, recorded_at)
        select created.id, input.exported_at, input.file_stock, ${now}::timestamptz
        from created join input using (handle)
        where input.exported_at is not null
      ), audit as (
        insert into ${auditLog} (actor_id, actor_name, actor_email, action, subject_type, subject_id, before, after, created_at)
        select input.actor_id, input.actor_name, input.actor_email, input.action, 'product', created.id, null,
          input.after, ${now}::timestamptz
        from created join input using (handle)
      )
      select id from created`,
  );
  if (rows.length !== writes.length) throw new Error('product insert returned fewer rows than it was given');
  return rows.length;
}
