// The search page's query: what the address states (words, filters, page) in the shown language and currency,
// answered a page at a time by the server with the filter panel's facets (issue 48). Nothing here grows with the
// catalogue: the page holds 12 products and the counts of the choices.
import { useMemo } from 'react';

import { useAppSelector } from '../../app/hooks';
import type { CategoryFacet, SearchResponse } from '../../../contract/catalogSearch';
import { useSearchProductsQuery, type HomeArgs, type SearchArgs } from './catalogApi';
import { selectHomeArgs } from './catalogSelectors';
import { MAX_PRICE } from './catalogSlice';
import { NO_SUCH_PAGE } from './filterUrl';
import { useChosen, useShownSearch, type ShownSearch } from './searchInAddress';

export const SEARCH_PAGE_SIZE = 12;

/** What the search page asks the server for: the search on screen in the shown language and currency. */
export function searchArgsOf(home: HomeArgs, { filters, text, page }: ShownSearch): SearchArgs {
  return {
    ...home,
    q: text.trim(),
    category: filters.category,
    brands: filters.brands,
    collections: filters.collections,
    maxPrice: filters.maxPrice < MAX_PRICE ? filters.maxPrice : null,
    priceCurrency: filters.maxPrice < MAX_PRICE ? filters.priceCurrency : null,
    minRating: filters.minRating,
    // A page no results can have is told as such beside the first page's filters and counts.
    page: Math.max(1, page),
  };
}

/** What the search page asks the server for, and the page its address asks for (NO_SUCH_PAGE included). */
export interface SearchOnScreen {
  args: SearchArgs;
  page: number;
}

/** The search the address shows, as asked of the server. */
export function useSearchOnScreen(): SearchOnScreen {
  const shown = useShownSearch();
  const home = useAppSelector(selectHomeArgs);
  return useMemo(() => ({ args: searchArgsOf(home, shown), page: shown.page }), [home, shown]);
}

/**
 * The search on screen. While a new search is asked for, the last answer stays (`data`) and `updating` says the
 * grid is about to change. `noSuchPage`: the address names a page these results do not have (past the last, or
 * no page number at all); the server's answer is then its nearest page, which is not shown as if asked for.
 */
export function useSearchResult() {
  const { args, page } = useSearchOnScreen();
  const result = useSearchProductsQuery(args);
  const answered = result.currentData;
  const noSuchPage =
    page === NO_SUCH_PAGE || (answered !== undefined && answered.total > 0 && answered.page !== page);
  return {
    ...result,
    page,
    noSuchPage,
    updating: result.isFetching && result.currentData === undefined && !!result.data,
  };
}

export interface FilterOption {
  value: string;
  /** products this choice leaves, the other chosen filters applied; undefined while unknown */
  count?: number;
}

export interface FilterOptions {
  categories: FilterOption[];
  brands: FilterOption[];
  collections: FilterOption[];
  /** per minimum rating, the products it leaves with the other chosen filters (a rating missing: unknown) */
  ratings: Partial<Record<number, number>>;
}

const NO_OPTIONS: FilterOptions = { categories: [], brands: [], collections: [], ratings: {} };

/** The facet's values with their counts, and the chosen values it no longer lists (so they can be unticked). */
function withChosen(values: { value: string; count: number }[], chosen: readonly string[]): FilterOption[] {
  const listed = new Set(values.map((value) => value.value));
  return [...values, ...chosen.filter((value) => !listed.has(value)).map((value) => ({ value, count: 0 }))];
}

export function filterOptionsOf(
  answer: SearchResponse | undefined,
  chosen: { category: string | null; brands: string[]; collections: string[] },
): FilterOptions {
  if (!answer) return NO_OPTIONS;
  const { facets } = answer;
  return {
    categories: withChosen(
      facets.categories.map((category) => ({ value: category.name, count: category.count })),
      chosen.category ? [chosen.category] : [],
    ),
    brands: withChosen(facets.brands, chosen.brands),
    collections: withChosen(facets.collections, chosen.collections),
    ratings: Object.fromEntries(facets.ratings.map((rating) => [rating.min_rating, rating.count])),
  };
}

const NOTHING_CHOSEN = { category: null, brands: [], collections: [] };

/**
 * A filter's choices, from the facets of the search on screen, with its chosen ones: re-renders when the answer or
 * that filter changes, not when another filter is tapped.
 */
export function useFacetOptions(facet: 'categories' | 'brands' | 'collections'): FilterOption[] {
  const { data } = useSearchResult();
  const field = facet === 'categories' ? 'category' : facet;
  const chosen = useChosen(field);
  return useMemo(
    () => filterOptionsOf(data, { ...NOTHING_CHOSEN, [field]: chosen })[facet],
    [data, facet, field, chosen],
  );
}

/** Per minimum rating, the products it leaves with the other chosen filters (the rating filter's counts). */
export function useRatingCounts(): FilterOptions['ratings'] {
  const { data } = useSearchResult();
  return useMemo(() => filterOptionsOf(data, NOTHING_CHOSEN).ratings, [data]);
}

/**
 * The category an address names, as the server reads it (its id, as the sitemaps and a product's crumbs link it, or
 * its name in any capitals), among the answer's facets; null when they do not list it.
 */
export function categoryFacetOf(
  categories: readonly CategoryFacet[],
  named: string | null,
): CategoryFacet | null {
  const asked = named?.trim();
  if (!asked) return null;
  const byId = /^\d+$/.test(asked) ? Number(asked) : null;
  return (
    categories.find((category) => category.name === asked) ??
    categories.find((category) =>
      byId === null ? category.name.toLowerCase() === asked.toLowerCase() : category.id === byId,
    ) ??
    null
  );
}
