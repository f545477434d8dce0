import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { persistReducer } from 'redux-persist';

import {
  addToCartClicked,
  addToCartSettled,
  guestTokenIssued,
  guestTokenRejected,
  sessionExpired,
  signedOut,
  type CartAddRequest,
} from '../../app/events';
import {
  arrayOf,
  isFiniteNumber,
  isString,
  keepValidFields,
  migrateThenKeep,
  nullable,
  shapeOf,
  type Guard,
} from '../../lib/persistGuard';
import { localPersistStorage } from '../../lib/storage';
import type { CartArgs, CartItem } from './types';

export { addToCartSettled, type CartAddOutcome } from '../../app/events';

/** The cart as the server last answered it, and whose cart it was (the query's arguments). */
export interface LastKnownCart {
  args: CartArgs;
  items: CartItem[];
}

export interface CartState {
  guestToken: string | null;
  /**
   * Counts this browser's changes to the cart. It is persisted, so another tab sees it change through the storage
   * event and reloads its cart: the navbar count stays in step without polling.
   */
  revision: number;
  /**
   * The last answer of the cart on screen, persisted: a returning shopper sees their lines and the count at once,
   * before the server answers (its answer then replaces this one). Shown only to the cart it was answered for.
   */
  lastKnown: LastKnownCart | null;
  /** An add that needs a fresh sign-in; retried when the shopper signs in. */
  pendingAdd: CartAddRequest | null;
}

const initialState: CartState = { guestToken: null, revision: 0, lastKnown: null, pendingAdd: null };

/** A product's description is not shown in the cart: it is not kept in the browser's storage. */
const withoutDescriptions = (items: readonly CartItem[]): CartItem[] =>
  items.map((item) => (item.product ? { ...item, product: { ...item.product, description: '' } } : item));

const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    /** The server accepted a change of this browser's cart (the first guest add also brings the guest token). */
    cartChanged(state, action: PayloadAction<{ guestToken?: string } | undefined>) {
      state.revision += 1;
      if (action.payload?.guestToken) state.guestToken = action.payload.guestToken;
    },
    /** The guest lines moved into the user cart on sign-in; the guest cart is gone. */
    guestCartMerged(state) {
      state.guestToken = null;
      state.lastKnown = null;
    },
    /** Another tab of this browser changed the stored cart (storage event). */
    cartChangedInAnotherTab(state, action: PayloadAction<{ guestToken: string | null; revision: number }>) {
      state.guestToken = action.payload.guestToken;
      state.revision = action.payload.revision;
    },
    /** The cart on screen has new data: a server answer, or a change shown before the server confirms it. */
    cartDataChanged(state, action: PayloadAction<LastKnownCart>) {
      state.lastKnown = { args: action.payload.args, items: withoutDescriptions(action.payload.items) };
    },
    /** The last known cart belongs to another shopper or cart than the one the shop now reads: it goes. */
    lastKnownCartDropped(state) {
      state.lastKnown = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(addToCartClicked, (state) => {
        state.pendingAdd = null;
      })
      .addCase(addToCartSettled, (state, action) => {
        state.pendingAdd = action.payload.outcome === 'login_required' ? action.payload.request : null;
      })
      // Logout removes the cart and the guest token; a guest-cart 401 clears the bad token.
      .addCase(signedOut, (state) => ({ ...initialState, revision: state.revision + 1 }))
      .addCase(sessionExpired, (state) => {
        if (state.lastKnown?.args.guestToken === null) state.lastKnown = null;
      })
      .addCase(guestTokenRejected, (state) => {
        state.guestToken = null;
        state.lastKnown = null;
        state.revision += 1;
      })
      .addCase(guestTokenIssued, (state, action) => {
        state.guestToken = action.payload;
      });
  },
  selectors: {
    selectGuestToken: (state) => state.guestToken,
    selectCartRevision: (state) => state.revision,
    selectPendingAdd: (state) => state.pendingAdd,
    selectLastKnownCart: (state) => state.lastKnown,
  },
});

export const {
  cartChanged,
  guestCartMerged,
  cartChangedInAnotherTab,
  cartDataChanged,
  lastKnownCartDropped,
} = cartSlice.actions;
export const { selectGuestToken, selectCartRevision, selectPendingAdd, selectLastKnownCart } =
  cartSlice.selectors;
export const cartSliceReducer = cartSlice.reducer;

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
const isLastKnownCart: Guard = shapeOf({
  args: shapeOf({
    guestToken: isText,
    userId: nullable(isFiniteNumber),
    lang: (value) => value === 'en' || value === 'ar',
    currency: isString,
  }),
  items: arrayOf(isCartItem),
});

/**
 * The persisted cart's shape, by version: -1 (redux-persist's default, up to this release) held the guest token and
 * the revision; 1 adds the last known cart.
 */
export const CART_PERSIST_VERSION = 1;
const cartMigrations = {
  1: (state: Record<string, unknown>) => ({ ...state, lastKnown: null }),
};

export const CART_PERSIST_KEY = 'cart';
export const cartReducer = persistReducer(
  {
    key: CART_PERSIST_KEY,
    storage: localPersistStorage,
    version: CART_PERSIST_VERSION,
    whitelist: ['guestToken', 'revision', 'lastKnown'],
    migrate: migrateThenKeep(
      cartMigrations,
      keepValidFields<CartState>({
        guestToken: nullable(isString),
        revision: isFiniteNumber,
        lastKnown: nullable(isLastKnownCart),
      }),
    ),
  },
  cartSlice.reducer,
);
