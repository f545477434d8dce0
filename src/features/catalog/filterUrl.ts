// The /search query states what the page shows: the filters (category, brands, collections, maxPrice,
// minRating) and the search words (q), so a shared or reopened link shows the same products.
import {
  SEARCH_FILTER_PARAMS,
  SEARCH_PATH as PAGE_PATH,
  SEARCH_TEXT_PARAM,
} from '../../../shared/pageAddress';
import { clampPrice, clampRating, DEFAULT_FILTERS, MAX_PRICE, type CatalogFilters } from './catalogSlice';

// The names are shared with the server, which keeps a rendered search page under what its query states.
export const FILTER_PARAMS = SEARCH_FILTER_PARAMS;

const list = (value: string | null) =>
  value
    ? [
        ...new Set(
          value
            .split(',')
            .map((item) => item.trim())
            .filter(Boolean),
        ),
      ]
    : [];

/** The filters a URL states, or null when it states none (the saved filters then stay). */
export function filtersFromSearchParams(params: URLSearchParams): CatalogFilters | null {
  if (!FILTER_PARAMS.some((name) => params.has(name))) return null;
  const maxPrice = params.get('maxPrice');
  const minRating = params.get('minRating');
  return {
    category: params.get('category')?.trim() || null,
    brands: list(params.get('brands')),
    collections: list(params.get('collections')),
    maxPrice: maxPrice === null || maxPrice === '' ? MAX_PRICE : clampPrice(Number(maxPrice)),
    minRating: minRating === null || minRating === '' ? 0 : clampRating(Number(minRating)),
  };
}

/** The query for the filters: only what differs from the defaults; other parameters are kept. */
export function filtersToSearchParams(filters: CatalogFilters, keep?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(keep);
  for (const name of FILTER_PARAMS) params.delete(name);
  if (filters.category) params.set('category', filters.category);
  if (filters.brands.length) params.set('brands', filters.brands.join(','));
  if (filters.collections.length) params.set('collections', filters.collections.join(','));
  if (filters.maxPrice !== DEFAULT_FILTERS.maxPrice) params.set('maxPrice', String(filters.maxPrice));
  if (filters.minRating !== DEFAULT_FILTERS.minRating) params.set('minRating', String(filters.minRating));
  return params;
}

export function sameFilters(a: CatalogFilters, b: CatalogFilters): boolean {
  return filtersToSearchParams(a).toString() === filtersToSearchParams(b).toString();
}

/** The search words' parameter, beside the filters. */
export const TEXT_PARAM = SEARCH_TEXT_PARAM;

export interface SearchInUrl {
  filters: CatalogFilters;
  text: string;
}

/** What a /search URL states; null for what it leaves out (the stored value then stays). */
export interface SearchStatedByUrl {
  filters: CatalogFilters | null;
  text: string | null;
}

export function searchFromParams(params: URLSearchParams): SearchStatedByUrl {
  const text = params.get(TEXT_PARAM);
  return { filters: filtersFromSearchParams(params), text: text === null ? null : text.trim() };
}

/** The query for the filters and words; other parameters are kept, q follows the filters. */
export function searchToParams({ filters, text }: SearchInUrl, keep?: URLSearchParams): URLSearchParams {
  const params = filtersToSearchParams(filters, keep);
  params.delete(TEXT_PARAM);
  const words = text.trim();
  if (words) params.set(TEXT_PARAM, words);
  return params;
}

/** True when the query shows exactly this search (a parameter left out stands for its default). */
export function showsSearch(params: URLSearchParams, search: SearchInUrl): boolean {
  const stated = searchFromParams(params);
  return (
    sameFilters(stated.filters ?? DEFAULT_FILTERS, search.filters) &&
    (stated.text ?? '') === search.text.trim()
  );
}

export const SEARCH_PATH = PAGE_PATH;

/** The search page for these words, with the stored filters (the page writes them into the address). */
export function searchPath(text: string): string {
  const query = searchToParams({ filters: DEFAULT_FILTERS, text }).toString();
  return query ? `${SEARCH_PATH}?${query}` : SEARCH_PATH;
}
