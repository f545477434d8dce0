import { createSelector } from '@reduxjs/toolkit';
import { skipToken } from '@reduxjs/toolkit/query';

import { useAppSelector } from '../../app/hooks';
import { selectToken } from '../auth/public';
import { selectCurrency, selectLanguage } from '../settings/public';
import { useGetCartQuery } from './cartApi';
import { selectGuestToken } from './cartSlice';
import type { CartArgs, CartItem } from './types';

/**
 * The cart the shopper has: the user cart when signed in, else the guest cart of the stored guest token; null
 * (an empty cart, and no call) without either. Language and currency are part of it, so a switch reloads it.
 */
export const selectCartArgs = createSelector(
  [selectToken, selectGuestToken, selectLanguage, selectCurrency],
  (token, guestToken, lang, currency): CartArgs | null => {
    if (token) return { guestToken: null, lang, currency };
    return guestToken ? { guestToken, lang, currency } : null;
  },
);

/** The query result for the current cart (data undefined when there is no cart). */
export function useCartItems() {
  const args = useAppSelector(selectCartArgs);
  return useGetCartQuery(args ?? skipToken);
}

const countOf = (items: CartItem[] | undefined) =>
  items?.reduce((sum, item) => sum + (item.currency ? item.quantity : 0), 0) ?? 0;

/** Pieces in the cart. Re-renders only when the count changes, not on every cart reload. */
export function useCartCount(): number {
  const args = useAppSelector(selectCartArgs);
  const { count } = useGetCartQuery(args ?? skipToken, {
    selectFromResult: ({ data }) => ({ count: countOf(data) }),
  });
  return count;
}
