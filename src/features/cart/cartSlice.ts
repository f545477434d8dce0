import {
  createSelector,
  createSlice,
  isFulfilled,
  type PayloadAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { persistReducer } from 'redux-persist';

import {
  addToCartClicked,
  guestTokenIssued,
  guestTokenRejected,
  signedOut,
  type CartAddRequest,
} from '../../app/events';
import { isFiniteNumber, isString, keepValidFields, migrateThenKeep, nullable } from '../../lib/persistGuard';
import { localPersistStorage } from '../../lib/storage';
import { selectToken, selectUserId } from '../auth/public';
import { selectCurrency, selectLanguage } from '../settings/public';
import type { CartArgs } from './types';

export interface CartState {
  guestToken: string | null;
  /**
   * Counts this browser's changes to the cart. It is persisted, so another tab sees it change through the storage
   * event and reloads its cart: the navbar count stays in step without polling.
   */
  revision: number;
  /** An add that needs a fresh sign-in; retried when the shopper signs in. */
  pendingAdd: CartAddRequest | null;
  /**
   * The cart on screen is the snapshot the last visit left (app/cacheSnapshot.ts), not yet answered by the server:
   * its lines wait for the answer before they can change. Not persisted.
   */
  fromSnapshot: boolean;
}

const initialState: CartState = { guestToken: null, revision: 0, pendingAdd: null, fromSnapshot: false };

/** RTK Query's answer of the cart query (whatever cart): the server has spoken, the snapshot is replaced. */
const isCartAnswer = (action: UnknownAction): boolean =>
  isFulfilled(action) &&
  (action.meta as { arg?: { endpointName?: unknown } }).arg?.endpointName === 'getCart';

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
    },
    /** Another tab of this browser changed the stored cart (storage event). */
    cartChangedInAnotherTab(state, action: PayloadAction<{ guestToken: string | null; revision: number }>) {
      state.guestToken = action.payload.guestToken;
      state.revision = action.payload.revision;
    },
    /** A signed-in add was refused with 401 (the session ended): it is retried once the shopper signs in again. */
    addAwaitsSignIn(state, action: PayloadAction<CartAddRequest>) {
      state.pendingAdd = action.payload;
    },
    /** The persisted snapshot of this cart seeded RTK Query's cache: shown until the server answers. */
    cartSnapshotRestored(state) {
      state.fromSnapshot = true;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(addToCartClicked, (state) => {
        state.pendingAdd = null;
      })
      // Logout removes the cart and the guest token; a guest-cart 401 clears the bad token.
      .addCase(signedOut, (state) => ({ ...initialState, revision: state.revision + 1 }))
      .addCase(guestTokenRejected, (state) => {
        state.guestToken = null;
        state.revision += 1;
      })
      .addCase(guestTokenIssued, (state, action) => {
        state.guestToken = action.payload;
      })
      .addMatcher(isCartAnswer, (state) => {
        state.fromSnapshot = false;
      });
  },
  selectors: {
    selectGuestToken: (state) => state.guestToken,
    selectCartRevision: (state) => state.revision,
    selectPendingAdd: (state) => state.pendingAdd,
    selectCartFromSnapshot: (state) => state.fromSnapshot,
  },
});

export const {
  cartChanged,
  guestCartMerged,
  cartChangedInAnotherTab,
  addAwaitsSignIn,
  cartSnapshotRestored,
} = cartSlice.actions;
export const { selectGuestToken, selectCartRevision, selectPendingAdd, selectCartFromSnapshot } =
  cartSlice.selectors;
export const cartSliceReducer = cartSlice.reducer;

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

/**
 * The persisted cart's shape, by version: -1 (redux-persist's default, up to this release) held the guest token and
 * the revision; 1 added a copy of the server's last answer, which 2 drops again (the cart's lines survive a reload as
 * RTK Query's cache snapshot, app/cacheSnapshot.ts): the cart keeps ids, the server's answers stay in the cache.
 */
export const CART_PERSIST_VERSION = 2;
const cartMigrations = {
  1: (state: Record<string, unknown>) => state,
  2: ({ lastKnown: _dropped, ...state }: Record<string, unknown>) => state,
};

export const CART_PERSIST_KEY = 'cart';
export const cartReducer = persistReducer(
  {
    key: CART_PERSIST_KEY,
    storage: localPersistStorage,
    version: CART_PERSIST_VERSION,
    whitelist: ['guestToken', 'revision'],
    migrate: migrateThenKeep(
      cartMigrations,
      keepValidFields<CartState>({
        guestToken: nullable(isString),
        revision: isFiniteNumber,
      }),
    ),
  },
  cartSlice.reducer,
);
