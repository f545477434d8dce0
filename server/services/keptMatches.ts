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
/** The columns an order reads, one slot per match. */
interface OrderColumns {
  ids: Int32Array;
  prices: Float64Array;
  ratings: Float64Array;
  sales: Float64Array;
  scores: Float64Array;
  createdUs: Float64Array;
}
type Compare = (a: number, b: number) => number;

/** The database's ORDER BY of each order (queries' orderBy), ties by id as there, over the matches' slots. */
function comparatorOf(order: SearchOrder, typed: Typed, c: OrderColumns): Compare {
  const id = (a: number, b: number) => (c.ids[a] as number) - (c.ids[b] as number);
  const bySales: Compare = (a, b) => (c.sales[b] as number) - (c.sales[a] as number) || id(a, b);
  switch (order) {
    case 'relevance':
      return ranksByScore(typed)
        ? (a, b) => (c.scores[b] as number) - (c.scores[a] as number) || bySales(a, b)
        : bySales;
    case 'newest':
      return (a, b) => (c.createdUs[b] as number) - (c.createdUs[a] as number) || id(b, a);
    case 'price_asc':
      return (a, b) => (c.prices[a] as number) - (c.prices[b] as number) || id(a, b);
    case 'price_desc':
      return (a, b) => (c.prices[b] as number) - (c.prices[a] as number) || id(a, b);
    case 'rating':
      return (a, b) => (c.ratings[b] as number) - (c.ratings[a] as number) || id(a, b);
    case 'best_selling':
      return bySales;
  }
}

/** Codes for the distinct values of a column: counting by code is an array's slot, not a map's key. */
function coded<T>(values: readonly T[]): { codes: Int32Array; distinct: T[] } {
  const codeOf = new Map<T, number>();
  const codes = new Int32Array(values.length);
  values.forEach((value, index) => {
    let code = codeOf.get(value);
    if (code === undefined) {
      code = codeOf.size;
      codeOf.set(value, code);
    }
    codes[index] = code;
  });
  return { codes, distinct: [...codeOf.keys()] };
}

/** The first index of an ascending list whose value passes `after` (binary search). */
function firstWhere(list: Float64Array, order: Int32Array, after: (value: number) => boolean): number {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (after(list[order[middle] as number] as number)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * The matches of one search's words, laid out for counting: one slot per match in each column, the text columns as
 * codes, the matches by price (a price limit is a window of them), each order sorted once, when first asked.
 */
export class KeptMatches {
  readonly ids: Int32Array;
  readonly prices: Float64Array;
  readonly ratings: Float64Array;
  readonly categories: ReturnType<typeof coded<number>>;
  readonly brands: ReturnType<typeof coded<string>>;
  readonly collections: ReturnType<typeof coded<string>>;
  /** the matches' slots, cheapest first */
  readonly byPrice: Int32Array;
  private readonly columns: OrderColumns;
  private readonly sorted = new Map<SearchOrder, Int32Array>();

  constructor(
    rows: readonly WordMatchRow[],
    /** the words they were found for: relevance ranks by their score only when the database would */
    private readonly typed: Typed,
  ) {
    this.ids = Int32Array.from(rows, (row) => row.id);
    this.prices = Float64Array.from(rows, (row) => row.price);
    this.ratings = Float64Array.from(rows, (row) => row.rating);
    this.categories = coded(rows.map((row) => row.categoryId));
    this.brands = coded(rows.map((row) => row.brand));
    this.collections = coded(rows.map((row) => row.collection));
    this.columns = {
      ids: this.ids,
      prices: this.prices,
      ratings: this.ratings,
      sales: Float64Array.from(rows, (row) => row.soldCount),
      scores: Float64Array.from(rows, (row) => row.score),
      createdUs: Float64Array.from(rows, (row) => row.createdUs),
    };
    this.byPrice = this.slotsSortedBy((a, b) => (this.prices[a] as number) - (this.prices[b] as number));
  }

  private slotsSortedBy(compare: Compare): Int32Array {
    return Int32Array.from(this.ids.keys()).sort(compare);
  }

  /** The slots in an order's sequence. */
  inOrder(order: SearchOrder): Int32Array {
    let slots = this.sorted.get(order);
    if (!slots) {
      slots = this.slotsSortedBy(comparatorOf(order, this.typed, this.columns));
      this.sorted.set(order, slots);
    }
    return slots;
  }

  /** The positions in byPrice from the first price at least `low` to before the first above `high`. */
  priceWindow(low: number | null, high: number | null): [number, number] {
    const from = low === null ? 0 : firstWhere(this.prices, this.byPrice, (price) => price >= low);
    const to =
      high === null ? this.byPrice.length : firstWhere(this.prices, this.byPrice, (price) => price > high);
    return [from, Math.max(from, to)];
  }
}

/** Which codes of a column a filter's values allow (null: the filter allows every one). */
function allowed(distinct: readonly string[], chosen: readonly string[]): Uint8Array | null {
  if (chosen.length === 0) return null;
  const wanted = new Set(chosen);
  return Uint8Array.from(distinct, (value) => (wanted.has(value) ? 1 : 0));
}

export function keptSearchMatches(
  kept: KeptMatches,
  filters: SearchFilters,
  order: SearchOrder,
  perPage: number,
  askedPage: number,
): SearchMatches {
  const { ids, prices, ratings, categories, brands, collections, byPrice } = kept;
  const brandAllowed = allowed(brands.distinct, filters.brands);
  const collectionAllowed = allowed(collections.distinct, filters.collections);
  const categoryCode = filters.categoryId === null ? -1 : categories.distinct.indexOf(filters.categoryId);
  // A chosen category none of the matches is in leaves nothing, as an unknown one does.
  const noCategory = filters.unknownCategory || (filters.categoryId !== null && categoryCode < 0);
  const minRating = filters.minRating;
  const categoryCounts = new Int32Array(categories.distinct.length);
  const brandCounts = new Int32Array(brands.distinct.length);
  const collectionCounts = new Int32Array(collections.distinct.length);
  /** ratingCounts[r]: the matches (but the rating filter) whose rating's whole part is r */
  const ratingCounts = [0, 0, 0, 0, 0, 0];
  const passes = new Uint8Array(ids.length);
  const facets = noFacets();
  const [from, to] = kept.priceWindow(filters.minPriceKwd, filters.maxPriceKwd);
  let total = 0;
  for (let position = from; position < to; position += 1) {
    const slot = byPrice[position] as number;
    const categoryOf = categories.codes[slot] as number;
    const brandOf = brands.codes[slot] as number;
    const collectionOf = collections.codes[slot] as number;
    const rating = ratings[slot] as number;
    const category = !noCategory && (categoryCode < 0 || categoryOf === categoryCode);
    const brand = brandAllowed === null || brandAllowed[brandOf] === 1;
    const collection = collectionAllowed === null || collectionAllowed[collectionOf] === 1;
    const rated = minRating <= 0 || rating >= minRating;
    if (brand && collection && rated) categoryCounts[categoryOf] = (categoryCounts[categoryOf] as number) + 1;
    if (category && collection && rated) brandCounts[brandOf] = (brandCounts[brandOf] as number) + 1;
    if (category && brand && rated)
      collectionCounts[collectionOf] = (collectionCounts[collectionOf] as number) + 1;
    if (category && brand && collection) {
      const floor = Math.floor(rating);
      ratingCounts[floor] = (ratingCounts[floor] ?? 0) + 1;
    }
    if (category && brand && collection && rated) {
      passes[slot] = 1;
      total += 1;
      // In price order: the first passing is the cheapest, the last the dearest.
      const price = prices[slot] as number;
      if (facets.price.min === null) facets.price.min = price;
      facets.price.max = price;
    }
  }
  facets.total = total;
  categoryCounts.forEach((count, code) => {
    if (count > 0) facets.categories.push({ id: categories.distinct[code] as number, count });
  });
  brandCounts.forEach((count, code) => {
    const value = brands.distinct[code] as string;
    if (count > 0 && value !== '') facets.brands.push({ value, count });
  });
  collectionCounts.forEach((count, code) => {
    const value = collections.distinct[code] as string;
    if (count > 0 && value !== '') facets.collections.push({ value, count });
  });
  // "r stars or more" counts every rating whose whole part is r or above.
  facets.ratings = [1, 2, 3, 4, 5].map((minimum) => ({
    minRating: minimum,
    count: ratingCounts.slice(minimum).reduce((sum, count) => sum + count, 0),
  }));
  // A page past the last answers the last, as the statement's clamped OFFSET does.
  const page = Math.min(askedPage, Math.max(1, Math.ceil(total / perPage)));
  let skip = (page - 1) * perPage;
  const pageIds: number[] = [];
  if (total > 0) {
    for (const slot of kept.inOrder(order)) {
      if (passes[slot] !== 1) continue;
      if (skip > 0) skip -= 1;
      else if (pageIds.push(ids[slot] as number) === perPage) break;
    }
  }
  return { facets, ids: pageIds, matched: to - from };
}
