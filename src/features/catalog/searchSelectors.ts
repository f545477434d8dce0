// The search page's query: what the address states (words, filters, page) in the shown language and currency,
// answered a page at a time by the server with the filter panel's facets (issue 48). Nothing here grows with the
// catalogue: the page holds 12 products and the counts of the choices.
import { createSelector } from '@reduxjs/toolkit';

import { useAppSelector } from '../../app/hooks';
import type { SearchAnswer } from '../../../contract/catalogSearch';
import { useSearchProductsQuery, type SearchArgs } from './catalogApi';
import { selectHomeArgs } from './catalogSelectors';
import { MAX_PRICE, selectFilters, selectPage, selectSearchText } from './catalogSlice';

export const SEARCH_PAGE_SIZE = 12;

export const selectSearchArgs = createSelector(
  [selectHomeArgs, selectFilters, selectSearchText, selectPage],
  (home, filters, text, page): SearchArgs => ({
    ...home,
    q: text.trim(),
    category: filters.category,
    brands: filters.brands,
    collections: filters.collections,
    maxPrice: filters.maxPrice < MAX_PRICE ? filters.maxPrice : null,
    minRating: filters.minRating,
    page,
  }),
);

/**
 * The search on screen. While a new search is asked for, the last answer stays (`data`) and `updating` says the
 * grid is about to change.
 */
export function useSearchResult() {
  const args = useAppSelector(selectSearchArgs);
  const result = useSearchProductsQuery(args);
  return { ...result, updating: result.isFetching && result.currentData === undefined && !!result.data };
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
}

const NO_OPTIONS: FilterOptions = { categories: [], brands: [], collections: [] };

/** The facet's values with their counts, and the chosen values it no longer lists (so they can be unticked). */
function withChosen(values: { value: string; count: number }[], chosen: readonly string[]): FilterOption[] {
  const listed = new Set(values.map((value) => value.value));
  return [...values, ...chosen.filter((value) => !listed.has(value)).map((value) => ({ value, count: 0 }))];
}

export function filterOptionsOf(
  answer: SearchAnswer | undefined,
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
