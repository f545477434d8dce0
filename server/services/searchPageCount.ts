// How many pages of results a search page's address has (issue 48): a page past the last answers 404, so search
// engines do not index empty pages. The address is read as the SPA reads it (shared/pageAddress's lists and clamps,
// as features/catalog/filterUrl.ts does) and asked of the same search the page shows, for a new visitor: KWD prices,
// 12 a page.
import { SEARCH_PAGE_SIZE, SEARCH_TEXT_MAX, type SearchQuery } from '../../contract/catalogSearch';
import type { Db } from '../db/client';
import type { Lang } from '../lib/language';
import { clampSearchPrice, clampSearchRating, listOf, SEARCH_PRICE_TOP } from '../../shared/pageAddress';
import { searchCatalog } from './catalogSearch';

/** The API's query for what the page's address states (the filters only when it names any, as the SPA reads it). */
export function searchQueryOf(params: URLSearchParams): SearchQuery {
  const query: SearchQuery = { per_page: String(SEARCH_PAGE_SIZE) };
  const words = params.get('q')?.trim();
  if (words) query.q = words.slice(0, SEARCH_TEXT_MAX);
  const category = params.get('category')?.trim();
  if (category) query.category = category.slice(0, 200);
  const brands = listOf(params.get('brands')).join(',');
  if (brands) query.brands = brands;
  const collections = listOf(params.get('collections')).join(',');
  if (collections) query.collections = collections;
  const price = params.get('maxPrice');
  if (price !== null && price !== '' && Number.isFinite(Number(price))) {
    const stepped = clampSearchPrice(Number(price));
    if (stepped < SEARCH_PRICE_TOP) query.max_price = String(stepped);
  }
  const rating = params.get('minRating');
  if (rating !== null && rating !== '' && Number.isFinite(Number(rating))) {
    const clamped = clampSearchRating(Number(rating));
    if (clamped > 0) query.min_rating = String(clamped);
  }
  return query;
}

export async function searchPageCount(db: Db, params: URLSearchParams, lang: Lang): Promise<number> {
  return (await searchCatalog(db, searchQueryOf(params), lang, null)).page_count;
}
