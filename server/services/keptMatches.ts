// A words search answered from its matches kept in memory (issue 48: a search at 100 000 products). The database finds
// the products of the words once per catalogue version (queries' wordMatchRows); every filter, facet, order and page of
// them is then counted here as the one-statement search counts them in the database (queries' searchMatches): the same
// facets (each over the matches passing every other filter), the same page (past the last: the last), the same
// `matched` (the words and price alone). keptMatches.test.ts holds the two to each other.
import {
  noFacets,
  ranksByScore,
  type SearchFilters,
  type SearchMatches,
  type SearchOrder,
  type WordMatchRow,
} from '../db/queries/catalogSearch';

type Typed = Pick<SearchFilters, 'words' | 'fuzzy' | 'similar' | 'whole'>;
type Compare = (a: WordMatchRow, b: WordMatchRow) => number;

const bySales: Compare = (a, b) => b.soldCount - a.soldCount || a.id - b.id;

/** The database's ORDER BY of each order (queries' orderBy), ties by id as there. */
function comparatorOf(order: SearchOrder, typed: Typed): Compare {
  switch (order) {
    case 'relevance':
      return ranksByScore(typed) ? (a, b) => b.score - a.score || bySales(a, b) : bySales;
    case 'newest':
      return (a, b) => b.createdUs - a.createdUs || b.id - a.id;
    case 'price_asc':
      return (a, b) => a.price - b.price || a.id - b.id;
    case 'price_desc':
      return (a, b) => b.price - a.price || a.id - b.id;
    case 'rating':
      return (a, b) => b.rating - a.rating || a.id - b.id;
    case 'best_selling':
      return bySales;
  }
}

/** The matches of one search's words, each order sorted once, when first asked. */
export class KeptMatches {
  private readonly sorted = new Map<SearchOrder, readonly WordMatchRow[]>();

  constructor(
    private readonly rows: readonly WordMatchRow[],
    /** the words they were found for: relevance ranks by their score only when the database would */
    private readonly typed: Typed,
  ) {}

  inOrder(order: SearchOrder): readonly WordMatchRow[] {
    let rows = this.sorted.get(order);
    if (!rows) {
      rows = [...this.rows].sort(comparatorOf(order, this.typed));
      this.sorted.set(order, rows);
    }
    return rows;
  }
}

export function keptSearchMatches(
  kept: KeptMatches,
  filters: SearchFilters,
  order: SearchOrder,
  perPage: number,
  askedPage: number,
): SearchMatches {
  const low = filters.minPriceKwd;
  const high = filters.maxPriceKwd;
  const brands = filters.brands.length ? new Set(filters.brands) : null;
  const collections = filters.collections.length ? new Set(filters.collections) : null;
  const categoryCounts = new Map<number, number>();
  const brandCounts = new Map<string, number>();
  const collectionCounts = new Map<string, number>();
  /** ratingCounts[r]: the matches (but the rating filter) whose rating's whole part is r */
  const ratingCounts = [0, 0, 0, 0, 0, 0];
  const add = <K>(counts: Map<K, number>, key: K) => counts.set(key, (counts.get(key) ?? 0) + 1);
  const facets = noFacets();
  const passing: number[] = [];
  let matched = 0;
  for (const row of kept.inOrder(order)) {
    if ((low !== null && row.price < low) || (high !== null && row.price > high)) continue;
    matched += 1;
    const category =
      !filters.unknownCategory && (filters.categoryId === null || row.categoryId === filters.categoryId);
    const brand = brands === null || brands.has(row.brand);
    const collection = collections === null || collections.has(row.collection);
    const rating = filters.minRating <= 0 || row.rating >= filters.minRating;
    if (brand && collection && rating) add(categoryCounts, row.categoryId);
    if (category && collection && rating && row.brand !== '') add(brandCounts, row.brand);
    if (category && brand && rating && row.collection !== '') add(collectionCounts, row.collection);
    if (category && brand && collection) {
      const floor = Math.floor(row.rating);
      ratingCounts[floor] = (ratingCounts[floor] ?? 0) + 1;
    }
    if (category && brand && collection && rating) {
      passing.push(row.id);
      facets.price.min = facets.price.min === null ? row.price : Math.min(facets.price.min, row.price);
      facets.price.max = facets.price.max === null ? row.price : Math.max(facets.price.max, row.price);
    }
  }
  facets.total = passing.length;
  facets.categories = [...categoryCounts].map(([id, count]) => ({ id, count }));
  facets.brands = [...brandCounts].map(([value, count]) => ({ value, count }));
  facets.collections = [...collectionCounts].map(([value, count]) => ({ value, count }));
  // "r stars or more" counts every rating whose whole part is r or above.
  facets.ratings = [1, 2, 3, 4, 5].map((minRating) => ({
    minRating,
    count: ratingCounts.slice(minRating).reduce((sum, count) => sum + count, 0),
  }));
  // A page past the last answers the last, as the statement's clamped OFFSET does.
  const page = Math.min(askedPage, Math.max(1, Math.ceil(passing.length / perPage)));
  return { facets, ids: passing.slice((page - 1) * perPage, page * perPage), matched };
}
