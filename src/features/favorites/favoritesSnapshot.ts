// The hearts across a reload: a snapshot of RTK Query's favorites entry of the signed-in shopper.
import { createSelector } from '@reduxjs/toolkit';

import type { CacheSnapshot } from '../../app/cacheSnapshot';
import type { RootState } from '../../app/store';
import { arrayOf, isFiniteNumber, isString, nullable, shapeOf, type Guard } from '../../lib/persistGuard';
import { favoritesApi, type Favorite } from './favoritesApi';
import { favoritesActions, selectFavoritesArgs, type FavoritesArgs } from './favoritesSlice';

export interface FavoritesSnapshot {
  args: FavoritesArgs;
  favorites: Favorite[];
}

// What the hearts and the favorites page read of a kept favorite.
const isFavorite: Guard = shapeOf({
  wishlist_id: isFiniteNumber,
  product_id: isFiniteNumber,
  product_details: (value) =>
    value === undefined ||
    shapeOf({ id: isFiniteNumber, name: isString, price: isFiniteNumber, image_temp: isString })(value),
});
const isFavoritesSnapshot: Guard = shapeOf({
  args: shapeOf({
    userId: nullable(isFiniteNumber),
    lang: (value) => value === 'en' || value === 'ar',
    currency: isString,
  }),
  favorites: arrayOf(isFavorite),
});

const sameArgs = (a: FavoritesArgs, b: FavoritesArgs) =>
  a.userId === b.userId && a.lang === b.lang && a.currency === b.currency;

let selectorArgs: FavoritesArgs | null = null;
let selectEntry: ReturnType<typeof favoritesApi.endpoints.getFavorites.select> | null = null;
function selectFavoritesData(state: RootState): Favorite[] | undefined {
  const args = selectFavoritesArgs(state);
  if (!args) return undefined;
  if (args !== selectorArgs || !selectEntry) {
    selectorArgs = args;
    selectEntry = favoritesApi.endpoints.getFavorites.select(args);
  }
  return selectEntry(state).data;
}

/** The list without the descriptions no heart or card shows. */
const selectAnswered = createSelector(
  [selectFavoritesArgs, selectFavoritesData],
  (args, favorites): FavoritesSnapshot | null =>
    args && favorites
      ? {
          args,
          favorites: favorites.map((favorite) =>
            favorite.product_details
              ? { ...favorite, product_details: { ...favorite.product_details, description: '' } }
              : favorite,
          ),
        }
      : null,
);

export const favoritesSnapshot: CacheSnapshot<FavoritesSnapshot> = {
  key: 'favorites',
  isValid: isFavoritesSnapshot,
  take(state: RootState, stored) {
    const args = selectFavoritesArgs(state);
    // Signed out, or another account: its hearts are not kept.
    if (!args) return null;
    const answered = selectAnswered(state);
    if (answered) return answered;
    return stored && stored.args.userId === args.userId ? undefined : null;
  },
  restore(snapshot, store) {
    const args = selectFavoritesArgs(store.getState());
    if (!args || !sameArgs(snapshot.args, args)) return;
    const running = favoritesApi.endpoints.getFavorites.select(args)(store.getState()).isLoading;
    store.dispatch(
      favoritesApi.util.upsertQueryEntries([
        { endpointName: 'getFavorites', arg: args, value: snapshot.favorites },
      ]),
    );
    store.dispatch(favoritesActions.favoritesSnapshotRestored());
    // The session's list is usually asked for already (favoritesListeners.ts); its answer replaces the snapshot.
    if (!running)
      void store.dispatch(
        favoritesApi.endpoints.getFavorites.initiate(args, { subscribe: false, forceRefetch: true }),
      );
  },
};
