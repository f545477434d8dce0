// The one-statement search (searchMatches: facets and page together) answers what the separate statements answer
// (matchGroups counted by the service's facetsOf, then searchPageIds at the page the total allows), for words,
// filters, every order and pages past the end; the close words of several typed words at once are those of each word alone; suggestions keep their lists
// apart and in order. On the demo shop, PGlite or PostgreSQL (TEST_DATABASE_URL).
import { sql } from 'drizzle-orm';
import { executeRows } from '../db/client';
import {
  matchGroups,
  normalizedWords,
  searchMatches,
  searchPageIds,
  similarWords,
  similarWordsOf,
  suggestionMatches,
  typedWords,
  withFuzzyMatching,
  type SearchFilters,
  type SearchOrder,
} from '../db/queries/catalogSearch';
import { facetsInOneOrder, SEARCH_ORDERS, searchFilters } from '../testing/searchFilters';
import { createTestApp, type TestApp } from '../testing/testApp';
import { facetsOf } from './catalogSearch';

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

/** The answer of the separate statements: the groups' facets, then the page the total allows. */
async function separately(filters: SearchFilters, order: SearchOrder, perPage: number, asked: number) {
  const groups = await matchGroups(t.db, filters);
  const facets = facetsOf(groups, filters);
  const total = (await searchPageIds(t.db, filters, order, 100_000, 0)).length;
  expect(facets.total).toBe(total);
  const page = Math.min(asked, Math.max(1, Math.ceil(total / perPage)));
  const ids = total === 0 ? [] : await searchPageIds(t.db, filters, order, perPage, (page - 1) * perPage);
  const matched = groups.reduce((sum, group) => sum + group.count, 0);
  return { facets, ids, total, matched };
}

/** The most frequent value of a column among the products matching a word (a filter that keeps some of them). */
async function commonValue(column: 'brand' | 'collection_en' | 'category_id', word: string) {
  const [row] = await executeRows<{ value: string | number }>(
    t.db,
    sql`SELECT ${sql.raw(column)} AS value FROM products WHERE search_text LIKE ${`%${word}%`}
          AND ${sql.raw(column)}::text <> '' GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
  );
  return row?.value;
}

test('the groups and the page of one statement are those of the separate statements', async () => {
  let compared = 0;
  let nonEmpty = 0;
  for (const text of ['oud', 'perfume', 'عطر', 'ab', 'oud perfume', 'watch', '']) {
    const word = (await normalizedWords(t.db, text))[0] ?? '';
    const brand = await commonValue('brand', word);
    const collection = await commonValue('collection_en', word);
    const category = await commonValue('category_id', word);
    const variants: Partial<SearchFilters>[] = [
      {},
      { minRating: 3, maxPriceKwd: 40 },
      { brands: brand === undefined ? [] : [String(brand)], minPriceKwd: 5 },
      { collections: collection === undefined ? [] : [String(collection)], minRating: 1 },
      { categoryId: category === undefined ? null : Number(category), maxPriceKwd: 25 },
      { unknownCategory: true },
    ];
    for (const variant of variants) {
      const filters = await filtersFor(text, variant);
      for (const order of ORDERS) {
        for (const [perPage, asked] of [
          [4, 1],
          [4, 2],
          [3, 99],
        ] as const) {
          const expected = await separately(filters, order, perPage, asked);
          const found = await searchMatches(t.db, filters, order, perPage, asked);
          expect(sorted(found.facets)).toEqual(sorted(expected.facets));
          expect(found.ids).toEqual(expected.ids);
          expect(found.matched).toBe(expected.matched);
          compared += 1;
          if (expected.ids.length > 0) nonEmpty += 1;
        }
      }
    }
  }
  // The comparison is not of empty answers only.
  expect(nonEmpty).toBeGreaterThan(compared / 2);
});

test('words only inside words (first letters) rank every match alike: the order is the one ranking would give', async () => {
  const { whole } = await typedWords(t.db, 'perfume perf');
  expect(whole.has('perfume')).toBe(true);
  expect(whole.has('perf')).toBe(false);
  let nonEmpty = 0;
  for (const text of ['perf', 'wat', 'oudw', 'perf abay', 'perfume wat', 'عط', 'عطو', 'abaya']) {
    const typed = await typedWords(t.db, text);
    const ranked = await filtersFor(text);
    const known = { ...ranked, whole: typed.whole };
    for (const [perPage, asked] of [
      [4, 1],
      [4, 2],
    ] as const) {
      const expected = await separately(ranked, 'relevance', perPage, asked);
      const found = await searchMatches(t.db, known, 'relevance', perPage, asked);
      expect(found.ids).toEqual(expected.ids);
      expect(sorted(found.facets)).toEqual(sorted(expected.facets));
      if (expected.ids.length > 0) nonEmpty += 1;
    }
    const suggested = await suggestionMatches(t.db, known, 6, 3);
    expect(suggested).toEqual(await suggestionMatches(t.db, ranked, 6, 3));
  }
  expect(nonEmpty).toBeGreaterThanOrEqual(6);
});

/** The suggestions' ranking written out: each word whole 3, inside 2, summed; then best sellers. */
async function rankedIds(words: string[], limit: number): Promise<number[]> {
  const inside = words.map((word) => sql`search_text LIKE ${`%${word}%`}`);
  const score = words.map(
    (word) => sql`(CASE WHEN (' ' || search_text || ' ') LIKE ${`% ${word} %`} THEN 3 ELSE 2 END)`,
  );
  const rows = await executeRows<{ id: number }>(
    t.db,
    sql`SELECT id FROM products WHERE ${sql.join(inside, sql` AND `)}
        ORDER BY ${sql.join(score, sql` + `)} DESC, sold_count DESC, id LIMIT ${limit}`,
  );
  return rows.map((row) => Number(row.id));
}

test('suggestions: the best rank read first (whole words, best sellers), the rest ranked when too few have it', async () => {
  let full = 0;
  for (const text of [
    'oud',
    'perfume',
    'watch',
    'dates',
    'abaya',
    'عود',
    'oud perf',
    'perfume oud',
    'oud qqq',
  ]) {
    const typed = await typedWords(t.db, text);
    for (const limit of [2, 6, 40]) {
      const found = await suggestionMatches(t.db, { ...typed, fuzzy: false }, limit, 0);
      const expected = await rankedIds(typed.words, limit);
      expect(found.products.map((row) => row.id)).toEqual(expected);
      if (expected.length === limit) full += 1;
    }
  }
  expect(full).toBeGreaterThanOrEqual(8);
});

test('a mistyped word: the one statement with the close words answers as the separate ones', async () => {
  const filters = await filtersFor('perfime');
  const similar = await withFuzzyMatching(t.db, (tx) => similarWordsOf(tx, filters.words));
  expect(similar.perfime).toContain('perfume');
  const fuzzy = { ...filters, fuzzy: true, similar };
  const expected = await separately(fuzzy, 'relevance', 5, 1);
  expect(expected.total).toBeGreaterThan(0);
  const found = await searchMatches(t.db, fuzzy, 'relevance', 5, 1);
  expect(sorted(found.facets)).toEqual(sorted(expected.facets));
  expect(found.ids).toEqual(expected.ids);
});

test('the close words of several words at once are those of each word alone, in the same order', async () => {
  const words = ['perfime', 'watcj', 'saffron', 'qqqqzz', 'perfime'];
  const together = await withFuzzyMatching(t.db, (tx) => similarWordsOf(tx, words));
  for (const word of words) {
    const alone = await withFuzzyMatching(t.db, (tx) => similarWords(tx, word));
    expect(together[word] ?? []).toEqual(alone);
  }
  expect(together.qqqqzz).toBeUndefined();
  expect(await withFuzzyMatching(t.db, (tx) => similarWordsOf(tx, []))).toEqual({});
});

test('suggestions: products in rank order and categories in the shop order, apart, each up to its limit', async () => {
  const [category] = await executeRows<{ id: number; name_en: string }>(
    t.db,
    sql`SELECT id, name_en FROM categories ORDER BY sort_order, id LIMIT 1`,
  );
  const words = await normalizedWords(t.db, String(category?.name_en));
  const both = await suggestionMatches(t.db, { words, fuzzy: false }, 6, 3);
  expect(both.categories.map((row) => row.id)).toContain(Number(category?.id));
  expect(both.categories.length).toBeLessThanOrEqual(3);
  const productsOnly = await suggestionMatches(t.db, { words, fuzzy: false }, 6, 0);
  expect(productsOnly.categories).toEqual([]);
  expect(productsOnly.products).toEqual(both.products);

  const oud = await suggestionMatches(t.db, { words: ['oud'], fuzzy: false }, 4, 2);
  const expected = await executeRows<{ id: number }>(
    t.db,
    sql`SELECT id FROM products WHERE search_text LIKE '%oud%'
        ORDER BY (CASE WHEN (' ' || search_text || ' ') LIKE '% oud %' THEN 3 ELSE 2 END) DESC, sold_count DESC, id
        LIMIT 4`,
  );
  expect(oud.products.map((row) => row.id)).toEqual(expected.map((row) => Number(row.id)));
  expect(oud.products.length).toBe(4);
});
