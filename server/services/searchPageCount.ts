// How many pages of results a search page's address has (issue 48): a page past the last answers 404, so search
// engines do not index empty pages. The address is read as the SPA reads it (features/catalog/filterUrl.ts and
// catalogSlice's clamps) and asked of the same search the page shows, for a new visitor: KWD prices, 12 a page.
import { SEARCH_PAGE_SIZE, SEARCH_TEXT_MAX, type SearchQuery } from '../../contract/catalogSearch';
import type { Db } from '../db/client';
import type { Lang } from '../lib/language';
import { searchCatalog } from './catalogSearch';

/** The SPA's price slider: 0 to 100 000 in steps of 10 (spec 02); its top means no limit. */
const PRICE_TOP = 100_000;
const PRICE_STEP = 10;
const RATING_TOP = 5;

const listOf = (value: string | null) =>
  [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    ),
  ].join(',');

/** The API's query for what the page's address states (the filters only when it names any, as the SPA reads it). */
export function searchQueryOf(params: URLSearchParams): SearchQuery {
  const query: SearchQuery = { per_page: String(SEARCH_PAGE_SIZE) };
  const words = params.get('q')?.trim();
  if (words) query.q = words.slice(0, SEARCH_TEXT_MAX);
  const category = params.get('category')?.trim();
  if (category) query.category = category.slice(0, 200);
  const brands = listOf(params.get('brands'));
  if (brands) query.brands = brands;
  const collections = listOf(params.get('collections'));
  if (collections) query.collections = collections;
  const price = params.get('maxPrice');
  if (price !== null && price !== '' && Number.isFinite(Number(price))) {
    const stepped = Math.min(PRICE_TOP, Math.max(0, Math.round(Number(price) / PRICE_STEP) * PRICE_STEP));
    if (stepped < PRICE_TOP) query.max_price = String(stepped);
  }
  const rating = params.get('minRating');
  if (rating !== null && rating !== '' && Number.isFinite(Number(rating))) {
    const clamped = Math.min(RATING_TOP, Math.max(0, Math.round(Number(rating))));
    if (clamped > 0) query.min_rating = String(clamped);
  }
  return query;
}

export async function searchPageCount(db: Db, params: URLSearchParams, lang: Lang): Promise<number> {
  return (await searchCatalog(db, searchQueryOf(params), lang, null)).page_count;
}
