import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { persistReducer } from 'redux-persist';

import { sessionExpired, signedIn, signedOut } from '../../app/events';
import { isFiniteNumber, keepValidFields, recordOf } from '../../lib/persistGuard';
import { localPersistStorage } from '../../lib/storage';

/** One favorite as the hearts need it: which product, and the wishlist row that removes it. */
export interface FavoriteEntry {
  wishlist_id: number;
  product_id: number;
}

export interface FavoritesState {
  /** product id → wishlist id of the signed-in shopper's favorites; persisted so hearts show at once. */
  saved: Record<string, number>;
  /** Products whose heart has a request in flight (a second tap waits for it). */
  busy: number[];
  /** The heart a signed-out shopper tapped: added as soon as they sign in. */
  awaitingSignIn: number | null;
}

const initialState: FavoritesState = { saved: {}, busy: [], awaitingSignIn: null };

const favoritesSlice = createSlice({
  name: 'favorites',
  initialState,
  reducers: {
    /** A heart was tapped; `signedIn` tells whether it can be sent now or waits for a login. */
    heartTapped(state, action: PayloadAction<{ productId: number; signedIn: boolean }>) {
      const { productId, signedIn: canSend } = action.payload;
      if (!canSend) state.awaitingSignIn = productId;
      else if (!state.busy.includes(productId)) state.busy.push(productId);
    },
    /** The login after a tapped heart sends it. */
    awaitedHeartSent(state, action: PayloadAction<number>) {
      state.awaitingSignIn = null;
      if (!state.busy.includes(action.payload)) state.busy.push(action.payload);
    },
    listLoaded(state, action: PayloadAction<FavoriteEntry[]>) {
      state.saved = Object.fromEntries(action.payload.map((entry) => [entry.product_id, entry.wishlist_id]));
    },
    added(state, action: PayloadAction<FavoriteEntry>) {
      state.saved[action.payload.product_id] = action.payload.wishlist_id;
    },
    /** Optimistic: the heart empties before the server answers. */
    removed(state, action: PayloadAction<number>) {
      state.saved = Object.fromEntries(
        Object.entries(state.saved).filter(([productId]) => Number(productId) !== action.payload),
      );
    },
    removalFailed(state, action: PayloadAction<FavoriteEntry>) {
      state.saved[action.payload.product_id] = action.payload.wishlist_id;
    },
    /** A 401 on a heart: it is sent again once the shopper has signed in. */
    heartRefused(state, action: PayloadAction<number>) {
      state.awaitingSignIn = action.payload;
    },
    requestSettled(state, action: PayloadAction<number>) {
      state.busy = state.busy.filter((id) => id !== action.payload);
    },
  },
  extraReducers: (builder) => {
    // Favorites belong to one account: another sign-in starts from its own list, logging out clears them.
    builder
      .addCase(signedIn, (state) => {
        state.saved = {};
      })
      .addCase(signedOut, () => initialState)
      .addCase(sessionExpired, (state) => {
        state.saved = {};
      });
  },
  selectors: {
    selectSavedFavorites: (state) => state.saved,
    selectAwaitingSignIn: (state) => state.awaitingSignIn,
    selectIsFavorite: (state, productId: number) => state.saved[productId] !== undefined,
    selectFavoriteBusy: (state, productId: number) => state.busy.includes(productId),
  },
});

export const favoritesActions = favoritesSlice.actions;
export const { selectSavedFavorites, selectAwaitingSignIn, selectIsFavorite, selectFavoriteBusy } =
  favoritesSlice.selectors;

export const favoritesReducer = persistReducer(
  {
    key: 'favorites',
    storage: localPersistStorage,
    whitelist: ['saved'],
    migrate: keepValidFields<FavoritesState>({ saved: recordOf(isFiniteNumber) }),
  },
  favoritesSlice.reducer,
);
export const favoritesSliceReducer = favoritesSlice.reducer;
