// The search page's selectors: the filter options, the filtered and paged result. Apart from the home page's
// (catalogSelectors.ts), so the pages that do not search load neither these nor the name ordering and Arabic
// matching they use.
import { createSelector } from '@reduxjs/toolkit';

import { nameMatches } from '../../lib/arabicSearch';
import type { Language } from '../../lib/language';
import { sortNames } from '../../lib/nameOrder';
import { selectLanguage } from '../settings/public';
import { effectivePrice, pageCount, selectAllProducts, selectCategories } from './catalogSelectors';
import { MAX_PRICE, selectFilters, selectPage, selectSearchText, type CatalogFilters } from './catalogSlice';
import type { ListedProduct } from './types';

export const SEARCH_PAGE_SIZE = 12;

export interface FilterOptions {
  categories: string[];
  brands: string[];
  collections: string[];
}

// Not `localeCompare`: its first call loads the locale's collation data in /search's first render (see nameOrder.ts).
const uniqueSorted = (values: string[], language: Language) =>
  sortNames([...new Set(values.filter(Boolean))], language);

export const selectFilterOptions = createSelector(
  [selectCategories, selectAllProducts, selectLanguage],
  (categories, products, language): FilterOptions => ({
    categories: categories.map((category) => category.name),
    brands: uniqueSorted(
      products.map((product) => product.brand),
      language,
    ),
    collections: uniqueSorted(
      products.map((product) => product.collection),
      language,
    ),
  }),
);

/**
 * Name contains the search text (case-insensitive, Arabic-normalised), price at or below the chosen
 * price, rating at or above the chosen minimum; category, brands and collections when chosen.
 */
export function filterProducts(
  products: ListedProduct[],
  filters: CatalogFilters,
  searchText: string,
): ListedProduct[] {
  const brands = filters.brands.length ? new Set(filters.brands) : null;
  const collections = filters.collections.length ? new Set(filters.collections) : null;
  const text = searchText.trim();
  return products.filter(
    (product) =>
      (filters.category === null || product.category === filters.category) &&
      (brands === null || brands.has(product.brand)) &&
      (collections === null || collections.has(product.collection)) &&
      effectivePrice(product) <= filters.maxPrice &&
      product.rating >= filters.minRating &&
      (text === '' || nameMatches(product.name, text)),
  );
}

export const selectFilteredProducts = createSelector(
  [selectAllProducts, selectFilters, selectSearchText],
  filterProducts,
);

export const selectSearchPageCount = createSelector([selectFilteredProducts], (products) =>
  pageCount(products.length, SEARCH_PAGE_SIZE),
);

/** The stored page, kept inside the result's pages (a narrower filter can leave fewer pages). */
export const selectSearchPage = createSelector([selectPage, selectSearchPageCount], (page, count) =>
  Math.min(page, count),
);

export const selectPagedProducts = createSelector(
  [selectFilteredProducts, selectSearchPage],
  (products, page) => products.slice((page - 1) * SEARCH_PAGE_SIZE, page * SEARCH_PAGE_SIZE),
);

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
