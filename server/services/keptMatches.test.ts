// A words search answered from its kept matches (keptSearchMatches over wordMatchRows) answers what the one statement
// answers in the database (searchMatches): facets, page and `matched`, for words, filters, every order and pages past
// the end, as typed and mistyped. On the demo shop, PGlite or PostgreSQL (TEST_DATABASE_URL).
import { sql } from 'drizzle-orm';
import { executeRows } from '../db/client';
import {
  normalizedWords,
  searchMatches,
  similarWordsOf,
  withFuzzyMatching,
  wordMatchRows,
  type SearchFilters,
} from '../db/queries/catalogSearch';
import { facetsInOneOrder, SEARCH_ORDERS, searchFilters } from '../testing/searchFilters';
import { createTestApp, type TestApp } from '../testing/testApp';
import { KeptMatches, keptSearchMatches } from './keptMatches';

jest.setTimeout(120_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => {
  await t.close();
});

const ORDERS = SEARCH_ORDERS;

const filtersFor = (text: string, more: Partial<SearchFilters> = {}) => searchFilters(t.db, text, more);
const sorted = facetsInOneOrder;

async function kept(filters: SearchFilters): Promise<KeptMatches> {
  const rows = await wordMatchRows(t.db, filters, filters.lang, 100_000);
  if (!rows) throw new Error('no rows');
  return new KeptMatches(rows, filters);
}

/** The most frequent value of a column among the products matching a word (a filter that keeps some of them). */
async function commonValue(
  column: 'brand' | 'collection_en' | 'collection_ar' | 'category_id',
  word: string,
) {
  const [row] = await executeRows<{ value: string | number }>(
    t.db,
    sql`SELECT ${sql.raw(column)} AS value FROM products WHERE search_text LIKE ${`%${word}%`}
          AND ${sql.raw(column)}::text <> '' GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
  );
  return row?.value;
}

async function expectSameAnswers(filters: SearchFilters) {
  const matches = await kept(filters);
  let nonEmpty = 0;
  for (const order of ORDERS) {
    for (const [perPage, asked] of [
      [4, 1],
      [4, 2],
      [3, 99],
      [100, 1],
    ] as const) {
      const expected = await searchMatches(t.db, filters, order, perPage, asked);
      const found = keptSearchMatches(matches, filters, order, perPage, asked);
      expect({ order, perPage, asked, facets: sorted(found.facets) }).toEqual({
        order,
        perPage,
        asked,
        facets: sorted(expected.facets),
      });
      expect({ order, perPage, asked, ids: found.ids }).toEqual({ order, perPage, asked, ids: expected.ids });
      expect(found.matched).toBe(expected.matched);
      if (expected.ids.length > 0) nonEmpty += 1;
    }
  }
  return nonEmpty;
}

test('kept matches answer every filter, facet, order and page as the one statement does', async () => {
  let compared = 0;
  let nonEmpty = 0;
  for (const [text, lang] of [
    ['oud', 'en'],
    ['perfume', 'en'],
    ['عطر', 'ar'],
    ['ab', 'en'],
    ['oud perfume', 'en'],
    ['watch', 'en'],
    ['per', 'en'],
  ] as const) {
    const word = (await normalizedWords(t.db, text))[0] ?? '';
    const brand = await commonValue('brand', word);
    const collection = await commonValue(lang === 'ar' ? 'collection_ar' : 'collection_en', word);
    const category = await commonValue('category_id', word);
    const variants: Partial<SearchFilters>[] = [
      {},
      { minRating: 3, maxPriceKwd: 40 },
      { minRating: 4.5 },
      { brands: brand === undefined ? [] : [String(brand), 'No such brand'], minPriceKwd: 5 },
      { collections: collection === undefined ? [] : [String(collection)], minRating: 1 },
      { categoryId: category === undefined ? null : Number(category), maxPriceKwd: 25 },
      { minPriceKwd: 1000 },
      { unknownCategory: true },
    ];
    for (const variant of variants) {
      nonEmpty += await expectSameAnswers(await filtersFor(text, { lang, ...variant }));
      compared += ORDERS.length * 4;
    }
  }
  // The comparison is not of empty answers only.
  expect(nonEmpty).toBeGreaterThan(compared / 2);
});

test('a mistyped word: its kept close-word matches answer as the one statement does', async () => {
  const filters = await filtersFor('perfime');
  const similar = await withFuzzyMatching(t.db, (tx) => similarWordsOf(tx, filters.words));
  expect(similar.perfime).toContain('perfume');
  expect(await expectSameAnswers({ ...filters, fuzzy: true, similar })).toBeGreaterThan(0);
});

test('newest orders by the moment to the microsecond, as the database does', async () => {
  const [category] = await executeRows<{ id: number }>(t.db, sql`SELECT id FROM categories LIMIT 1`);
  await t.db.execute(
    sql`INSERT INTO products (category_id, name_en, name_ar, price, created_at) VALUES
        (${category?.id}, 'Zanzibar clove one', 'قرنفل', 1, '2026-01-01 10:00:00.000300+00'),
        (${category?.id}, 'Zanzibar clove two', 'قرنفل', 1, '2026-01-01 10:00:00.000900+00'),
        (${category?.id}, 'Zanzibar clove three', 'قرنفل', 1, '2026-01-01 10:00:00.000100+00')`,
  );
  const filters = await filtersFor('zanzibar');
  const expected = await searchMatches(t.db, filters, 'newest', 10, 1);
  expect(expected.ids).toHaveLength(3);
  expect(keptSearchMatches(await kept(filters), filters, 'newest', 10, 1).ids).toEqual(expected.ids);
});

test('more matches than the limit are not kept', async () => {
  const filters = await filtersFor('ab');
  const all = await wordMatchRows(t.db, filters, 'en', 100_000);
  expect(all?.length).toBeGreaterThan(2);
  expect(await wordMatchRows(t.db, filters, 'en', (all?.length ?? 0) - 1)).toBeNull();
  expect(await wordMatchRows(t.db, filters, 'en', all?.length ?? 0)).toHaveLength(all?.length ?? 0);
});
