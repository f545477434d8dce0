import {
  createSelector,
  createSlice,
  isFulfilled,
  type PayloadAction,
  type UnknownAction,
} from '@reduxjs/toolkit';

import { signedOut } from '../../app/events';
import type { RootState } from '../../app/store';
import { selectToken, selectUserId } from '../auth/public';
import { selectCurrency, selectLanguage } from '../settings/public';
import type { Language } from '../../app/events';

/**
 * Whose favorites, in which language and currency (the list's prices): the arguments of the favorites query. The
 * account is part of them, so one account's hearts are never another's in RTK Query's cache.
 */
export interface FavoritesArgs {
  userId: number | null;
  lang: Language;
  currency: string;
}

/** One favorite as the hearts need it: which product, and the wishlist row that removes it. */
export interface FavoriteEntry {
  wishlist_id: number;
  product_id: number;
}

/** What the hearts hold of their own: the favorites themselves are RTK Query's (favoritesApi.ts). */
export interface FavoritesState {
  /** Products whose heart has a request in flight (a second tap waits for it). */
  busy: number[];
  /** The heart a signed-out shopper tapped: added as soon as they sign in. */
  awaitingSignIn: number | null;
  /**
   * The favorites in the cache are the snapshot the last visit left (app/cacheSnapshot.ts), not yet answered by the
   * server: the favorites page waits for the answer.
   */
  fromSnapshot: boolean;
}

const initialState: FavoritesState = { busy: [], awaitingSignIn: null, fromSnapshot: false };

/** RTK Query's answer of the favorites query: the snapshot is replaced. */
const isFavoritesAnswer = (action: UnknownAction): boolean =>
  isFulfilled(action) &&
  (action.meta as { arg?: { endpointName?: unknown } }).arg?.endpointName === 'getFavorites';

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
    /** A 401 on a heart: it is sent again once the shopper has signed in. */
    heartRefused(state, action: PayloadAction<number>) {
      state.awaitingSignIn = action.payload;
    },
    requestSettled(state, action: PayloadAction<number>) {
      state.busy = state.busy.filter((id) => id !== action.payload);
    },
    /** The persisted snapshot of the favorites seeded RTK Query's cache: shown until the server answers. */
    favoritesSnapshotRestored(state) {
      state.fromSnapshot = true;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(signedOut, () => initialState)
      .addMatcher(isFavoritesAnswer, (state) => {
        state.fromSnapshot = false;
      });
  },
  selectors: {
    selectAwaitingSignIn: (state) => state.awaitingSignIn,
    selectFavoriteBusy: (state, productId: number) => state.busy.includes(productId),
    selectFavoritesFromSnapshot: (state) => state.fromSnapshot,
  },
});

export const favoritesActions = favoritesSlice.actions;
export const { selectAwaitingSignIn, selectFavoriteBusy, selectFavoritesFromSnapshot } =
  favoritesSlice.selectors;
export const favoritesReducer = favoritesSlice.reducer;

/** The signed-in shopper's favorites query arguments; null without a session (no favorites, and no call). */
export const selectFavoritesArgs = createSelector(
  [selectToken, selectUserId, selectLanguage, selectCurrency],
  (token, userId, lang, currency): FavoritesArgs | null => (token ? { userId, lang, currency } : null),
);

const NO_FAVORITES: ReadonlyMap<number, number> = new Map();

interface CachedList {
  originalArgs?: unknown;
  data?: unknown;
  fulfilledTimeStamp?: number;
  endpointName?: string;
}

/**
 * product id → wishlist id of the signed-in shopper's favorites, as RTK Query holds them: the list in this language
 * and currency, or until it comes the account's latest list in another (a language switch leaves hearts filled).
 */
export const selectFavoriteIds = createSelector(
  [selectFavoritesArgs, (state: RootState) => state.api.queries],
  (args, queries): ReadonlyMap<number, number> => {
    if (!args) return NO_FAVORITES;
    let chosen: CachedList | null = null;
    for (const entry of Object.values(queries) as (CachedList | undefined)[]) {
      if (entry?.endpointName !== 'getFavorites' || entry.data === undefined) continue;
      const of = entry.originalArgs as FavoritesArgs;
      if (of.userId !== args.userId) continue;
      if (of.lang === args.lang && of.currency === args.currency) {
        chosen = entry;
        break;
      }
      if (!chosen || (entry.fulfilledTimeStamp ?? 0) > (chosen.fulfilledTimeStamp ?? 0)) chosen = entry;
    }
    if (!chosen) return NO_FAVORITES;
    return new Map((chosen.data as FavoriteEntry[]).map((entry) => [entry.product_id, entry.wishlist_id]));
  },
);

export const selectIsFavorite = (state: RootState, productId: number): boolean =>
  selectFavoriteIds(state).has(productId);
