// The catalogue as CSV (issue 48): the import's columns, streamed. Products are read a page at a time by keyset
// (id after the last one sent), so the server holds one page whatever the catalogue's size, and the pages go out as
// the client takes them (backpressure: the next page is read once the reply has taken the last). Cells a
// spreadsheet would run get an apostrophe.
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../db/client';
import {
  exportedProductCount,
  exportPage,
  partsOf,
  type AttributeRow,
  type ImageRow,
} from '../../db/queries/catalogueImport';
import { writeAudit, type Actor } from './audit';
import { CSV_COLUMNS, productRows } from './catalogueCsv';
import { absoluteImage } from './catalogueImport';

/**
 * Products read at a time. A page's rows and texts live across its reads from the database; at 500 (≈ 3 500 lines
 * with their sizes and colours) they outlived the young generation's collections and were promoted, and V8 lets the
 * old generation grow to about four times what is live before a full collection: the server's resident memory went
 * from 165 MB to 340–370 MB exporting 100 000 products, 295 MB at 100 a page, 171 MB at 50 (the same time, 10–14 s;
 * docs/performance.md).
 */
export const EXPORT_PAGE = 50;
/** Lines turned into one piece of text: a string over ≈ 128 KB is a large object to V8, freed by a full collection only. */
const ROWS_PER_CHUNK = 200;

const bilingualOf = (rows: AttributeRow[], kind: 'size' | 'color') =>
  rows.filter((row) => row.kind === kind).map((row) => ({ en: row.nameEn, ar: row.nameAr }));

function byProduct<T extends { productId: number }>(rows: T[]): Map<number, T[]> {
  const grouped = new Map<number, T[]>();
  for (const row of rows) {
    const list = grouped.get(row.productId);
    if (list) list.push(row);
    else grouped.set(row.productId, [row]);
  }
  return grouped;
}

/**
 * The CSV a page at a time, each page's text made in one synchronous step: the rows, their cells and the page's
 * database objects are garbage before the next await, so the collector frees them young. Streamed row by row (an
 * object a row through csv-stringify's stream) they lived across the socket's waits and were promoted: 100 000
 * products grew the heap by ≈ 85 MB of garbage before a full collection (docs/performance.md).
 */
async function* cataloguePages(db: Db, publicUrl: string, now: Date): AsyncGenerator<string> {
  yield stringify([[...CSV_COLUMNS]], { bom: true });
  let after = 0;
  for (;;) {
    const page = await exportPage(db, after, EXPORT_PAGE);
    const last = page[page.length - 1];
    if (!last) return;
    const parts = await partsOf(
      db,
      page.map((row) => row.product.id),
    );
    const attributes = byProduct<AttributeRow>(parts.attributes);
    const images = byProduct<ImageRow>(parts.images);
    const rows: string[][] = [];
    for (const { product, categoryEn, categoryAr } of page) {
      const own = attributes.get(product.id) ?? [];
      rows.push(
        ...productRows({
          handle: product.handle ?? `product-${product.id}`,
          sku: product.sku,
          name: { en: product.nameEn, ar: product.nameAr },
          description: { en: product.descriptionEn, ar: product.descriptionAr },
          brand: product.brand,
          category: { en: categoryEn, ar: categoryAr },
          collection: { en: product.collectionEn, ar: product.collectionAr },
          price: product.price,
          discountedPrice: product.discountedPrice,
          stock: product.stockQuantity,
          sale: product.sale,
          offer: product.offer,
          sizes: bilingualOf(own, 'size'),
          colors: bilingualOf(own, 'color'),
          images: (images.get(product.id) ?? []).map((row) => absoluteImage(publicUrl, row.image)),
          exportedAt: now.toISOString(),
        }),
      );
    }
    after = last.product.id;
    // A cell with a semicolon is quoted too: a spreadsheet whose list separator is ";" (Arabic, French, German
    // locales…) splits an unquoted one there, and a part starting with "=" would become a formula cell of its own.
    const chunks: string[] = [];
    for (let from = 0; from < rows.length; from += ROWS_PER_CHUNK)
      chunks.push(stringify(rows.slice(from, from + ROWS_PER_CHUNK), { quoted_match: ';' }));
    rows.length = 0;
    yield* chunks;
  }
}

/**
 * The export's entry in the audit log, written before the first byte goes out: the whole catalogue (prices, stock,
 * suppliers' SKUs) leaving the shop is a staff action like any other, and an export cut short still took what it sent.
 * The subject is the staff member who took it: an export has no row of its own.
 */
export async function recordCatalogueExport(
  db: Db,
  actor: Actor & { id: number },
  fileName: string,
  now: Date,
): Promise<void> {
  await writeAudit(
    db,
    actor,
    {
      action: 'catalogue.exported',
      subjectType: 'user',
      subjectId: actor.id,
      before: null,
      after: { file_name: fileName, products: await exportedProductCount(db) },
    },
    now,
  );
}

/** The whole catalogue as a CSV byte stream (UTF-8 with a BOM, so spreadsheets read the Arabic right). */
export function exportCatalogue(
  db: Db,
  publicUrl: string,
  now: Date,
  onError: (error: Error) => void = () => undefined,
): Readable {
  // Not object mode: the reply's pipe pauses it while the socket is full, and a page is read only when asked for.
  const csv = Readable.from(cataloguePages(db, publicUrl, now), { objectMode: false });
  csv.on('error', onError);
  return csv;
}
