import { createSelector } from '@reduxjs/toolkit';
import { skipToken } from '@reduxjs/toolkit/query';

import { useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { selectToken, selectUserId } from '../auth/public';
import { selectCurrency, selectLanguage } from '../settings/public';
import { cartApi, useGetCartQuery } from './cartApi';
import { selectGuestToken, selectLastKnownCart } from './cartSlice';
import type { CartArgs, CartItem } from './types';

/**
 * The cart the shopper has: the user cart when signed in, else the guest cart of the stored guest token; null
 * (an empty cart, and no call) without either. Language and currency are part of it, so a switch reloads it.
 */
export const selectCartArgs = createSelector(
  [selectToken, selectUserId, selectGuestToken, selectLanguage, selectCurrency],
  (token, userId, guestToken, lang, currency): CartArgs | null => {
    if (token) return { guestToken: null, userId, lang, currency };
    return guestToken ? { guestToken, userId: null, lang, currency } : null;
  },
);

/** The same cart (the same guest token, or the same account), whatever its language and currency. */
export const isSameCart = (a: CartArgs, b: CartArgs | null): boolean =>
  b !== null && a.guestToken === b.guestToken && a.userId === b.userId;

let selectorArgs: CartArgs | null = null;
let selectCartEntry: ReturnType<typeof cartApi.endpoints.getCart.select> | null = null;

/** What RTK Query holds for the cart the shop now reads (undefined before its first answer). */
export function selectCartData(state: RootState): CartItem[] | undefined {
  const args = selectCartArgs(state);
  if (!args) return undefined;
  if (args !== selectorArgs || !selectCartEntry) {
    selectorArgs = args;
    selectCartEntry = cartApi.endpoints.getCart.select(args);
  }
  return selectCartEntry(state).data;
}

/**
 * The persisted last answer of this very cart, in this language and currency (null when there is none): what the
 * shop shows until the server answers.
 */
export const selectLastKnownItems = createSelector(
  [selectLastKnownCart, selectCartArgs],
  (lastKnown, args): CartItem[] | null =>
    lastKnown &&
    args &&
    isSameCart(lastKnown.args, args) &&
    lastKnown.args.lang === args.lang &&
    lastKnown.args.currency === args.currency
      ? lastKnown.items
      : null,
);

/** The query result for the current cart (data undefined when there is no cart). */
export function useCartItems() {
  const args = useAppSelector(selectCartArgs);
  return useGetCartQuery(args ?? skipToken);
}

const countOf = (items: readonly CartItem[] | null | undefined) =>
  items?.reduce((sum, item) => sum + (item.currency ? item.quantity : 0), 0) ?? 0;

const selectLastKnownCount = createSelector([selectLastKnownItems], countOf);

/**
 * Pieces in the cart: the server's answer, or until it comes the persisted last answer. Re-renders only when the
 * count changes, not on every cart reload.
 */
export function useCartCount(): number {
  const args = useAppSelector(selectCartArgs);
  const { count } = useGetCartQuery(args ?? skipToken, {
    selectFromResult: ({ data }) => ({ count: data ? countOf(data) : null }),
  });
  const lastKnownCount = useAppSelector(selectLastKnownCount);
  return count ?? lastKnownCount;
}
