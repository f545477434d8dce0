// How many pages of results a search page's address has (issue 48): a page past the last answers 404, so search
// engines do not index empty pages. The address is read as the SPA reads it (shared/pageAddress's lists and clamps,
// as features/catalog/filterUrl.ts does) and asked as the SPA asks it for a new visitor (KWD prices, 12 a page,
// shared/pageAddress's `searchRequestParams`): the page's own render then finds the answer kept by the search route.
import { SEARCH_TEXT_MAX, type SearchQuery } from '../../contract/catalogSearch';
import type { Lang } from '../lib/language';
import {
  clampSearchPrice,
  clampSearchRating,
  listOf,
  priceCurrencyOf,
  SEARCH_PAGE_PARAM,
  SEARCH_PRICE_TOP,
  searchPageOf,
  searchRequestParams,
  type SearchRequest,
} from '../../shared/pageAddress';

/** The search a page's address states (the filters only when it names any, as the SPA reads it), at its page. */
export function searchRequestOf(params: URLSearchParams): SearchRequest {
  const price = params.get('maxPrice');
  const stepped =
    price !== null && price !== '' && Number.isFinite(Number(price))
      ? clampSearchPrice(Number(price))
      : SEARCH_PRICE_TOP;
  const rating = params.get('minRating');
  return {
    q: (params.get('q') ?? '').trim().slice(0, SEARCH_TEXT_MAX),
    category: params.get('category')?.trim().slice(0, 200) || null,
    brands: listOf(params.get('brands')),
    collections: listOf(params.get('collections')),
    maxPrice: stepped < SEARCH_PRICE_TOP ? stepped : null,
    priceCurrency: stepped < SEARCH_PRICE_TOP ? priceCurrencyOf(params) : null,
    minRating:
      rating !== null && rating !== '' && Number.isFinite(Number(rating))
        ? clampSearchRating(Number(rating))
        : 0,
    page: Math.max(1, searchPageOf(params.get(SEARCH_PAGE_PARAM))),
  };
}

/** The API's query for what the page's address states. */
export function searchQueryOf(params: URLSearchParams): SearchQuery {
  return searchRequestParams(searchRequestOf(params));
}

/** The search API's address a new visitor's page asks (the language's, in KWD), as the SPA writes it. */
export function searchApiAddress(params: URLSearchParams, lang: Lang): string {
  const query = new URLSearchParams({
    ...(lang === 'ar' ? { lang: 'ar' } : {}),
    currency_code: 'KWD',
    ...searchQueryOf(params),
  });
  return `/api/catalog/search?${query.toString()}`;
}
