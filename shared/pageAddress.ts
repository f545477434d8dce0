// Which addresses the server renders for a new visitor, and the one address each rendered page stands for. The
// server and the SPA both run this file (shared/).
import type { SearchSort } from '../contract/catalogSearch';
import { isServerRenderedPath } from './routeTable';

/** The search page, and the names its query states the search by (features/catalog/filterUrl.ts reads them). */
export const SEARCH_PATH = '/search';
export const SEARCH_TEXT_PARAM = 'q';
/** The longest search words the server takes (longer: 422): the search boxes take no more. */
export const SEARCH_TEXT_MAX = 100;
export const SEARCH_FILTER_PARAMS = [
  'category',
  'brands',
  'collections',
  'maxPrice',
  'priceCurrency',
  'minRating',
] as const;
/**
 * The currency a search address's `maxPrice` is written in, as a currency code (`SAR`), or null when it names none
 * (the shown currency's, as links made before it were read). A link shared by a shopper who pays in riyals then
 * filters at riyals for one who pays in dinars, not at 12 times the price.
 */
export const SEARCH_PRICE_CURRENCY_PARAM = 'priceCurrency';
export function priceCurrencyOf(params: URLSearchParams): string | null {
  const code = params.get(SEARCH_PRICE_CURRENCY_PARAM)?.trim().toUpperCase() ?? '';
  return /^[A-Z]{3}$/.test(code) ? code : null;
}
/** The price slider's top (its value there means no limit) and step, and the highest rating a search asks for. */
export const SEARCH_PRICE_TOP = 100_000;
export const SEARCH_PRICE_STEP = 10;
export const SEARCH_RATING_TOP = 5;

/** A price as the slider holds it: snapped to its step inside 0…top (not a number: the top). */
export function clampSearchPrice(value: number): number {
  if (!Number.isFinite(value)) return SEARCH_PRICE_TOP;
  const stepped = Math.round(value / SEARCH_PRICE_STEP) * SEARCH_PRICE_STEP;
  return Math.min(SEARCH_PRICE_TOP, Math.max(0, stepped));
}

/** A least rating as the filter holds it: a whole number of stars inside 0…5 (not a number: none). */
export function clampSearchRating(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(SEARCH_RATING_TOP, Math.max(0, Math.round(value)));
}

/** The results' page, 1-based; page 1 is left out of the address. */
export const SEARCH_PAGE_PARAM = 'page';
/** The highest page the server takes (its `page` is at most 6 digits). */
export const SEARCH_PAGE_LAST = 999_999;
/** What `searchPageOf` reads a page the results cannot have as: a page of nothing, shown as such. */
export const NO_SUCH_PAGE = 0;

/**
 * The page an address asks for: 1 when it names none (or an empty one), the number for a whole number from 1 to
 * SEARCH_PAGE_LAST (leading zeros and spaces allowed, as the server reads it), NO_SUCH_PAGE for anything else
 * (`abc`, `-3`, `1.5`, `0`, more digits than the server takes): the page says there is no such page rather than
 * showing another one under this address.
 */
export function searchPageOf(value: string | null): number {
  if (value === null || value.trim() === '') return 1;
  if (!/^\s*\d{1,6}\s*$/.test(value)) return NO_SUCH_PAGE;
  const page = Number(value);
  return page >= 1 && page <= SEARCH_PAGE_LAST ? page : NO_SUCH_PAGE;
}

/** The all-categories page (20 categories a page, docs/spec/02-shopping.md §9): its page is `?page=`. */
export const ALL_CATEGORIES_PATH = '/all-categories';

/** The page of categories an address names: 1 when none, or when it names no page (it is then page 1's). */
export function categoriesPageOf(value: string | null): number {
  const page = searchPageOf(value);
  return page === NO_SUCH_PAGE ? 1 : page;
}

/**
 * The pages a new visitor sees the same as anybody: the route table's server-rendered routes (shared/routeTable.ts,
 * which the SPA's router is built from), spelled exactly as the table spells them. Any other spelling (a trailing
 * slash, capitals, a deeper path) still works, rendered by the browser: the server does not render an endless supply
 * of addresses that all show the same page or none.
 */
export function isPublicPage(pathname: string): boolean {
  return isServerRenderedPath(pathname);
}

/**
 * A comma list as the search page reads it: trimmed items, each once, in their order. A comma (or backslash) inside
 * an item is escaped by a backslash (see commaList): a brand may be called "Smith, Jones".
 */
export function listOf(value: string | null): string[] {
  if (!value) return [];
  const items: string[] = [];
  let item = '';
  for (let index = 0; index < value.length; index += 1) {
    const char = value[index];
    if (char === '\\' && index + 1 < value.length) {
      index += 1;
      item += value[index];
    } else if (char === ',') {
      items.push(item);
      item = '';
    } else item += char;
  }
  items.push(item);
  return [...new Set(items.map((name) => name.trim()).filter(Boolean))];
}

/** Items as one comma list that listOf reads back: a comma or backslash inside an item escaped by a backslash. */
export function commaList(items: readonly string[]): string {
  return items.map((item) => item.replace(/[\\,]/g, (char) => `\\${char}`)).join(',');
}

/**
 * The search page's query reduced to what the page reads from it (filterUrl.ts `searchFromParams`: the first
 * value of each name, trimmed, lists without repeats, the page as `searchPageOf` reads it), in one order. Anything else in the address (tracking
 * parameters, repeats, unknown names) changes nothing on the page. The search words keep their case: the search
 * box shows them as typed. A new visitor's stored search is the default, so an empty value and a missing one are
 * the same page.
 */
function searchQuery(params: URLSearchParams): string {
  const read = new URLSearchParams();
  const text = params.get(SEARCH_TEXT_PARAM)?.trim();
  if (text) read.set(SEARCH_TEXT_PARAM, text);
  if (SEARCH_FILTER_PARAMS.some((name) => params.has(name))) {
    const category = params.get('category')?.trim();
    if (category) read.set('category', category);
    for (const name of ['brands', 'collections']) {
      const items = listOf(params.get(name));
      if (items.length > 0) read.set(name, commaList(items));
    }
    for (const name of ['maxPrice', 'minRating']) {
      const value = params.get(name);
      // The page reads Number(value); writing that number back reads as the same number (NaN included).
      if (value !== null && value !== '') read.set(name, String(Number(value)));
    }
    const priceCurrency = priceCurrencyOf(params);
    if (priceCurrency && read.has('maxPrice')) read.set(SEARCH_PRICE_CURRENCY_PARAM, priceCurrency);
  }
  // Every spelling of a page that cannot be (`abc`, `-3`) shows the same "no such page": kept as one, 0.
  const page = searchPageOf(params.get(SEARCH_PAGE_PARAM));
  if (page !== 1) read.set(SEARCH_PAGE_PARAM, String(page));
  return read.toString();
}

/**
 * The address a page is rendered and kept under: its path as sent, with the query reduced to what the page reads;
 * null when the page is not one the server renders.
 */
export function pageAddress(url: string): string | null {
  const pathname = /^[^?#]*/.exec(url)?.[0] ?? '';
  if (!isPublicPage(pathname)) return null;
  if (pathname === ALL_CATEGORIES_PATH) {
    // Its page is in its address (a page of categories is shared, and back returns to it): page 1 has none. Read as
    // the search's query is (a malformed escape reads as text, never throws).
    let page = 1;
    try {
      const params = new URL(url.slice(pathname.length), 'http://page.invalid/').searchParams;
      page = categoriesPageOf(params.get(SEARCH_PAGE_PARAM));
    } catch {
      page = 1;
    }
    return page > 1 ? `${pathname}?${SEARCH_PAGE_PARAM}=${page}` : pathname;
  }
  if (pathname !== SEARCH_PATH) return pathname;
  let search: string;
  try {
    // Read as the page renderer reads its address (the URL parser drops tabs and newlines, trims the end).
    search = new URL(url.slice(pathname.length), 'http://page.invalid/').search;
  } catch {
    return null;
  }
  const query = searchQuery(new URLSearchParams(search));
  return query ? `${pathname}?${query}` : pathname;
}

/** A search as the shop asks the server for it (`GET /catalog/search`'s query, less language and currency). */
export interface SearchRequest {
  q: string;
  category: string | null;
  brands: readonly string[];
  collections: readonly string[];
  /** null: no price limit */
  maxPrice: number | null;
  /** the currency maxPrice is written in; null: the answer's (`currency_code`) */
  priceCurrency?: string | null;
  minRating: number;
  page: number;
  sort?: SearchSort;
}

/**
 * The search's query parameters, in one order: the SPA's request and the server's reading of a rendered page's
 * address (its page count) are the same address, so they share the search route's kept answer.
 */
export function searchRequestParams(search: SearchRequest): Record<string, string> {
  const params: Record<string, string> = {};
  const words = search.q.trim().slice(0, SEARCH_TEXT_MAX).trim();
  if (words) params.q = words;
  if (search.category) params.category = search.category;
  if (search.brands.length) params.brands = commaList(search.brands);
  if (search.collections.length) params.collections = commaList(search.collections);
  if (search.maxPrice !== null) {
    params.max_price = String(search.maxPrice);
    if (search.priceCurrency) params.price_currency = search.priceCurrency;
  }
  if (search.minRating > 0) params.min_rating = String(search.minRating);
  if (search.page > 1) params.page = String(search.page);
  if (search.sort) params.sort = search.sort;
  return params;
}
