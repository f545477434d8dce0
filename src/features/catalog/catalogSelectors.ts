// Derived catalogue lists. Every list is memoised with createSelector so a filter change recomputes only the
// lists that depend on it and components holding unchanged lists do not re-render.
import { createSelector } from '@reduxjs/toolkit';

import type { RootState } from '../../app/store';
import { selectCurrency, selectLanguage } from '../settings/public';
import { catalogApi, type HomeArgs } from './catalogApi';
import type { Coupon, ListedCategory, ListedProduct } from './types';

export const CATEGORIES_PAGE_SIZE = 20;
export const HOME_CATEGORIES_MAX = 6;
export const MIN_GOOD_RATING = 3;

const NO_PRODUCTS: ListedProduct[] = [];
const NO_CATEGORIES: ListedCategory[] = [];
const NO_COUPONS: Coupon[] = [];

export const selectHomeArgs = createSelector(
  [selectLanguage, selectCurrency],
  (lang, currency): HomeArgs => ({ lang, currency }),
);

// endpoint.select(args) builds a new selector per call; memoising it per args keeps its own cache alive.
const selectHomeResultSelector = createSelector([selectHomeArgs], (args) =>
  catalogApi.endpoints.getHomeData.select(args),
);

export const selectHomeResult = (state: RootState) => selectHomeResultSelector(state)(state);

export const selectCategories = createSelector(
  [selectHomeResult],
  (result) => result.data?.categories ?? NO_CATEGORIES,
);
export const selectBestSellers = createSelector(
  [selectHomeResult],
  (result) => result.data?.bestSellers ?? NO_PRODUCTS,
);
export const selectCoupons = createSelector(
  [selectHomeResult],
  (result) => result.data?.coupons ?? NO_COUPONS,
);

/** Every product of every category (each product once, with its category name). */
export const selectAllProducts = createSelector([selectCategories], (categories) => {
  const seen = new Set<number>();
  const products: ListedProduct[] = [];
  for (const category of categories) {
    for (const product of category.products) {
      if (seen.has(product.id)) continue;
      seen.add(product.id);
      products.push(product);
    }
  }
  return products.length ? products : NO_PRODUCTS;
});

/** The price the shopper pays for one unit, in the currency shown. */
export function effectivePrice(product: ListedProduct): number {
  const converted = product.converted_products;
  if (converted) return converted.discounted_price ?? converted.price;
  return product.discounted_price ?? product.price;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** When a product was added (ms), or -Infinity when the backend sent no readable time. */
function addedAt(product: ListedProduct): number {
  const time = Date.parse(product.created_at ?? '');
  return Number.isNaN(time) ? -Infinity : time;
}

/**
 * Newest first, then the higher id. Compared as times, not as text: "…:00Z" and "…:00.250Z" are both ISO 8601
 * (and `localeCompare`, which ordered them wrong too, loads the locale's collation on its first call: ≈ 25 ms at
 * full CPU speed in the home page's first render).
 */
function newestFirst(a: ListedProduct, b: ListedProduct): number {
  const difference = addedAt(b) - addedAt(a);
  return difference > 0 || difference < 0 ? difference : b.id - a.id;
}

/** Newly added: rating 3 or more, newest first. */
export const selectNewlyAdded = createSelector([selectAllProducts], (products) =>
  products.filter((product) => product.rating >= MIN_GOOD_RATING).sort(newestFirst),
);

export const selectHomeCategories = createSelector([selectCategories], (categories) =>
  categories.slice(0, HOME_CATEGORIES_MAX),
);
