// The paged catalogue's rules (issue 48): what a search request means, how a page of products and its facets are
// put together, the related lists and the home lists. Each answer is bounded whatever the catalogue's size.
import { inArray } from 'drizzle-orm';
import {
  CATEGORIES_PAGE_SIZE,
  HOME_CATEGORIES_MAX,
  HOME_LIST_MAX,
  SEARCH_PAGE_MAX,
  SEARCH_PAGE_SIZE,
  SUGGESTIONS_MAX,
  type CategoriesPageAnswer,
  type HomeAnswer,
  type ListedCategory,
  type ListedProduct,
  type RelatedAnswer,
  type SearchAnswer,
  type SearchQuery,
  type SearchSort,
  type SuggestAnswer,
} from '../../contract/catalogSearch';
import type { Product } from '../../contract/catalog';
import type { Db } from '../db/client';
import {
  bestRatedIds,
  categoriesPage,
  categoryIdNamed,
  categorySuggestionRows,
  dealIds,
  newestIds,
  normalizedWords,
  sameCategoryIds,
  searchFacets,
  searchPageIds,
  suggestionRows,
  withFuzzyMatching,
  type CategoryListRow,
  type SearchFilters,
} from '../db/queries/catalogSearch';
import { categoryRows } from '../db/queries/catalog';
import { products } from '../db/schema';
import { bestSellers, convert, loadProducts, localized, parseId, type Lang, type Rate } from './catalog';
import { NotFound } from './errors';

/** Words beyond these are ignored: no product name needs more, and each word is one more index probe. */
const MAX_WORDS = 6;
const SIMILAR_MAX = 12;
const RECOMMENDED_MAX = 8;
const MIN_GOOD_RATING = 3;
/** Half of the smallest KWD unit: a price shown rounded at the chosen limit still passes it. */
const HALF_FILS = 0.0005;

export function listedProduct(product: Product): ListedProduct {
  const { description: _description, image_url: _gallery, product_images: _images, ...listed } = product;
  return listed;
}

/** The products of these ids, in this order, as lists show them. */
async function listedProducts(
  db: Db,
  ids: number[],
  lang: Lang,
  rate: Rate | null,
): Promise<ListedProduct[]> {
  if (ids.length === 0) return [];
  const loaded = await loadProducts(db, inArray(products.id, ids), lang, { rate });
  const byId = new Map(loaded.map((product) => [product.id, product]));
  return ids.flatMap((id) => {
    const product = byId.get(id);
    return product ? [listedProduct(product)] : [];
  });
}

const names = (list: string | undefined) =>
  [
    ...new Set(
      (list ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ].slice(0, 50);

const wholeNumber = (text: string | undefined, fallback: number) => {
  const value = Number(text?.trim());
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

/** A price the shopper typed in the shown currency, as KWD (null: no limit). */
function kwd(text: string | undefined, rate: Rate | null, slack: number): number | null {
  if (text === undefined || text.trim() === '') return null;
  const value = Number(text);
  return (rate ? value / rate.ratePerKwd : value) + slack;
}

export async function searchCatalog(
  db: Db,
  query: SearchQuery,
  lang: Lang,
  rate: Rate | null,
): Promise<SearchAnswer> {
  const text = query.q?.trim() ?? '';
  const categoryId = query.category?.trim() ? await categoryIdNamed(db, query.category) : null;
  const filters: SearchFilters = {
    words: text ? (await normalizedWords(db, text)).slice(0, MAX_WORDS) : [],
    categoryId,
    unknownCategory: Boolean(query.category?.trim()) && categoryId === null,
    brands: names(query.brands),
    collections: names(query.collections),
    lang,
    minPriceKwd: kwd(query.min_price, rate, -HALF_FILS),
    maxPriceKwd: kwd(query.max_price, rate, HALF_FILS),
    minRating: Number(query.min_rating ?? 0),
  };
  const sort: SearchSort = query.sort ?? 'relevance';
  const perPage = Math.min(wholeNumber(query.per_page, SEARCH_PAGE_SIZE), SEARCH_PAGE_MAX);
  const { facets, ids, page, pageCount } = await withFuzzyMatching(db, async (tx) => {
    const counted = await searchFacets(tx, filters);
    const pages = Math.max(1, Math.ceil(counted.total / perPage));
    // A page past the end answers the last one (a narrower filter left fewer pages).
    const answered = Math.min(wholeNumber(query.page, 1), pages);
    const pageIds =
      counted.total === 0 ? [] : await searchPageIds(tx, filters, sort, perPage, (answered - 1) * perPage);
    return { facets: counted, ids: pageIds, page: answered, pageCount: pages };
  });
  const categoryNames = new Map(
    (await categoryRows(db)).map((row) => [row.id, localized(lang, row.nameEn, row.nameAr)]),
  );
  const shown = (kwdPrice: number | null) =>
    kwdPrice === null ? null : rate ? convert(kwdPrice, rate) : kwdPrice;
  return {
    data: await listedProducts(db, ids, lang, rate),
    total: facets.total,
    page,
    per_page: perPage,
    page_count: pageCount,
    sort,
    facets: {
      categories: facets.categories
        .map((facet) => ({ id: facet.id, name: categoryNames.get(facet.id) ?? '', count: facet.count }))
        .sort((a, b) => [...categoryNames.keys()].indexOf(a.id) - [...categoryNames.keys()].indexOf(b.id)),
      brands: facets.brands.sort(byName(lang)),
      collections: facets.collections.sort(byName(lang)),
      ratings: facets.ratings
        .map((facet) => ({ min_rating: facet.minRating, count: facet.count }))
        .sort((a, b) => b.min_rating - a.min_rating),
      price: { min: shown(facets.price.min), max: shown(facets.price.max) },
    },
  };
}

const byName =
  (lang: Lang) =>
  (a: { value: string }, b: { value: string }): number =>
    a.value.localeCompare(b.value, lang);

export async function suggestProducts(
  db: Db,
  text: string,
  lang: Lang,
  rate: Rate | null,
): Promise<SuggestAnswer> {
  const trimmed = text.trim();
  if ([...trimmed].length < 2) return { products: [], categories: [] };
  const { rows, categories } = await withFuzzyMatching(db, async (tx) => {
    const words = (await normalizedWords(tx, trimmed)).slice(0, MAX_WORDS);
    return {
      rows: await suggestionRows(tx, words, SUGGESTIONS_MAX),
      categories: await categorySuggestionRows(tx, words, 3),
    };
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
): Promise<CategoriesPageAnswer> {
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
): Promise<RelatedAnswer> {
  const id = parseId(idText);
  const [product] = id === null ? [] : await loadProducts(db, inArray(products.id, [id]), lang);
  if (!product) throw new NotFound('Product not found');
  const [similar, recommended] = await Promise.all([
    sameCategoryIds(db, product.category_id, product.id, product.id, SIMILAR_MAX),
    bestRatedIds(db, product.id, MIN_GOOD_RATING, RECOMMENDED_MAX),
  ]);
  return {
    similar: await listedProducts(db, similar, lang, rate),
    recommended: await listedProducts(db, recommended, lang, rate),
  };
}

export async function homeLists(db: Db, lang: Lang, rate: Rate | null): Promise<HomeAnswer> {
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
