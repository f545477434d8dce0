// The catalogue's CSV columns: Shopify's product export (several rows per handle: the product, its variants, its
// pictures) plus the shop's Arabic ones, read into the shop's product model, and the same product written back as
// rows. Pure: no database, no network; catalogueImport.ts and catalogueExport.ts drive it.
import type { ImportIssueCode } from '../../../contract/catalogueImport';
import { MAX_STOCK } from '../../../contract/admin';
import { CSV_COLUMNS, MAX_IMPORT_BYTES } from '../../../contract/catalogueImport';
import type { ImportIssueRecord } from '../../db/queries/catalogueImport';

export { CSV_COLUMNS, MAX_IMPORT_BYTES };

/** Shopify's columns the shop reads, and ours. */
const READ_COLUMNS = [...CSV_COLUMNS, 'Product Category', 'Status', 'Option3 Name', 'Option3 Value'] as const;
type ReadColumn = (typeof READ_COLUMNS)[number];

/** Shopify's columns the shop has no place for: known, so not reported, and not read. */
const IGNORED_COLUMNS = new Set(
  [
    'Option1 Linked To',
    'Option2 Linked To',
    'Option3 Linked To',
    'Variant Grams',
    'Variant Inventory Tracker',
    'Variant Inventory Policy',
    'Variant Fulfillment Service',
    'Variant Requires Shipping',
    'Variant Taxable',
    'Variant Barcode',
    'Variant Image',
    'Variant Weight Unit',
    'Variant Tax Code',
    'Image Alt Text',
    'Gift Card',
    'SEO Title',
    'SEO Description',
    'Cost per item',
    'Unit Price Total Measure',
    'Unit Price Total Measure Unit',
    'Unit Price Base Measure',
    'Unit Price Base Measure Unit',
    'Standard Product Type',
    'Custom Product Type',
  ].map((name) => name.toLowerCase()),
);
/** Shopify's per-market and Google Shopping columns, and metafields: `Price / Kuwait`, `Google Shopping / Gender`… */
const IGNORED_PATTERNS = [
  /^(included|price|compare at price) \/ /i,
  /^google shopping \//i,
  /\(product\.metafields\./i,
  /^variant metafield/i,
];

export const LIMITS = {
  text: 255,
  description: 20_000,
  optionValue: 100,
  url: 2048,
  images: 10,
  values: 50,
  /**
   * rows under one handle: Shopify's most variants a product (2 048), with room for picture rows; more is refused
   * (the rows of a handle are held until it ends, so a file of one endless handle would be held whole)
   */
  rowsPerProduct: 2_500,
  /** the report lists this many findings; the counts cover all */
  reportedIssues: 500,
  /** a file's columns (Shopify's export has about 50, a column a market and metafields more) */
  columns: 1_000,
  /** characters a row or one of its cells may have (a product's two descriptions are at most 40 000) */
  recordCharacters: 1_000_000,
  /** characters of a cell or a column's name a report quotes */
  quoted: 200,
  maxPrice: 100_000_000,
  /** a product's stock, as the product form allows it (a larger one would make the form refuse every later edit) */
  maxQuantity: MAX_STOCK,
} as const;

const SIZE_NAMES = new Set(['size', 'sizes', 'المقاس', 'مقاس', 'الحجم', 'حجم', 'القياس', 'المقاسات']);
const COLOR_NAMES = new Set(['color', 'colour', 'colors', 'colours', 'اللون', 'لون', 'الألوان']);

/** Cells a spreadsheet would run as a formula; the export puts an apostrophe before them. */
const FORMULA_START = /^[=+\-@\t\r]/;

export interface Bilingual {
  en: string;
  ar: string;
}

/** A product's fields as a file's row carries them, in the shop's terms: the same for an import and an export. */
interface CsvProduct {
  handle: string;
  sku: string | null;
  name: Bilingual;
  description: Bilingual;
  brand: string;
  collection: Bilingual;
  price: number;
  discountedPrice: number | null;
  stock: number;
  sale: boolean;
  offer: boolean;
  sizes: Bilingual[];
  colors: Bilingual[];
  /** picture addresses, in position order (absolute in an export) */
  images: string[];
}

/** One product as the file describes it (what an import item keeps): a category may be named in English only. */
export interface ImportedProduct extends CsvProduct {
  line: number;
  category: { en: string; ar: string | null };
  /** what the file has no column for: an existing product keeps the shop's (absent in items checked before it) */
  kept?: KeptField[];
  /**
   * the stock the file was exported with (`Variant Inventory Qty (at export)`): an existing product's stock gets the
   * file's change to it, made to the stock as it is at the import (stockFromFile); absent in a file without it
   */
  stockAtExport?: number;
  /** which export the file is (`Exported At`): with stockAtExport, see stockFromFile */
  exportedAt?: string;
  /**
   * the options whose Arabic names the file has no column for (Shopify's file, Option3): their values carry the
   * English name as the Arabic one, and an existing product keeps the Arabic it has for a value of that English name
   */
  optionsArabicKept?: OptionKind[];
}

type OptionKind = 'size' | 'color';

/**
 * An existing product's stock from its file. A file exported earlier and edited since carries the stock of that
 * moment beside the edited one: the edit (received 5, counted 2 fewer) is made to the stock as it is now, so what
 * orders took since the export is not put back on sale. When the same export's file was imported before
 * (`appliedBefore`: the file stock that import set), only the change to that figure is made: the same file twice (or
 * a run resumed after its batch was written) would otherwise make its change twice. A file without the export's
 * figure (Shopify's, a supplier's) sets the stock, as Shopify's product import does.
 */
export function stockFromFile(
  file: Pick<ImportedProduct, 'stock' | 'stockAtExport'>,
  shopStock: number,
  appliedBefore?: number,
): number {
  if (file.stockAtExport === undefined) return file.stock;
  const from = appliedBefore ?? file.stockAtExport;
  return Math.min(LIMITS.maxQuantity, Math.max(0, shopStock + file.stock - from));
}

/**
 * A product's fields a file may leave out by leaving out their columns: an existing product keeps what the shop has
 * for them (as Shopify's import keeps a field whose column a file does not have), so a sheet of handles, titles,
 * types and prices changes prices, and a Shopify export without our Arabic columns keeps the shop's Arabic. A new
 * product gets what the file implies (no stock, no pictures; its English texts for the Arabic ones).
 */
export type KeptField =
  | 'sku'
  | 'nameAr'
  | 'descriptionEn'
  | 'descriptionAr'
  | 'brand'
  | 'collectionEn'
  | 'collectionAr'
  | 'stock'
  | 'tags'
  | 'compareAt'
  | 'options'
  | 'images';

/** Each field kept, and the columns of which the file has none when it is. */
const KEPT_WITHOUT: [KeptField, ReadColumn[]][] = [
  ['sku', ['Variant SKU']],
  ['nameAr', ['Title (Arabic)']],
  ['descriptionEn', ['Body (HTML)']],
  ['descriptionAr', ['Body (HTML) (Arabic)']],
  ['brand', ['Vendor']],
  ['collectionEn', ['Collection']],
  ['collectionAr', ['Collection (Arabic)']],
  ['stock', ['Variant Inventory Qty']],
  ['tags', ['Tags']],
  ['compareAt', ['Variant Compare At Price']],
  ['options', ['Option1 Name', 'Option2 Name', 'Option3 Name']],
  ['images', ['Image Src']],
];

type Issue = ImportIssueRecord;

const issue = (
  line: number,
  column: string,
  severity: Issue['severity'],
  code: ImportIssueCode,
  params: Issue['params'] = {},
): Issue => ({ line, column, severity, code, params });

// ---- the header ----

export interface Header {
  /** each read column's index in a row */
  index: Partial<Record<ReadColumn, number>>;
  /** its cell count: a row with more or fewer is reported */
  width: number;
  issues: Issue[];
  /** the fields it has no column for (see KeptField) */
  kept: KeptField[];
}

const READ_BY_NAME = new Map(READ_COLUMNS.map((name) => [name.toLowerCase(), name]));

export function readHeader(cells: string[]): Header {
  const index: Header['index'] = {};
  const issues: Issue[] = [];
  // Refused whole: a header of a million unknown columns would otherwise be a million findings held in memory.
  if (cells.length > LIMITS.columns)
    return {
      index,
      width: cells.length,
      issues: [issue(1, '', 'error', 'columns_too_many', { count: cells.length, max: LIMITS.columns })],
      kept: [],
    };
  cells.forEach((raw, position) => {
    const name = raw.trim().replace(/\s+/g, ' ');
    const known = READ_BY_NAME.get(name.toLowerCase());
    if (known) {
      if (index[known] !== undefined) issues.push(issue(1, raw, 'warning', 'column_duplicate'));
      else index[known] = position;
      return;
    }
    if (name === '') return;
    if (IGNORED_COLUMNS.has(name.toLowerCase()) || IGNORED_PATTERNS.some((pattern) => pattern.test(name)))
      return;
    issues.push(issue(1, raw, 'warning', 'column_unknown'));
  });
  if (index['Title (Arabic)'] === undefined) issues.push(issue(1, '', 'warning', 'arabic_column_missing'));
  for (const required of ['Handle', 'Title', 'Variant Price'] as const) {
    if (index[required] === undefined)
      issues.push(issue(1, '', 'error', 'column_missing', { column: required }));
  }
  const kept = KEPT_WITHOUT.filter(([, columns]) =>
    columns.every((column) => index[column] === undefined),
  ).map(([field]) => field);
  return { index, width: cells.length, issues, kept };
}

// ---- cells ----

/** `&amp;`, `&#39;`, `&#x27;`, `&nbsp;`… as their characters. */
function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X'
          ? parseInt(entity.slice(2), 16)
          : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff && code !== 0
        ? String.fromCodePoint(code)
        : whole;
    }
    return named[entity.toLowerCase()] ?? whole;
  });
}

/**
 * The HTML without its script and style elements (their content is no text), in one pass: a file's description
 * of many opening tags and no closing one costs as much as any other (a lazy regular expression scanned to the end
 * for each opening tag).
 */
function withoutScriptsAndStyles(html: string): string {
  const lower = html.toLowerCase();
  const opening = /<(script|style)\b[^<>]*>/g;
  // a kind with no closing tag after one of its opening tags has none after any later one either
  const unclosed = new Set<string>();
  let kept = '';
  let from = 0;
  for (let found = opening.exec(lower); found; found = opening.exec(lower)) {
    const kind = found[1] ?? '';
    if (unclosed.has(kind)) continue;
    const close = lower.indexOf(`</${kind}`, opening.lastIndex);
    const end = close < 0 ? -1 : lower.indexOf('>', close);
    if (end < 0) {
      unclosed.add(kind);
      continue;
    }
    kept += html.slice(from, found.index);
    from = end + 1;
    opening.lastIndex = from;
  }
  return kept + html.slice(from);
}

/** A product description is plain text in the shop (never rendered as HTML): Shopify's HTML read as text. */
export function htmlToText(html: string): string {
  if (!/[<&]/.test(html)) return html.trim();
  const text = withoutScriptsAndStyles(html)
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr)\s*>/gi, '\n')
    .replace(/<li\b[^<>]*>/gi, '• ')
    .replace(/<\/?[a-z!][^<>]*>/gi, '');
  return withoutLineEndSpaces(decodeEntities(text))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Each line without the spaces and tabs at its end, in one pass: a pattern of spaces followed by a line break is tried
 * from every space of a run in turn, so a description of many spaces with no break after them held the server for
 * seconds to minutes.
 */
function withoutLineEndSpaces(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      let end = line.length;
      while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t')) end -= 1;
      return line.slice(0, end);
    })
    .join('\n');
}

/** The shop's plain text as Body (HTML): escaped, its line breaks as <br>; htmlToText gives it back. */
export function textToHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, '<br>');
}

/** A cell as the export writes it: one that a spreadsheet would run as a formula gets a leading apostrophe. */
export function escapeFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

const MONEY = /^\d{1,12}(?:\.\d+)?$/;

function parseMoney(text: string): number | null {
  if (!MONEY.test(text)) return null;
  const value = Number(text);
  if (!Number.isFinite(value) || value > LIMITS.maxPrice) return null;
  // at most 3 decimals (KWD's), trailing zeros aside
  return Math.round(value * 1000) / 1000 === value ? value : null;
}

const FALSE_WORDS = new Set(['false', 'no', '0', 'n']);

// ---- products ----

interface Row {
  line: number;
  cells: string[];
}

/** The moments an export's stock figures are known between (EXPORT_STOCK_RETENTION_DAYS before now, a day after). */
export interface ExportWindow {
  oldestExport: Date;
  newestExport: Date;
  retentionDays: number;
}

/** `Exported At` as the export writes it (Date#toISOString), its milliseconds optional. */
const EXPORT_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/**
 * The export's moment as the export writes it, or null when the text is not one. The record of the stock an export
 * set is named by this text: one moment written two ways (without its milliseconds, `.0Z`, `T24:00:00Z`) is one text.
 */
export function exportMomentOf(text: string | null | undefined): string | null {
  if (!text || !EXPORT_MOMENT.test(text)) return null;
  const time = Date.parse(text);
  return Number.isFinite(time) ? new Date(time).toISOString() : null;
}

export type ExportDateRefusal =
  'export_too_old' | 'export_in_future' | 'export_date_missing' | 'export_date_unreadable';

/**
 * Why the file's stock change by an export's figure cannot be made, or null. An export taken before `oldestExport`
 * may have been imported and its record of the stock it set dropped since, so its change could be made twice; one
 * dated after `newestExport` is no export of this shop's, and would count as recent after its record is dropped.
 * Without the stock column, or with the exported figure as it was, the file makes no stock change to repeat.
 */
export function exportDateRefusal(
  file: { stock: number; stockAtExport?: number; exportedAt?: string | null; kept?: readonly KeptField[] },
  window: ExportWindow,
): ExportDateRefusal | null {
  if (file.stockAtExport === undefined || file.kept?.includes('stock')) return null;
  if (file.stock === file.stockAtExport) return null;
  // The export's moment names the record of the stock it set: without it, or read by a guess (Date.parse takes
  // 02/01/2026 month first, in the server's zone), the same file twice would make its change twice.
  if (!file.exportedAt) return 'export_date_missing';
  const moment = exportMomentOf(file.exportedAt);
  if (moment === null) return 'export_date_unreadable';
  const exportedTime = Date.parse(moment);
  if (exportedTime < window.oldestExport.getTime()) return 'export_too_old';
  if (exportedTime > window.newestExport.getTime()) return 'export_in_future';
  return null;
}

/**
 * Reads the file's rows in order and gives back a product each time a handle's rows end. The rows of one handle
 * must be next to each other (as Shopify writes them); every problem is an issue with its line and column.
 */
export class ProductReader {
  private rows: Row[] = [];
  private handle: string | null = null;
  /** this handle has more rows than a product may have: reported once, its further rows not kept */
  private overflowed = false;
  /** every handle seen, with its first line: a handle coming back later is reported */
  private seen = new Map<string, number>();
  /** every SKU seen in the file, with its product's handle */
  private skus = new Map<string, string>();

  constructor(
    private readonly header: Header,
    private readonly report: (found: Issue) => void,
    /**
     * An export's stock figures are kept this long after an import (EXPORT_STOCK_RETENTION_DAYS): a file exported
     * before `oldestExport` may have been imported and forgotten, so its stock change could be made twice.
     */
    private readonly exports: ExportWindow | null = null,
  ) {}

  private cell(row: Row, column: ReadColumn): string {
    const position = this.header.index[column];
    if (position === undefined) return '';
    const raw = row.cells[position] ?? '';
    // The shop's own export escapes formula-like cells with an apostrophe: read back without it.
    if (raw.length > 1 && raw[0] === "'" && FORMULA_START.test(raw.slice(1))) return raw.slice(1).trim();
    return raw.trim();
  }

  /** The next row; a finished product (the previous handle's) when this row starts another. */
  push(line: number, cells: string[]): ImportedProduct | null {
    const row = { line, cells };
    const handle = this.cell(row, 'Handle');
    if (handle === '') {
      this.report(issue(line, 'Handle', 'error', 'handle_missing'));
      return null;
    }
    if (handle === this.handle) {
      if (this.rows.length < LIMITS.rowsPerProduct) this.rows.push(row);
      else if (!this.overflowed) {
        this.overflowed = true;
        this.report(issue(line, 'Handle', 'error', 'too_many_rows', { max: LIMITS.rowsPerProduct, handle }));
      }
      return null;
    }
    const finished = this.finish();
    const first = this.seen.get(handle);
    if (first !== undefined) {
      this.report(issue(line, 'Handle', 'error', 'handle_split', { handle, first_line: first }));
      this.handle = null;
      return finished;
    }
    this.seen.set(handle, line);
    this.handle = handle;
    this.rows = [row];
    return finished;
  }

  /** The last product, at the end of the file. */
  end(): ImportedProduct | null {
    return this.finish();
  }

  private text(row: Row, column: ReadColumn, max: number = LIMITS.text): string | null {
    const value = this.cell(row, column);
    const raw = row.cells[this.header.index[column] ?? -1] ?? '';
    if (/^\s*[=+@]/.test(raw)) this.report(issue(row.line, column, 'warning', 'formula_cell'));
    if (value.length > max) {
      this.report(issue(row.line, column, 'error', 'text_too_long', { max }));
      return null;
    }
    return value;
  }

  private finish(): ImportedProduct | null {
    const rows = this.rows;
    const handle = this.handle;
    const overflowed = this.overflowed;
    this.rows = [];
    this.handle = null;
    this.overflowed = false;
    const [first] = rows;
    if (!first || handle === null || overflowed) return null;
    let failed = false;
    const fail = (line: number, column: string, code: ImportIssueCode, params: Issue['params'] = {}) => {
      failed = true;
      this.report(issue(line, column, 'error', code, params));
    };
    const warn = (line: number, column: string, code: ImportIssueCode, params: Issue['params'] = {}) =>
      this.report(issue(line, column, 'warning', code, params));

    if (handle.length > LIMITS.text || /\s/.test(handle)) fail(first.line, 'Handle', 'handle_invalid');

    const published = this.cell(first, 'Published').toLowerCase();
    const status = this.cell(first, 'Status').toLowerCase();
    if (FALSE_WORDS.has(published) || status === 'draft' || status === 'archived') {
      warn(first.line, FALSE_WORDS.has(published) ? 'Published' : 'Status', 'unpublished');
      return null;
    }

    const title = this.text(first, 'Title');
    if (title === '') fail(first.line, 'Title', 'title_missing');
    const titleAr = this.text(first, 'Title (Arabic)');
    // A file without the column is told once, at its header (what the shop has is kept: see KeptField).
    if (titleAr === '' && title && this.header.index['Title (Arabic)'] !== undefined)
      warn(first.line, 'Title (Arabic)', 'arabic_missing');
    const body = this.text(first, 'Body (HTML)', LIMITS.description);
    const bodyAr = this.text(first, 'Body (HTML) (Arabic)', LIMITS.description);
    const vendor = this.text(first, 'Vendor');
    let type = this.text(first, 'Type');
    if (type === '') {
      // Shopify's own taxonomy, "Apparel & Accessories > Clothing > Dresses": its last step
      const taxonomy = this.cell(first, 'Product Category').split('>').pop()?.trim() ?? '';
      type = taxonomy.slice(0, LIMITS.text);
    }
    if (type === '') fail(first.line, 'Type', 'category_missing');
    const typeAr = this.text(first, 'Type (Arabic)');
    const collection = this.text(first, 'Collection');
    const collectionAr = this.text(first, 'Collection (Arabic)');
    const exportedAt = this.text(first, 'Exported At');
    const tags = new Set(
      this.cell(first, 'Tags')
        .split(',')
        .map((tag) => tag.trim().toLowerCase()),
    );

    // Options: named on the first row, valued on every variant row.
    const optionKinds = (['Option1', 'Option2', 'Option3'] as const).map((option) => {
      const name = this.cell(first, `${option} Name`);
      const key = name.toLowerCase();
      if (SIZE_NAMES.has(key)) return 'size' as const;
      if (COLOR_NAMES.has(key)) return 'color' as const;
      if (name !== '' && key !== 'title') warn(first.line, `${option} Name`, 'option_ignored', { name });
      return null;
    });
    const values = { size: new Map<string, Bilingual>(), color: new Map<string, Bilingual>() };
    const optionsArabicKept = new Set<OptionKind>();
    (['Option1', 'Option2', 'Option3'] as const).forEach((option, index) => {
      const kind = optionKinds[index];
      const arabic = option === 'Option3' ? undefined : this.header.index[`${option} Value (Arabic)`];
      if (kind && arabic === undefined) optionsArabicKept.add(kind);
    });
    let price: number | null = null;
    let compareAt: number | null = null;
    let pricesDiffer = false;
    let stock = 0;
    let stockAtExport: number | undefined;
    let sku: string | null = null;
    const pictures: { url: string; position: number; order: number }[] = [];
    const pictureUrls = new Set<string>();

    rows.forEach((row, order) => {
      const priceText = this.cell(row, 'Variant Price');
      const optionValue = (option: 'Option1' | 'Option2' | 'Option3') => this.cell(row, `${option} Value`);
      const isVariant =
        priceText !== '' ||
        this.cell(row, 'Variant SKU') !== '' ||
        optionValue('Option1') !== '' ||
        this.cell(row, 'Variant Inventory Qty') !== '';
      if (isVariant) {
        if (priceText === '') {
          if (price === null) fail(row.line, 'Variant Price', 'price_missing');
        } else {
          const value = parseMoney(priceText);
          if (value === null) fail(row.line, 'Variant Price', 'price_invalid', { value: priceText });
          // the product form refuses it too: the product could be ordered for nothing
          else if (value === 0) fail(row.line, 'Variant Price', 'price_not_positive', { value: priceText });
          else if (price === null) {
            price = value;
            const compareText = this.cell(row, 'Variant Compare At Price');
            if (compareText !== '') {
              const compare = parseMoney(compareText);
              if (compare === null)
                fail(row.line, 'Variant Compare At Price', 'price_invalid', { value: compareText });
              else if (compare > value) compareAt = compare;
              else if (compare !== value && compare !== 0)
                warn(row.line, 'Variant Compare At Price', 'compare_at_ignored');
            }
          } else if (value !== price && !pricesDiffer) {
            pricesDiffer = true;
            warn(row.line, 'Variant Price', 'prices_differ');
          }
        }
        const quantityText = this.cell(row, 'Variant Inventory Qty');
        if (quantityText !== '') {
          if (!/^[-+]?\d{1,10}$/.test(quantityText)) {
            fail(row.line, 'Variant Inventory Qty', 'quantity_invalid', { value: quantityText });
          } else {
            const quantity = Number(quantityText);
            if (quantity < 0) warn(row.line, 'Variant Inventory Qty', 'quantity_negative');
            else stock += quantity;
            if (stock > LIMITS.maxQuantity) {
              fail(row.line, 'Variant Inventory Qty', 'quantity_too_large', {
                value: quantityText,
                max: LIMITS.maxQuantity,
              });
              stock = 0;
            }
          }
        }
        const exportedText = this.cell(row, 'Variant Inventory Qty (at export)');
        if (exportedText !== '') {
          // The export writes what the shop had: a whole number from 0 to its limit.
          const exported = /^\d{1,10}$/.test(exportedText) ? Number(exportedText) : Number.NaN;
          if (!(exported <= LIMITS.maxQuantity))
            fail(row.line, 'Variant Inventory Qty (at export)', 'quantity_invalid', { value: exportedText });
          else stockAtExport = Math.min((stockAtExport ?? 0) + exported, LIMITS.maxQuantity);
        }
        const variantSku = this.text(row, 'Variant SKU');
        if (variantSku) {
          const owner = this.skus.get(variantSku);
          if (owner !== undefined && owner !== handle)
            fail(row.line, 'Variant SKU', 'sku_duplicate', { sku: variantSku, handle: owner });
          else this.skus.set(variantSku, handle);
          sku ??= variantSku;
        }
        (['Option1', 'Option2', 'Option3'] as const).forEach((option, index) => {
          const kind = optionKinds[index];
          if (!kind) return;
          const en = this.text(row, `${option} Value`, LIMITS.optionValue);
          if (!en || values[kind].has(en)) return;
          if (values[kind].size >= LIMITS.values) {
            if (values[kind].size === LIMITS.values)
              warn(row.line, `${option} Value`, 'too_many_values', { max: LIMITS.values });
            values[kind].set(en, { en, ar: en });
            return;
          }
          const ar =
            option === 'Option3'
              ? ''
              : this.text(row, `${option} Value (Arabic)` as ReadColumn, LIMITS.optionValue);
          values[kind].set(en, { en, ar: ar || en });
        });
      }
      const src = this.cell(row, 'Image Src');
      if (src !== '') {
        let valid = src.length <= LIMITS.url;
        if (valid) {
          try {
            const url = new URL(src);
            valid = url.protocol === 'http:' || url.protocol === 'https:';
          } catch {
            valid = false;
          }
        }
        if (!valid) fail(row.line, 'Image Src', 'image_url_invalid', { value: src.slice(0, 200) });
        const positionText = this.cell(row, 'Image Position');
        let position = Number.POSITIVE_INFINITY;
        if (positionText !== '') {
          if (/^\d{1,6}$/.test(positionText)) position = Number(positionText);
          else fail(row.line, 'Image Position', 'image_position_invalid', { value: positionText });
        }
        if (valid && !pictureUrls.has(src)) {
          pictureUrls.add(src);
          pictures.push({ url: src, position, order });
        }
      }
    });
    if (price === null && !failed) fail(first.line, 'Variant Price', 'price_missing');
    pictures.sort((a, b) => a.position - b.position || a.order - b.order);
    if (pictures.length > LIMITS.images)
      warn(first.line, 'Image Src', 'too_many_images', { max: LIMITS.images });

    const stockOfFile = { stock, stockAtExport, exportedAt, kept: this.header.kept };
    const exportMoment = exportMomentOf(exportedAt);
    const refusal = this.exports ? exportDateRefusal(stockOfFile, this.exports) : null;
    if (refusal === 'export_too_old') {
      fail(first.line, 'Exported At', refusal, { days: this.exports?.retentionDays ?? 0 });
    } else if (refusal === 'export_date_missing') fail(first.line, 'Exported At', refusal);
    else if (refusal) fail(first.line, 'Exported At', refusal, { value: exportedAt ?? '' });
    if (failed || price === null || title === null || !title || !type) return null;
    const name = { en: title, ar: titleAr || title };
    const descriptionEn = htmlToText(body ?? '');
    const finalPrice: number = price;
    const discounted: number | null = compareAt;
    return {
      handle,
      sku,
      line: first.line,
      name,
      description: { en: descriptionEn, ar: bodyAr ? htmlToText(bodyAr) : descriptionEn },
      brand: vendor ?? '',
      category: { en: type, ar: typeAr || null },
      collection: { en: collection ?? '', ar: collectionAr || collection || '' },
      price: discounted ?? finalPrice,
      discountedPrice: discounted === null ? null : finalPrice,
      stock,
      ...(stockAtExport === undefined ? {} : { stockAtExport }),
      ...(stockAtExport === undefined || exportMoment === null ? {} : { exportedAt: exportMoment }),
      sale: tags.has('sale'),
      offer: tags.has('offer'),
      sizes: [...values.size.values()].slice(0, LIMITS.values),
      colors: [...values.color.values()].slice(0, LIMITS.values),
      images: pictures.slice(0, LIMITS.images).map((picture) => picture.url),
      ...(this.header.kept.length > 0 ? { kept: this.header.kept } : {}),
      ...(optionsArabicKept.size > 0 ? { optionsArabicKept: [...optionsArabicKept] } : {}),
    };
  }
}

// ---- the export's rows ----

export interface ExportedProduct extends CsvProduct {
  category: Bilingual;
  /** the export's moment (ISO 8601): which export a file is, when it comes back (stockFromFile) */
  exportedAt: string;
}

const amount = (value: number) => value.toFixed(3).replace(/\.?0+$/, '') || '0';

/**
 * A product as rows: the first carries the product, every size × colour is a variant row (the stock on the first:
 * the shop keeps one stock per product), and pictures beyond the variants get rows of their own.
 */
export function productRows(product: ExportedProduct): string[][] {
  const options: { name: string; values: Bilingual[] }[] = [];
  if (product.sizes.length > 0) options.push({ name: 'Size', values: product.sizes });
  if (product.colors.length > 0) options.push({ name: 'Color', values: product.colors });
  const first = options[0];
  const second = options[1];
  const combos: [Bilingual | null, Bilingual | null][] = [];
  if (!first) combos.push([null, null]);
  else
    for (const a of first.values) {
      if (!second) combos.push([a, null]);
      else for (const b of second.values) combos.push([a, b]);
    }
  const selling = product.discountedPrice ?? product.price;
  const compareAt = product.discountedPrice === null ? '' : amount(product.price);
  const tags = [product.sale ? 'sale' : '', product.offer ? 'offer' : ''].filter(Boolean).join(', ');
  const rows: string[][] = [];
  const count = Math.max(combos.length, product.images.length);
  for (let index = 0; index < count; index += 1) {
    const combo = combos[index];
    const image = product.images[index];
    const isFirst = index === 0;
    const cells: Record<(typeof CSV_COLUMNS)[number], string> = {
      Handle: product.handle,
      Title: isFirst ? product.name.en : '',
      'Title (Arabic)': isFirst ? product.name.ar : '',
      'Body (HTML)': isFirst ? textToHtml(product.description.en) : '',
      'Body (HTML) (Arabic)': isFirst ? textToHtml(product.description.ar) : '',
      Vendor: isFirst ? product.brand : '',
      Type: isFirst ? product.category.en : '',
      'Type (Arabic)': isFirst ? product.category.ar : '',
      Collection: isFirst ? product.collection.en : '',
      'Collection (Arabic)': isFirst ? product.collection.ar : '',
      Tags: isFirst ? tags : '',
      Published: isFirst ? 'TRUE' : '',
      'Option1 Name': isFirst ? (first?.name ?? 'Title') : '',
      'Option1 Value': combo ? (combo[0]?.en ?? 'Default Title') : '',
      'Option1 Value (Arabic)': combo?.[0]?.ar ?? '',
      'Option2 Name': isFirst ? (second?.name ?? '') : '',
      'Option2 Value': combo?.[1]?.en ?? '',
      'Option2 Value (Arabic)': combo?.[1]?.ar ?? '',
      'Variant SKU': isFirst ? (product.sku ?? '') : '',
      'Variant Price': combo ? amount(selling) : '',
      'Variant Compare At Price': combo ? compareAt : '',
      'Variant Inventory Qty': combo ? String(isFirst ? product.stock : 0) : '',
      'Variant Inventory Qty (at export)': combo ? String(isFirst ? product.stock : 0) : '',
      'Image Src': image ?? '',
      'Image Position': image ? String(index + 1) : '',
      'Exported At': isFirst ? product.exportedAt : '',
    };
    rows.push(CSV_COLUMNS.map((column) => escapeFormula(cells[column])));
  }
  return rows;
}
