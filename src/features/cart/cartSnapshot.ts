// The cart's lines across a reload (the design card persists the cart): a snapshot of RTK Query's cart entry.
import { createSelector } from '@reduxjs/toolkit';

import type { CacheSnapshot } from '../../app/cacheSnapshot';
import type { RootState } from '../../app/store';
import { arrayOf, isFiniteNumber, isString, nullable, shapeOf, type Guard } from '../../lib/persistGuard';
import { cartApi } from './cartApi';
import { cartSnapshotRestored, isSameCart, selectCartArgs } from './cartSlice';
import type { CartArgs, CartItem } from './types';
import { selectCartData } from './useCart';

export interface CartSnapshot {
  args: CartArgs;
  items: CartItem[];
}

// What the cart page reads of a kept line: a copy that does not have it (another build, a hand) is no copy.
const isText = nullable(isString);
const isCartProduct: Guard = shapeOf({
  id: isFiniteNumber,
  name: isString,
  price: isFiniteNumber,
  discounted_price: nullable(isFiniteNumber),
  image_temp: isString,
  category: isString,
  stock_quantity: isFiniteNumber,
  stock_warning: (value) => value === null || shapeOf({ warning_en: isString, warning_ar: isString })(value),
  attributes: arrayOf(
    shapeOf({ attribute_name: isString, sub_attributes: arrayOf(shapeOf({ name: isString })) }),
  ),
  converted_products: (value) =>
    value === undefined ||
    shapeOf({ currency_code: isString, price: isFiniteNumber, discounted_price: nullable(isFiniteNumber) })(
      value,
    ),
});
const isCartItem: Guard = shapeOf({
  id: isFiniteNumber,
  product_id: isFiniteNumber,
  quantity: isFiniteNumber,
  size: isText,
  color: isText,
  currency: isText,
  product: (value) => value === undefined || isCartProduct(value),
});
const isCartSnapshot: Guard = shapeOf({
  args: shapeOf({
    guestToken: isText,
    userId: nullable(isFiniteNumber),
    lang: (value) => value === 'en' || value === 'ar',
    currency: isString,
  }),
  items: arrayOf(isCartItem),
});

/** The cart's answered lines, without the descriptions the cart does not show and adds not yet answered. */
const selectAnsweredCart = createSelector(
  [selectCartArgs, selectCartData],
  (args, items): CartSnapshot | null =>
    args && items
      ? {
          args,
          items: items
            .filter((item) => item.id >= 0)
            .map((item) =>
              item.product ? { ...item, product: { ...item.product, description: '' } } : item,
            ),
        }
      : null,
);

export const cartSnapshot: CacheSnapshot<CartSnapshot> = {
  key: 'cart',
  isValid: isCartSnapshot,
  take(state: RootState, stored) {
    const args = selectCartArgs(state);
    // No cart, or another one (a sign-in, a sign-out, a session that ended with the browser): nothing is kept.
    if (!args) return null;
    const answered = selectAnsweredCart(state);
    if (answered) return answered;
    return stored && isSameCart(stored.args, args) ? undefined : null;
  },
  restore(snapshot, store) {
    const args = selectCartArgs(store.getState());
    // Shown only to the cart it was taken of, in its language and currency.
    if (
      !args ||
      !isSameCart(snapshot.args, args) ||
      snapshot.args.lang !== args.lang ||
      snapshot.args.currency !== args.currency
    )
      return;
    store.dispatch(
      cartApi.util.upsertQueryEntries([{ endpointName: 'getCart', arg: args, value: snapshot.items }]),
    );
    store.dispatch(cartSnapshotRestored());
    void store.dispatch(cartApi.endpoints.getCart.initiate(args, { subscribe: false, forceRefetch: true }));
  },
};
