// Issue 48: at 100 000 products the search reads its indexes, on PGlite as on PostgreSQL (the same SQL): the
// trigram index for the words, not a scan of every product. Products are written by SQL, as a merchant's script
// would, so this also shows that what search reads is derived by the database.
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { executeRows } from '../client';
import {
  dealIdsStatement,
  matchGroups,
  matchGroupsStatement,
  normalizedWords,
  rankedSuggestionsStatement,
  searchMatchesStatement,
  searchPageStatement,
  similarWords,
  suggestionsStatement,
  typedWords,
  withFuzzyMatching,
  type SearchFilters,
} from './catalogSearch';

jest.setTimeout(240_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await executeRows(
    t.db,
    sql`INSERT INTO categories (name_en, name_ar, image) SELECT 'Category ' || n, 'فئة ' || n, '/media/c.svg'
        FROM generate_series(1, 40) AS n`,
  );
  // Loaded as PostgreSQL's "Populating a Database" advises: the indexes that back no constraint are dropped and made
  // again after the load from their own definitions (one build each instead of 100 000 updates); the generated
  // columns and the triggers that derive what search reads run on every row as they would for a merchant's script.
  const indexes = await executeRows<{ name: string; definition: string }>(
    t.db,
    sql`SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
        WHERE i.schemaname = current_schema() AND i.tablename = 'products'
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = to_regclass(quote_ident(i.indexname)))`,
  );
  expect(indexes.map((index) => index.name)).toContain('products_search_text_trgm_idx');
  for (const index of indexes) await executeRows(t.db, sql.raw(`DROP INDEX ${index.name}`));
  const words = ['Oud', 'Musk', 'Amber', 'Rose', 'Saffron', 'Abaya', 'Watch', 'Dates', 'Kettle', 'Phone'];
  const arabic = ['عود', 'مسك', 'عنبر', 'ورد', 'زعفران', 'عباية', 'ساعة', 'تمر', 'غلاية', 'هاتف'];
  await executeRows(
    t.db,
    sql`INSERT INTO products (category_id, name_en, name_ar, price, brand, collection_en, collection_ar, rating, sold_count)
        SELECT (SELECT min(id) FROM categories) + n % 40,
               (${sql.raw(`ARRAY['${words.join("','")}']`)})[1 + n % 10] || ' ' || md5(n::text) || ' ' || n,
               (${sql.raw(`ARRAY['${arabic.join("','")}']`)})[1 + (n / 10) % 10] || ' ' || n,
               1 + n % 300, 'Brand ' || n % 120, 'Collection ' || n % 14, 'مجموعة ' || n % 14,
               (n % 50) / 10.0, n % 997
        FROM generate_series(1, 100000) AS n`,
  );
  for (const index of indexes) await executeRows(t.db, sql.raw(index.definition));
  await executeRows(t.db, sql`ANALYZE products`);
});
afterAll(async () => {
  await t.close();
});

async function plan(statement: ReturnType<typeof sql>): Promise<string> {
  const rows = await executeRows<Record<string, string>>(t.db, sql`EXPLAIN ${statement}`);
  return rows.map((row) => Object.values(row).join(' ')).join('\n');
}

const filtersFor = async (text: string, more: Partial<SearchFilters> = {}): Promise<SearchFilters> => ({
  words: await normalizedWords(t.db, text),
  fuzzy: false,
  categoryId: null,
  unknownCategory: false,
  brands: [],
  collections: [],
  lang: 'en',
  minPriceKwd: null,
  maxPriceKwd: null,
  minRating: 0,
  ...more,
});

test('a page of matches for words reads the trigram index', async () => {
  const filters = await filtersFor('saffron 4242', { minRating: 3 });
  const text = await plan(searchPageStatement(filters, 'relevance', 12, 0));
  expect(text).toMatch(/products_search_text_trgm_idx/);
  expect(text).not.toMatch(/Seq Scan on products/);
});

test('the one statement of a search by words (groups and page together) finds its matches through the trigram index', async () => {
  const filters = await filtersFor('saffron 4242', { minRating: 3, brands: ['Brand 7'] });
  for (const order of ['relevance', 'newest', 'price_asc'] as const) {
    const text = await plan(searchMatchesStatement(filters, order, 12, 2));
    expect(text).toMatch(/products_search_text_trgm_idx/);
    expect(text).not.toMatch(/Seq Scan on products/);
  }
});

test('suggestions of a common word read best sellers in the sales index order; a rare one through the trigram index', async () => {
  const common = await typedWords(t.db, 'oud');
  expect(common.whole.has('oud')).toBe(true);
  expect(await plan(suggestionsStatement({ ...common, fuzzy: false }, 6))).toMatch(/products_sold_idx/);
  // First letters found whole nowhere rank alike: best sellers too.
  const letters = await typedWords(t.db, 'saffr');
  expect(letters.whole.size).toBe(0);
  expect(await plan(suggestionsStatement({ ...letters, fuzzy: false }, 6))).toMatch(/products_sold_idx/);
  const rare = await typedWords(t.db, 'saffron 4242');
  for (const statement of [
    suggestionsStatement({ ...rare, fuzzy: false }, 6),
    rankedSuggestionsStatement({ ...rare, fuzzy: false }, 6),
  ]) {
    const text = await plan(statement);
    expect(text).toMatch(/products_search_text_trgm_idx/);
    expect(text).not.toMatch(/Seq Scan on products/);
  }
});

test('the facets of words read the trigram index too', async () => {
  const groups = await plan(
    sql`SELECT count(*) FROM products p WHERE p.search_text LIKE ${'%saffron%'} AND p.search_text LIKE ${'%4242%'}`,
  );
  expect(groups).toMatch(/products_search_text_trgm_idx/);
  // And the answers are right: the groups of a word count its products.
  const counted = await matchGroups(t.db, await filtersFor('زعفران'));
  expect(counted.reduce((sum, group) => sum + group.count, 0)).toBe(10_000);
});

test('a page without words reads in the order of an index, not by sorting the catalogue', async () => {
  const text = await plan(searchPageStatement(await filtersFor(''), 'relevance', 12, 24));
  expect(text).toMatch(/Index (Only )?Scan using products_pkey/);
  const newest = await plan(searchPageStatement(await filtersFor(''), 'newest', 12, 0));
  expect(newest).toMatch(/products_created_idx/);
});

test('a mistyped word is looked up among the words of the catalogue, then searched for through the trigram index', async () => {
  const close = await withFuzzyMatching(t.db, (tx) => similarWords(tx, 'saffon'));
  expect(close[0]).toBe('saffron');
  const filters = await filtersFor('saffon 4242', { fuzzy: true, similar: { saffon: close } });
  for (const statement of [
    searchPageStatement(filters, 'relevance', 12, 0),
    matchGroupsStatement(filters),
    searchMatchesStatement(filters, 'relevance', 12, 1),
  ]) {
    const text = await plan(statement);
    expect(text).toMatch(/products_search_text_trgm_idx/);
    expect(text).not.toMatch(/Seq Scan on products/);
  }
  const [expected] = await executeRows<{ n: number | string }>(
    t.db,
    sql`SELECT count(*) AS n FROM products WHERE search_text LIKE '%saffron%' AND search_text LIKE '%4242%'`,
  );
  const groups = await withFuzzyMatching(t.db, (tx) => matchGroups(tx, filters));
  expect(groups.reduce((sum, group) => sum + group.count, 0)).toBe(Number(expected?.n));
  expect(Number(expected?.n)).toBeGreaterThan(0);
});

test('the products of the price bands a limit cuts through are read from the price index', async () => {
  const text = await plan(
    matchGroupsStatement(await filtersFor(''), [
      { min: 10, max: 12.5, maxIncluded: false },
      { min: 250, max: 260, maxIncluded: true },
    ]),
  );
  expect(text).toMatch(/products_price_groups_idx/);
  expect(text).not.toMatch(/Seq Scan on products/);
});

// Last: it puts a third of the catalogue on sale.
test("home's deals read the deepest discounts from their index, not by sorting every product on sale", async () => {
  await executeRows(
    t.db,
    sql`UPDATE products SET discounted_price = price * (0.5 + (id % 40) / 100.0) WHERE id % 3 = 0`,
  );
  await executeRows(t.db, sql`ANALYZE products`);
  const text = await plan(dealIdsStatement(12));
  expect(text).toMatch(/Index Scan using products_deal_idx/);
  expect(text).not.toMatch(/Seq Scan|Sort/);
});
