// The paged catalogue's rules (issue 48): what a search request means, how a page of products and its facets are
// put together, the related lists and the home lists. Each answer is bounded whatever the catalogue's size.
import {
  CATEGORIES_PAGE_SIZE,
  HOME_CATEGORIES_MAX,
  HOME_LIST_MAX,
  SEARCH_PAGE_MAX,
  SEARCH_PAGE_SIZE,
  SUGGESTIONS_MAX,
  type CategoriesPageResponse,
  type HomeResponse,
  type ListedCategory,
  type ListedProduct,
  type RelatedResponse,
  type SearchResponse,
  type SearchQuery,
  type SearchSort,
  type SuggestResponse,
} from '../../contract/catalogSearch';
import type { Product } from '../../contract/catalog';
import type { Db } from '../db/client';
import {
  anyProductHasWords,
  bestRatedIds,
  categoriesPage,
  categoryIdNamed,
  collectionNamePairs,
  dealIds,
  newestIds,
  sameCategoryIds,
  matchGroups,
  mayBeMistyped,
  bandedGroups,
  searchMatches,
  searchPageIds,
  similarWordsOf,
  suggestionMatches,
  typedWords,
  noFacets,
  withFuzzyMatching,
  wordMatchRows,
  type CategoryListRow,
  type Facets,
  type MatchGroup,
  type PriceRange,
  type SearchFilters,
  type SearchMatches,
  type SearchOrder,
} from '../db/queries/catalogSearch';
import { categoryRows } from '../db/queries/catalog';
import { localized, type Lang } from '../lib/language';
import { foundById } from '../lib/ids';
import { productAnswerRows, type ProductAnswerRow } from '../db/queries/products';
import { minorUnitsPerMajor } from '../../shared/minorUnits';
import { listOf } from '../../shared/pageAddress';
import { bestSellers, loadProducts, productAnswerOf } from './catalog';
import { KeptMatches, keptSearchMatches } from './keptMatches';
import { convert, shownRate, type Rate } from './rates';

/** Words beyond these are ignored: no product name needs more, and each word is one more index probe. */
const MAX_WORDS = 6;
const SIMILAR_MAX = 12;
const RECOMMENDED_MAX = 8;
const MIN_GOOD_RATING = 3;
const CATEGORY_SUGGESTIONS_MAX = 3;

/**
 * The words that narrow a search: a one-letter word (a stray key, the Arabic "و") matches nearly everything and
 * would only cost a scan of the whole catalogue; the first MAX_WORDS others.
 */
function meaningfulWords(words: string[]): string[] {
  return words.filter((word) => [...word].length > 1).slice(0, MAX_WORDS);
}

export function listedProduct(product: Product): ListedProduct {
  const { description: _description, image_url: _gallery, product_images: _images, ...listed } = product;
  return listed;
}

/**
 * The products of these ids, in this order, as lists show them. With a memory, each product's row is kept there (the
 * rows it lacks read in one statement).
 */
async function listedProducts(
  db: Db,
  ids: number[],
  lang: Lang,
  rate: Rate | null,
  memory?: Memory,
): Promise<ListedProduct[]> {
  if (ids.length === 0) return [];
  if (memory) {
    const missing: number[] = [];
    let read: Promise<Map<number, ProductAnswerRow>> | undefined;
    const rows = await Promise.all(
      ids.map((id) =>
        memory.get(`product|${id}`, () => {
          missing.push(id);
          // Every miss of this list is asked for before the statement runs (a microtask later).
          read ??= Promise.resolve().then(async () => {
            const found = await productAnswerRows(db, missing);
            return new Map(found.map((row) => [row.product.id, row]));
          });
          return read.then((found) => found.get(id) ?? null);
        }),
      ),
    );
    return rows.flatMap((row) => (row ? [listedProduct(productAnswerOf(row, lang, rate))] : []));
  }
  const loaded = await loadProducts(db, ids, lang, { rate });
  const byId = new Map(loaded.map((product) => [product.id, product]));
  return ids.flatMap((id) => {
    const product = byId.get(id);
    return product ? [listedProduct(product)] : [];
  });
}

/** A brand or collection list as the page's address writes it (a comma inside a name escaped: shared/pageAddress). */
const names = (list: string | undefined) => listOf(list ?? null).slice(0, 50);

const wholeNumber = (text: string | undefined, fallback: number) => {
  const value = Number(text?.trim());
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

/**
 * A price limit the shopper typed in the shown currency, as KWD (null: no limit), widened by half the shown
 * currency's smallest unit (`side`: -1 below a lower limit, 1 above an upper one): a product shown at the limit,
 * rounded to it, passes it (3 KWD shows as 9.76 USD at 3.254, and passes "up to 9.76").
 */
function kwd(text: string | undefined, rate: Rate | null, side: -1 | 1): number | null {
  if (text === undefined || text.trim() === '') return null;
  const limit = Number(text) + (side * 0.5) / minorUnitsPerMajor(rate?.currencyCode ?? 'KWD');
  return rate ? limit / rate.ratePerKwd : limit;
}

/** The categories in the shop's order (their names and order for the category facet). */
export type CategoryOrder = Awaited<ReturnType<typeof categoryRows>>;

/** What a GroupMemory keeps: match groups, price bands, the categories' order. */
export type Kept = MatchGroup[] | PriceBands | CategoryOrder | CollectionNames;
/** Every collection's names in both languages (queries' collectionNamePairs). */
type CollectionNames = { en: string; ar: string }[];

/**
 * Where the whole catalogue's match groups (and their split by price band) are kept between searches (the route
 * drops them on a change).
 */
export interface GroupMemory {
  get<T extends Kept>(key: string, compute: () => Promise<T>): Promise<T>;
}

/**
 * The whole catalogue's match groups by price band (queries' bandedGroups), arranged for a price limit without words:
 * per group, its bands in order with running counts, so the groups of any run of bands are one lookup per group
 * (not one per group and band: that is nearly one per product).
 */
export interface PriceBands {
  bounds: number[];
  groups: {
    group: MatchGroup;
    bands: number[];
    /** counts[i]: the products of bands[0..i - 1] */
    counts: number[];
    minPrices: number[];
    maxPrices: number[];
  }[];
}

export async function priceBands(db: Db, lang: Lang): Promise<PriceBands> {
  const banded = await bandedGroups(db, lang);
  const byGroup = new Map<string, PriceBands['groups'][number]>();
  for (const { band, ...group } of banded.groups) {
    const key = `${group.categoryId}\u0000${group.brand}\u0000${group.collection}\u0000${group.ratingFloor}`;
    let entry = byGroup.get(key);
    if (!entry) {
      entry = { group, bands: [], counts: [0], minPrices: [], maxPrices: [] };
      byGroup.set(key, entry);
    }
    entry.bands.push(band);
    entry.counts.push((entry.counts.at(-1) ?? 0) + group.count);
    entry.minPrices.push(group.minPrice);
    entry.maxPrices.push(group.maxPrice);
  }
  return { bounds: banded.bounds, groups: [...byGroup.values()] };
}

/** The first index of a sorted list whose value is at least `value`. */
function firstAtLeast(list: number[], value: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((list[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The groups of a price limit without words: the kept counts of the bands the limit covers, and the products of the
 * one or two bands it cuts through counted now (from the price index: a band is about 1/64 of the catalogue).
 */
async function groupsWithinPrice(db: Db, filters: SearchFilters, bands: PriceBands): Promise<MatchGroup[]> {
  const { bounds } = bands;
  const lo = filters.minPriceKwd;
  const hi = filters.maxPriceKwd;
  const lower = (band: number) => (band === 0 ? null : (bounds[band - 1] as number));
  const upper = (band: number) => (band === bounds.length ? null : (bounds[band] as number));
  const inside = (band: number) => {
    const from = lower(band);
    const to = upper(band);
    return (lo === null || (from !== null && lo <= from)) && (hi === null || (to !== null && to <= hi));
  };
  let first = -1;
  let last = -1;
  for (let band = 0; band <= bounds.length; band += 1) {
    if (!inside(band)) continue;
    if (first < 0) first = band;
    last = band;
  }
  if (first < 0) return matchGroups(db, filters, [{ min: lo, max: hi, maxIncluded: true }]);
  const covered: MatchGroup[] = [];
  for (const entry of bands.groups) {
    const from = firstAtLeast(entry.bands, first);
    const to = firstAtLeast(entry.bands, last + 1);
    if (from === to) continue;
    covered.push({
      ...entry.group,
      count: (entry.counts[to] as number) - (entry.counts[from] as number),
      minPrice: entry.minPrices[from] as number,
      maxPrice: entry.maxPrices[to - 1] as number,
    });
  }
  const edges: PriceRange[] = [];
  const below = lower(first);
  const above = upper(last);
  if (below !== null) edges.push({ min: lo, max: below, maxIncluded: false });
  if (above !== null) edges.push({ min: above, max: hi, maxIncluded: true });
  return edges.length ? covered.concat(await matchGroups(db, filters, edges)) : covered;
}

/** The catalogue's words close to each typed word that may be mistyped (none: the word has no likely meaning). */
function closeWordsOf(db: Db, words: string[]): Promise<Record<string, string[]>> {
  return similarWordsOf(db, words.filter(mayBeMistyped));
}

/**
 * What searches by words keep between requests until the catalogue changes (stock and sales included: their orders
 * read sales): the words of a typed text, the close words of mistyped ones, and the matches of words (KeptMatches;
 * null when too many to keep). The route drops it all on a change.
 */
export interface Memory {
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
}

/**
 * Beyond this many matches a search's words are not kept (a word of two letters matches much of the catalogue): the
 * database counts them, as it does without a memory. About 80 bytes of memory per match kept (keptMatches' columns).
 */
export const KEPT_MATCHES_MAX = 10_000;

/** A search by words: from its kept matches when it has a memory and they are few enough, else in the database. */
async function matchesOfWords(
  db: Db,
  filters: SearchFilters,
  order: SearchOrder,
  perPage: number,
  asked: number,
  memory: Memory | undefined,
): Promise<SearchMatches> {
  const kept = memory
    ? await memory.get(`${filters.lang}|${filters.fuzzy}|${filters.words.join(' ')}`, async () => {
        const rows = await wordMatchRows(db, filters, filters.lang, KEPT_MATCHES_MAX);
        return rows && new KeptMatches(rows, filters);
      })
    : null;
  return kept
    ? keptSearchMatches(kept, filters, order, perPage, asked)
    : searchMatches(db, filters, order, perPage, asked);
}

/** Kept by `memory` when there is one. */
const rememberedBy = <T>(memory: Memory | undefined, key: string, compute: () => Promise<T>) =>
  memory ? memory.get(key, compute) : compute();

export type { Facets };

/**
 * The total and every facet from the match groups (kept for searches without words): a facet counts the groups that
 * pass every chosen filter but its own (disjunctive faceting: ticking a second brand widens the result by the count
 * shown beside it). A search by words has them counted by the database (queries' searchMatches), the same way.
 */
export function facetsOf(groups: MatchGroup[], filters: SearchFilters): Facets {
  const brands = filters.brands.length ? new Set(filters.brands) : null;
  const collections = filters.collections.length ? new Set(filters.collections) : null;
  const passes = {
    category: (group: MatchGroup) =>
      !filters.unknownCategory && (filters.categoryId === null || group.categoryId === filters.categoryId),
    brand: (group: MatchGroup) => brands === null || brands.has(group.brand),
    collection: (group: MatchGroup) => collections === null || collections.has(group.collection),
    rating: (group: MatchGroup) => group.ratingFloor >= filters.minRating,
  };
  const categoryCounts = new Map<number, number>();
  const brandCounts = new Map<string, number>();
  const collectionCounts = new Map<string, number>();
  const ratingCounts = [0, 0, 0, 0, 0, 0];
  const facets = noFacets();
  const add = <K>(counts: Map<K, number>, key: K, count: number) =>
    counts.set(key, (counts.get(key) ?? 0) + count);
  for (const group of groups) {
    const category = passes.category(group);
    const brand = passes.brand(group);
    const collection = passes.collection(group);
    const rating = passes.rating(group);
    if (brand && collection && rating) add(categoryCounts, group.categoryId, group.count);
    if (category && collection && rating && group.brand !== '') add(brandCounts, group.brand, group.count);
    if (category && brand && rating && group.collection !== '')
      add(collectionCounts, group.collection, group.count);
    if (category && brand && collection) {
      for (let min = 1; min <= Math.min(5, group.ratingFloor); min += 1)
        ratingCounts[min] = (ratingCounts[min] ?? 0) + group.count;
    }
    if (category && brand && collection && rating) {
      facets.total += group.count;
      facets.price.min =
        facets.price.min === null ? group.minPrice : Math.min(facets.price.min, group.minPrice);
      facets.price.max =
        facets.price.max === null ? group.maxPrice : Math.max(facets.price.max, group.maxPrice);
    }
  }
  facets.categories = [...categoryCounts].map(([id, count]) => ({ id, count }));
  facets.brands = [...brandCounts].map(([value, count]) => ({ value, count }));
  facets.collections = [...collectionCounts].map(([value, count]) => ({ value, count }));
  // One count per choice the filter panel offers (1 to 5 stars or more).
  facets.ratings = [1, 2, 3, 4, 5].map((minRating) => ({ minRating, count: ratingCounts[minRating] ?? 0 }));
  return facets;
}

/** Where a search's work is kept between requests (the route's; none: every part computed). */
export interface SearchMemory {
  groups?: GroupMemory;
  /** the words of typed texts and the close words of mistyped ones */
  words?: Memory;
  /** the matches of words (KeptMatches, null when too many to keep) */
  matches?: Memory;
  /** the rows of the products a page shows, until the catalogue changes (stock included: they show it) */
  products?: Memory;
}

/**
 * The collections a query names, by their names in `lang` (the facets group by those): a name in the other language
 * reads as its own, as a category's does, so a link an Arabic shopper shares finds the same products in English. A
 * name the shop has in neither stays as it is, and finds nothing.
 */
async function collectionsIn(
  db: Db,
  asked: string[],
  lang: Lang,
  memory: GroupMemory | undefined,
): Promise<string[]> {
  if (asked.length === 0) return asked;
  const pairs: CollectionNames = memory
    ? await memory.get('collection-names', () => collectionNamePairs(db))
    : await collectionNamePairs(db);
  const named = asked.map((name) => {
    const pair = pairs.find((row) => row.en === name || row.ar === name);
    return pair ? (lang === 'ar' ? pair.ar || pair.en : pair.en) : name;
  });
  return [...new Set(named)];
}

export async function searchCatalog(
  db: Db,
  query: SearchQuery,
  lang: Lang,
  rate: Rate | null,
  memory: SearchMemory = {},
): Promise<SearchResponse> {
  const { groups: groupMemory, words: wordMemory, matches: matchMemory, products: productMemory } = memory;
  const text = query.q?.trim() ?? '';
  const categoryId = query.category?.trim() ? await categoryIdNamed(db, query.category) : null;
  const typed = text ? await rememberedBy(wordMemory, `typed|${text}`, () => typedWords(db, text)) : null;
  // A limit written in another currency (a link shared from it) is read in that one; in one the shop does not
  // show, in the answer's, as before the address named it.
  const priceRate = query.price_currency ? ((await shownRate(db, query.price_currency)) ?? rate) : rate;
  const filters: SearchFilters = {
    words: typed ? meaningfulWords(typed.words) : [],
    fuzzy: false,
    ...(typed ? { whole: typed.whole } : {}),
    categoryId,
    unknownCategory: Boolean(query.category?.trim()) && categoryId === null,
    brands: names(query.brands),
    collections: await collectionsIn(db, names(query.collections), lang, groupMemory),
    lang,
    minPriceKwd: kwd(query.min_price, priceRate, -1),
    maxPriceKwd: kwd(query.max_price, priceRate, 1),
    minRating: Number(query.min_rating ?? 0),
  };
  const sort: SearchSort = query.sort ?? 'relevance';
  const perPage = Math.min(wholeNumber(query.per_page, SEARCH_PAGE_SIZE), SEARCH_PAGE_MAX);
  // Text that folds to no word of two letters or more ("!!", "ـــ", "a"): it names nothing, so it finds nothing
  // (the whole catalogue answered under "results for !!" read as a search that matched everything).
  const wordsTooShort = typed !== null && filters.words.length === 0;
  const withoutWords = filters.words.length === 0 && !wordsTooShort;
  const wholeCatalogue = withoutWords && filters.minPriceKwd === null && filters.maxPriceKwd === null;
  // Read before the transaction: on PGlite's one connection a read outside it would wait for it to end.
  const catalogueGroups =
    wholeCatalogue && groupMemory
      ? await groupMemory.get(`groups:${lang}`, () => matchGroups(db, filters))
      : null;
  const bands =
    withoutWords && !wholeCatalogue && groupMemory
      ? await groupMemory.get(`bands:${lang}`, () => priceBands(db, lang))
      : null;
  const asked = wholeNumber(query.page, 1);
  let facets: Facets;
  // The page's ids when they came with the facets (from the statement that found the words' matches).
  let pageIds: number[] | null = null;
  if (wordsTooShort) facets = noFacets();
  else if (catalogueGroups) facets = facetsOf(catalogueGroups, filters);
  else if (bands) facets = facetsOf(await groupsWithinPrice(db, filters, bands), filters);
  else {
    let found = await matchesOfWords(db, filters, sort, perPage, asked, matchMemory);
    // Nothing as typed: perhaps a letter or two is off. The words close to them come from the catalogue's
    // vocabulary, then are searched for as typed words are (through the trigram index).
    // A price limit that leaves none is no sign of a typo: the words must match nothing at any price.
    const priceLimited = filters.minPriceKwd !== null || filters.maxPriceKwd !== null;
    if (
      found.matched === 0 &&
      filters.words.some(mayBeMistyped) &&
      !(priceLimited && (await anyProductHasWords(db, filters)))
    ) {
      const words = filters.words;
      const similar = await rememberedBy(wordMemory, `close|${words.join(' ')}`, () =>
        withFuzzyMatching(db, (tx) => closeWordsOf(tx, words)),
      );
      if (Object.values(similar).some((close) => close.length > 0)) {
        filters.similar = similar;
        filters.fuzzy = true;
        found = await matchesOfWords(db, filters, sort, perPage, asked, matchMemory);
      }
    }
    facets = found.facets;
    pageIds = found.ids;
  }
  const pageCount = Math.max(1, Math.ceil(facets.total / perPage));
  // A page past the end answers the last one (a narrower filter left fewer pages).
  const page = Math.min(asked, pageCount);
  const ids =
    facets.total === 0
      ? []
      : (pageIds ?? (await searchPageIds(db, filters, sort, perPage, (page - 1) * perPage)));
  const categoryOrder = groupMemory
    ? await groupMemory.get('categories', async () => categoryRows(db))
    : await categoryRows(db);
  const categoryNames = new Map(
    categoryOrder.map((row) => [row.id, localized(lang, row.nameEn, row.nameAr)]),
  );
  const position = new Map(categoryOrder.map((row, index) => [row.id, index]));
  const shown = (kwdPrice: number | null) =>
    kwdPrice === null ? null : rate ? convert(kwdPrice, rate) : kwdPrice;
  return {
    data: await listedProducts(db, ids, lang, rate, productMemory),
    total: facets.total,
    page,
    per_page: perPage,
    page_count: pageCount,
    sort,
    category: categoryId === null ? null : { id: categoryId, name: categoryNames.get(categoryId) ?? '' },
    ...(filters.collections.length > 0 ? { collections: filters.collections } : {}),
    ...(wordsTooShort ? { words_too_short: true as const } : {}),
    facets: {
      categories: facets.categories
        .sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0))
        .map((facet) => ({ id: facet.id, name: categoryNames.get(facet.id) ?? '', count: facet.count })),
      brands: facets.brands.sort(byName(lang)),
      collections: facets.collections.sort(byName(lang)),
      ratings: facets.ratings
        .map((facet) => ({ min_rating: facet.minRating, count: facet.count }))
        .sort((a, b) => b.min_rating - a.min_rating),
      price: { min: shown(facets.price.min), max: shown(facets.price.max) },
    },
  };
}

/** One collator per language (localeCompare with a locale builds one on every call). */
const collators: Record<Lang, Intl.Collator> = { en: new Intl.Collator('en'), ar: new Intl.Collator('ar') };

const byName =
  (lang: Lang) =>
  (a: { value: string }, b: { value: string }): number =>
    collators[lang].compare(a.value, b.value);

export async function suggestProducts(
  db: Db,
  text: string,
  lang: Lang,
  rate: Rate | null,
  memory?: Memory,
): Promise<SuggestResponse> {
  const trimmed = text.trim();
  if ([...trimmed].length < 2) return { products: [], categories: [] };
  const typed = await rememberedBy(memory, `typed|${trimmed}`, () => typedWords(db, trimmed));
  const words = meaningfulWords(typed.words);
  // In both languages and without prices: what a language and a currency make of them is the answer's.
  const { rows, categories } = await rememberedBy(memory, `suggest|${words.join(' ')}`, async () => {
    // The categories are matched as typed only, so they come with the first try.
    const asTyped = await suggestionMatches(
      db,
      { words, fuzzy: false, whole: typed.whole },
      SUGGESTIONS_MAX,
      CATEGORY_SUGGESTIONS_MAX,
    );
    if (asTyped.products.length > 0 || !words.some(mayBeMistyped)) {
      return { rows: asTyped.products, categories: asTyped.categories };
    }
    const fuzzy = await withFuzzyMatching(db, async (tx) => {
      const similar = await closeWordsOf(tx, words);
      return Object.values(similar).some((close) => close.length > 0)
        ? (
            await suggestionMatches(
              tx,
              { words, fuzzy: true, similar, whole: typed.whole },
              SUGGESTIONS_MAX,
              0,
            )
          ).products
        : asTyped.products;
    });
    return { rows: fuzzy, categories: asTyped.categories };
  });
  return {
    products: rows.map((row) => ({
      id: row.id,
      name: localized(lang, row.nameEn, row.nameAr),
      image: row.image ?? '',
      price: rate ? convert(row.price, rate) : row.price,
      discounted_price:
        row.discountedPrice === null || row.discountedPrice >= row.price
          ? null
          : rate
            ? convert(row.discountedPrice, rate)
            : row.discountedPrice,
      currency_code: rate?.currencyCode ?? 'KWD',
    })),
    categories: categories.map((row) => ({ id: row.id, name: localized(lang, row.nameEn, row.nameAr) })),
  };
}

const listedCategory = (row: CategoryListRow, lang: Lang): ListedCategory => ({
  id: row.id,
  name: localized(lang, row.nameEn, row.nameAr),
  image: row.image,
  product_count: row.productCount,
});

export async function categoriesOnPage(
  db: Db,
  pageText: string | undefined,
  perPageText: string | undefined,
  lang: Lang,
): Promise<CategoriesPageResponse> {
  const perPage = Math.min(wholeNumber(perPageText, CATEGORIES_PAGE_SIZE), 100);
  const asked = wholeNumber(pageText, 1);
  let result = await categoriesPage(db, perPage, (asked - 1) * perPage);
  const pageCount = Math.max(1, Math.ceil(result.total / perPage));
  const page = Math.min(asked, pageCount);
  if (page !== asked) result = await categoriesPage(db, perPage, (page - 1) * perPage);
  return {
    data: result.rows.map((row) => listedCategory(row, lang)),
    total: result.total,
    page,
    per_page: perPage,
    page_count: pageCount,
  };
}

export async function relatedProducts(
  db: Db,
  idText: string,
  lang: Lang,
  rate: Rate | null,
): Promise<RelatedResponse> {
  const product = await foundById(
    idText,
    async (id) => (await loadProducts(db, [id], lang))[0],
    'Product not found',
  );
  const [similar, recommended] = await Promise.all([
    sameCategoryIds(db, product.category_id, product.id, product.id, SIMILAR_MAX),
    bestRatedIds(db, product.id, MIN_GOOD_RATING, RECOMMENDED_MAX),
  ]);
  return {
    similar: await listedProducts(db, similar, lang, rate),
    recommended: await listedProducts(db, recommended, lang, rate),
  };
}

export async function homeLists(db: Db, lang: Lang, rate: Rate | null): Promise<HomeResponse> {
  const [sellers, newest, deals, categories] = await Promise.all([
    bestSellers(db, lang, rate),
    newestIds(db, MIN_GOOD_RATING, HOME_LIST_MAX),
    dealIds(db, HOME_LIST_MAX),
    categoriesPage(db, HOME_CATEGORIES_MAX, 0),
  ]);
  return {
    best_sellers: sellers.slice(0, HOME_LIST_MAX).map(listedProduct),
    newly_added: await listedProducts(db, newest, lang, rate),
    today_deals: await listedProducts(db, deals, lang, rate),
    categories: categories.rows.map((row) => listedCategory(row, lang)),
    category_count: categories.total,
  };
}
