// The paged catalogue's SQL (issue 48): search with filters and facets, suggestions, categories a page at a time,
// related lists and the home lists. Text matching reads `products.search_text`, which PostgreSQL derives from the
// names (migration 013), through its trigram index; every list is bounded by LIMIT.
import { sql, type SQL } from 'drizzle-orm';
import { executeRows, type Db } from '../client';

export type SearchOrder = 'relevance' | 'newest' | 'price_asc' | 'price_desc' | 'rating' | 'best_selling';

/** What the shopper chose; prices in KWD. Empty lists and nulls filter nothing. */
export interface SearchFilters {
  /** normalised words (normalizedWords), at most a handful */
  words: string[];
  /** whether a word may also match mistyped (tried when the words as typed find nothing) */
  fuzzy: boolean;
  /**
   * The words that are whole words of some product's name (typedWords: the catalogue's vocabulary holds them). A
   * word missing from it is inside a word wherever it matches, so it ranks every match alike. Undefined: any may be.
   */
  whole?: ReadonlySet<string>;
  /**
   * With `fuzzy`: the catalogue's words close to each typed word (similarWords), found in its place. A word with
   * none is matched as typed only.
   */
  similar?: Record<string, string[]>;
  categoryId: number | null;
  /** a category name was given and matched none: nothing matches */
  unknownCategory: boolean;
  brands: string[];
  collections: string[];
  lang: 'en' | 'ar';
  minPriceKwd: number | null;
  maxPriceKwd: number | null;
  minRating: number;
}

/** Below this word similarity (0..1) a word is not taken for a mistyped one: one or two letters off in a word. */
const FUZZY_THRESHOLD = 0.45;

/** The query's text in the one spelling products are stored in (the same function as the generated column). */
export async function normalizedWords(db: Db, text: string): Promise<string[]> {
  const [row] = await executeRows<{ normalized: string | null }>(
    db,
    sql`SELECT shop_search_normalize(${text}) AS normalized`,
  );
  return (row?.normalized ?? '').split(' ').filter(Boolean);
}

/**
 * The query's words (normalizedWords) and which of them are whole words of some product's name: the catalogue's
 * vocabulary (search_words, kept by the database: migration 016) holds every word of every name, so a word it lacks
 * is found inside words only (a shopper's first letters). One statement.
 */
export async function typedWords(db: Db, text: string): Promise<{ words: string[]; whole: Set<string> }> {
  const [row] = await executeRows<{ normalized: string | null; whole: string | null }>(
    db,
    sql`SELECT q.normalized, (
          SELECT string_agg(w.word, ' ') FROM search_words w WHERE w.word = ANY (string_to_array(q.normalized, ' '))
        ) AS whole
        FROM (SELECT shop_search_normalize(${text}) AS normalized) q`,
  );
  const split = (words: string | null | undefined) => (words ?? '').split(' ').filter(Boolean);
  return { words: split(row?.normalized), whole: new Set(split(row?.whole)) };
}

const likeEscaped = (word: string) => word.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Words this long may be mistyped ones: a shorter word is taken as typed (two or three letters have no typo to
 * forgive, and their similarity to everything is high).
 */
const FUZZY_FROM_LENGTH = 4;
/** Shorter words have no trigram of their own: the index cannot narrow them, so the order is by sales (see below). */
const INDEXED_FROM_LENGTH = 3;

export const mayBeMistyped = (word: string) => [...word].length >= FUZZY_FROM_LENGTH;

type WordsTyped = Pick<SearchFilters, 'words' | 'fuzzy' | 'similar' | 'whole'>;

/** Whether a word may be found as a whole word (see SearchFilters.whole). */
const mayBeWhole = (word: string, typed: WordsTyped) => typed.whole?.has(word) ?? true;

/** The catalogue's words a typed word may stand for when it is mistyped (none unless the search is fuzzy). */
const closeWords = (word: string, typed: WordsTyped): string[] =>
  typed.fuzzy && mayBeMistyped(word) ? (typed.similar?.[word] ?? []).filter((close) => close !== word) : [];

/** Any of these words inside the text: each LIKE is answered by the trigram index (a BitmapOr). */
function containsAny(words: string[]): SQL {
  const conditions = words.map((word) => sql`p.search_text LIKE ${`%${likeEscaped(word)}%`}`);
  return conditions.length === 1 ? (conditions[0] as SQL) : sql`(${sql.join(conditions, sql` OR `)})`;
}

/** A word of the query found: as a whole word (3), inside a word (2), or mistyped (1); 0 not found. */
function wordScore(word: string, typed: WordsTyped): SQL {
  const inside = `%${likeEscaped(word)}%`;
  const whole = `% ${likeEscaped(word)} %`;
  const close = closeWords(word, typed);
  return sql`(CASE ${mayBeWhole(word, typed) ? sql`WHEN (' ' || p.search_text || ' ') LIKE ${whole} THEN 3` : sql``}
                   WHEN p.search_text LIKE ${inside} THEN 2
                   ${close.length ? sql`WHEN ${containsAny(close)} THEN 1` : sql``}
                   ELSE 0 END)`;
}

/**
 * Each word must be found, as typed or (fuzzy) as one of the catalogue's words close to it: every alternative is a
 * LIKE the trigram index answers, so a mistyped word costs about what the word typed right costs.
 */
function wordsMatch(typed: WordsTyped): SQL {
  if (typed.words.length === 0) return sql`TRUE`;
  return sql.join(
    typed.words.map((word) => containsAny([word, ...closeWords(word, typed)])),
    sql` AND `,
  );
}

/**
 * Whether any product has the words as typed, at any price and whatever the other filters: a search that finds none
 * within a price limit may still be spelled right (its products cost more), and is then not taken as mistyped.
 */
export async function anyProductHasWords(db: Db, typed: WordsTyped): Promise<boolean> {
  const [row] = await executeRows<{ found: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM products p WHERE ${wordsMatch({ ...typed, fuzzy: false })}) AS found`,
  );
  return row?.found === true;
}

/** How many of the catalogue's words a mistyped word may stand for: the closest first. */
const CLOSE_WORDS_MAX = 5;

/**
 * The catalogue's words (search_words, kept by the database: migration 016) at least FUZZY_THRESHOLD similar to a
 * typed word, the closest first. Run inside withFuzzyMatching (the threshold is its setting).
 */
export async function similarWords(db: Db, word: string): Promise<string[]> {
  const rows = await executeRows<{ word: string }>(
    db,
    sql`SELECT w.word FROM search_words w WHERE ${word} OPERATOR(public.<%) w.word
        ORDER BY public.word_similarity(${word}, w.word) DESC, w.word LIMIT ${CLOSE_WORDS_MAX}`,
  );
  return rows.map((row) => row.word);
}

/**
 * similarWords of several typed words in one statement: per word, its close words, the closest first (a word with
 * none is absent). Run inside withFuzzyMatching, as similarWords.
 */
export async function similarWordsOf(db: Db, words: string[]): Promise<Record<string, string[]>> {
  const distinct = [...new Set(words)];
  if (distinct.length === 0) return {};
  const typed = sql.join(
    distinct.map((word, index) => sql`(${word}::text, ${index}::int)`),
    sql`, `,
  );
  const rows = await executeRows<{ typed: string; word: string }>(
    db,
    sql`SELECT t.word AS typed, c.word, c.rank FROM (VALUES ${typed}) AS t(word, n),
        LATERAL (
          SELECT w.word, row_number() OVER () AS rank FROM (
            SELECT w.word FROM search_words w WHERE t.word OPERATOR(public.<%) w.word
            ORDER BY public.word_similarity(t.word, w.word) DESC, w.word LIMIT ${CLOSE_WORDS_MAX}
          ) w
        ) c
        ORDER BY t.n, c.rank`,
  );
  const similar: Record<string, string[]> = {};
  for (const row of rows) (similar[row.typed] ??= []).push(row.word);
  return similar;
}

/** Whether the words are long enough for the index to narrow the matches before they are ranked. */
export const rankable = (words: string[]) =>
  words.length > 0 && words.every((word) => [...word].length >= INDEXED_FROM_LENGTH);

/**
 * Whether the relevance may differ between matches: not when no word can be whole and none may be mistyped (every
 * match then has each word inside a word, and ranks alike: best sellers first, read in their index's order).
 */
const ranksDiffer = (typed: WordsTyped) =>
  typed.words.some((word) => mayBeWhole(word, typed) || closeWords(word, typed).length > 0);

/** Whether relevance orders by the words' score (orderBy): else by sales, as it does for words inside words. */
export const ranksByScore = (typed: WordsTyped) => rankable(typed.words) && ranksDiffer(typed);

function relevance(typed: WordsTyped): SQL {
  if (typed.words.length === 0) return sql`0`;
  return sql.join(
    typed.words.map((word) => wordScore(word, typed)),
    sql` + `,
  );
}

const collectionColumn = (lang: 'en' | 'ar') => (lang === 'ar' ? sql`p.collection_ar` : sql`p.collection_en`);

/** The filters a facet does not vary, as boolean columns of the matches (see searchFacets). */
function filterFlags(filters: SearchFilters) {
  const inList = (column: SQL, values: string[]) =>
    values.length === 0
      ? sql`TRUE`
      : sql`${column} IN (${sql.join(
          values.map((value) => sql`${value}`),
          sql`, `,
        )})`;
  return {
    category: filters.unknownCategory
      ? sql`FALSE`
      : filters.categoryId === null
        ? sql`TRUE`
        : sql`p.category_id = ${filters.categoryId}`,
    brand: inList(sql`p.brand`, filters.brands),
    collection: inList(collectionColumn(filters.lang), filters.collections),
    rating: filters.minRating > 0 ? sql`p.rating >= ${filters.minRating}` : sql`TRUE`,
  };
}

/** Prices from `min` (included) to `max` (included or not); null: no limit that side. */
export interface PriceRange {
  min: number | null;
  max: number | null;
  maxIncluded: boolean;
}

function inPriceRange({ min, max, maxIncluded }: PriceRange): SQL {
  const parts = [sql`TRUE`];
  if (min !== null) parts.push(sql`p.effective_price >= ${min}`);
  if (max !== null)
    parts.push(maxIncluded ? sql`p.effective_price <= ${max}` : sql`p.effective_price < ${max}`);
  return sql`(${sql.join(parts, sql` AND `)})`;
}

/** Words and price (or, given, these price ranges instead of the filters' limits): what every facet counts within. */
function baseWhere(filters: SearchFilters, ranges?: PriceRange[]): SQL {
  const price = ranges
    ? ranges.length
      ? sql`(${sql.join(ranges.map(inPriceRange), sql` OR `)})`
      : sql`FALSE`
    : inPriceRange({ min: filters.minPriceKwd, max: filters.maxPriceKwd, maxIncluded: true });
  return sql`${wordsMatch(filters)} AND ${price}`;
}

function orderBy(order: SearchOrder, typed: WordsTyped): SQL {
  switch (order) {
    case 'relevance':
      // A word of one or two letters matches a large share of the catalogue: best sellers first, read from their
      // index until the page is full, instead of ranking every match.
      if (typed.words.length === 0) return sql`p.id`;
      return ranksByScore(typed)
        ? sql`${relevance(typed)} DESC, p.sold_count DESC, p.id`
        : sql`p.sold_count DESC, p.id`;
    case 'newest':
      return sql`p.created_at DESC, p.id DESC`;
    case 'price_asc':
      return sql`p.effective_price, p.id`;
    case 'price_desc':
      return sql`p.effective_price DESC, p.id`;
    case 'rating':
      return sql`p.rating DESC, p.id`;
    case 'best_selling':
      return sql`p.sold_count DESC, p.id`;
  }
}

/**
 * Runs `work` with the similarity threshold set for its own transaction only (a pooled connection keeps nothing).
 */
export function withFuzzyMatching<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_THRESHOLD)}, true)`,
    );
    return work(tx);
  });
}

/** The statement of one page of matches, in the chosen order (its plan is checked by a test). */
export function searchPageStatement(
  filters: SearchFilters,
  order: SearchOrder,
  limit: number,
  offset: number,
): SQL {
  const flags = filterFlags(filters);
  return sql`SELECT p.id FROM products p
        WHERE ${baseWhere(filters)} AND ${flags.category} AND ${flags.brand} AND ${flags.collection} AND ${flags.rating}
        ORDER BY ${orderBy(order, filters)}
        LIMIT ${limit} OFFSET ${offset}`;
}

/**
 * The total and every facet of a search: a facet counts the matches that pass every chosen filter but its own
 * (disjunctive faceting: ticking a second brand widens the result by the count shown beside it). The same counts
 * as services/catalogSearch.ts's facetsOf makes of match groups.
 */
export interface Facets {
  total: number;
  categories: { id: number; count: number }[];
  brands: { value: string; count: number }[];
  collections: { value: string; count: number }[];
  /** one count per choice the filter panel offers: 1 to 5 stars or more */
  ratings: { minRating: number; count: number }[];
  price: { min: number | null; max: number | null };
}

/** Facets before anything is counted: no matches, no price range. */
export const noFacets = (): Facets => ({
  total: 0,
  categories: [],
  brands: [],
  collections: [],
  ratings: [],
  price: { min: null, max: null },
});

/**
 * A search's facets and one page of its matches, from one statement: the products of the words and price are found
 * once (through the trigram index), then counted per facet and ordered for the page, in the database, so only the
 * counts and the page's ids travel. A page past the last answers the last (`askedPage` is clamped to the pages of
 * the total, as the service's page count is).
 */
export interface SearchMatches {
  facets: Facets;
  /** the page's product ids, in the chosen order */
  ids: number[];
  /** the matches of the words and price alone, whatever the other filters (0: perhaps a word is mistyped) */
  matched: number;
}

/** The statement of searchMatches (its plan is checked by a test). */
export function searchMatchesStatement(
  filters: SearchFilters,
  order: SearchOrder,
  perPage: number,
  askedPage: number,
): SQL {
  const flags = filterFlags(filters);
  const collection = collectionColumn(filters.lang);
  // The matches keep the columns the facets and every order read, under the products' names, so the same orders
  // apply to them as to the table, and whether each passes each filter.
  return sql`WITH matches AS MATERIALIZED (
          SELECT p.id, p.category_id, p.brand, ${collection} AS collection, p.rating, p.effective_price,
                 p.sold_count, p.created_at, p.search_text,
                 ${flags.category} AS in_category, ${flags.brand} AS in_brands,
                 ${flags.collection} AS in_collections, ${flags.rating} AS in_rating
          FROM products p WHERE ${baseWhere(filters)}
        ), total AS (
          SELECT count(*) AS n, min(p.effective_price) AS min_price, max(p.effective_price) AS max_price
          FROM matches p WHERE p.in_category AND p.in_brands AND p.in_collections AND p.in_rating
        ), page AS (
          SELECT p.id FROM matches p WHERE p.in_category AND p.in_brands AND p.in_collections AND p.in_rating
          ORDER BY ${orderBy(order, filters)}
          LIMIT ${perPage}
          OFFSET (SELECT (least(${askedPage}::int, greatest(1, ceil(n / ${perPage}::numeric)::int)) - 1)
                         * ${perPage}::int FROM total)
        )
        SELECT 'c' AS kind, p.category_id::text AS key, count(*) AS n, NULL::numeric AS min_price,
               NULL::numeric AS max_price
        FROM matches p WHERE p.in_brands AND p.in_collections AND p.in_rating GROUP BY p.category_id
        UNION ALL
        SELECT 'b', p.brand, count(*), NULL, NULL FROM matches p
        WHERE p.in_category AND p.in_collections AND p.in_rating AND p.brand <> '' GROUP BY p.brand
        UNION ALL
        SELECT 'l', p.collection, count(*), NULL, NULL FROM matches p
        WHERE p.in_category AND p.in_brands AND p.in_rating AND p.collection <> '' GROUP BY p.collection
        UNION ALL
        SELECT 'r', floor(p.rating)::int::text, count(*), NULL, NULL FROM matches p
        WHERE p.in_category AND p.in_brands AND p.in_collections GROUP BY floor(p.rating)::int
        UNION ALL
        SELECT 't', NULL, n, min_price, max_price FROM total
        UNION ALL
        SELECT 'm', NULL, count(*), NULL, NULL FROM matches
        UNION ALL
        SELECT 'p', s.id::text, row_number() OVER (), NULL, NULL FROM page s`;
}

export async function searchMatches(
  db: Db,
  filters: SearchFilters,
  order: SearchOrder,
  perPage: number,
  askedPage: number,
): Promise<SearchMatches> {
  const rows = await executeRows<{
    kind: 'c' | 'b' | 'l' | 'r' | 't' | 'm' | 'p';
    key: string | null;
    n: number | string;
    min_price: number | string | null;
    max_price: number | string | null;
  }>(db, searchMatchesStatement(filters, order, perPage, askedPage));
  const facets = noFacets();
  /** ratingCounts[r]: the matches (but the rating filter) whose rating's whole part is r */
  const ratingCounts = [0, 0, 0, 0, 0, 0];
  const page: { id: number; ord: number }[] = [];
  let matched = 0;
  for (const row of rows) {
    const count = Number(row.n);
    const key = row.key ?? '';
    switch (row.kind) {
      case 'c':
        facets.categories.push({ id: Number(key), count });
        break;
      case 'b':
        facets.brands.push({ value: key, count });
        break;
      case 'l':
        facets.collections.push({ value: key, count });
        break;
      case 'r':
        ratingCounts[Number(key)] = count;
        break;
      case 't':
        facets.total = count;
        facets.price = {
          min: row.min_price === null ? null : Number(row.min_price),
          max: row.max_price === null ? null : Number(row.max_price),
        };
        break;
      case 'm':
        matched = count;
        break;
      case 'p':
        page.push({ id: Number(key), ord: count });
        break;
    }
  }
  // "r stars or more" counts every rating whose whole part is r or above.
  facets.ratings = [1, 2, 3, 4, 5].map((minRating) => ({
    minRating,
    count: ratingCounts.slice(minRating).reduce((sum, count) => sum + count, 0),
  }));
  return { facets, ids: page.sort((a, b) => a.ord - b.ord).map((entry) => entry.id), matched };
}

/**
 * A product matching a search's words, with what every filter, facet and order reads (wordMatchRows): the service keeps
 * these per words and answers each filter, facet and page of them itself (services/keptMatches.ts).
 */
export interface WordMatchRow {
  id: number;
  categoryId: number;
  brand: string;
  collection: string;
  rating: number;
  price: number;
  soldCount: number;
  /** created_at in microseconds since 1970: the order of `newest` to the database's precision */
  createdUs: number;
  /** the relevance of the words (wordScore summed), 0 when the order does not rank (see orderBy) */
  score: number;
}

/**
 * The products matching the words (as typed or, fuzzy, as close words), whatever the other filters and the price;
 * null when there are more than `limit` (a word of two letters: the one-statement search counts those in the database).
 */
export async function wordMatchRows(
  db: Db,
  typed: WordsTyped,
  lang: 'en' | 'ar',
  limit: number,
): Promise<WordMatchRow[] | null> {
  const rows = await executeRows<{
    id: number;
    category_id: number;
    brand: string;
    collection: string;
    rating: number | string;
    effective_price: number | string;
    sold_count: number;
    created_us: number | string;
    score: number | string;
  }>(
    db,
    sql`SELECT p.id, p.category_id, p.brand, ${collectionColumn(lang)} AS collection, p.rating, p.effective_price,
               p.sold_count, (extract(epoch FROM p.created_at) * 1000000)::bigint AS created_us,
               ${ranksByScore(typed) ? relevance(typed) : sql`0`} AS score
        FROM products p WHERE ${wordsMatch(typed)}
        LIMIT ${limit + 1}`,
  );
  if (rows.length > limit) return null;
  return rows.map((row) => ({
    id: Number(row.id),
    categoryId: Number(row.category_id),
    brand: row.brand,
    collection: row.collection,
    rating: Number(row.rating),
    price: Number(row.effective_price),
    soldCount: Number(row.sold_count),
    createdUs: Number(row.created_us),
    score: Number(row.score),
  }));
}

/** The ids of one page of matches, in the chosen order. */
export async function searchPageIds(
  db: Db,
  filters: SearchFilters,
  order: SearchOrder,
  limit: number,
  offset: number,
): Promise<number[]> {
  return idsOf(db, searchPageStatement(filters, order, limit, offset));
}

/**
 * The matches of the words and price, counted per category, brand, collection and whole rating (with their price
 * range): every facet, whatever the chosen filters, is a sum over these groups (services/catalogSearch.ts), so one
 * aggregate pass answers them all. Without words and price limit the groups are the whole catalogue's, which the
 * caller keeps until the catalogue changes.
 */
export interface MatchGroup {
  categoryId: number;
  brand: string;
  collection: string;
  /** the rating's whole part: a minimum rating r is met by the groups with ratingFloor >= r */
  ratingFloor: number;
  count: number;
  minPrice: number;
  maxPrice: number;
}

/** The statement of matchGroups (its plan is checked by a test). */
export function matchGroupsStatement(filters: SearchFilters, ranges?: PriceRange[]): SQL {
  return sql`SELECT p.category_id, p.brand, ${collectionColumn(filters.lang)} AS collection,
               floor(p.rating)::int AS rating_floor, count(*) AS n,
               min(p.effective_price) AS min_price, max(p.effective_price) AS max_price
        FROM products p WHERE ${baseWhere(filters, ranges)}
        GROUP BY 1, 2, 3, 4`;
}

export async function matchGroups(
  db: Db,
  filters: SearchFilters,
  ranges?: PriceRange[],
): Promise<MatchGroup[]> {
  const rows = await executeRows<{
    category_id: number;
    brand: string;
    collection: string;
    rating_floor: number;
    n: number | string;
    min_price: number | string;
    max_price: number | string;
  }>(db, matchGroupsStatement(filters, ranges));
  return rows.map((row) => ({
    categoryId: Number(row.category_id),
    brand: row.brand,
    collection: row.collection,
    ratingFloor: Number(row.rating_floor),
    count: Number(row.n),
    minPrice: Number(row.min_price),
    maxPrice: Number(row.max_price),
  }));
}

/**
 * The whole catalogue's match groups split by price band (services/catalogSearch.ts keeps them for a price limit
 * without words). Band i holds the prices from bounds[i - 1] (included) to bounds[i] (excluded); band 0 those below
 * bounds[0], the last those from the last bound up. The bounds are the catalogue's price percentiles, so a band
 * holds about 1/PRICE_BANDS of the products.
 */
export interface BandedGroups {
  bounds: number[];
  /** in band order */
  groups: (MatchGroup & { band: number })[];
}

const PRICE_BANDS = 64;

export async function bandedGroups(db: Db, lang: 'en' | 'ar'): Promise<BandedGroups> {
  const fractions = Array.from({ length: PRICE_BANDS - 1 }, (_, index) => (index + 1) / PRICE_BANDS);
  const [percentiles] = await executeRows<{ bounds: (string | number)[] | string | null }>(
    db,
    sql`SELECT percentile_disc(${`{${fractions.join(',')}}`}::float8[]) WITHIN GROUP (ORDER BY p.effective_price)
          AS bounds FROM products p`,
  );
  const raw = percentiles?.bounds ?? [];
  // Drivers give a numeric[] as an array or as its text.
  const listed = Array.isArray(raw) ? raw : raw.replace(/[{}]/g, '').split(',').filter(Boolean);
  const bounds = [...new Set(listed.map(Number))].sort((x, y) => x - y);
  const rows = await executeRows<{
    band: number;
    category_id: number;
    brand: string;
    collection: string;
    rating_floor: number;
    n: number | string;
    min_price: number | string;
    max_price: number | string;
  }>(
    db,
    sql`SELECT width_bucket(p.effective_price, ${`{${bounds.join(',')}}`}::numeric[]) AS band,
               p.category_id, p.brand, ${collectionColumn(lang)} AS collection,
               floor(p.rating)::int AS rating_floor, count(*) AS n,
               min(p.effective_price) AS min_price, max(p.effective_price) AS max_price
        FROM products p GROUP BY 1, 2, 3, 4, 5 ORDER BY 1`,
  );
  return {
    bounds,
    groups: rows.map((row) => ({
      band: Number(row.band),
      categoryId: Number(row.category_id),
      brand: row.brand,
      collection: row.collection,
      ratingFloor: Number(row.rating_floor),
      count: Number(row.n),
      minPrice: Number(row.min_price),
      maxPrice: Number(row.max_price),
    })),
  };
}

/** The category a name (in either language, any letter case) or an id names; null when none. */
/** Every collection's names in both languages (a few to a few hundred pairs; kept by the caller). */
export function collectionNamePairs(db: Db): Promise<{ en: string; ar: string }[]> {
  return executeRows<{ en: string; ar: string }>(
    db,
    sql`SELECT DISTINCT collection_en AS en, collection_ar AS ar FROM products WHERE collection_en <> ''`,
  );
}

export async function categoryIdNamed(db: Db, nameOrId: string): Promise<number | null> {
  const trimmed = nameOrId.trim();
  const rows = await executeRows<{ id: number }>(
    db,
    /^\d{1,9}$/.test(trimmed)
      ? sql`SELECT id FROM categories WHERE id = ${Number(trimmed)}`
      : // A name as written comes before one that differs in capitals only (names are unique as written).
        sql`SELECT id FROM categories WHERE lower(name_en) = lower(${trimmed}) OR name_ar = ${trimmed}
            ORDER BY (name_en = ${trimmed} OR name_ar = ${trimmed}) DESC, sort_order, id LIMIT 1`,
  );
  return rows[0] ? Number(rows[0].id) : null;
}

export interface CategoryListRow {
  id: number;
  nameEn: string;
  nameAr: string;
  image: string;
  productCount: number;
}

/** How many categories the shop has (the all-categories page's page count). */
export async function categoryCount(db: Db): Promise<number> {
  return Number(
    (await executeRows<{ n: number | string }>(db, sql`SELECT count(*) AS n FROM categories`))[0]?.n ?? 0,
  );
}

/** One page of categories in the shop's order, with how many products each holds, and how many there are. */
export async function categoriesPage(
  db: Db,
  limit: number,
  offset: number,
): Promise<{ rows: CategoryListRow[]; total: number }> {
  const rows = await executeRows<{
    id: number;
    name_en: string;
    name_ar: string;
    image: string;
    product_count: number | string;
    total: number | string;
  }>(
    db,
    sql`SELECT c.id, c.name_en, c.name_ar, c.image,
               (SELECT count(*) FROM products p WHERE p.category_id = c.id) AS product_count,
               count(*) OVER () AS total
        FROM categories c ORDER BY c.sort_order, c.id LIMIT ${limit} OFFSET ${offset}`,
  );
  const total = rows[0] ? Number(rows[0].total) : await categoryCount(db);
  return {
    rows: rows.map((row) => ({
      id: Number(row.id),
      nameEn: row.name_en,
      nameAr: row.name_ar,
      image: row.image,
      productCount: Number(row.product_count),
    })),
    total,
  };
}

/** Ids of products of a category other than one, in a stable order shuffled by `seed`, up to `limit`. */
export async function sameCategoryIds(
  db: Db,
  categoryId: number,
  exceptId: number,
  seed: number,
  limit: number,
): Promise<number[]> {
  // A hash of id and seed orders them differently for each product, the same on every visit; the sample is drawn
  // from the category's first 500 products so a large category costs no more than a small one.
  return idsOf(
    db,
    sql`SELECT id FROM (
          SELECT id FROM products WHERE category_id = ${categoryId} AND id <> ${exceptId} ORDER BY id LIMIT 500
        ) sample ORDER BY hashtext(id::text || ':' || ${String(seed)}), id LIMIT ${limit}`,
  );
}

/** Ids of the best-rated products (rating at least `minRating`) other than one, up to `limit`. */
export async function bestRatedIds(
  db: Db,
  exceptId: number,
  minRating: number,
  limit: number,
): Promise<number[]> {
  return idsOf(
    db,
    sql`SELECT id FROM products WHERE id <> ${exceptId} AND rating >= ${minRating}
        ORDER BY rating DESC, id LIMIT ${limit}`,
  );
}

/** The product ids a query answers, in its order. */
async function idsOf(db: Db, query: SQL): Promise<number[]> {
  const rows = await executeRows<{ id: number }>(db, query);
  return rows.map((row) => Number(row.id));
}

/** Ids of the newest products rated at least `minRating`, up to `limit`. */
export async function newestIds(db: Db, minRating: number, limit: number): Promise<number[]> {
  return idsOf(
    db,
    sql`SELECT id FROM products WHERE rating >= ${minRating} ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
  );
}

/** Discounted products, the deepest discount first, up to `limit`: in the order of `products_deal_idx` (migration 024). */
export const dealIdsStatement = (limit: number) =>
  sql`SELECT id FROM products WHERE discounted_price IS NOT NULL AND discounted_price < price
      ORDER BY (price - discounted_price) / price DESC, id LIMIT ${limit}`;

/** Ids of discounted products, the deepest discount first, up to `limit`. */
export async function dealIds(db: Db, limit: number): Promise<number[]> {
  return idsOf(db, dealIdsStatement(limit));
}

export interface SuggestionRow {
  id: number;
  nameEn: string;
  nameAr: string;
  price: number;
  discountedPrice: number | null;
  image: string | null;
}

export interface CategorySuggestionRow {
  id: number;
  nameEn: string;
  nameAr: string;
}

/**
 * A word as a whole word of the text: the text itself, its first or last word, or one between. Written on the
 * column, as four patterns, so the planner estimates it from the column's statistics (a padded copy has none).
 */
function wholeWord(word: string): SQL {
  const escaped = likeEscaped(word);
  return sql`(p.search_text = ${word} OR p.search_text LIKE ${`${escaped} %`}
              OR p.search_text LIKE ${`% ${escaped}`} OR p.search_text LIKE ${`% ${escaped} %`})`;
}

type SuggestionRowText = {
  kind: 'p' | 'c';
  ord: number | string;
  id: number;
  name_en: string;
  name_ar: string;
  price: string | number | null;
  discounted_price: string | number | null;
  image: string | null;
};

/** Whether suggestions read their best rank first (see suggestionMatches). */
const bestRankFirst = (typed: WordsTyped) => rankable(typed.words) && ranksDiffer(typed) && !typed.fuzzy;

const suggestedProducts = (
  condition: SQL,
  order: SQL,
  limit: number,
) => sql`SELECT p.id, p.name_en, p.name_ar,
               p.price, p.discounted_price,
               (SELECT i.image FROM product_images i WHERE i.product_id = p.id ORDER BY i.position, i.id LIMIT 1) AS image
        FROM products p WHERE ${condition}
        ORDER BY ${order}p.sold_count DESC, p.id
        LIMIT ${limit}`;

/** The suggested products, every match ranked (its plan is checked by a test). */
export function rankedSuggestionsStatement(typed: WordsTyped, limit: number): SQL {
  const ranked = rankable(typed.words) && ranksDiffer(typed);
  return suggestedProducts(wordsMatch(typed), ranked ? sql`${relevance(typed)} DESC, ` : sql``, limit);
}

/**
 * The suggested products of the best rank (every word that may be whole found whole), best sellers first; the
 * ranked statement when the matches do not rank alike (its plan is checked by a test).
 */
export function suggestionsStatement(typed: WordsTyped, limit: number): SQL {
  if (!bestRankFirst(typed)) return rankedSuggestionsStatement(typed, limit);
  const whole = typed.words.filter((word) => mayBeWhole(word, typed)).map(wholeWord);
  return suggestedProducts(sql`${wordsMatch(typed)} AND ${sql.join(whole, sql` AND `)}`, sql``, limit);
}

/**
 * The best products for the words typed so far (whole words first, then best sellers) and, unless
 * `categoryLimit` is 0, the categories whose name holds the words as typed (either language), in one statement.
 *
 * The best rank is every word that may be whole found whole. When at least `limit` matches have it, they are the
 * answer, best sellers first: read in the sales index's order until the list is full (a common word), instead of
 * ranking each of its thousands of matches. Fewer: the matches are ranked (a second statement).
 */
export async function suggestionMatches(
  db: Db,
  typed: WordsTyped,
  limit: number,
  categoryLimit: number,
): Promise<{ products: SuggestionRow[]; categories: CategorySuggestionRow[] }> {
  const { words } = typed;
  if (words.length === 0) return { products: [], categories: [] };
  const wholeFirst = bestRankFirst(typed);
  const products = suggestionsStatement(typed, limit);
  const categories = sql`SELECT c.id, c.name_en, c.name_ar FROM categories c WHERE ${sql.join(
    words.map(
      (word) => sql`shop_search_normalize(c.name_en || ' ' || c.name_ar) LIKE ${`%${likeEscaped(word)}%`}`,
    ),
    sql` AND `,
  )}
        ORDER BY c.sort_order, c.id LIMIT ${categoryLimit}`;
  // Each list keeps its order through its row number (a union promises none of its own).
  const productsOnly = (statement: SQL) =>
    sql`SELECT 'p' AS kind, row_number() OVER () AS ord, s.* FROM (${statement}) s`;
  const rows = await executeRows<SuggestionRowText>(
    db,
    categoryLimit > 0
      ? sql`${productsOnly(products)}
            UNION ALL
            SELECT 'c', row_number() OVER (), c.id, c.name_en, c.name_ar, NULL, NULL, NULL FROM (${categories}) c`
      : productsOnly(products),
  );
  const inOrder = (list: SuggestionRowText[], kind: 'p' | 'c') =>
    list.filter((row) => row.kind === kind).sort((a, b) => Number(a.ord) - Number(b.ord));
  let productRows = inOrder(rows, 'p');
  if (wholeFirst && productRows.length < limit)
    productRows = inOrder(
      await executeRows<SuggestionRowText>(db, productsOnly(rankedSuggestionsStatement(typed, limit))),
      'p',
    );
  return {
    products: productRows.map((row) => ({
      id: Number(row.id),
      nameEn: row.name_en,
      nameAr: row.name_ar,
      price: Number(row.price),
      discountedPrice: row.discounted_price === null ? null : Number(row.discounted_price),
      image: row.image,
    })),
    categories: inOrder(rows, 'c').map((row) => ({
      id: Number(row.id),
      nameEn: row.name_en,
      nameAr: row.name_ar,
    })),
  };
}
