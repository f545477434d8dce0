// The search page's query: what the address states (words, filters, page) in the shown language and currency,
// answered a page at a time by the server with the filter panel's facets (issue 48). Nothing here grows with the
// catalogue: the page holds 12 products and the counts of the choices.
import { createSelector } from '@reduxjs/toolkit';
import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';

import { useAppSelector } from '../../app/hooks';
import type { SearchResponse } from '../../../contract/catalogSearch';
import { useSearchProductsQuery, type HomeArgs, type SearchArgs } from './catalogApi';
import { selectHomeArgs } from './catalogSelectors';
import {
  MAX_PRICE,
  selectFilters,
  selectPage,
  selectSearchText,
  selectTakenAddress,
  type CatalogFilters,
} from './catalogSlice';
import { NO_SUCH_PAGE, SEARCH_PATH, searchShownBy } from './filterUrl';

export const SEARCH_PAGE_SIZE = 12;

function searchArgsOf(home: HomeArgs, filters: CatalogFilters, text: string, page: number): SearchArgs {
  return {
    ...home,
    q: text.trim(),
    category: filters.category,
    brands: filters.brands,
    collections: filters.collections,
    maxPrice: filters.maxPrice < MAX_PRICE ? filters.maxPrice : null,
    minRating: filters.minRating,
    // A page no results can have is told as such beside the first page's filters and counts.
    page: Math.max(1, page),
  };
}

export const selectSearchArgs = createSelector(
  [selectHomeArgs, selectFilters, selectSearchText, selectPage],
  searchArgsOf,
);

/** What the search page asks the server for, and the page its address asks for (NO_SUCH_PAGE included). */
export interface SearchOnScreen {
  args: SearchArgs;
  page: number;
}

/**
 * The search the address shows. The store takes an address in after the page reached by it has rendered (the
 * router's effect): in that first render the stored search is the one before (the search page of a minute ago, or
 * none), and asking for it would send a request nobody sees the answer of. So until the store has taken in this
 * address, the search is the one the address shows (`searchShownBy`), as the store is about to read it.
 * Once taken in, the store leads: a filter tapped shows at once, before the address follows.
 */
export function useSearchOnScreen(): SearchOnScreen {
  const { pathname, search } = useLocation();
  const takenIn = useAppSelector(selectTakenAddress) === `${pathname}${search}` || pathname !== SEARCH_PATH;
  const home = useAppSelector(selectHomeArgs);
  const filters = useAppSelector(selectFilters);
  const text = useAppSelector(selectSearchText);
  const page = useAppSelector(selectPage);
  return useMemo(() => {
    if (takenIn) return { args: searchArgsOf(home, filters, text, page), page };
    const shown = searchShownBy(new URLSearchParams(search), { filters, text });
    return { args: searchArgsOf(home, shown.filters, shown.text, shown.page), page: shown.page };
  }, [takenIn, search, home, filters, text, page]);
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

/** The filter panel's choices, from the facets of the search on screen. */
export function useFilterOptions(): FilterOptions {
  const { data } = useSearchResult();
  const filters = useAppSelector(selectFilters);
  return filterOptionsOf(data, filters);
}

/** Active filter chips for small screens, in the order of the panel. */
export const selectActiveFilterCount = createSelector(
  [selectFilters],
  (filters) =>
    (filters.category ? 1 : 0) +
    filters.brands.length +
    filters.collections.length +
    (filters.maxPrice < MAX_PRICE ? 1 : 0) +
    (filters.minRating > 0 ? 1 : 0),
);
