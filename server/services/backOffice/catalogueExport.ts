// The catalogue as CSV (issue 48): the import's columns, streamed. Products are read a page at a time by keyset
// (id after the last one sent), so the server holds one page whatever the catalogue's size, and the rows go out
// as the client takes them (backpressure through the stream). Cells a spreadsheet would run get an apostrophe.
import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Db } from '../../db/client';
import { exportPage, partsOf, type AttributeRow } from '../../db/queries/catalogueImport';
import { CSV_COLUMNS, productRows } from './catalogueCsv';
import { absoluteImage } from './catalogueImport';

/** Products read at a time. */
const PAGE = 500;

const bilingualOf = (rows: AttributeRow[], kind: 'size' | 'color') =>
  rows.filter((row) => row.kind === kind).map((row) => ({ en: row.nameEn, ar: row.nameAr }));

async function* catalogueRows(db: Db, publicUrl: string): AsyncGenerator<string[]> {
  yield [...CSV_COLUMNS];
  let after = 0;
  for (;;) {
    const page = await exportPage(db, after, PAGE);
    const last = page[page.length - 1];
    if (!last) return;
    const { attributes, images } = await partsOf(
      db,
      page.map((row) => row.product.id),
    );
    for (const { product, categoryEn, categoryAr } of page) {
      const own = attributes.filter((row) => row.productId === product.id);
      yield* productRows({
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
        images: images
          .filter((row) => row.productId === product.id)
          .map((row) => absoluteImage(publicUrl, row.image)),
      });
    }
    after = last.product.id;
  }
}

/** The whole catalogue as a CSV byte stream (UTF-8 with a BOM, so spreadsheets read the Arabic right). */
export function exportCatalogue(
  db: Db,
  publicUrl: string,
  onError: (error: Error) => void = () => undefined,
): Readable {
  const csv = stringify({ bom: true });
  pipeline(Readable.from(catalogueRows(db, publicUrl)), csv, (error) => {
    if (error) onError(error);
  });
  return csv;
}
