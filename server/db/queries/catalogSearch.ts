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

const likeEscaped = (word: string) => word.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A word of the query found: as a whole word (3), inside a word (2), or mistyped (1); 0 not found. */
function wordScore(word: string): SQL {
  const inside = `%${likeEscaped(word)}%`;
  const whole = `% ${likeEscaped(word)} %`;
  return sql`(CASE WHEN (' ' || p.search_text || ' ') LIKE ${whole} THEN 3
                   WHEN p.search_text LIKE ${inside} THEN 2
                   WHEN ${word} OPERATOR(public.<%) p.search_text THEN 1 ELSE 0 END)`;
}

/** Each word must be found one way or another (the index answers both the LIKE and the similarity). */
function wordsMatch(words: string[]): SQL {
  if (words.length === 0) return sql`TRUE`;
  return sql.join(
    words.map(
      (word) =>
        sql`(p.search_text LIKE ${`%${likeEscaped(word)}%`} OR ${word} OPERATOR(public.<%) p.search_text)`,
    ),
    sql` AND `,
  );
}

function relevance(words: string[]): SQL {
  if (words.length === 0) return sql`0`;
  return sql.join(words.map(wordScore), sql` + `);
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

/** Words and price: what every facet counts within. */
function baseWhere(filters: SearchFilters): SQL {
  const parts = [wordsMatch(filters.words)];
  if (filters.minPriceKwd !== null) parts.push(sql`p.effective_price >= ${filters.minPriceKwd}`);
  if (filters.maxPriceKwd !== null) parts.push(sql`p.effective_price <= ${filters.maxPriceKwd}`);
  return sql.join(parts, sql` AND `);
}

function orderBy(order: SearchOrder, words: string[]): SQL {
  switch (order) {
    case 'relevance':
      return words.length === 0 ? sql`p.id` : sql`${relevance(words)} DESC, p.sold_count DESC, p.id`;
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

/** The ids of one page of matches, in the chosen order. */
export async function searchPageIds(
  db: Db,
  filters: SearchFilters,
  order: SearchOrder,
  limit: number,
  offset: number,
): Promise<number[]> {
  const flags = filterFlags(filters);
  const rows = await executeRows<{ id: number }>(
    db,
    sql`SELECT p.id FROM products p
        WHERE ${baseWhere(filters)} AND ${flags.category} AND ${flags.brand} AND ${flags.collection} AND ${flags.rating}
        ORDER BY ${orderBy(order, filters.words)}
        LIMIT ${limit} OFFSET ${offset}`,
  );
  return rows.map((row) => Number(row.id));
}

export interface FacetRows {
  total: number;
  categories: { id: number; count: number }[];
  brands: { value: string; count: number }[];
  collections: { value: string; count: number }[];
  ratings: { minRating: number; count: number }[];
  price: { min: number | null; max: number | null };
}

interface FacetRow extends Record<string, unknown> {
  facet: 'total' | 'category' | 'brand' | 'collection' | 'rating' | 'price_min' | 'price_max';
  value: string | null;
  count: number | string;
}

/**
 * The total and every facet's counts in one statement: the matches of the words and price are read once, each
 * with a flag per filter; a facet counts the matches that pass every other filter (disjunctive faceting).
 */
export async function searchFacets(db: Db, filters: SearchFilters): Promise<FacetRows> {
  const flags = filterFlags(filters);
  const rows = await executeRows<FacetRow>(
    db,
    sql`WITH m AS MATERIALIZED (
          SELECT p.category_id, p.brand, ${collectionColumn(filters.lang)} AS collection, p.rating, p.effective_price,
                 ${flags.category} AS category_ok, ${flags.brand} AS brand_ok,
                 ${flags.collection} AS collection_ok, ${flags.rating} AS rating_ok
          FROM products p WHERE ${baseWhere(filters)}
        )
        SELECT 'total' AS facet, NULL AS value, count(*) AS count FROM m
          WHERE category_ok AND brand_ok AND collection_ok AND rating_ok
        UNION ALL
        SELECT 'price_min', min(effective_price)::text, 0 FROM m
          WHERE category_ok AND brand_ok AND collection_ok AND rating_ok
        UNION ALL
        SELECT 'price_max', max(effective_price)::text, 0 FROM m
          WHERE category_ok AND brand_ok AND collection_ok AND rating_ok
        UNION ALL
        SELECT 'category', category_id::text, count(*) FROM m
          WHERE brand_ok AND collection_ok AND rating_ok GROUP BY category_id
        UNION ALL
        SELECT 'brand', brand, count(*) FROM m
          WHERE category_ok AND collection_ok AND rating_ok AND brand <> '' GROUP BY brand
        UNION ALL
        SELECT 'collection', collection, count(*) FROM m
          WHERE category_ok AND brand_ok AND rating_ok AND collection <> '' GROUP BY collection
        UNION ALL
        SELECT 'rating', r::text, count(*) FROM m CROSS JOIN generate_series(1, 4) AS r
          WHERE category_ok AND brand_ok AND collection_ok AND m.rating >= r GROUP BY r`,
  );
  const facets: FacetRows = {
    total: 0,
    categories: [],
    brands: [],
    collections: [],
    ratings: [],
    price: { min: null, max: null },
  };
  for (const row of rows) {
    const count = Number(row.count);
    const value = row.value ?? '';
    if (row.facet === 'total') facets.total = count;
    else if (row.facet === 'price_min') facets.price.min = row.value === null ? null : Number(row.value);
    else if (row.facet === 'price_max') facets.price.max = row.value === null ? null : Number(row.value);
    else if (row.facet === 'category') facets.categories.push({ id: Number(value), count });
    else if (row.facet === 'brand') facets.brands.push({ value, count });
    else if (row.facet === 'collection') facets.collections.push({ value, count });
    else facets.ratings.push({ minRating: Number(value), count });
  }
  return facets;
}

/** The category a name (in either language, any letter case) or an id names; null when none. */
export async function categoryIdNamed(db: Db, nameOrId: string): Promise<number | null> {
  const trimmed = nameOrId.trim();
  const rows = await executeRows<{ id: number }>(
    db,
    /^\d{1,9}$/.test(trimmed)
      ? sql`SELECT id FROM categories WHERE id = ${Number(trimmed)}`
      : sql`SELECT id FROM categories WHERE lower(name_en) = lower(${trimmed}) OR name_ar = ${trimmed}
            ORDER BY sort_order, id LIMIT 1`,
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
  const total = rows[0]
    ? Number(rows[0].total)
    : Number(
        (await executeRows<{ n: number | string }>(db, sql`SELECT count(*) AS n FROM categories`))[0]?.n ?? 0,
      );
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
  const rows = await executeRows<{ id: number }>(
    db,
    sql`SELECT id FROM (
          SELECT id FROM products WHERE category_id = ${categoryId} AND id <> ${exceptId} ORDER BY id LIMIT 500
        ) sample ORDER BY hashtext(id::text || ':' || ${String(seed)}), id LIMIT ${limit}`,
  );
  return rows.map((row) => Number(row.id));
}

/** Ids of the best-rated products (rating at least `minRating`) other than one, up to `limit`. */
export async function bestRatedIds(
  db: Db,
  exceptId: number,
  minRating: number,
  limit: number,
): Promise<number[]> {
  const rows = await executeRows<{ id: number }>(
    db,
    sql`SELECT id FROM products WHERE id <> ${exceptId} AND rating >= ${minRating}
        ORDER BY rating DESC, id LIMIT ${limit}`,
  );
  return rows.map((row) => Number(row.id));
}

/** Ids of the newest products rated at least `minRating`, up to `limit`. */
export async function newestIds(db: Db, minRating: number, limit: number): Promise<number[]> {
  const rows = await executeRows<{ id: number }>(
    db,
    sql`SELECT id FROM products WHERE rating >= ${minRating} ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
  );
  return rows.map((row) => Number(row.id));
}

/** Ids of discounted products, the deepest discount first, up to `limit`. */
export async function dealIds(db: Db, limit: number): Promise<number[]> {
  const rows = await executeRows<{ id: number }>(
    db,
    sql`SELECT id FROM products WHERE discounted_price IS NOT NULL AND discounted_price < price
        ORDER BY (price - discounted_price) / price DESC, id LIMIT ${limit}`,
  );
  return rows.map((row) => Number(row.id));
}

export interface SuggestionRow {
  id: number;
  nameEn: string;
  nameAr: string;
  price: number;
  discountedPrice: number | null;
  image: string | null;
}

/** The best matches for the words typed so far, whole words first, then best sellers. */
export async function suggestionRows(db: Db, words: string[], limit: number): Promise<SuggestionRow[]> {
  if (words.length === 0) return [];
  const rows = await executeRows<{
    id: number;
    name_en: string;
    name_ar: string;
    price: string | number;
    discounted_price: string | number | null;
    image: string | null;
  }>(
    db,
    sql`SELECT p.id, p.name_en, p.name_ar, p.price, p.discounted_price,
               (SELECT i.image FROM product_images i WHERE i.product_id = p.id ORDER BY i.position, i.id LIMIT 1) AS image
        FROM products p WHERE ${wordsMatch(words)}
        ORDER BY ${relevance(words)} DESC, p.sold_count DESC, p.id LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    nameEn: row.name_en,
    nameAr: row.name_ar,
    price: Number(row.price),
    discountedPrice: row.discounted_price === null ? null : Number(row.discounted_price),
    image: row.image,
  }));
}

/** Categories whose name holds the words typed so far (either language), up to `limit`. */
export async function categorySuggestionRows(
  db: Db,
  words: string[],
  limit: number,
): Promise<{ id: number; nameEn: string; nameAr: string }[]> {
  if (words.length === 0) return [];
  const conditions = sql.join(
    words.map(
      (word) => sql`shop_search_normalize(c.name_en || ' ' || c.name_ar) LIKE ${`%${likeEscaped(word)}%`}`,
    ),
    sql` AND `,
  );
  const rows = await executeRows<{ id: number; name_en: string; name_ar: string }>(
    db,
    sql`SELECT c.id, c.name_en, c.name_ar FROM categories c WHERE ${conditions}
        ORDER BY c.sort_order, c.id LIMIT ${limit}`,
  );
  return rows.map((row) => ({ id: Number(row.id), nameEn: row.name_en, nameAr: row.name_ar }));
}
