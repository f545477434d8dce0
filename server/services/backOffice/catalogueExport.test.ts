// The catalogue export (issue 48) a page at a time: every product once across the pages' seams, and nothing read
// ahead of what the reader takes (a reader that stops holds the server to about one page).
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import { executeRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { EXPORT_PAGE, exportCatalogue } from './catalogueExport';

jest.setTimeout(120_000);

const PRODUCTS = 1_203;
let t: TestApp;
/** The bytes of the header and the first page (EXPORT_PAGE products), from the whole export. */
let firstPageBytes = 0;
beforeAll(async () => {
  t = await createTestApp();
  await executeRows(
    t.db,
    sql`INSERT INTO categories (name_en, name_ar, image) VALUES ('Filler', 'حشو', '/media/c.svg')`,
  );
  await executeRows(
    t.db,
    sql`INSERT INTO products (category_id, name_en, name_ar, description_en, price, handle)
        SELECT (SELECT min(id) FROM categories), 'Product ' || n, 'منتج ' || n, repeat('A long description. ', 10),
               1 + n % 50, 'export-' || n
        FROM generate_series(1, ${PRODUCTS}) AS n`,
  );
});
afterAll(async () => {
  await t.close();
});

test('every product once, in id order, across the pages', async () => {
  let text = '';
  for await (const chunk of exportCatalogue(t.db, 'https://shop.example', new Date())) text += String(chunk);
  const lines = text.trimEnd().split('\n');
  expect(lines[0]?.startsWith('\uFEFFHandle,Title,')).toBe(true);
  const handles = lines.slice(1).map((line) => line.split(',')[0]);
  expect(handles).toHaveLength(PRODUCTS);
  expect(handles).toEqual(Array.from({ length: PRODUCTS }, (_, index) => `export-${index + 1}`));
  firstPageBytes = Buffer.byteLength(lines.slice(0, EXPORT_PAGE + 1).join('\n') + '\n');
});

test('a reader that takes nothing more leaves the rest unread', async () => {
  expect(firstPageBytes).toBeGreaterThan(0);
  const csv = exportCatalogue(t.db, 'https://shop.example', new Date());
  await once(csv, 'readable');
  csv.read();
  // Time for the stream to read ahead as far as it would (an upper bound is checked: waiting longer only helps).
  for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  // The first page at most (the next is read once this one is taken), not the 1 203 products.
  expect(csv.readableLength).toBeGreaterThan(0);
  expect(csv.readableLength).toBeLessThanOrEqual(firstPageBytes);
  csv.destroy();
});
