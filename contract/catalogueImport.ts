// The catalogue in and out as CSV (issue 48), in the back office: Shopify's product CSV columns plus the shop's
// Arabic ones. An upload is a dry run that reports every problem by line and column before anything is written;
// the import then runs in batches (the SPA asks for one after the other and shows the progress), each product all
// or nothing, and the same file again changes nothing. Staff only, as the rest of /api/admin.
import { Type, type Static } from 'typebox';
import { ResponseObject, endpoints, IdText, Nullable } from './common';

/** The largest CSV file an upload may carry. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

/**
 * Every finding of a dry run or an import, by its stable code (the SPA translates it, with the `params`), with
 * the English wording the server also sends as `message`. `{{name}}` is a param.
 */
export const IMPORT_ISSUES = {
  file_empty: 'The file has no rows.',
  not_utf8: 'The file is not UTF-8 text: save it as “CSV UTF-8”.',
  csv_quote: 'A quoted cell is not closed, or has text after its closing quote.',
  csv_columns_count: 'This row has a different number of cells than the header row.',
  csv_malformed: 'The file is not valid CSV from here on.',
  record_too_large: 'A row or a cell is longer than the file may have: the file is not read from here on.',
  columns_too_many: 'The header row has {{count}} columns: a file may have at most {{max}}.',
  column_missing: 'The column {{column}} is required.',
  column_unknown: 'The shop does not know this column; it is ignored.',
  column_duplicate: 'This column appears twice; only the first one is read.',
  handle_missing: 'Every row needs its product’s handle.',
  handle_invalid: 'A handle has no spaces and at most 255 characters.',
  handle_split:
    'The rows of {{handle}} must be next to each other (it already appeared on line {{first_line}}).',
  handle_reserved:
    'Handles like product-123 name the shop’s own products, and the shop has no product {{handle}}.',
  title_missing: 'The product’s first row needs a title.',
  price_missing: 'The product needs a variant price.',
  price_invalid: 'Not a price: “{{value}}” (digits, at most 3 decimals, below 100000000).',
  price_not_positive: 'The price must be above 0: “{{value}}”.',
  export_in_future:
    'The file says it was exported at {{value}}, which is later than now: it is not an export of this shop. Export the catalogue again and edit the new file.',
  export_date_missing:
    'The file has the stock at its export but no Exported At: the shop cannot tell whether this file’s stock change was made already. Put back the column as exported, or export the catalogue again and edit the new file.',
  export_date_unreadable:
    'Exported At reads “{{value}}”, not the moment the export wrote (such as 2026-12-05T19:00:00.000Z): the shop cannot tell whether this file’s stock change was made already. Put back the column as exported (a spreadsheet may have reformatted it: format the column as text), or export the catalogue again and edit the new file.',
  export_too_old:
    'The file was exported more than {{days}} days ago: the shop no longer knows which of its stock changes were made. Export the catalogue again and edit the new file.',
  quantity_invalid: 'Not a whole number of pieces: “{{value}}”.',
  quantity_negative: 'A negative quantity counts as 0.',
  quantity_too_large: 'At most {{max}} pieces in stock, as in the product form: “{{value}}”.',
  category_missing: 'The product needs a Type (its category).',
  category_new: 'The shop has no category “{{name}}” yet: the import creates it.',
  image_url_invalid: 'A picture address must be an http or https address: “{{value}}”.',
  image_position_invalid: 'Not a picture position: “{{value}}”.',
  too_many_images: 'At most {{max}} pictures a product: the others are left out.',
  too_many_values: 'At most {{max}} sizes or colours a product: the others are left out.',
  too_many_rows: 'At most {{max}} rows a product: {{handle}} has more, and is left out.',
  option_ignored: 'The option “{{name}}” is neither a size nor a colour: its values are not imported.',
  text_too_long: 'At most {{max}} characters.',
  arabic_missing: 'No Arabic title: the English one shows in Arabic too.',
  arabic_column_missing:
    'The file has no Title (Arabic) column: the shop’s products keep their Arabic titles, new ones show the English title in Arabic too.',
  unpublished: 'Not published (or a draft): the product is left out.',
  compare_at_ignored: 'The compare-at price is not above the price and is ignored.',
  prices_differ: 'The variants have different prices: the product takes the first variant’s.',
  sku_duplicate: 'The SKU {{sku}} is already used by {{handle}} in this file.',
  sku_taken: 'The SKU {{sku}} belongs to another product of the shop ({{handle}}).',
  product_twice:
    'This product and {{handle}} (line {{first_line}}) are one product of the shop ({{shop_handle}}), found by handle or SKU: each may be in the file once.',
  formula_cell: 'The cell starts like a spreadsheet formula: it is imported as plain text, never run.',
  too_many_issues: 'More problems than the report lists: only the first {{max}} are shown.',
  picture_failed: 'The picture {{url}} could not be imported ({{reason}}): the product is left as it was.',
  product_failed: 'The product could not be saved: it is left as it was.',
} as const;
export type ImportIssueCode = keyof typeof IMPORT_ISSUES;

/** Why a picture could not be fetched: `params.reason` of `picture_failed`. */
export const PICTURE_FAILURES = {
  address_refused: 'its address is private, loopback or link-local, or its port is not 80 or 443',
  unreachable: 'the server did not answer',
  timeout: 'it took too long',
  http_status: 'the server answered with an error',
  too_large: 'it is larger than 10 MB',
  wrong_type: 'it is not a png, jpeg or webp picture',
  not_image: 'it is not a readable picture',
  too_many_redirects: 'too many redirects',
  insecure_redirect: 'it was redirected from https to plain http',
} as const;
export type PictureFailure = keyof typeof PICTURE_FAILURES;

export const ImportIssue = ResponseObject({
  /** the file's line (the header row is line 1); 0: the file as a whole */
  line: Type.Integer(),
  /** the column's header as written in the file; '' when the issue is about a row or the file */
  column: Type.String(),
  /** errors stop the import; warnings do not */
  severity: Type.Unsafe<'error' | 'warning'>({ type: 'string', enum: ['error', 'warning'] }),
  code: Type.Unsafe<ImportIssueCode>({ type: 'string', enum: Object.keys(IMPORT_ISSUES) }),
  params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
  /** the English wording */
  message: Type.String(),
});
export type ImportIssue = Static<typeof ImportIssue>;

export const IMPORT_STATES = ['invalid', 'ready', 'importing', 'done'] as const;

export const CatalogueImport = ResponseObject({
  id: Type.Integer(),
  file_name: Type.String(),
  /** invalid: the dry run found errors (nothing is written); ready: checked; importing; done */
  state: Type.Unsafe<(typeof IMPORT_STATES)[number]>({ type: 'string', enum: [...IMPORT_STATES] }),
  /** the file's rows, the header not counted */
  rows: Type.Integer(),
  /** the products those rows describe (several rows per handle: its variants and pictures) */
  products: Type.Integer(),
  /** of those, how many the shop does not have yet */
  new_products: Type.Integer(),
  errors: Type.Integer(),
  warnings: Type.Integer(),
  /** the dry run's findings, in file order (at most 500) */
  issues: Type.Array(ImportIssue),
  /** products handled so far: created + updated + unchanged + failed */
  processed: Type.Integer(),
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  failed: Type.Integer(),
  /** the products that failed (a picture that could not be fetched, …), at most 100 */
  failures: Type.Array(ImportIssue),
  created_at: Type.String(),
  finished_at: Nullable(Type.String()),
});
export type CatalogueImport = Static<typeof CatalogueImport>;

export const CatalogueImportsResponse = ResponseObject({ data: Type.Array(CatalogueImport) });
export type CatalogueImportsResponse = Static<typeof CatalogueImportsResponse>;

export const ImportUploadQuery = Type.Object({
  /** the file's name as the staff member picked it (shown in the list) */
  file_name: Type.Optional(Type.String({ maxLength: 255 })),
});
export type ImportUploadQuery = Static<typeof ImportUploadQuery>;

export const ImportParams = Type.Object({ id: IdText });

/** The columns the export writes, in this order; the import reads them too (and ignores Shopify's others). */
export const CSV_COLUMNS = [
  'Handle',
  'Title',
  'Title (Arabic)',
  'Body (HTML)',
  'Body (HTML) (Arabic)',
  'Vendor',
  'Type',
  'Type (Arabic)',
  'Collection',
  'Collection (Arabic)',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option1 Value (Arabic)',
  'Option2 Name',
  'Option2 Value',
  'Option2 Value (Arabic)',
  'Variant SKU',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Inventory Qty',
  'Variant Inventory Qty (at export)',
  'Image Src',
  'Image Position',
  'Exported At',
] as const;

const REFUSALS_NOTE =
  'over 20 MB 413 `file_too_large`; no file 422 `file_required`; a malformed file is still 201, `state: invalid` with its issues';

export const CatalogueCsv = endpoints({
  upload: {
    method: 'POST',
    url: '/admin/catalogue/imports',
    auth: 'staff',
    readBody: { mediaType: 'text/csv', required: true, schema: Type.String() },
    bodyNote:
      'the CSV file itself (`Content-Type: text/csv`, UTF-8, at most 20 MB): Shopify’s product columns plus `Title (Arabic)`, `Body (HTML) (Arabic)`, `Type (Arabic)`, `Collection`, `Collection (Arabic)`, `Option1/2 Value (Arabic)`; a column the file leaves out (SKU, Arabic texts, description, vendor, collection, tags, options, stock, compare-at price, pictures) leaves that field of an existing product as the shop has it; with `Variant Inventory Qty (at export)` (the export writes it) an existing product’s stock gets the file’s change to that figure, made to the stock as it is at the import (what orders took since the export stays taken; at least 0), without it the file’s figure; with `Exported At` too (the export writes it), a file of an export imported before makes only its change to the stock that import set (the same file again: none), for 90 days after an import of that export last set it (EXPORT_STOCK_RETENTION_DAYS); a file exported longer ago than that is refused where it changes stock (`export_too_old`), so is one whose `Exported At` is empty or not as the export wrote it, an ISO moment in UTC such as `2026-12-05T19:00:00.000Z` (`export_date_missing`, `export_date_unreadable`: a spreadsheet may reformat it, and the same file twice would make its change twice)',
    notes: `the dry run: nothing is written to the catalogue; 201 the new import with its report, 200 the unfinished import of the same file (to continue); ${REFUSALS_NOTE}`,
    schema: { querystring: ImportUploadQuery, response: { 200: CatalogueImport, 201: CatalogueImport } },
  },
  imports: {
    method: 'GET',
    url: '/admin/catalogue/imports',
    auth: 'staff',
    notes: 'the last 5 imports, newest first',
    schema: { response: { 200: CatalogueImportsResponse } },
  },
  import: {
    method: 'GET',
    url: '/admin/catalogue/imports/:id',
    auth: 'staff',
    notes: 'unknown 404',
    schema: { params: ImportParams, response: { 200: CatalogueImport } },
  },
  run: {
    method: 'POST',
    url: '/admin/catalogue/imports/:id/run',
    auth: 'staff',
    notes:
      'writes the next batch of products (each in its own transaction; pictures fetched by the server) and answers the progress: call again until `state: done`; a run already working on it: the progress unchanged; `state: invalid` 409 `import_invalid`; unknown 404',
    schema: { params: ImportParams, response: { 200: CatalogueImport } },
  },
  export: {
    method: 'GET',
    url: '/admin/catalogue/export',
    auth: 'staff',
    notes:
      '`text/csv` (UTF-8 with BOM) streamed, the columns the upload reads: `Handle`, `Title`, `Title (Arabic)`, `Body (HTML)`, `Body (HTML) (Arabic)`, `Vendor`, `Type`, `Type (Arabic)`, `Collection`, `Collection (Arabic)`, `Tags`, `Published`, `Option1 Name`, `Option1 Value`, `Option1 Value (Arabic)`, `Option2 Name`, `Option2 Value`, `Option2 Value (Arabic)`, `Variant SKU`, `Variant Price`, `Variant Compare At Price`, `Variant Inventory Qty`, `Variant Inventory Qty (at export)` (the same figure: an import of the file later makes only the change to the first to the stock as it is then), `Image Src`, `Image Position`, `Exported At` (the export’s moment, on each product’s first row: which export an import’s stock change came from); one row per size × colour of a product, then its further pictures; cells starting with = + - @ tab or CR get a leading apostrophe',
    schema: { response: {} },
  },
});
