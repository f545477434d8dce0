// The /search query states what the page shows: the filters (category, brands, collections, maxPrice,
// minRating), the search words (q) and the results' page (page), so a shared or reopened link shows the same
// products.
import {
  NO_SUCH_PAGE,
  SEARCH_FILTER_PARAMS,
  SEARCH_PAGE_PARAM,
  SEARCH_PATH as PAGE_PATH,
  SEARCH_TEXT_PARAM,
  SEARCH_PRICE_CURRENCY_PARAM,
  commaList,
  listOf,
  priceCurrencyOf,
  searchPageOf,
} from '../../../shared/pageAddress';
import { clampPrice, clampRating, DEFAULT_FILTERS, MAX_PRICE, type CatalogFilters } from './catalogSlice';

// The names are shared with the server, which keeps a rendered search page under what its query states.
export const FILTER_PARAMS = SEARCH_FILTER_PARAMS;

/** The filters a URL states, or null when it states none. */
export function filtersFromSearchParams(params: URLSearchParams): CatalogFilters | null {
  if (!FILTER_PARAMS.some((name) => params.has(name))) return null;
  const price = params.get('maxPrice');
  const minRating = params.get('minRating');
  const maxPrice = price === null || price === '' ? MAX_PRICE : clampPrice(Number(price));
  return {
    category: params.get('category')?.trim() || null,
    brands: listOf(params.get('brands')),
    collections: listOf(params.get('collections')),
    maxPrice,
    priceCurrency: maxPrice < MAX_PRICE ? priceCurrencyOf(params) : null,
    minRating: minRating === null || minRating === '' ? 0 : clampRating(Number(minRating)),
  };
}

/** The query for the filters: only what differs from the defaults; other parameters are kept. */
export function filtersToSearchParams(filters: CatalogFilters, keep?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(keep);
  for (const name of FILTER_PARAMS) params.delete(name);
  if (filters.category) params.set('category', filters.category);
  if (filters.brands.length) params.set('brands', commaList(filters.brands));
  if (filters.collections.length) params.set('collections', commaList(filters.collections));
  if (filters.maxPrice !== DEFAULT_FILTERS.maxPrice) {
    params.set('maxPrice', String(filters.maxPrice));
    if (filters.priceCurrency) params.set(SEARCH_PRICE_CURRENCY_PARAM, filters.priceCurrency);
  }
  if (filters.minRating !== DEFAULT_FILTERS.minRating) params.set('minRating', String(filters.minRating));
  return params;
}

export function sameFilters(a: CatalogFilters, b: CatalogFilters): boolean {
  return filtersToSearchParams(a).toString() === filtersToSearchParams(b).toString();
}

/** The search words' parameter, beside the filters. */
export const TEXT_PARAM = SEARCH_TEXT_PARAM;

/** The results' page parameter; page 1 is left out. */
export const PAGE_PARAM = SEARCH_PAGE_PARAM;
export { NO_SUCH_PAGE };

export interface SearchInUrl {
  filters: CatalogFilters;
  text: string;
  /** 1 when left out; NO_SUCH_PAGE for a page the address names that no results can have */
  page?: number;
}

/** What a /search URL states; null for what it leaves out. The page is always stated: without one, page 1. */
export interface SearchStatedByUrl {
  filters: CatalogFilters | null;
  text: string | null;
  page: number;
}

/** True when the query states any part of a search (filters, words or page). */
export function statesSearch(params: URLSearchParams): boolean {
  return [...FILTER_PARAMS, TEXT_PARAM, PAGE_PARAM].some((name) => params.has(name));
}

/**
 * The search a /search address shows. An address that states any part of a search states all of it: what it leaves
 * out is the default (no filters, no words, page 1), never what was stored. Only an address that states none (a
 * shopper opening /search) shows the saved search (`saved`), which the page then writes into the address.
 */
export function searchShownBy(
  params: URLSearchParams,
  saved: { filters: CatalogFilters; text: string },
): Required<SearchInUrl> {
  if (!statesSearch(params)) return { ...saved, page: 1 };
  const stated = searchFromParams(params);
  return { filters: stated.filters ?? DEFAULT_FILTERS, text: stated.text ?? '', page: stated.page };
}

export function searchFromParams(params: URLSearchParams): SearchStatedByUrl {
  const text = params.get(TEXT_PARAM);
  return {
    filters: filtersFromSearchParams(params),
    text: text === null ? null : text.trim(),
    page: searchPageOf(params.get(PAGE_PARAM)),
  };
}

/** The query for the filters, words and page; other parameters are kept, q and page follow the filters. */
export function searchToParams(
  { filters, text, page = 1 }: SearchInUrl,
  keep?: URLSearchParams,
): URLSearchParams {
  const params = filtersToSearchParams(filters, keep);
  const pageText = params.get(PAGE_PARAM);
  params.delete(TEXT_PARAM);
  params.delete(PAGE_PARAM);
  const words = text.trim();
  if (words) params.set(TEXT_PARAM, words);
  // A page that cannot be keeps its spelling as typed (`?page=abc`): it reads the same, and it is the shopper's.
  if (page === NO_SUCH_PAGE && pageText !== null && searchPageOf(pageText) === NO_SUCH_PAGE) {
    params.set(PAGE_PARAM, pageText);
  } else if (page !== 1) params.set(PAGE_PARAM, String(page));
  return params;
}

/** True when the query shows exactly this search (a parameter left out stands for its default). */
export function showsSearch(params: URLSearchParams, search: SearchInUrl): boolean {
  const stated = searchFromParams(params);
  return (
    sameFilters(stated.filters ?? DEFAULT_FILTERS, search.filters) &&
    (stated.text ?? '') === search.text.trim() &&
    stated.page === (search.page ?? 1)
  );
}

export const SEARCH_PATH = PAGE_PATH;

/** The search page for these words, without filters (the header's search box). */
export function searchPath(text: string): string {
  const query = searchToParams({ filters: DEFAULT_FILTERS, text }).toString();
  return query ? `${SEARCH_PATH}?${query}` : SEARCH_PATH;
}

/** The same search at another page (page 1 leaves the parameter out): a pager's or a notice's link. */
export function searchAtPage(params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params);
  next.delete(PAGE_PARAM);
  if (page !== 1) next.set(PAGE_PARAM, String(page));
  const query = next.toString();
  return query ? `${SEARCH_PATH}?${query}` : SEARCH_PATH;
}
