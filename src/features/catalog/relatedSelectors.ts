// The product page's related lists: their own module, so the home and search pages' code does not carry them.
import { createSelector } from '@reduxjs/toolkit';

import type { RootState } from '../../app/store';
import { MIN_GOOD_RATING, selectAllProducts } from './catalogSelectors';
import type { ListedProduct } from './types';

export const SIMILAR_MAX = 12;
export const RECOMMENDED_MAX = 8;

const NO_PRODUCTS: ListedProduct[] = [];

/** A deterministic shuffle (mulberry32): shuffled for the shopper, stable across renders of one product. */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0 || 1;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const result = [...items];
  for (let i = result.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}

/** Similar: other products of the same category, shuffled, up to 12. */
export function similarProducts(
  products: ListedProduct[],
  product: Pick<ListedProduct, 'id' | 'category'>,
): ListedProduct[] {
  const sameCategory = products.filter(
    (item) => item.category === product.category && item.id !== product.id,
  );
  return seededShuffle(sameCategory, product.id).slice(0, SIMILAR_MAX);
}

/** Recommended: other products rated 3 or more, best rated first, up to 8. */
export function recommendedProducts(products: ListedProduct[], productId: number): ListedProduct[] {
  return products
    .filter((item) => item.id !== productId && item.rating >= MIN_GOOD_RATING)
    .sort((a, b) => b.rating - a.rating || a.id - b.id)
    .slice(0, RECOMMENDED_MAX);
}

const productArg = (_state: RootState, product: Pick<ListedProduct, 'id' | 'category'> | undefined) =>
  product;

export const selectSimilarProducts = createSelector([selectAllProducts, productArg], (products, product) =>
  product ? similarProducts(products, product) : NO_PRODUCTS,
);

export const selectRecommendedProducts = createSelector(
  [selectAllProducts, (_state: RootState, productId: number | undefined) => productId],
  (products, productId) => (productId === undefined ? NO_PRODUCTS : recommendedProducts(products, productId)),
);
