import { skipToken } from '@reduxjs/toolkit/query';

import { useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { cartApi, useGetCartQuery } from './cartApi';
import { selectCartArgs } from './cartSlice';
import type { CartArgs, CartItem } from './types';

export { isSameCart, selectCartArgs } from './cartSlice';

let selectorArgs: CartArgs | null = null;
let selectCartEntry: ReturnType<typeof cartApi.endpoints.getCart.select> | null = null;

/** What RTK Query holds for the cart the shop now reads (undefined before its first answer or snapshot). */
export function selectCartData(state: RootState): CartItem[] | undefined {
  const args = selectCartArgs(state);
  if (!args) return undefined;
  if (args !== selectorArgs || !selectCartEntry) {
    selectorArgs = args;
    selectCartEntry = cartApi.endpoints.getCart.select(args);
  }
  return selectCartEntry(state).data;
}

/** The query result for the current cart (data undefined when there is no cart). */
export function useCartItems() {
  const args = useAppSelector(selectCartArgs);
  return useGetCartQuery(args ?? skipToken);
}

const countOf = (items: readonly CartItem[]) =>
  items.reduce((sum, item) => sum + (item.currency ? item.quantity : 0), 0);

/**
 * Pieces in the cart: RTK Query's cart (the server's answer, or until it comes the snapshot the last visit left).
 * Re-renders only when the count changes, not on every cart reload.
 */
export function useCartCount(): number {
  const args = useAppSelector(selectCartArgs);
  const { count } = useGetCartQuery(args ?? skipToken, {
    selectFromResult: ({ data }) => ({ count: data ? countOf(data) : 0 }),
  });
  return count;
}
