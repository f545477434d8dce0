import type { Language } from '../../../app/events';
import { homeCopyKey } from '../homeCopy';
import type { Category, Coupon, Product } from '../types';

/** Puts stored copies of the three home calls into session storage, as the base query keeps them. */
export function storeHomeCopies(
  language: Language,
  copies: {
    categories: Category[];
    bestSellers: Product[];
    coupons: Coupon[];
    storedAt: number;
    currency: string;
  },
): void {
  const { storedAt, currency } = copies;
  const keep = (key: string, data: unknown) =>
    window.sessionStorage.setItem(key, JSON.stringify({ storedAt, data }));
  keep(homeCopyKey(language, 'categories', currency), copies.categories);
  keep(homeCopyKey(language, 'bestSellers', currency), { bestSellingProducts: copies.bestSellers });
  keep(homeCopyKey(language, 'coupons', currency), copies.coupons);
}
