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
/** Newly added: rating 3 or more, newest first (chosen by the server). */
export const selectNewlyAdded = createSelector(
  [selectHomeResult],
  (result) => result.data?.newlyAdded ?? NO_PRODUCTS,
);
export const selectTodayDeals = createSelector(
  [selectHomeResult],
  (result) => result.data?.todayDeals ?? NO_PRODUCTS,
);

const selectCouponsResultSelector = createSelector([selectHomeArgs], (args) =>
  catalogApi.endpoints.getCoupons.select(args),
);
export const selectCoupons = createSelector(
  [(state: RootState) => selectCouponsResultSelector(state)(state)],
  (result) => result.data ?? NO_COUPONS,
);

/** The price the shopper pays for one unit, in the currency shown. */
export function effectivePrice(product: ListedProduct): number {
  const converted = product.converted_products;
  if (converted) return converted.discounted_price ?? converted.price;
  return product.discounted_price ?? product.price;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export const selectHomeCategories = createSelector([selectCategories], (categories) =>
  categories.slice(0, HOME_CATEGORIES_MAX),
);
