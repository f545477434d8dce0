// The catalogue CSV (issue 48): who may call, the dry run's report, the import in runs (all of a product or none,
// resumable, the same file twice changes nothing), bad files (malformed, too large, unknown columns, formulas),
// pictures from private addresses refused, and the export (streamed, formulas escaped, read back unchanged).
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { parse } from 'csv-parse/sync';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { CSV_COLUMNS, type CatalogueImport } from '../../contract/catalogueImport';
import {
  auditLog,
  catalogueExportStock,
  catalogueImports,
  categories,
  productAttributeValues,
  productImages,
  products,
  users,
} from '../db/schema';
import { LIMITS } from '../services/backOffice/catalogueCsv';
import { checkCsv, fileTooLargeMessage, runImport } from '../services/backOffice/catalogueImport';
import { createTestApp, type TestApp } from '../testing/testApp';
import { bearer, createShopper, type Shopper } from './testSupport';

jest.setTimeout(120_000);

let t: TestApp;
let staff: Shopper;
let shopper: Shopper;
const TEST_LIMIT = 2 * 1024 * 1024;

beforeAll(async () => {
  // The refusal of a file over the limit is read as it streams: a 2 MB limit shows it without parsing 20 MB.
  t = await createTestApp({ seed: true, config: { catalogueImportMaxBytes: TEST_LIMIT } });
  staff = await createShopper(t.db, { name: 'The staff' });
  await t.db.update(users).set({ role: 'staff' }).where(eq(users.id, staff.id));
  shopper = await createShopper(t.db);
});
afterAll(async () => {
  await t.close();
});

const HEADER =
  'Handle,Title,Title (Arabic),Body (HTML),Vendor,Type,Type (Arabic),Tags,Published,Option1 Name,Option1 Value,Option1 Value (Arabic),Option2 Name,Option2 Value,Variant SKU,Variant Price,Variant Compare At Price,Variant Inventory Qty,Image Src,Image Position,Variant Grams,Gift Card';

/** Shopify's layout: the product on its first row, then its variants; sizes in Arabic too. */
const SHOPIFY_CSV = [
  HEADER,
  'linen-shirt,Linen shirt,قميص كتان,<p>Cool <b>linen</b> &amp; cotton</p>,Gulf Linen,Imported shirts,قمصان مستوردة,"sale, summer",TRUE,Size,S,صغير,Color,White,LS-S-W,12.500,15,3,,,200,FALSE',
  'linen-shirt,,,,,,,,,,S,صغير,,Blue,LS-S-B,12.500,15,2,,,200,FALSE',
  'linen-shirt,,,,,,,,,,M,وسط,,White,LS-M-W,12.500,15,4,,,200,FALSE',
  'plain-mug,Plain mug,,Just a mug,Mugs Co,Imported shirts,,,TRUE,Title,Default Title,,,,MUG-1,3,,10,,,300,FALSE',
  'draft-thing,Draft thing,,,,Imported shirts,,,FALSE,Title,Default Title,,,,,1,,1,,,,FALSE',
].join('\n');

function upload(csv: string | Buffer, token = staff.token, fileName = 'products.csv') {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/catalogue/imports?file_name=${encodeURIComponent(fileName)}`,
    headers: { ...bearer(token), 'content-type': 'text/csv' },
    payload: csv,
  });
}

const run = (id: number, token = staff.token) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/catalogue/imports/${id}/run`,
    headers: bearer(token),
  });

/** Runs the import until it is done (as the SPA does). */
async function runToEnd(id: number): Promise<CatalogueImport> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const answer = await run(id);
    expect(answer.statusCode).toBe(200);
    const job = answer.json<CatalogueImport>();
    if (job.state === 'done') return job;
  }
  throw new Error('the import never finished');
}

/** Exports of this run's moment (one older than the stock figures are kept is refused). */
const EXPORTED_YESTERDAY = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
const EXPORTED_AN_HOUR_AGO = new Date(Date.now() - 60 * 60 * 1000).toISOString();

const productByHandle = async (handle: string) =>
  (await t.db.select().from(products).where(eq(products.handle, handle)))[0];

const countProducts = async () => (await t.db.select({ id: products.id }).from(products)).length;

describe('who may call', () => {
  test('signed out 401, a shopper 403, on every call', async () => {
    for (const token of [undefined, shopper.token]) {
      const headers = token ? bearer(token) : {};
      const expected = token ? 403 : 401;
      const calls = [
        t.app.inject({
          method: 'POST',
          url: '/api/admin/catalogue/imports',
          headers: { ...headers, 'content-type': 'text/csv' },
          payload: SHOPIFY_CSV,
        }),
        t.app.inject({ method: 'GET', url: '/api/admin/catalogue/imports', headers }),
        t.app.inject({ method: 'GET', url: '/api/admin/catalogue/imports/1', headers }),
        t.app.inject({ method: 'POST', url: '/api/admin/catalogue/imports/1/run', headers }),
        t.app.inject({ method: 'GET', url: '/api/admin/catalogue/export', headers }),
      ];
      for (const answer of await Promise.all(calls)) expect(answer.statusCode).toBe(expected);
    }
  });
});

describe('a Shopify export with our Arabic columns', () => {
  let job: CatalogueImport;

  test('the dry run reports by line and column and writes nothing to the catalogue', async () => {
    const before = await countProducts();
    const answer = await upload(SHOPIFY_CSV);
    expect(answer.statusCode).toBe(201);
    job = answer.json<CatalogueImport>();
    expect(job).toMatchObject({
      state: 'ready',
      rows: 5,
      products: 2,
      new_products: 2,
      errors: 0,
      processed: 0,
    });
    const codes = job.issues.map((found) => [found.line, found.column, found.code]);
    expect(codes).toEqual(
      expect.arrayContaining([
        [2, 'Type', 'category_new'],
        [5, 'Title (Arabic)', 'arabic_missing'],
        [6, 'Published', 'unpublished'],
      ]),
    );
    // Shopify's own columns the shop has no place for are known, not reported
    expect(job.issues.some((found) => found.code === 'column_unknown')).toBe(false);
    expect(job.issues[0]?.message).toEqual(expect.any(String));
    expect(await countProducts()).toBe(before);
    expect(await productByHandle('linen-shirt')).toBeUndefined();
  });

  test('the import writes each product whole: variants, Arabic, prices, stock; audited', async () => {
    const done = await runToEnd(job.id);
    expect(done).toMatchObject({
      state: 'done',
      processed: 2,
      created: 2,
      updated: 0,
      unchanged: 0,
      failed: 0,
    });
    const shirt = await productByHandle('linen-shirt');
    expect(shirt).toMatchObject({
      nameEn: 'Linen shirt',
      nameAr: 'قميص كتان',
      descriptionEn: 'Cool linen & cotton',
      brand: 'Gulf Linen',
      price: 15,
      discountedPrice: 12.5,
      stockQuantity: 9,
      sale: true,
      offer: false,
      sku: 'LS-S-W',
    });
    const [category] = await t.db
      .select()
      .from(categories)
      .where(eq(categories.id, shirt?.categoryId ?? 0));
    expect(category).toMatchObject({ nameEn: 'Imported shirts', nameAr: 'قمصان مستوردة' });
    const values = await t.db
      .select()
      .from(productAttributeValues)
      .where(eq(productAttributeValues.productId, shirt?.id ?? 0))
      .orderBy(asc(productAttributeValues.kind), asc(productAttributeValues.position));
    expect(values.map((value) => [value.kind, value.nameEn, value.nameAr])).toEqual([
      ['color', 'White', 'White'],
      ['color', 'Blue', 'Blue'],
      ['size', 'S', 'صغير'],
      ['size', 'M', 'وسط'],
    ]);
    const mug = await productByHandle('plain-mug');
    expect(mug).toMatchObject({ nameAr: 'Plain mug', price: 3, discountedPrice: null, stockQuantity: 10 });
    expect(await productByHandle('draft-thing')).toBeUndefined();

    const entries = await t.db
      .select()
      .from(auditLog)
      .where(
        inArray(auditLog.action, [
          'catalogue_import.checked',
          'catalogue_import.finished',
          'product.imported',
        ]),
      );
    expect(
      entries.filter((entry) => entry.subjectType === 'catalogue_import' && entry.subjectId === job.id),
    ).toHaveLength(2);
    expect(
      entries.find((entry) => entry.subjectId === shirt?.id && entry.action === 'product.imported'),
    ).toMatchObject({
      actorId: staff.id,
      before: null,
    });

    // the shop shows it at once
    const page = await t.app.inject({ method: 'GET', url: `/api/products/${shirt?.id}` });
    expect(page.statusCode).toBe(200);
  });

  test('the same file again changes nothing', async () => {
    const before = await t.db.select().from(products).where(eq(products.handle, 'linen-shirt'));
    const audits = (await t.db.select().from(auditLog)).length;
    const answer = await upload(SHOPIFY_CSV);
    expect(answer.statusCode).toBe(201);
    const again = answer.json<CatalogueImport>();
    expect(again.new_products).toBe(0);
    const done = await runToEnd(again.id);
    expect(done).toMatchObject({ created: 0, updated: 0, unchanged: 2, failed: 0 });
    expect(await t.db.select().from(products).where(eq(products.handle, 'linen-shirt'))).toEqual(before);
    // only the import's own two entries
    expect((await t.db.select().from(auditLog)).length).toBe(audits + 2);
  });

  test('a changed file updates by handle: prices, stock, a size gone', async () => {
    const changed = SHOPIFY_CSV.replace(/12\.500,15,4/, '12.500,15,40').replace(
      /\nlinen-shirt,,,,,,,,,,M.*$/m,
      '',
    );
    const job2 = (await upload(changed)).json<CatalogueImport>();
    expect(job2.state).toBe('ready');
    const done = await runToEnd(job2.id);
    expect(done).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    const shirt = await productByHandle('linen-shirt');
    expect(shirt?.stockQuantity).toBe(5);
    const sizes = await t.db
      .select()
      .from(productAttributeValues)
      .where(
        and(eq(productAttributeValues.productId, shirt?.id ?? 0), eq(productAttributeValues.kind, 'size')),
      );
    expect(sizes.map((size) => size.nameEn)).toEqual(['S']);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, shirt?.id ?? 0), eq(auditLog.action, 'product.imported')))
      .orderBy(asc(auditLog.id))
      .offset(1);
    expect(entry?.before).toMatchObject({ stock_quantity: 9 });
    expect(entry?.after).toMatchObject({ stock_quantity: 5 });
  });
  test('a sheet with fewer columns changes what it has: the shop keeps what its columns leave out', async () => {
    const before = await productByHandle('linen-shirt');
    const partsOf = async (id: number) => ({
      attributes: (
        await t.db
          .select()
          .from(productAttributeValues)
          .where(eq(productAttributeValues.productId, id))
          .orderBy(asc(productAttributeValues.id))
      ).map((row) => [row.kind, row.nameEn, row.nameAr]),
      images: (
        await t.db
          .select()
          .from(productImages)
          .where(eq(productImages.productId, id))
          .orderBy(asc(productImages.id))
      ).map((row) => row.image),
    });
    const partsBefore = await partsOf(before?.id ?? 0);
    expect(partsBefore.attributes.length).toBeGreaterThan(0);
    // A price sheet: no SKU, Arabic, description, vendor, tags, options, stock, compare-at or picture column.
    const prices = ['Handle,Title,Type,Variant Price', 'linen-shirt,Linen shirt,Imported shirts,11'].join(
      '\n',
    );
    const job = (await upload(prices)).json<CatalogueImport>();
    expect(job.state).toBe('ready');
    // The missing Arabic column is said once, for the file: the shop's Arabic stays.
    expect(job.issues.map((issue) => [issue.line, issue.code])).toEqual([[1, 'arabic_column_missing']]);
    expect(await runToEnd(job.id)).toMatchObject({ created: 0, updated: 1 });
    const after = await productByHandle('linen-shirt');
    expect(after).toMatchObject({
      ...before,
      // the file's selling price, under the compare-at price the shop had
      price: 15,
      discountedPrice: 11,
      // its page changed (the sitemaps' lastmod)
      pageChangedAt: expect.any(Date),
    });
    expect(after?.pageChangedAt?.getTime()).toBeGreaterThan(before?.pageChangedAt?.getTime() ?? 0);
    expect(after?.stockQuantity).toBe(before?.stockQuantity);
    expect(after?.nameAr).toBe('قميص كتان');
    expect(after?.sku).toBe('LS-S-W');
    expect(after?.sale).toBe(true);
    expect(await partsOf(after?.id ?? 0)).toEqual(partsBefore);
    // The same sheet again changes nothing.
    const again = (await upload(`${prices}\n`)).json<CatalogueImport>();
    expect(await runToEnd(again.id)).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
  });
});

describe('a Shopify file without our Arabic option columns', () => {
  test('the shop keeps its Arabic sizes and colours; a new value, or a new product, gets the English name', async () => {
    const ours = [
      'Handle,Title,Title (Arabic),Type,Option1 Name,Option1 Value,Option1 Value (Arabic),Option2 Name,Option2 Value,Option2 Value (Arabic),Variant Price',
      'arabic-options,Arabic options,خيارات,Imported shirts,Size,S,صغير,Color,Red,أحمر,5',
      'arabic-options,,,,,M,وسط,,Red,أحمر,5',
    ].join('\n');
    expect(await runToEnd((await upload(ours)).json<CatalogueImport>().id)).toMatchObject({ created: 1 });
    const namesOf = async (handle: string) => {
      const product = await productByHandle(handle);
      const rows = await t.db
        .select()
        .from(productAttributeValues)
        .where(eq(productAttributeValues.productId, product?.id ?? 0))
        .orderBy(asc(productAttributeValues.kind), asc(productAttributeValues.position));
      return rows.map((row) => [row.kind, row.nameEn, row.nameAr]);
    };
    const shopify = [
      'Handle,Title,Title (Arabic),Type,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant Price',
      'arabic-options,Arabic options,خيارات,Imported shirts,Size,S,Color,Red,5',
      'arabic-options,,,,,M,,Red,5',
      'arabic-options,,,,,L,,Red,5',
      'new-options,New options,جديد,Imported shirts,Size,S,,,5',
    ].join('\n');
    expect(await runToEnd((await upload(shopify)).json<CatalogueImport>().id)).toMatchObject({
      created: 1,
      updated: 1,
      failed: 0,
    });
    expect(await namesOf('arabic-options')).toEqual([
      ['color', 'Red', 'أحمر'],
      ['size', 'S', 'صغير'],
      ['size', 'M', 'وسط'],
      ['size', 'L', 'L'],
    ]);
    expect(await namesOf('new-options')).toEqual([['size', 'S', 'S']]);
    // the same file again changes nothing
    expect(await runToEnd((await upload(`${shopify}\n`)).json<CatalogueImport>().id)).toMatchObject({
      updated: 0,
      unchanged: 2,
    });
  });
});

describe('resumable', () => {
  const csv = [
    HEADER,
    ...Array.from(
      { length: 12 },
      (_, index) =>
        `resume-${index},Resume ${index},استئناف ${index},,,Imported shirts,,,TRUE,,,,,,R-${index},5,,1,,,,`,
    ),
  ].join('\n');

  test('uploading the same file while its import is unfinished continues that import', async () => {
    const first = await upload(csv);
    expect(first.statusCode).toBe(201);
    const second = await upload(csv, staff.token, 'again.csv');
    expect(second.statusCode).toBe(200);
    expect(second.json<CatalogueImport>().id).toBe(first.json<CatalogueImport>().id);
  });

  test('a run holding the job leaves others with its progress; after it stops, the next run continues', async () => {
    const id = (await upload(csv)).json<CatalogueImport>().id;
    // another run (a crashed process) holds the job and got half way
    await t.db
      .update(catalogueImports)
      .set({ claimedUntil: new Date(Date.now() + 60_000), processed: 6, state: 'importing', createdCount: 0 })
      .where(eq(catalogueImports.id, id));
    const held = (await run(id)).json<CatalogueImport>();
    expect(held).toMatchObject({ state: 'importing', processed: 6 });
    expect(await productByHandle('resume-7')).toBeUndefined();
    await t.db
      .update(catalogueImports)
      .set({ claimedUntil: new Date(Date.now() - 1) })
      .where(eq(catalogueImports.id, id));
    const done = await runToEnd(id);
    expect(done).toMatchObject({ state: 'done', processed: 12, created: 6 });
    expect(await productByHandle('resume-11')).toBeDefined();
    // the first six were never written by the "crashed" run: uploading again imports exactly them
    const rest = await runToEnd((await upload(csv)).json<CatalogueImport>().id);
    expect(rest).toMatchObject({ created: 6, unchanged: 6 });
  });
});

describe('bad input gets a clear answer and nothing is imported', () => {
  async function rejects(csv: string | Buffer) {
    const before = await countProducts();
    const answer = await upload(csv);
    expect(answer.statusCode).toBe(201);
    const job = answer.json<CatalogueImport>();
    expect(job.state).toBe('invalid');
    const refused = await run(job.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'import_invalid' });
    expect(await countProducts()).toBe(before);
    return job;
  }

  test('a malformed CSV: the line of the broken quote', async () => {
    const job = await rejects(
      `${HEADER}\nbroken,"Broken title,,,,Imported shirts,,,TRUE,,,,,,,1,,1,,,,\nok,Ok,,,,T,,,,,,,,,,1,,1,,,,`,
    );
    // where the broken record starts
    expect(job.issues).toEqual([expect.objectContaining({ line: 2, severity: 'error', code: 'csv_quote' })]);
  });

  test('a Windows line break inside a quoted cell is one line, as a spreadsheet or an editor counts it', async () => {
    for (const end of ['\n', '\r\n']) {
      const rows = [
        'Handle,Title,Type,Variant Price',
        'one,"d\r\nmore",Imported shirts,1',
        'bad-one,Bad,Imported shirts,abc',
        'two,"a\r\nb\r\n\r\nc",Imported shirts,1',
        '',
        'bad-two,Bad,Imported shirts,abc',
      ];
      const errorsOf = (job: CatalogueImport) =>
        job.issues.filter((issue) => issue.severity === 'error').map((issue) => [issue.line, issue.code]);
      expect(errorsOf(await rejects(rows.join(end)))).toEqual([
        [4, 'price_invalid'],
        [10, 'price_invalid'],
      ]);
      // a quote never closed: where its record starts
      const broken = [...rows.map((row) => row.replace(',abc', ',1')), 'broken,"Broken,Imported shirts,1'];
      expect(errorsOf(await rejects(broken.join(end)))).toEqual([[11, 'csv_quote']]);
    }
  });

  test('errors by line and column; unknown columns and formulas reported', async () => {
    const csv = [
      `${HEADER},Favourite colour`,
      'bad-price,Bad price,,,,Imported shirts,,,TRUE,,,,,,,12.3456,,1,,,,,x',
      'no-title,,,,,Imported shirts,,,TRUE,,,,,,,1,,1,,,,,x',
      'formula,"=HYPERLINK(""http://evil"")",,,,Imported shirts,,,TRUE,,,,,,,1,,abc,,,,,x',
      'no-type,No type,,,,,,,TRUE,,,,,,,1,,1,ftp://pictures/a.png,,,,x',
      'split,Split,,,,Imported shirts,,,TRUE,,,,,,,1,,1,,,,,x',
      'other,Other,,,,Imported shirts,,,TRUE,,,,,,,1,,1,,,,,x',
      'split,,,,,,,,,,,,,,,1,,1,,,,,x',
      'short,row',
    ].join('\n');
    const job = await rejects(csv);
    const found = job.issues.map((issue) => [issue.line, issue.column, issue.severity, issue.code]);
    expect(found).toEqual(
      expect.arrayContaining([
        [1, 'Favourite colour', 'warning', 'column_unknown'],
        [2, 'Variant Price', 'error', 'price_invalid'],
        [3, 'Title', 'error', 'title_missing'],
        [4, 'Title', 'warning', 'formula_cell'],
        [4, 'Variant Inventory Qty', 'error', 'quantity_invalid'],
        [5, 'Type', 'error', 'category_missing'],
        [5, 'Image Src', 'error', 'image_url_invalid'],
        [8, 'Handle', 'error', 'handle_split'],
        [9, '', 'error', 'csv_columns_count'],
      ]),
    );
    expect(job.issues.find((issue) => issue.code === 'price_invalid')?.params).toEqual({ value: '12.3456' });
  });

  test('a price of 0 is refused on its line, with a compare-at price too (it could be ordered for nothing)', async () => {
    const csv = [
      'Handle,Title,Type,Variant Price,Variant Compare At Price',
      'free-thing,Free thing,Imported shirts,0,',
      'free-sale,Free sale,Imported shirts,0.000,10',
      'paid-thing,Paid thing,Imported shirts,2,0',
    ].join('\n');
    const job = await rejects(csv);
    expect(job.issues.filter((issue) => issue.severity === 'error')).toEqual([
      expect.objectContaining({
        line: 2,
        column: 'Variant Price',
        code: 'price_not_positive',
        params: { value: '0' },
        message: 'The price must be above 0: “0”.',
      }),
      expect.objectContaining({
        line: 3,
        column: 'Variant Price',
        code: 'price_not_positive',
        params: { value: '0.000' },
      }),
    ]);
  });

  test('an export older than its stock figures are kept is refused where it would change stock (it may have been imported)', async () => {
    const day = 24 * 60 * 60 * 1000;
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day).toISOString();
    const header =
      'Handle,Title,Type,Variant Price,Variant Inventory Qty,Variant Inventory Qty (at export),Exported At';
    const job = await rejects(
      [header, `stale-export,Stale export,Imported shirts,2,9,7,${at(91)}`].join('\n'),
    );
    expect(job.issues.filter((issue) => issue.severity === 'error')).toEqual([
      expect.objectContaining({
        line: 2,
        column: 'Exported At',
        code: 'export_too_old',
        params: { days: 90 },
        message:
          'The file was exported more than 90 days ago: the shop no longer knows which of its stock changes were made. Export the catalogue again and edit the new file.',
      }),
    ]);
    // within the 90 days, or without the export's stock figure (no stock change to repeat), it is read
    const recent = (
      await upload([header, `recent-export,Recent export,Imported shirts,2,9,7,${at(89)}`].join('\n'))
    ).json<CatalogueImport>();
    expect(recent).toMatchObject({ state: 'ready', errors: 0 });
    const noFigure = (
      await upload(
        [
          'Handle,Title,Type,Variant Price,Exported At',
          `no-figure,No figure,Imported shirts,2,${at(400)}`,
        ].join('\n'),
      )
    ).json<CatalogueImport>();
    expect(noFigure).toMatchObject({ state: 'ready', errors: 0 });
    // checked within the days and run after them: refused at the run, the shop's stock untouched
    const day89 = at(89);
    const checkedAt = new Date();
    const deps = (now: Date) => ({
      db: t.db,
      now,
      changed: () => undefined,
      dataDir: mkdtempSync(path.join(tmpdir(), 'import-late-')),
      publicUrl: 'https://shop.example',
      fetchPicture: async () => {
        throw new Error('no pictures here');
      },
    });
    const actor = { id: staff.id, name: staff.name, email: staff.email };
    const late = [header, `late-run,Late run,Imported shirts,2,9,7,${day89}`].join('\n');
    const { job: checked } = await checkCsv(deps(checkedAt), actor, [Buffer.from(late)], 'late.csv');
    expect(checked).toMatchObject({ state: 'ready', errors: 0 });
    const ran = await runImport(deps(new Date(checkedAt.getTime() + 2 * day)), actor, String(checked.id));
    expect(ran).toMatchObject({ state: 'done', created: 0, failed: 1 });
    expect(await productByHandle('late-run')).toBeUndefined();
    // an export dated after now (beyond a day's leeway) is no export of this shop's
    const future = at(-3);
    const ahead = await rejects(
      [header, `future-export,Future export,Imported shirts,2,9,7,${future}`].join('\n'),
    );
    expect(ahead.issues.filter((issue) => issue.severity === 'error')).toEqual([
      expect.objectContaining({
        line: 2,
        column: 'Exported At',
        code: 'export_in_future',
        params: { value: future },
      }),
    ]);
    const clockAhead = (
      await upload([header, `clock-ahead,Clock ahead,Imported shirts,2,9,7,${at(-0.5)}`].join('\n'))
    ).json<CatalogueImport>();
    expect(clockAhead).toMatchObject({ state: 'ready', errors: 0 });
    // nor with the stock as it was exported (an old export edited for its prices only)
    const unchanged = (
      await upload([header, `unchanged-stock,Unchanged stock,Imported shirts,3,7,7,${at(200)}`].join('\n'))
    ).json<CatalogueImport>();
    expect(unchanged).toMatchObject({ state: 'ready', errors: 0 });
  });

  test('an Exported At a spreadsheet reformatted, or one left empty, is refused where it would change stock: the same file twice would change it twice', async () => {
    const header =
      'Handle,Title,Type,Variant Price,Variant Inventory Qty,Variant Inventory Qty (at export),Exported At';
    const job = await rejects(
      [
        header,
        'reformatted-export,Reformatted export,Imported shirts,2,9,7,02/01/2026 10:00',
        'empty-export-date,Empty export date,Imported shirts,2,9,7,',
        'words-export-date,Words export date,Imported shirts,2,9,7,yesterday',
      ].join('\n'),
    );
    expect(job.issues.filter((issue) => issue.severity === 'error')).toEqual([
      expect.objectContaining({
        line: 2,
        column: 'Exported At',
        code: 'export_date_unreadable',
        params: { value: '02/01/2026 10:00' },
        message:
          'Exported At reads “02/01/2026 10:00”, not the moment the export wrote (such as 2026-12-05T19:00:00.000Z): the shop cannot tell whether this file’s stock change was made already. Put back the column as exported (a spreadsheet may have reformatted it: format the column as text), or export the catalogue again and edit the new file.',
      }),
      expect.objectContaining({ line: 3, column: 'Exported At', code: 'export_date_missing' }),
      expect.objectContaining({
        line: 4,
        column: 'Exported At',
        code: 'export_date_unreadable',
        params: { value: 'yesterday' },
      }),
    ]);
    // the export's own form, with or without its milliseconds, is read; so is any date where the stock is unchanged
    const recent = new Date(Date.now() - 60_000).toISOString();
    const read = (
      await upload(
        [
          header,
          `exported-moment,Exported moment,Imported shirts,2,9,7,${recent}`,
          `exported-second,Exported second,Imported shirts,2,9,7,${recent.replace(/\.\d{3}Z$/, 'Z')}`,
          'prices-only,Prices only,Imported shirts,3,7,7,02/01/2026 10:00',
        ].join('\n'),
      )
    ).json<CatalogueImport>();
    expect(read).toMatchObject({ state: 'ready', errors: 0 });
  });

  test("two of the file's products that are one of the shop's (a new handle with its SKU, and its old handle) are refused", async () => {
    // linen-shirt (SKU LS-S-W) is the shop's since the Shopify file above: renamed by its SKU on one row, updated by its
    // handle on another, the second would undo the first.
    const csv = [
      'Handle,Title,Type,Variant SKU,Variant Price',
      'renamed-shirt,Renamed shirt,Imported shirts,LS-S-W,10',
      'linen-shirt,Linen shirt,Imported shirts,LS-OTHER,12',
    ].join('\n');
    const before = await productByHandle('linen-shirt');
    const job = await rejects(csv);
    expect(job.issues.filter((issue) => issue.severity === 'error')).toEqual([
      expect.objectContaining({
        line: 3,
        column: 'Handle',
        severity: 'error',
        code: 'product_twice',
        params: { handle: 'renamed-shirt', first_line: 2, shop_handle: 'linen-shirt' },
      }),
    ]);
    expect(await productByHandle('linen-shirt')).toEqual(before);
    expect(await productByHandle('renamed-shirt')).toBeUndefined();
  });

  test('a header of too many columns, a cell of a megabyte, a long bad value: one finding each, quoting at most 200 characters', async () => {
    const extra = Array.from({ length: LIMITS.columns }, (_, index) => `Extra ${index}`);
    const wide = await rejects(
      [['Handle', 'Title', 'Type', 'Variant Price', ...extra].join(','), 'wide,Wide,Imported shirts,1'].join(
        '\n',
      ),
    );
    expect(wide.issues.find((issue) => issue.line === 1)).toMatchObject({
      code: 'columns_too_many',
      params: { count: LIMITS.columns + 4, max: LIMITS.columns },
    });
    expect(wide.issues.filter((issue) => issue.code === 'column_unknown')).toEqual([]);

    const header = 'Handle,Title,Type,Variant Price';
    const big = await rejects(
      `${header}\nbig,${'a'.repeat(LIMITS.recordCharacters + 1)},Imported shirts,1\n`,
    );
    expect(big.issues.map((issue) => [issue.line, issue.code])).toContainEqual([2, 'record_too_large']);

    const longPrice = '1'.repeat(5_000);
    const priced = await rejects(`${header}\nlong-price,Long price,Imported shirts,${longPrice}x`);
    const price = priced.issues.find((issue) => issue.code === 'price_invalid');
    expect(price?.params.value).toBe(`${longPrice.slice(0, LIMITS.quoted)}…`);
  });

  test('a product with more rows than a product may have: refused at the first row past them, the rest not kept', async () => {
    // Shopify writes a product's variants and pictures as rows under its handle; a file with endless rows of one
    // handle would otherwise be held whole in memory and compared picture by picture.
    const rows = Array.from(
      { length: LIMITS.rowsPerProduct + 3 },
      (_, index) =>
        `many-rows,${index === 0 ? 'Many rows' : ''},,,,${index === 0 ? 'Imported shirts' : ''},,,,,,,,,,${index === 0 ? '1' : ''},,,https://pictures.example.com/${index}.jpg,,,`,
    );
    const job = await rejects(
      [HEADER, ...rows, 'after-it,After it,,,,Imported shirts,,,TRUE,,,,,,,2,,1,,,,'].join('\n'),
    );
    const past = job.issues.filter((issue) => issue.code === 'too_many_rows');
    expect(past).toEqual([
      expect.objectContaining({
        line: LIMITS.rowsPerProduct + 2,
        column: 'Handle',
        severity: 'error',
        params: { max: LIMITS.rowsPerProduct, handle: 'many-rows' },
      }),
    ]);
    // the next product is read as usual
    expect(job.products).toBe(1);
  });

  test('a shop handle (product-123) naming no product is refused even beside the SKU of an existing one', async () => {
    const [existing] = await t.db.select().from(products).where(eq(products.id, 3));
    await t.db.update(products).set({ sku: 'DEMO-SKU-3' }).where(eq(products.id, 3));
    try {
      const job = await rejects(
        `${HEADER}\nproduct-99999,Renamed,,,,Imported shirts,,,TRUE,,,,,,DEMO-SKU-3,2,,1,,,,`,
      );
      expect(job.issues.filter((issue) => issue.severity === 'error')).toEqual([
        expect.objectContaining({
          line: 2,
          column: 'Handle',
          code: 'handle_reserved',
          params: { handle: 'product-99999' },
        }),
      ]);
      expect((await t.db.select().from(products).where(eq(products.id, 3)))[0]?.handle).toBe(
        existing?.handle,
      );
    } finally {
      await t.db
        .update(products)
        .set({ sku: existing?.sku ?? null })
        .where(eq(products.id, 3));
    }
  });

  test('missing required columns, an empty file, not UTF-8', async () => {
    const missing = await rejects('Handle,Title\nx,X');
    expect(missing.issues.filter((issue) => issue.severity === 'error')).toEqual([
      expect.objectContaining({ code: 'column_missing', params: { column: 'Variant Price' } }),
    ]);
    const empty = await rejects(`${HEADER}\n`);
    expect(empty.issues.map((issue) => issue.code)).toEqual(['file_empty']);
    const latin1 = await rejects(
      Buffer.concat([
        Buffer.from(`${HEADER}\nx,Caf`),
        Buffer.from([0xe9]),
        Buffer.from(',,,,T,,,,,,,,,,1,,1,,,,'),
      ]),
    );
    expect(latin1.issues.map((issue) => issue.code)).toContain('not_utf8');
  });

  test('no file 422; over the limit 413, said at once from its length', async () => {
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/admin/catalogue/imports',
      headers: bearer(staff.token),
    });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ code: 'file_required' });
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/admin/catalogue/imports',
      headers: {
        ...bearer(staff.token),
        'content-type': 'text/csv',
        'content-length': String(200 * 1024 * 1024),
      },
      payload: HEADER,
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ code: 'file_too_large', message: 'The file may not be greater than 2 MB.' });
    // The shop's own limit, in the same words.
    expect(fileTooLargeMessage()).toBe('The file may not be greater than 20 MB.');
  });

  test('over the limit without a length: refused while it streams, no import left behind', async () => {
    const jobs = (await t.db.select().from(catalogueImports)).length;
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = new URL('/api/admin/catalogue/imports', address);
    const status = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      // chunked: no Content-Length to refuse it by
      const sent = request(
        url,
        { method: 'POST', headers: { ...bearer(staff.token), 'content-type': 'text/csv' } },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      sent.on('error', reject);
      const chunk = Array.from({ length: 2000 }, (_, index) => `h-${index},,,,,T,,,TRUE,,,,,,,1,,1,,,,`).join(
        '\n',
      );
      let written = 0;
      const write = () => {
        while (written < TEST_LIMIT * 2) {
          written += chunk.length;
          if (!sent.write(written === chunk.length ? `${HEADER}\n${chunk}\n` : `${chunk}\n`)) {
            sent.once('drain', write);
            return;
          }
        }
        sent.end();
      };
      // the server may close the connection before the whole body went out
      sent.on('close', () => undefined);
      write();
    });
    expect(status.status).toBe(413);
    expect(JSON.parse(status.body)).toEqual({
      code: 'file_too_large',
      message: 'The file may not be greater than 2 MB.',
    });
    expect((await t.db.select().from(catalogueImports)).length).toBe(jobs);
  });
});

describe('all of a product or none', () => {
  test('new products go in together; one the database refuses fails alone, wholly', async () => {
    const csv = [
      HEADER,
      'together-1,Together 1,,,,Imported shirts,,,TRUE,Size,S,,,,T-1,5,,1,,,,',
      'together-2,Together 2,,,,Imported shirts,,,TRUE,Size,S,,,,T-2,5,,1,,,,',
      'together-2,,,,,,,,,,M,,,,T-2-M,5,,1,,,,',
      'together-3,Together 3,,,,Imported shirts,,,TRUE,Size,S,,,,T-3,5,,1,,,,',
    ].join('\n');
    const job = (await upload(csv)).json<CatalogueImport>();
    expect(job.state).toBe('ready');
    // the database refuses together-2's row (a constraint, a race with another writer…)
    await t.db.execute(sql`
      create function test_refuse_together() returns trigger language plpgsql as $fn$
      begin
        if new.handle = 'together-2' then raise exception 'refused'; end if;
        return new;
      end $fn$`);
    await t.db.execute(
      sql`create trigger test_refuse_together before insert on products for each row execute function test_refuse_together()`,
    );
    try {
      const done = await runToEnd(job.id);
      expect(done).toMatchObject({ created: 2, failed: 1 });
      expect(done.failures).toEqual([
        expect.objectContaining({ line: 3, code: 'product_failed', params: { handle: 'together-2' } }),
      ]);
    } finally {
      await t.db.execute(sql`drop trigger test_refuse_together on products`);
      await t.db.execute(sql`drop function test_refuse_together()`);
    }
    expect(await productByHandle('together-2')).toBeUndefined();
    const first = await productByHandle('together-1');
    expect(
      await t.db
        .select()
        .from(productAttributeValues)
        .where(eq(productAttributeValues.productId, first?.id ?? 0)),
    ).toHaveLength(1);
    expect(await productByHandle('together-3')).toBeDefined();
    // nothing of together-2 anywhere: no sizes, no audit entry without its product
    const orphans = await t.db.execute(
      sql`select 1 from product_attribute_values v where not exists (select 1 from products p where p.id = v.product_id)`,
    );
    expect((orphans as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});

describe('pictures', () => {
  test('a picture on a private address is refused: that product is not written, the others are', async () => {
    const csv = [
      HEADER,
      'private-picture,Private picture,,,,Imported shirts,,,TRUE,,,,,,,1,,1,http://127.0.0.1:9/a.png,1,,',
      'metadata-picture,Metadata picture,,,,Imported shirts,,,TRUE,,,,,,,1,,1,http://169.254.169.254/latest/meta-data,1,,',
      'no-picture,No picture,,,,Imported shirts,,,TRUE,,,,,,,1,,1,,,,',
    ].join('\n');
    const job = (await upload(csv)).json<CatalogueImport>();
    expect(job.state).toBe('ready');
    const done = await runToEnd(job.id);
    expect(done).toMatchObject({ created: 1, failed: 2 });
    expect(done.failures.map((failure) => [failure.line, failure.code, failure.params.reason])).toEqual([
      [2, 'picture_failed', 'address_refused'],
      [3, 'picture_failed', 'address_refused'],
    ]);
    expect(await productByHandle('private-picture')).toBeUndefined();
    expect(await productByHandle('no-picture')).toBeDefined();
  });
});

describe('pictures fetched by the server', () => {
  test('each through the upload pipeline, kept with its address; the same file again fetches nothing', async () => {
    const png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const fetched: string[] = [];
    const deps = {
      db: t.db,
      now: new Date(),
      changed: () => undefined,
      dataDir: mkdtempSync(path.join(tmpdir(), 'import-pictures-')),
      publicUrl: 'https://shop.example',
      fetchPicture: async (url: string) => {
        fetched.push(url);
        return png;
      },
    };
    const actor = { id: staff.id, name: staff.name, email: staff.email };
    const csv = [
      HEADER,
      'pictured,Pictured,مصور,,,Imported shirts,,,TRUE,,,,,,,2,,1,https://cdn.example/b.png,2,,',
      'pictured,,,,,,,,,,,,,,,,,,https://cdn.example/a.png,1,,',
      // the shop's own picture (its export): linked, not fetched
      'pictured,,,,,,,,,,,,,,,,,,https://shop.example/media/products/x.svg,3,,',
    ].join('\n');
    const importOnce = async () => {
      const { job } = await checkCsv(deps, actor, [Buffer.from(csv)], 'pictures.csv');
      expect(job.state).toBe('ready');
      return runImport(deps, actor, String(job.id));
    };
    expect(await importOnce()).toMatchObject({ state: 'done', created: 1 });
    expect(fetched).toEqual(['https://cdn.example/a.png', 'https://cdn.example/b.png']);
    const product = await productByHandle('pictured');
    const images = await t.db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, product?.id ?? 0))
      .orderBy(asc(productImages.position));
    expect(images.map((image) => [image.sourceUrl, image.image])).toEqual([
      ['https://cdn.example/a.png', expect.stringMatching(/^\/uploads\/products\/[0-9a-f]{16}\.webp$/)],
      ['https://cdn.example/b.png', expect.stringMatching(/^\/uploads\/products\/[0-9a-f]{16}\.webp$/)],
      [null, '/media/products/x.svg'],
    ]);
    // re-encoded as the shop's own WebP
    const stored = await sharp(path.join(deps.dataDir, images[0]?.image ?? '')).metadata();
    expect(stored.format).toBe('webp');

    expect(await importOnce()).toMatchObject({ state: 'done', created: 0, unchanged: 1 });
    expect(fetched).toHaveLength(2);
  });
});

describe('two imports at once', () => {
  test('a new category both name is made once, whichever reads the shop first', async () => {
    const png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#00a' } })
      .png()
      .toBuffer();
    let pictureAsked!: () => void;
    const firstWaits = new Promise<void>((resolve) => (pictureAsked = resolve));
    let secondDone!: () => void;
    const secondFinished = new Promise<void>((resolve) => (secondDone = resolve));
    const depsFetching = (fetchPicture: (url: string) => Promise<Buffer>) => ({
      db: t.db,
      now: new Date(),
      changed: () => undefined,
      dataDir: mkdtempSync(path.join(tmpdir(), 'import-together-')),
      publicUrl: 'https://shop.example',
      fetchPicture,
    });
    // The first has read the shop's categories (none named so) and waits for its picture while the second runs.
    const first = depsFetching(async () => {
      pictureAsked();
      await secondFinished;
      return png;
    });
    const second = depsFetching(async () => png);
    const actor = { id: staff.id, name: staff.name, email: staff.email };
    const csv = (handle: string, picture: string) =>
      [HEADER, `${handle},${handle},,,,Racing Kits,,,TRUE,,,,,,,2,,1,${picture},${picture ? 1 : ''},,`].join(
        '\n',
      );
    const one = (
      await checkCsv(first, actor, [Buffer.from(csv('kit-one', 'https://cdn.example/k.png'))], 'one.csv')
    ).job;
    const two = (await checkCsv(second, actor, [Buffer.from(csv('kit-two', ''))], 'two.csv')).job;
    const running = runImport(first, actor, String(one.id));
    await firstWaits;
    expect(await runImport(second, actor, String(two.id))).toMatchObject({ state: 'done', created: 1 });
    secondDone();
    expect(await running).toMatchObject({ state: 'done', created: 1 });
    const named = await t.db.select().from(categories).where(eq(categories.nameEn, 'Racing Kits'));
    expect(named).toHaveLength(1);
    const kits = await t.db
      .select()
      .from(products)
      .where(inArray(products.handle, ['kit-one', 'kit-two']));
    expect(kits.map((kit) => kit.categoryId)).toEqual([named[0]?.id, named[0]?.id]);
  });
});

describe('a product written while the import runs', () => {
  test('what the file leaves out is written as the shop has it then: a stock an order took meanwhile stays taken', async () => {
    const png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#a00' } })
      .png()
      .toBuffer();
    const [category] = await t.db
      .insert(categories)
      .values({ nameEn: 'Race kits', nameAr: 'أطقم السباق', image: '/media/categories/x.svg', sortOrder: 90 })
      .returning({ id: categories.id });
    await t.db.insert(products).values({
      categoryId: category?.id ?? 0,
      handle: 'stock-race',
      nameEn: 'Stock race',
      nameAr: 'سباق المخزون',
      price: 5,
      stockQuantity: 10,
    });
    const deps = {
      db: t.db,
      now: new Date(),
      changed: () => undefined,
      dataDir: mkdtempSync(path.join(tmpdir(), 'import-race-')),
      publicUrl: 'https://shop.example',
      // While the picture downloads (after the import read the product), an order takes 3 of its 10.
      fetchPicture: async () => {
        await t.db.update(products).set({ stockQuantity: 7 }).where(eq(products.handle, 'stock-race'));
        return png;
      },
    };
    const actor = { id: staff.id, name: staff.name, email: staff.email };
    const csv = [
      'Handle,Title,Type,Variant Price,Image Src',
      'stock-race,Stock race,Race kits,6,https://cdn.example/race.png',
    ].join('\n');
    const { job } = await checkCsv(deps, actor, [Buffer.from(csv)], 'race.csv');
    expect(await runImport(deps, actor, String(job.id))).toMatchObject({ state: 'done', updated: 1 });
    expect(await productByHandle('stock-race')).toMatchObject({ price: 6, stockQuantity: 7 });
  });
});

describe('export', () => {
  const exportCsv = async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/admin/catalogue/export',
      headers: bearer(staff.token),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    expect(answer.headers['content-disposition']).toMatch(/attachment; filename="catalogue-/);
    return answer.body;
  };

  test('the same columns, every product, formula cells escaped', async () => {
    const formula = await productByHandle('linen-shirt');
    await t.db
      .update(products)
      .set({ nameEn: '=1+2', brand: '@SUM(A1)', nameAr: 'عود;=HYPERLINK("http://evil.example")' })
      .where(eq(products.id, formula?.id ?? 0));
    const text = await exportCsv();
    const rows = parse(text, { bom: true }) as string[][];
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    const handles = new Set(rows.slice(1).map((row) => row[0]));
    expect(handles.size).toBe(await countProducts());
    const shirt = rows.find((row) => row[0] === 'linen-shirt');
    expect(shirt?.[1]).toBe("'=1+2");
    expect(shirt?.[5]).toBe("'@SUM(A1)");
    // no cell starts a formula
    expect(rows.flat().some((cell) => /^[=+\-@\t\r]/.test(cell))).toBe(false);
    // nor one after a semicolon, the list separator a spreadsheet splits on in Arabic and many other locales: such a
    // cell is quoted, so it stays one cell there too
    expect(text).toContain('"عود;=HYPERLINK(""http://evil.example"")"');
  });

  test('every export is in the audit log: who took the catalogue, when, how many products', async () => {
    const exports = () => t.db.select().from(auditLog).where(eq(auditLog.action, 'catalogue.exported'));
    const before = (await exports()).length;
    // refused callers leave no entry (the role is checked before anything is read or written)
    await t.app.inject({ method: 'GET', url: '/api/admin/catalogue/export', headers: bearer(shopper.token) });
    expect(await exports()).toHaveLength(before);
    await exportCsv();
    const entries = await exports();
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)).toMatchObject({
      actorId: staff.id,
      actorName: 'The staff',
      subjectType: 'user',
      subjectId: staff.id,
      before: null,
      after: {
        products: await countProducts(),
        file_name: expect.stringMatching(/^catalogue-\d{4}-\d{2}-\d{2}\.csv$/),
      },
    });
  });

  test('the export read back changes nothing (the demo shop included)', async () => {
    const text = await exportCsv();
    const answer = await upload(text, staff.token, 'export.csv');
    expect(answer.statusCode).toBe(201);
    const job = answer.json<CatalogueImport>();
    expect(job).toMatchObject({
      state: 'ready',
      errors: 0,
      new_products: 0,
      products: await countProducts(),
    });
    const imagesBefore = await t.db.select().from(productImages).orderBy(asc(productImages.id));
    const done = await runToEnd(job.id);
    expect(done).toMatchObject({ created: 0, updated: 0, failed: 0 });
    expect(await t.db.select().from(productImages).orderBy(asc(productImages.id))).toEqual(imagesBefore);
  });

  test('a description of many line breaks or line-end spaces and a picture shown twice read back unchanged', async () => {
    const [category] = await t.db.select({ id: categories.id }).from(categories).limit(1);
    const [made] = await t.db
      .insert(products)
      .values({
        handle: 'round-trip',
        categoryId: category?.id ?? 0,
        nameEn: 'Round trip',
        nameAr: 'ذهاب وإياب',
        descriptionEn: 'First\n\n\n\nlast  ',
        descriptionAr: 'أول \t\n\n\nآخر',
        price: 4,
        stockQuantity: 3,
      })
      .returning({ id: products.id });
    const id = made?.id ?? 0;
    await t.db.insert(productImages).values(
      ['/media/a.svg', '/media/b.svg', '/media/a.svg'].map((image, position) => ({
        productId: id,
        image,
        position,
      })),
    );
    const csvRows = parse(await exportCsv(), { bom: true }) as string[][];
    const header = csvRows[0] ?? [];
    const own = csvRows.filter((row) => row[0] === 'round-trip');
    const fileOf = (rows: string[][]) =>
      [header, ...rows]
        .map((row) => row.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(','))
        .join('\n');
    const before = await productByHandle('round-trip');
    const imagesOf = () =>
      t.db
        .select()
        .from(productImages)
        .where(eq(productImages.productId, id))
        .orderBy(asc(productImages.position));
    const imagesBefore = await imagesOf();
    const job = (await upload(fileOf(own))).json<CatalogueImport>();
    expect(await runToEnd(job.id)).toMatchObject({ updated: 0, unchanged: 1, failed: 0 });
    expect(await productByHandle('round-trip')).toEqual(before);
    expect(await imagesOf()).toEqual(imagesBefore);
    // a price changed in the file changes the price only
    const first = [...(own[0] ?? [])];
    first[header.indexOf('Variant Price')] = '5';
    const priced = (await upload(fileOf([first, ...own.slice(1)]))).json<CatalogueImport>();
    expect(await runToEnd(priced.id)).toMatchObject({ updated: 1, failed: 0 });
    expect(await productByHandle('round-trip')).toMatchObject({
      price: 5,
      descriptionEn: before?.descriptionEn,
      descriptionAr: before?.descriptionAr,
    });
    expect(await imagesOf()).toEqual(imagesBefore);
  });

  test('an export edited and imported later: only the edit to the stock is made, to the stock as it is then', async () => {
    const csvRows = parse(await exportCsv(), { bom: true }) as string[][];
    const header = csvRows[0] ?? [];
    const column = (name: string) => header.indexOf(name);
    const stockColumn = column('Variant Inventory Qty');
    const exportedColumn = column('Variant Inventory Qty (at export)');
    expect(exportedColumn).toBe(stockColumn + 1);
    const firstRowOf = (handle: string) => csvRows.find((row) => row[0] === handle) ?? [];
    const [received, untouched, counted] = await t.db
      .select({ id: products.id, handle: products.handle, stock: products.stockQuantity })
      .from(products)
      .where(sql`${products.stockQuantity} >= 4`)
      .orderBy(asc(products.id))
      .limit(3);
    if (!received?.handle || !untouched?.handle || !counted?.handle)
      throw new Error('the demo shop has stock');
    for (const product of [received, untouched, counted])
      expect(firstRowOf(product.handle ?? '')[exportedColumn]).toBe(String(product.stock));
    // The merchant receives 5 of the first and counts 4 fewer of the third than the shop had at the export
    const receivedRow = firstRowOf(received.handle);
    receivedRow[stockColumn] = String(received.stock + 5);
    const countedRow = firstRowOf(counted.handle);
    countedRow[stockColumn] = String(counted.stock - 4);
    // … while orders take 2 of each of the three
    for (const product of [received, untouched, counted])
      await t.db
        .update(products)
        .set({ stockQuantity: sql`${products.stockQuantity} - 2` })
        .where(eq(products.id, product.id));
    // every row of the three (their sizes, colours and pictures), the first ones edited
    const handles = new Set([received.handle, untouched.handle, counted.handle]);
    const file = [header, ...csvRows.filter((row) => handles.has(row[0] ?? ''))]
      .map((row) => row.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(','))
      .join('\n');
    const answer = await upload(file, staff.token, 'edited-export.csv');
    const job = answer.json<CatalogueImport>();
    expect(job).toMatchObject({ state: 'ready', errors: 0, products: 3 });
    expect(await runToEnd(job.id)).toMatchObject({ failed: 0, updated: 2, unchanged: 1 });
    const stockOf = async (id: number) =>
      (await t.db.select({ stock: products.stockQuantity }).from(products).where(eq(products.id, id)))[0]
        ?.stock;
    expect(await stockOf(received.id)).toBe(received.stock - 2 + 5);
    expect(await stockOf(untouched.id)).toBe(untouched.stock - 2);
    expect(await stockOf(counted.id)).toBe(counted.stock - 2 - 4);
  });

  test('an edited export imported twice makes its change once; edited again, only the correction; another export its own', async () => {
    const [product] = await t.db
      .select({ id: products.id, handle: products.handle, stock: products.stockQuantity })
      .from(products)
      .where(sql`${products.stockQuantity} >= 4`)
      .orderBy(asc(products.id))
      .limit(1);
    if (!product?.handle) throw new Error('the demo shop has stock');
    const { handle } = product;
    /** The product's rows of a new export, its stock set to what `stock` makes of the exported figure. */
    const exportOf = async () => {
      const csvRows = parse(await exportCsv(), { bom: true }) as string[][];
      const header = csvRows[0] ?? [];
      const own = csvRows.filter((row) => row[0] === handle);
      return (stock: (exported: number) => number) => {
        const first = own[0] ?? [];
        const edited = [...first];
        const at = header.indexOf('Variant Inventory Qty (at export)');
        edited[header.indexOf('Variant Inventory Qty')] = String(stock(Number(first[at])));
        return [header, edited, ...own.slice(1)]
          .map((row) => row.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(','))
          .join('\n');
      };
    };
    const stockNow = async () => (await productByHandle(handle))?.stockQuantity;
    const importFile = async (file: string) => {
      const job = (await upload(file, staff.token, 'edited-export.csv')).json<CatalogueImport>();
      expect(job).toMatchObject({ state: 'ready', errors: 0, products: 1 });
      return runToEnd(job.id);
    };
    const first = await exportOf();
    const start = product.stock;
    // an order takes 1 after the export
    await t.db
      .update(products)
      .set({ stockQuantity: start - 1 })
      .where(eq(products.id, product.id));
    const received = first((exported) => exported + 3);
    expect(await importFile(received)).toMatchObject({ updated: 1, failed: 0 });
    expect(await stockNow()).toBe(start - 1 + 3);
    // the same file again (or a run resumed after its batch was written): nothing more
    expect(await importFile(received)).toMatchObject({ updated: 0, unchanged: 1, failed: 0 });
    expect(await stockNow()).toBe(start - 1 + 3);
    // the same export corrected (5 received, not 3): only the 2 more
    expect(await importFile(first((exported) => exported + 5))).toMatchObject({ updated: 1, failed: 0 });
    expect(await stockNow()).toBe(start - 1 + 5);
    // a later export makes its own change, the earlier one's kept
    const second = await exportOf();
    expect(await importFile(second((exported) => exported - 2))).toMatchObject({ updated: 1, failed: 0 });
    expect(await stockNow()).toBe(start - 1 + 5 - 2);
    expect(await importFile(first((exported) => exported + 5))).toMatchObject({ unchanged: 1, failed: 0 });
    expect(await stockNow()).toBe(start - 1 + 5 - 2);
  });

  test('a product an export file brings new, imported again, keeps the stock it was given', async () => {
    // one of a category the shop has (written with the run's other new products), one of a new category (alone)
    const [known] = await t.db.select({ name: categories.nameEn }).from(categories).limit(1);
    const file = [
      'Handle,Title,Type,Variant Price,Variant Inventory Qty,Variant Inventory Qty (at export),Exported At',
      `brought-known,Brought known,"${known?.name ?? ''}",2,10,7,${EXPORTED_YESTERDAY}`,
      `brought-new-type,Brought new type,Brought things,2,10,7,${EXPORTED_YESTERDAY}`,
    ].join('\n');
    const importFile = async () => runToEnd((await upload(file)).json<CatalogueImport>().id);
    expect(await importFile()).toMatchObject({ created: 2, failed: 0 });
    expect(await importFile()).toMatchObject({ created: 0, updated: 0, unchanged: 2, failed: 0 });
    expect((await productByHandle('brought-known'))?.stockQuantity).toBe(10);
    expect((await productByHandle('brought-new-type'))?.stockQuantity).toBe(10);
  });

  test('what an export set is remembered 90 days after an import last wrote it, then the background jobs drop it', async () => {
    const file = (stock: number) =>
      [
        'Handle,Title,Type,Variant Price,Variant Inventory Qty,Variant Inventory Qty (at export),Exported At',
        `remembered-stock,Remembered stock,Remembered things,2,${stock},7,${EXPORTED_AN_HOUR_AGO}`,
      ].join('\n');
    const importFile = async (stock: number) =>
      runToEnd((await upload(file(stock))).json<CatalogueImport>().id);
    const figures = () =>
      t.db
        .select()
        .from(catalogueExportStock)
        .where(eq(catalogueExportStock.exportedAt, EXPORTED_AN_HOUR_AGO));
    const before = Date.now();
    expect(await importFile(10)).toMatchObject({ created: 1, failed: 0 });
    const [created] = await figures();
    expect(created?.recordedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const day = 24 * 60 * 60 * 1000;
    const age = (days: number) =>
      t.db
        .update(catalogueExportStock)
        .set({ recordedAt: new Date(Date.now() - days * day) })
        .where(eq(catalogueExportStock.exportedAt, EXPORTED_AN_HOUR_AGO));
    // an import of the export's correction dates it again
    await age(89);
    expect(await importFile(12)).toMatchObject({ updated: 1, failed: 0 });
    const [corrected] = await figures();
    expect([corrected?.fileStock, corrected?.recordedAt.getTime()]).toEqual([12, expect.any(Number)]);
    expect(corrected?.recordedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    await age(89);
    await t.app.jobs.tick();
    expect(await figures()).toHaveLength(1);
    await age(91);
    await t.app.jobs.tick();
    expect(await figures()).toEqual([]);
    expect((await productByHandle('remembered-stock'))?.stockQuantity).toBe(12);
  });

  /** The shop's first product with 3 or more in stock and no compare-at price, as a file names it. */
  async function stockedShopProduct() {
    const [product] = await t.db
      .select({
        handle: products.handle,
        stock: products.stockQuantity,
        price: products.price,
        title: products.nameEn,
        category: categories.nameEn,
      })
      .from(products)
      .innerJoin(categories, eq(products.categoryId, categories.id))
      .where(sql`${products.stockQuantity} >= 3 and ${products.discountedPrice} is null`)
      .orderBy(asc(products.id))
      .limit(1);
    return {
      handle: product?.handle ?? '',
      stock: product?.stock ?? 0,
      price: product?.price,
      title: product?.title ?? '',
      category: product?.category,
    };
  }

  test('a file without the export figure sets the stock (Shopify’s); an edit below what is left makes 0', async () => {
    const { handle, stock, price: productPrice, category, title } = await stockedShopProduct();
    const set = async (csv: string) => {
      const job = (await upload(csv)).json<CatalogueImport>();
      expect(job).toMatchObject({ state: 'ready', errors: 0 });
      expect(await runToEnd(job.id)).toMatchObject({ failed: 0, updated: 1 });
      return (await productByHandle(handle))?.stockQuantity;
    };
    const shopify = 'Handle,Title,Type,Variant Price,Variant Inventory Qty';
    expect(await set(`${shopify}\n${handle},"${title}",${category},${productPrice},${stock + 7}`)).toBe(
      stock + 7,
    );
    // exported at 10 more than the shop has now and set to 1: fewer than the shop has, so 0
    const exported = `${shopify},Variant Inventory Qty (at export),Exported At`;
    expect(
      await set(
        `${exported}\n${handle},"${title}",${category},${productPrice},1,${stock + 7 + 10},${new Date().toISOString()}`,
      ),
    ).toBe(0);
  });

  test('one export moment written another way (without its milliseconds, .0Z) is the same export: its stock change is made once', async () => {
    const { handle, stock, price: productPrice, category, title } = await stockedShopProduct();
    // a whole second: the export's own text ends in .000Z
    const moment = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000).toISOString();
    expect(moment.endsWith('.000Z')).toBe(true);
    const header =
      'Handle,Title,Type,Variant Price,Variant Inventory Qty,Variant Inventory Qty (at export),Exported At';
    for (const written of [moment, moment.replace('.000Z', 'Z'), moment.replace('.000Z', '.0Z')]) {
      const job = (
        await upload(
          `${header}\n${handle},"${title}",${category},${productPrice},${stock + 5},${stock},${written}`,
        )
      ).json<CatalogueImport>();
      expect(job).toMatchObject({ state: 'ready', errors: 0 });
      await runToEnd(job.id);
      expect({ written, stock: (await productByHandle(handle))?.stockQuantity }).toEqual({
        written,
        stock: stock + 5,
      });
    }
  });

  test('an export figure that is not a whole number, and a stock over the product form’s limit, are refused', async () => {
    const csv = [
      'Handle,Title,Type,Variant Price,Variant Inventory Qty,Variant Inventory Qty (at export)',
      'figure-a,Figure A,Imported shirts,1,3,-1',
      'figure-b,Figure B,Imported shirts,1,3,2.5',
      'figure-c,Figure C,Imported shirts,1,1000001,',
    ].join('\n');
    const job = (await upload(csv)).json<CatalogueImport>();
    expect(job.state).toBe('invalid');
    expect(job.issues.map((found) => [found.line, found.column, found.code, found.params])).toEqual(
      expect.arrayContaining([
        [2, 'Variant Inventory Qty (at export)', 'quantity_invalid', { value: '-1' }],
        [3, 'Variant Inventory Qty (at export)', 'quantity_invalid', { value: '2.5' }],
        [4, 'Variant Inventory Qty', 'quantity_too_large', { value: '1000001', max: 1_000_000 }],
      ]),
    );
  });
});
