// The catalogue CSV import (issue 48). An upload is a dry run: the file is streamed through csv-parse, its rows
// grouped into products (catalogueCsv.ts), every problem reported by line and column, and the products it will
// write kept as the job's items. Nothing reaches the catalogue then. The import runs the items in batches, each
// product in its own transaction (its row, sizes and colours, pictures and audit entry: all or none); the job
// records how far it got, so a run that stopped continues, and a product the shop already has exactly as the file
// says is left alone (the same file twice changes nothing).
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { parse, CsvError } from 'csv-parse';
import {
  IMPORT_ISSUES,
  type CatalogueImport,
  type CatalogueImportsResponse,
  type ImportIssue,
  type ImportIssueCode,
  type PictureFailure,
} from '../../../contract/catalogueImport';
import { EXPORT_STOCK_RETENTION_MS } from '../../config';
import type { Db } from '../../db/client';
import {
  allCategories,
  claimImportJob,
  deleteAttributeValues,
  deleteImages,
  deleteImportItems,
  deleteImportJob,
  exportStockApplied,
  failedImportItems,
  handlesAndSkusTaken,
  importJobRow,
  insertAttributeValues,
  categoryNamedOrNew,
  lockedImportProduct,
  partsOf,
  insertImages,
  insertImportItems,
  insertImportJob,
  insertProduct,
  insertProductsWhole,
  nextImportItems,
  openImportOfFile,
  productsWithParts,
  recentImportJobs,
  recordBatch,
  recordExportStock,
  updateAttributeValue,
  updateImagePosition,
  updateImportJob,
  updateProductValues,
  type AttributeRow,
  type ImageRow,
  type ImportIssueRecord,
  type ImportItemInsert,
  type ImportJobRow,
  type ImportProductRow,
  type ItemOutcome,
  type NewProductWrite,
  type ProductValues,
} from '../../db/queries/catalogueImport';
import type { AuditValues } from '../../db/queries/audit';
import { foundById } from '../../lib/ids';
import { stockWarningFor } from '../../lib/stockWarning';
import { Conflict, Invalid, NotFound } from '../errors';
import { PictureFetchError } from '../pictureFetch';
import { changedFields, writeAudit, type Actor } from './audit';
import { PRODUCT_PICTURE_PATH, storeProductPicture } from './pictures';
import {
  LIMITS,
  MAX_IMPORT_BYTES,
  ProductReader,
  exportDateRefusal,
  type ExportWindow,
  readHeader,
  type Bilingual,
  type Header,
  type ImportedProduct,
  htmlToText,
  stockFromFile,
  textToHtml,
} from './catalogueCsv';

export const IMPORT_MESSAGES = {
  fileRequired: 'The file field is required.',
  importInvalid: 'The file has errors: fix them and upload it again; nothing was imported.',
  notFound: 'Import not found',
} as const;

/** What the shop answers a file over its limit (20 MB: MAX_IMPORT_BYTES). */
export function fileTooLargeMessage(maxBytes = MAX_IMPORT_BYTES): string {
  return `The file may not be greater than ${String(Math.round((maxBytes / 1024 / 1024) * 10) / 10)} MB.`;
}

/** The upload is larger than the shop takes (the route answers 413). */
export class FileTooLarge extends Error {
  constructor(maxBytes: number) {
    super(fileTooLargeMessage(maxBytes));
    this.name = 'FileTooLarge';
  }
}

export interface ImportDeps {
  db: Db;
  now: Date;
  /** the catalogue's cached answers are dropped (lib/catalogueChanges) */
  changed: () => void;
  dataDir: string;
  /** this shop's origin: its own picture addresses in a file are linked, not fetched */
  publicUrl: string;
  fetchPicture: (url: string) => Promise<Buffer>;
  log?: { warn: (details: object, message: string) => void };
  /** the largest file read (default MAX_IMPORT_BYTES) */
  maxBytes?: number;
  /** how long an export's stock figures are kept (config exportStockRetentionMs; default 90 days) */
  exportStockRetentionMs?: number;
}

/** Products written to the items table (and checked against the shop) at a time during the dry run. */
const CHECK_BATCH = 500;
/** Items read at a time by a run; a run stops after RUN_BUDGET_MS and answers its progress. */
const RUN_CHUNK = 200;
const RUN_BUDGET_MS = 4_000;
/** How long a run holds its job (pictures may be slow); a crashed run's job is taken over after it. */
const CLAIM_MS = 5 * 60_000;
const REPORTED_FAILURES = 100;
/** A new category's picture when the product brings none: the shop's own mark. */
const DEFAULT_CATEGORY_IMAGE = '/favicon.svg';
/** The handles the shop gives products itself (a migration and a trigger): a file may not invent one. */
const SHOP_HANDLE = /^product-\d+$/;

// ---- answers ----

function render(code: string, params: Record<string, string | number>): string {
  const template: string = IMPORT_ISSUES[code as ImportIssueCode] ?? IMPORT_ISSUES.product_failed;
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

function issueJson(record: ImportIssueRecord): ImportIssue {
  const code = (record.code in IMPORT_ISSUES ? record.code : 'product_failed') as ImportIssueCode;
  return {
    line: record.line,
    column: record.column,
    severity: record.severity,
    code,
    params: record.params,
    message: render(code, record.params),
  };
}

async function jobJson(db: Db, job: ImportJobRow): Promise<CatalogueImport> {
  const failures = job.failedCount > 0 ? await failedImportItems(db, job.id, REPORTED_FAILURES) : [];
  return {
    id: job.id,
    file_name: job.fileName,
    state: job.state,
    rows: job.rowsCount,
    products: job.productsCount,
    new_products: job.newCount,
    errors: job.errorsCount,
    warnings: job.warningsCount,
    issues: job.issues.map(issueJson),
    processed: job.processed,
    created: job.createdCount,
    updated: job.updatedCount,
    unchanged: job.unchangedCount,
    failed: job.failedCount,
    failures: failures.map((failure) =>
      issueJson({
        line: failure.line,
        column: '',
        severity: 'error',
        code: failure.reason?.code ?? 'product_failed',
        params: { handle: failure.handle, ...failure.reason?.params },
      }),
    ),
    created_at: job.createdAt.toISOString(),
    finished_at: job.finishedAt?.toISOString() ?? null,
  };
}

export async function importPage(db: Db, idText: string): Promise<CatalogueImport> {
  const job = await foundById(idText, (id) => importJobRow(db, id), IMPORT_MESSAGES.notFound);
  return jobJson(db, job);
}

export async function recentImports(db: Db): Promise<CatalogueImportsResponse> {
  const jobs = await recentImportJobs(db, 5);
  return { data: await Promise.all(jobs.map((job) => jobJson(db, job))) };
}

// ---- the dry run ----

const categoryKey = (name: string) => name.trim().toLowerCase();

/** What a csv-parse error means for the merchant. */
function csvIssueCode(error: CsvError): ImportIssueCode {
  if (/QUOTE/.test(error.code)) return 'csv_quote';
  if (error.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH') return 'csv_columns_count';
  if (error.code === 'CSV_MAX_RECORD_SIZE') return 'record_too_large';
  return 'csv_malformed';
}

/**
 * The Windows line breaks (CR LF) inside a record's quoted cells: csv-parse counts each as two lines, a spreadsheet or
 * an editor as one, and the report's line numbers are the ones the merchant sees there.
 */
function windowsBreaks(record: string[]): number {
  let found = 0;
  for (const cell of record)
    for (let at = cell.indexOf('\r\n'); at >= 0; at = cell.indexOf('\r\n', at + 2)) found += 1;
  return found;
}

interface Report {
  issues: ImportIssueRecord[];
  errors: number;
  warnings: number;
}

/** A cell or a column's name as a report quotes it: a file's megabyte cell is not kept with its job, nor sent. */
const quoted = (text: string) => (text.length > LIMITS.quoted ? `${text.slice(0, LIMITS.quoted)}…` : text);

function addIssue(report: Report, found: ImportIssueRecord): void {
  if (found.severity === 'error') report.errors += 1;
  else report.warnings += 1;
  if (report.issues.length >= LIMITS.reportedIssues) return;
  const params = Object.fromEntries(
    Object.entries(found.params).map(([name, value]) => [
      name,
      typeof value === 'string' ? quoted(value) : value,
    ]),
  );
  report.issues.push({ ...found, column: quoted(found.column), params });
}

/**
 * The dry run of an uploaded file (`input`: its bytes as they arrive). Answers the new job with its report, or the
 * unfinished job of the same file (`fresh: false`), which the staff member then continues.
 */
export async function checkCsv(
  deps: ImportDeps,
  actor: Actor,
  input: AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
  fileName: string,
): Promise<{ fresh: boolean; job: CatalogueImport }> {
  const { db, now } = deps;
  const job = await insertImportJob(db, {
    actorId: actor.id,
    fileName: fileName.trim().slice(0, 255) || 'catalogue.csv',
    fileSha256: '',
    fileBytes: 0,
    state: 'invalid',
    createdAt: now,
    updatedAt: now,
  });
  try {
    return await checkInto(deps, actor, job, input);
  } catch (error) {
    await deleteImportJob(db, job.id);
    throw error;
  }
}

async function checkInto(
  deps: ImportDeps,
  actor: Actor,
  job: ImportJobRow,
  input: AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
): Promise<{ fresh: boolean; job: CatalogueImport }> {
  const { db, now, maxBytes = MAX_IMPORT_BYTES } = deps;
  const report: Report = { issues: [], errors: 0, warnings: 0 };
  const hash = createHash('sha256');
  let bytes = 0;
  let rows = 0;
  let productsCount = 0;
  let newCount = 0;
  let seq = 0;
  let header: Header | null = null;
  let reader: ProductReader | null = null;
  let notUtf8Reported = false;
  const knownCategories = new Set<string>();
  for (const category of await allCategories(db)) {
    knownCategories.add(categoryKey(category.nameEn));
    knownCategories.add(categoryKey(category.nameAr));
  }
  const pending: ImportedProduct[] = [];
  /** The shop's products the file's products update so far (by handle or SKU): each may be updated by one. */
  const updating = new Map<number, { handle: string; line: number }>();

  const flush = async () => {
    if (pending.length === 0) return;
    const batch = pending.splice(0, pending.length);
    const taken = await handlesAndSkusTaken(
      db,
      batch.map((product) => product.handle),
      batch.flatMap((product) => (product.sku ? [product.sku] : [])),
    );
    const byHandle = new Map(taken.map((row) => [row.handle, row]));
    const bySku = new Map(taken.flatMap((row) => (row.sku ? [[row.sku, row] as const] : [])));
    const items: ImportItemInsert[] = [];
    for (const product of batch) {
      const sameHandle = byHandle.get(product.handle);
      const sameSku = product.sku ? bySku.get(product.sku) : undefined;
      if (sameHandle && sameSku && sameHandle.id !== sameSku.id) {
        addIssue(report, {
          line: product.line,
          column: 'Variant SKU',
          severity: 'error',
          code: 'sku_taken',
          params: { sku: product.sku ?? '', handle: sameSku.handle },
        });
        continue;
      }
      // A shop handle (product-123) names the shop's product of that number: a file may not give it to another
      // product, new or found by its SKU (renamed, it would take the handle the shop gives product 123 later).
      const reserved =
        !sameHandle && SHOP_HANDLE.test(product.handle) && product.handle !== `product-${sameSku?.id ?? ''}`;
      if (reserved) {
        addIssue(report, {
          line: product.line,
          column: 'Handle',
          severity: 'error',
          code: 'handle_reserved',
          params: { handle: product.handle },
        });
        continue;
      }
      // Two of the file's products found as one of the shop's (one by its handle, the other by its SKU, as a
      // product renamed beside its old handle): the second would undo the first, one of them lost.
      const updated = sameHandle ?? sameSku;
      const earlier = updated ? updating.get(updated.id) : undefined;
      if (updated && earlier) {
        addIssue(report, {
          line: product.line,
          column: sameHandle ? 'Handle' : 'Variant SKU',
          severity: 'error',
          code: 'product_twice',
          params: { handle: earlier.handle, first_line: earlier.line, shop_handle: updated.handle },
        });
        continue;
      }
      if (updated) updating.set(updated.id, { handle: product.handle, line: product.line });
      if (!sameHandle && !sameSku) newCount += 1;
      seq += 1;
      items.push({ seq, handle: product.handle, line: product.line, product });
    }
    // A file with errors is never imported: its items are not worth writing.
    if (report.errors === 0) await insertImportItems(db, job.id, items);
  };

  const accept = async (product: ImportedProduct | null) => {
    if (!product) return;
    productsCount += 1;
    const key = categoryKey(product.category.en);
    if (
      !knownCategories.has(key) &&
      !(product.category.ar && knownCategories.has(categoryKey(product.category.ar)))
    ) {
      knownCategories.add(key);
      addIssue(report, {
        line: product.line,
        column: 'Type',
        severity: 'warning',
        code: 'category_new',
        params: { name: product.category.en },
      });
    }
    pending.push(product);
    if (pending.length >= CHECK_BATCH) await flush();
  };

  // The last line a record ended on, as the parser goes: a broken quote is reported where its record starts.
  let parsedUpTo = 0;
  let parsedWindowsBreaks = 0;
  const parser = parse({
    bom: true,
    skip_empty_lines: true,
    info: true,
    relax_column_count: true,
    // A cell of megabytes (one never closed quote, or a header of a million columns) ends the reading with an error.
    max_record_size: LIMITS.recordCharacters,
    on_record: (entry: string[], context: { lines: number }) => {
      // with `info`, the record comes wrapped with it (csv-parse's types say otherwise)
      parsedWindowsBreaks += windowsBreaks((entry as unknown as { record: string[] }).record);
      parsedUpTo = context.lines - parsedWindowsBreaks;
      return entry;
    },
  });
  let parseFailed = false;
  let sourceError: unknown = null;
  const feeding = (async () => {
    try {
      for await (const chunk of input) {
        const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        bytes += buffer.length;
        if (bytes > maxBytes) throw new FileTooLarge(maxBytes);
        hash.update(buffer);
        // After a CSV error the rest is still read (and counted), so the answer goes out whole.
        if (parseFailed || parser.destroyed) continue;
        if (!parser.write(buffer)) await once(parser, 'drain').catch(() => undefined);
      }
      if (!parser.destroyed) parser.end();
    } catch (error) {
      sourceError = error;
      parser.destroy(error as Error);
    }
  })();

  let lastLine = 0;
  let lastEmpty = 0;
  let recordWindowsBreaks = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number; empty_lines: number };
    }>) {
      // The line a record starts on: after the previous one's end and the empty lines skipped since.
      const line = lastLine + 1 + (info.empty_lines - lastEmpty);
      recordWindowsBreaks += windowsBreaks(record);
      lastLine = info.lines - recordWindowsBreaks;
      lastEmpty = info.empty_lines;
      if (!notUtf8Reported && record.some((cell) => cell.includes('\uFFFD'))) {
        notUtf8Reported = true;
        addIssue(report, { line, column: '', severity: 'error', code: 'not_utf8', params: {} });
      }
      if (!header) {
        header = readHeader(record);
        for (const found of header.issues) addIssue(report, found);
        if (header.issues.every((found) => found.severity !== 'error'))
          reader = new ProductReader(header, (found) => addIssue(report, found), exportsKept(deps));
        continue;
      }
      rows += 1;
      if (record.length !== header.width) {
        addIssue(report, {
          line,
          column: '',
          severity: 'error',
          code: 'csv_columns_count',
          params: { found: record.length },
        });
        continue;
      }
      if (reader) await accept(reader.push(line, record));
    }
  } catch (error) {
    if (sourceError) throw sourceError;
    if (!(error instanceof CsvError)) throw error;
    parseFailed = true;
    const { lines } = error as unknown as { lines?: unknown };
    const code = csvIssueCode(error);
    const errorLine =
      code === 'csv_quote' ? parsedUpTo + 1 : typeof lines === 'number' ? lines - parsedWindowsBreaks : 0;
    addIssue(report, { line: errorLine, column: '', severity: 'error', code, params: {} });
  }
  await feeding;
  if (sourceError) throw sourceError;
  if (reader && !parseFailed) await accept(reader.end());
  await flush();
  if (rows === 0 && report.errors === 0)
    addIssue(report, { line: 0, column: '', severity: 'error', code: 'file_empty', params: {} });
  const total = report.errors + report.warnings;
  report.issues.sort((a, b) => a.line - b.line);
  if (total > report.issues.length)
    report.issues.push({
      line: 0,
      column: '',
      severity: 'warning',
      code: 'too_many_issues',
      params: { max: LIMITS.reportedIssues },
    });

  const sha256 = hash.digest('hex');
  const valid = report.errors === 0;
  if (valid) {
    const open = await openImportOfFile(db, sha256, job.id);
    if (open) {
      await deleteImportJob(db, job.id);
      return { fresh: false, job: await jobJson(db, open) };
    }
  } else {
    await deleteImportItems(db, job.id);
  }
  const values = {
    fileSha256: sha256,
    fileBytes: bytes,
    state: valid ? ('ready' as const) : ('invalid' as const),
    rowsCount: rows,
    productsCount: valid ? seq : productsCount,
    newCount,
    errorsCount: report.errors,
    warningsCount: report.warnings,
    issues: report.issues,
    updatedAt: now,
  };
  await db.transaction(async (tx) => {
    await updateImportJob(tx, job.id, values);
    await writeAudit(
      tx,
      actor,
      {
        action: 'catalogue_import.checked',
        subjectType: 'catalogue_import',
        subjectId: job.id,
        before: null,
        after: {
          file_name: job.fileName,
          file_bytes: bytes,
          rows,
          products: values.productsCount,
          new_products: newCount,
          errors: report.errors,
          warnings: report.warnings,
        },
      },
      now,
    );
  });
  return { fresh: true, job: await jobJson(db, { ...job, ...values }) };
}

// ---- the import ----

/** What a batch knows of the shop: the products its items name, their parts, the categories. */
interface BatchContext {
  byHandle: Map<string, ImportProductRow>;
  bySku: Map<string, ImportProductRow>;
  attributes: Map<number, AttributeRow[]>;
  images: Map<number, ImageRow[]>;
  categories: Map<string, number>;
  /** the file stock an earlier import of the same export set, by exportStockKey */
  exportStock: Map<string, number>;
}

const exportStockKey = (productId: number, exportedAt: string) => `${String(productId)}|${exportedAt}`;

/** The export's stock figure the import records for the product (null: a file that is no export of the shop's). */
function exportStockOf(item: ImportedProduct): { exportedAt: string; fileStock: number } | null {
  if (item.exportedAt === undefined || item.stockAtExport === undefined || item.kept?.includes('stock'))
    return null;
  return { exportedAt: item.exportedAt, fileStock: item.stock };
}

function groupBy<T extends { productId: number }>(rows: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(row.productId);
    if (list) list.push(row);
    else map.set(row.productId, [row]);
  }
  return map;
}

/** A picture path of this shop as the export writes it: the shop's origin before it. */
export function absoluteImage(publicUrl: string, image: string): string {
  return image.startsWith('/') ? `${publicUrl.replace(/\/+$/, '')}${image}` : image;
}

const OWN_MEDIA = /^\/media\/[\w\-./]+\.(?:svg|webp|png|jpe?g)$/;

/** An address of a picture this shop already serves (its export): linked, never fetched (it may be private). */
function ownPicturePath(publicUrl: string, url: string): string | null {
  const origin = publicUrl.replace(/\/+$/, '');
  if (!url.startsWith(`${origin}/`)) return null;
  const path = url.slice(origin.length).split(/[?#]/)[0] ?? '';
  return PRODUCT_PICTURE_PATH.test(path) || (OWN_MEDIA.test(path) && !path.includes('..')) ? path : null;
}

const money = (value: number) => Math.round(value * 1000) / 1000;

function valuesOf(product: ImportedProduct, categoryId: number): ProductValues {
  const warning = stockWarningFor(product.stock);
  return {
    handle: product.handle,
    sku: product.sku,
    categoryId,
    nameEn: product.name.en,
    nameAr: product.name.ar,
    descriptionEn: product.description.en,
    descriptionAr: product.description.ar,
    brand: product.brand,
    collectionEn: product.collection.en,
    collectionAr: product.collection.ar,
    price: money(product.price),
    discountedPrice: product.discountedPrice === null ? null : money(product.discountedPrice),
    stockQuantity: product.stock,
    stockWarningEn: warning?.en ?? null,
    stockWarningAr: warning?.ar ?? null,
    sale: product.sale,
    offer: product.offer,
  };
}

const SCALARS = [
  'handle',
  'sku',
  'categoryId',
  'nameEn',
  'nameAr',
  'descriptionEn',
  'descriptionAr',
  'brand',
  'collectionEn',
  'collectionAr',
  'price',
  'discountedPrice',
  'stockQuantity',
  'sale',
  'offer',
] as const;

const valuesList = (values: Bilingual[]) => values.map((value) => `${value.en}|${value.ar}`).join('\n');
const attributeList = (rows: AttributeRow[], kind: 'size' | 'color') =>
  rows
    .filter((row) => row.kind === kind)
    .map((row) => `${row.nameEn}|${row.nameAr}`)
    .join('\n');

function imageMatches(publicUrl: string, row: ImageRow, url: string): boolean {
  return row.sourceUrl === url || absoluteImage(publicUrl, row.image) === url;
}

/** The audit's picture of a product: its scalar fields and its lists as text. */
function auditValues(values: ProductValues, sizes: string, colors: string, images: number): AuditValues {
  return {
    handle: values.handle ?? null,
    sku: values.sku ?? null,
    category_id: values.categoryId,
    name_en: values.nameEn,
    name_ar: values.nameAr,
    brand: values.brand ?? '',
    price: values.price,
    discounted_price: values.discountedPrice ?? null,
    stock_quantity: values.stockQuantity ?? 0,
    sale: values.sale ?? false,
    offer: values.offer ?? false,
    sizes,
    colors,
    images,
  };
}

function currentValues(row: ImportProductRow): ProductValues {
  return {
    handle: row.handle,
    sku: row.sku,
    categoryId: row.categoryId,
    nameEn: row.nameEn,
    nameAr: row.nameAr,
    descriptionEn: row.descriptionEn,
    descriptionAr: row.descriptionAr,
    brand: row.brand,
    collectionEn: row.collectionEn,
    collectionAr: row.collectionAr,
    price: row.price,
    discountedPrice: row.discountedPrice,
    stockQuantity: row.stockQuantity,
    stockWarningEn: row.stockWarningEn,
    stockWarningAr: row.stockWarningAr,
    sale: row.sale,
    offer: row.offer,
  };
}

/** The file's text, or the shop's when the file's is what the export of the shop's reads back as. */
function asExported(file: string, shop: string): string {
  return file !== shop && htmlToText(textToHtml(shop)) === file ? shop : file;
}

/**
 * The file's product, with the fields its file has no column for (ImportedProduct.kept) as the shop has them: in the
 * order the shop keeps them, so a product the file does not change compares as unchanged.
 */
function withShopValues(
  wanted: ImportedProduct,
  current: ImportProductRow,
  attributes: AttributeRow[],
  images: ImageRow[],
  publicUrl: string,
  appliedBefore: number | undefined,
): ImportedProduct {
  const kept = new Set(wanted.kept ?? []);
  const stock = kept.has('stock')
    ? current.stockQuantity
    : stockFromFile(wanted, current.stockQuantity, appliedBefore);
  // A value named in English only (the file has no Arabic column for its option) keeps the shop's Arabic name: the
  // English one stands in for it only on a value the shop does not have yet.
  const arabicKept = new Set(wanted.optionsArabicKept ?? []);
  const withShopArabic = (kind: 'size' | 'color', list: Bilingual[]) =>
    arabicKept.has(kind)
      ? list.map((value) => {
          const shop = attributes.find((row) => row.kind === kind && row.nameEn === value.en);
          return shop && value.ar === value.en ? { en: value.en, ar: shop.nameAr } : value;
        })
      : list;
  const sizes = withShopArabic('size', wanted.sizes);
  const colors = withShopArabic('color', wanted.colors);
  // The export's round trip is not exact (a description's runs of line breaks and line-end spaces, a picture shown
  // twice): a file that says what the shop's export of them reads back as leaves the shop's as they are.
  const description = {
    en: asExported(wanted.description.en, current.descriptionEn),
    ar: asExported(wanted.description.ar, current.descriptionAr),
  };
  const shopImages = images.map((row) => absoluteImage(publicUrl, row.image));
  const firstOfEach = images.filter(
    (row, index) =>
      !images
        .slice(0, index)
        .some(
          (earlier) =>
            earlier.image === row.image || (row.sourceUrl !== null && earlier.sourceUrl === row.sourceUrl),
        ),
  );
  const sameImages =
    firstOfEach.length < images.length &&
    firstOfEach.length === wanted.images.length &&
    firstOfEach.every((row, index) => imageMatches(publicUrl, row, wanted.images[index] ?? ''));
  const fileImages = sameImages ? shopImages : wanted.images;
  if (kept.size === 0) return { ...wanted, description, images: fileImages, stock, sizes, colors };
  const values = (kind: 'size' | 'color') =>
    attributes.filter((row) => row.kind === kind).map((row) => ({ en: row.nameEn, ar: row.nameAr }));
  let { price, discountedPrice } = wanted;
  // Without a compare-at column the shop's compare-at price stays, while it is above the file's selling price.
  if (
    kept.has('compareAt') &&
    discountedPrice === null &&
    current.discountedPrice !== null &&
    current.price > price
  ) {
    discountedPrice = price;
    price = current.price;
  }
  return {
    ...wanted,
    sku: kept.has('sku') ? current.sku : wanted.sku,
    name: { en: wanted.name.en, ar: kept.has('nameAr') ? current.nameAr : wanted.name.ar },
    description: {
      en: kept.has('descriptionEn') ? current.descriptionEn : description.en,
      ar: kept.has('descriptionAr') ? current.descriptionAr : description.ar,
    },
    brand: kept.has('brand') ? current.brand : wanted.brand,
    collection: {
      en: kept.has('collectionEn') ? current.collectionEn : wanted.collection.en,
      ar: kept.has('collectionAr') ? current.collectionAr : wanted.collection.ar,
    },
    price,
    discountedPrice,
    stock,
    sale: kept.has('tags') ? current.sale : wanted.sale,
    offer: kept.has('tags') ? current.offer : wanted.offer,
    sizes: kept.has('options') ? values('size') : sizes,
    colors: kept.has('options') ? values('color') : colors,
    images: kept.has('images')
      ? images.map((row) => row.sourceUrl ?? absoluteImage(publicUrl, row.image))
      : fileImages,
  };
}

const failedWith = (seq: number, code: ImportIssueCode, params: Record<string, string | number> = {}) =>
  ({ seq, outcome: 'failed', reason: { code, params } }) as ItemOutcome;

/** Since when an export's stock figures are kept, and for how many days (EXPORT_STOCK_RETENTION_DAYS). */
function exportsKept(deps: Pick<ImportDeps, 'now' | 'exportStockRetentionMs'>): ExportWindow {
  const retentionMs = deps.exportStockRetentionMs ?? EXPORT_STOCK_RETENTION_MS;
  const day = 24 * 60 * 60 * 1000;
  return {
    oldestExport: new Date(deps.now.getTime() - retentionMs),
    // A day's leeway for a clock set otherwise on the machine that exported it.
    newestExport: new Date(deps.now.getTime() + day),
    retentionDays: Math.round(retentionMs / day),
  };
}

async function applyItem(
  deps: ImportDeps,
  actor: Actor,
  importId: number,
  context: BatchContext,
  seq: number,
  item: ImportedProduct,
): Promise<ItemOutcome | PendingWrite> {
  const { db, now, publicUrl } = deps;
  // Checked again at the run: a file checked within the days its export's figures are kept may be run after them.
  const window = exportsKept(deps);
  const refusal = exportDateRefusal(item, window);
  if (refusal === 'export_too_old') return failedWith(seq, refusal, { days: window.retentionDays });
  if (refusal === 'export_date_missing') return failedWith(seq, refusal);
  if (refusal) return failedWith(seq, refusal, { value: item.exportedAt ?? '' });
  const current = context.byHandle.get(item.handle) ?? (item.sku ? context.bySku.get(item.sku) : undefined);
  const knownCategory =
    context.categories.get(categoryKey(item.category.en)) ??
    (item.category.ar ? context.categories.get(categoryKey(item.category.ar)) : undefined);
  const currentAttributes = current ? (context.attributes.get(current.id) ?? []) : [];
  const currentImages = current ? (context.images.get(current.id) ?? []) : [];
  const exportStock = exportStockOf(item);
  const wanted = current
    ? withShopValues(
        item,
        current,
        currentAttributes,
        currentImages,
        publicUrl,
        exportStock ? context.exportStock.get(exportStockKey(current.id, exportStock.exportedAt)) : undefined,
      )
    : item;

  if (current && knownCategory !== undefined) {
    const next = valuesOf(wanted, knownCategory);
    const was = currentValues(current);
    const same =
      SCALARS.every((key) => was[key] === next[key]) &&
      attributeList(currentAttributes, 'size') === valuesList(wanted.sizes) &&
      attributeList(currentAttributes, 'color') === valuesList(wanted.colors) &&
      currentImages.length === wanted.images.length &&
      currentImages.every((row, index) => imageMatches(publicUrl, row, wanted.images[index] ?? ''));
    if (same) return { seq, outcome: 'unchanged', reason: null };
  }

  // Pictures first, outside the transaction: the ones the product has are kept, the shop's own linked, the others
  // fetched and put through the upload's pipeline. One that fails leaves the product as it was.
  const pictures: { keep?: ImageRow; image: string; sourceUrl: string | null }[] = [];
  for (const url of wanted.images) {
    // a picture shown twice is two of the product's rows: each kept once
    const kept = currentImages.find(
      (row) => imageMatches(publicUrl, row, url) && !pictures.some((picture) => picture.keep?.id === row.id),
    );
    if (kept) {
      pictures.push({ keep: kept, image: kept.image, sourceUrl: kept.sourceUrl });
      continue;
    }
    const own = ownPicturePath(publicUrl, url);
    if (own) {
      pictures.push({ image: own, sourceUrl: null });
      continue;
    }
    try {
      const bytes = await deps.fetchPicture(url);
      const stored = await storeProductPicture(deps.dataDir, bytes);
      pictures.push({ image: stored.image, sourceUrl: url });
    } catch (error) {
      const reason: PictureFailure =
        error instanceof PictureFetchError
          ? error.reason
          : error instanceof Invalid
            ? 'not_image'
            : 'unreachable';
      if (!(error instanceof PictureFetchError) && !(error instanceof Invalid))
        deps.log?.warn({ err: error, url }, 'catalogue import: picture failed');
      return failedWith(seq, 'picture_failed', { url: url.slice(0, 300), reason });
    }
  }

  try {
    if (!current && knownCategory !== undefined) {
      // The common case of a large import: a new product of a known category. Written with the others of its
      // run in one statement (see flushNew), or alone when that fails.
      const next = valuesOf(wanted, knownCategory);
      return {
        seq,
        write: {
          values: next,
          attributes: [
            ...wanted.sizes.map((value, position) => ({
              kind: 'size' as const,
              nameEn: value.en,
              nameAr: value.ar,
              position,
            })),
            ...wanted.colors.map((value, position) => ({
              kind: 'color' as const,
              nameEn: value.en,
              nameAr: value.ar,
              position,
            })),
          ],
          images: pictures.map((picture, position) => ({
            image: picture.image,
            position,
            sourceUrl: picture.sourceUrl,
          })),
          audit: {
            actorId: actor.id,
            actorName: actor.name,
            actorEmail: actor.email,
            action: 'product.imported',
            after: {
              ...auditValues(next, valuesList(wanted.sizes), valuesList(wanted.colors), pictures.length),
              import_id: importId,
            },
          },
          exportStock,
          now,
        },
      };
    }
    const created = await db.transaction(async (tx) => {
      // The shop's product as it is now, locked until it is written: an order taking its stock, a staff member's edit
      // or another import waits, and what the file leaves out is written back as it is now, not as read before the
      // pictures were fetched (a stock taken meanwhile would come back).
      const shop = current ? await lockedImportProduct(tx, current.id) : undefined;
      if (current && !shop) throw new Error('the product was deleted during the import');
      const shopParts = current ? await partsOf(tx, [current.id]) : { attributes: [], images: [] };
      // read again under the product's lock: another import of the same export may have set it meanwhile
      const [applied] =
        shop && exportStock ? await exportStockApplied(tx, [shop.id], [exportStock.exportedAt]) : [];
      const target = shop
        ? withShopValues(item, shop, shopParts.attributes, shopParts.images, publicUrl, applied?.fileStock)
        : wanted;
      const kept = new Set(item.kept ?? []);
      const categoryId =
        knownCategory ??
        (await categoryNamedOrNew(tx, {
          nameEn: target.category.en,
          nameAr: target.category.ar ?? target.category.en,
          image: pictures[0]?.image ?? DEFAULT_CATEGORY_IMAGE,
        }));
      const next = valuesOf(target, categoryId);
      const productId = shop ? shop.id : await insertProduct(tx, next, now);
      if (shop) await updateProductValues(tx, shop.id, next);
      if (exportStock) await recordExportStock(tx, { productId, ...exportStock }, now);

      // Sizes and colours (unless the file has no option columns): kept by their English name (cart lines point at
      // them), the rest added or removed.
      if (!(shop && kept.has('options'))) {
        const keepIds = new Set<number>();
        const added: Parameters<typeof insertAttributeValues>[1] = [];
        for (const [kind, values] of [
          ['size', target.sizes],
          ['color', target.colors],
        ] as const) {
          for (const [position, value] of values.entries()) {
            const existing = shopParts.attributes.find((row) => row.kind === kind && row.nameEn === value.en);
            if (existing) {
              keepIds.add(existing.id);
              if (existing.nameAr !== value.ar || existing.position !== position)
                await updateAttributeValue(tx, existing.id, { nameAr: value.ar, position });
            } else added.push({ productId, kind, nameEn: value.en, nameAr: value.ar, position });
          }
        }
        await deleteAttributeValues(
          tx,
          shopParts.attributes.filter((row) => !keepIds.has(row.id)).map((row) => row.id),
        );
        await insertAttributeValues(tx, added);
      }

      // Pictures (unless the file has no picture column): one kept is matched with the product's pictures as they
      // are now; one gone meanwhile is written again.
      if (!(shop && kept.has('images'))) {
        const keptImages = new Set<number>();
        const newImages: Parameters<typeof insertImages>[1] = [];
        for (const [position, picture] of pictures.entries()) {
          const still = picture.keep && shopParts.images.find((row) => row.id === picture.keep?.id);
          if (still) {
            keptImages.add(still.id);
            if (still.position !== position) await updateImagePosition(tx, still.id, position);
          } else newImages.push({ productId, image: picture.image, position, sourceUrl: picture.sourceUrl });
        }
        await deleteImages(
          tx,
          shopParts.images.filter((row) => !keptImages.has(row.id)).map((row) => row.id),
        );
        await insertImages(tx, newImages);
      }

      const after = auditValues(
        next,
        valuesList(target.sizes),
        valuesList(target.colors),
        target.images.length,
      );
      const diff = shop
        ? changedFields(
            auditValues(
              currentValues(shop),
              attributeList(shopParts.attributes, 'size'),
              attributeList(shopParts.attributes, 'color'),
              shopParts.images.length,
            ),
            after,
          )
        : null;
      await writeAudit(
        tx,
        actor,
        {
          action: 'product.imported',
          subjectType: 'product',
          subjectId: productId,
          before: diff?.before ?? null,
          after: { ...(diff?.after ?? after), import_id: importId },
        },
        now,
      );
      return { categoryId, productId };
    });
    context.categories.set(categoryKey(wanted.category.en), created.categoryId);
    return { seq, outcome: current ? 'updated' : 'created', reason: null };
  } catch (error) {
    deps.log?.warn({ err: error, handle: wanted.handle }, 'catalogue import: product not saved');
    return failedWith(seq, 'product_failed');
  }
}

/** A new product ready to be written with the others of its run. */
interface PendingWrite {
  seq: number;
  write: NewProductWrite;
}

/**
 * The run's new products in one statement; when that fails (a handle or SKU taken meanwhile…), each alone, so one
 * product's problem fails that product only. Either way each product is written whole or not at all.
 */
async function flushNew(deps: ImportDeps, pending: PendingWrite[]): Promise<ItemOutcome[]> {
  if (pending.length === 0) return [];
  try {
    await insertProductsWhole(
      deps.db,
      pending.map((item) => item.write),
    );
    return pending.map((item) => ({ seq: item.seq, outcome: 'created', reason: null }));
  } catch {
    const outcomes: ItemOutcome[] = [];
    for (const item of pending) {
      try {
        await insertProductsWhole(deps.db, [item.write]);
        outcomes.push({ seq: item.seq, outcome: 'created', reason: null });
      } catch (error) {
        deps.log?.warn(
          { err: error, handle: item.write.values.handle },
          'catalogue import: product not saved',
        );
        outcomes.push(failedWith(item.seq, 'product_failed'));
      }
    }
    return outcomes;
  }
}

async function contextFor(db: Db, items: ImportedProduct[]): Promise<BatchContext> {
  const [found, categories] = await Promise.all([
    productsWithParts(
      db,
      items.map((item) => item.handle),
      items.flatMap((item) => (item.sku ? [item.sku] : [])),
    ),
    allCategories(db),
  ]);
  const exportedAts = [...new Set(items.flatMap((item) => (item.exportedAt ? [item.exportedAt] : [])))];
  const applied = await exportStockApplied(
    db,
    found.products.map((product) => product.id),
    exportedAts,
  );
  const byCategory = new Map<string, number>();
  for (const category of categories) {
    byCategory.set(categoryKey(category.nameEn), category.id);
    if (!byCategory.has(categoryKey(category.nameAr)))
      byCategory.set(categoryKey(category.nameAr), category.id);
  }
  return {
    byHandle: new Map(found.products.map((product) => [product.handle ?? '', product])),
    bySku: new Map(
      found.products.flatMap((product) => (product.sku ? [[product.sku, product] as const] : [])),
    ),
    attributes: groupBy(found.attributes),
    images: groupBy(found.images),
    categories: byCategory,
    exportStock: new Map(
      applied.map((row) => [exportStockKey(row.productId, row.exportedAt), row.fileStock]),
    ),
  };
}

/**
 * One run of an import: the next products, for about RUN_BUDGET_MS, then the progress. The SPA calls it again
 * until the job is done; a run already working on the job (another tab) leaves this one with the progress.
 */
export async function runImport(deps: ImportDeps, actor: Actor, idText: string): Promise<CatalogueImport> {
  const { db, now } = deps;
  const job = await foundById(idText, (id) => importJobRow(db, id), IMPORT_MESSAGES.notFound);
  if (job.state === 'invalid') throw new Conflict(IMPORT_MESSAGES.importInvalid, undefined, 'import_invalid');
  if (job.state === 'done') return jobJson(db, job);
  const claimed = await claimImportJob(db, job.id, now, new Date(now.getTime() + CLAIM_MS));
  if (!claimed) return jobJson(db, job);

  const started = Date.now();
  const counts = {
    processed: claimed.processed,
    createdCount: claimed.createdCount,
    updatedCount: claimed.updatedCount,
    unchangedCount: claimed.unchangedCount,
    failedCount: claimed.failedCount,
  };
  let wrote = false;
  try {
    let overBudget = false;
    while (!overBudget && Date.now() - started < RUN_BUDGET_MS) {
      const items = await nextImportItems(db, claimed.id, counts.processed, RUN_CHUNK);
      if (items.length === 0) break;
      const context = await contextFor(
        db,
        items.map((item) => item.product as ImportedProduct),
      );
      const outcomes: ItemOutcome[] = [];
      const pending: PendingWrite[] = [];
      let last = counts.processed;
      for (const item of items) {
        const result = await applyItem(
          deps,
          actor,
          claimed.id,
          context,
          item.seq,
          item.product as ImportedProduct,
        );
        if ('write' in result) pending.push(result);
        else outcomes.push(result);
        last = item.seq;
        if (Date.now() - started >= RUN_BUDGET_MS) {
          overBudget = true;
          break;
        }
      }
      outcomes.push(...(await flushNew(deps, pending)));
      for (const outcome of outcomes) {
        if (outcome.outcome === 'created') counts.createdCount += 1;
        else if (outcome.outcome === 'updated') counts.updatedCount += 1;
        else if (outcome.outcome === 'unchanged') counts.unchangedCount += 1;
        else counts.failedCount += 1;
        if (outcome.outcome === 'created' || outcome.outcome === 'updated') wrote = true;
      }
      counts.processed = last;
      await recordBatch(db, claimed.id, outcomes, { ...counts, updatedAt: now });
    }
    const done = counts.processed >= claimed.productsCount;
    if (done) {
      await db.transaction(async (tx) => {
        await updateImportJob(tx, claimed.id, {
          state: 'done',
          finishedAt: now,
          claimedUntil: null,
          updatedAt: now,
        });
        await writeAudit(
          tx,
          actor,
          {
            action: 'catalogue_import.finished',
            subjectType: 'catalogue_import',
            subjectId: claimed.id,
            before: null,
            after: {
              file_name: claimed.fileName,
              products: claimed.productsCount,
              created: counts.createdCount,
              updated: counts.updatedCount,
              unchanged: counts.unchangedCount,
              failed: counts.failedCount,
            },
          },
          now,
        );
      });
    } else {
      await updateImportJob(db, claimed.id, { claimedUntil: null });
    }
  } catch (error) {
    await updateImportJob(db, claimed.id, { claimedUntil: null }).catch(() => undefined);
    throw error;
  } finally {
    if (wrote) deps.changed();
  }
  const after = await importJobRow(db, claimed.id);
  if (!after) throw new NotFound(IMPORT_MESSAGES.notFound);
  return jobJson(db, after);
}
