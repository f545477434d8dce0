// What a heart does once tapped; loaded on the first tap (or sign-in), so product grids carry none of it.
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';

import { statusOf } from '../../app/api';
import { loginRequired } from '../../app/events';
import type { AppServices } from '../../app/services';
import type { RootState } from '../../app/store';
import { loadAccountTexts } from '../../i18n/i18n';
import { selectUserId } from '../auth/public';
import { favoriteChanges } from './favoriteChanges';
import { favoritesApi } from './favoritesApi';
import {
  favoritesActions,
  selectAwaitingSignIn,
  selectFavoriteIds,
  selectFavoritesArgs,
} from './favoritesSlice';

interface StoreAccess {
  dispatch: ThunkDispatch<RootState, unknown, UnknownAction>;
  getState(): RootState;
  /** Texts and toasts (the listener's `extra`). */
  extra: AppServices;
}

async function toast(store: StoreAccess, kind: 'error' | 'warning', key: string, toastId: string) {
  await loadAccountTexts().catch(() => undefined);
  store.extra.notify[kind](store.extra.t(key), { toastId });
}

export function askToLogIn(store: StoreAccess): void {
  void toast(store, 'warning', 'shell.session.please_login_first', 'please-login-first');
  store.dispatch(loginRequired({ reason: 'favorites' }));
}

/** Adds or removes one product; the heart is marked busy by the tap and freed here whatever happens. */
export async function sendHeart(productId: number, store: StoreAccess): Promise<void> {
  const wishlistId = selectFavoriteIds(store.getState()).get(productId);
  try {
    if (wishlistId === undefined) await add(productId, store);
    else await remove({ product_id: productId, wishlist_id: wishlistId }, store);
  } finally {
    store.dispatch(favoritesActions.requestSettled(productId));
  }
}

async function add(productId: number, store: StoreAccess) {
  const answer = await store.dispatch(
    favoriteChanges.endpoints.addFavorite.initiate({
      product_id: productId,
      user_id: selectUserId(store.getState()),
    }),
  );
  // The heart is filled in the cache by the add itself (favoritesApi.ts).
  if (!answer.error) return;
  if (statusOf(answer.error) === 401) {
    store.dispatch(favoritesActions.heartRefused(productId));
    askToLogIn(store);
    return;
  }
  await toast(store, 'error', 'favorites.errors.add_failed', `favorite-add-${productId}`);
}

async function remove(entry: { product_id: number; wishlist_id: number }, store: StoreAccess) {
  // The heart empties at once and comes back on a failure: the removal itself does both (favoritesApi.ts).
  const answer = await store.dispatch(favoriteChanges.endpoints.removeFavorite.initiate(entry));
  if (!answer.error) return;
  const status = statusOf(answer.error);
  // Already gone on the server: the empty heart is the truth, nothing to say.
  if (status === 404) return;
  if (status === 401) {
    askToLogIn(store);
    return;
  }
  await toast(store, 'error', 'favorites.errors.remove_failed', `favorite-remove-${entry.product_id}`);
}

/** The signed-in shopper's favorites, as the cache has them or once their request (already running) answers. */
async function loadFavorites(store: StoreAccess): Promise<void> {
  const args = selectFavoritesArgs(store.getState());
  if (args) await store.dispatch(favoritesApi.endpoints.getFavorites.initiate(args, { subscribe: false }));
}

/** After a login: the account's favorites, then the heart the shopper tapped before logging in. */
export async function afterSignIn(store: StoreAccess): Promise<void> {
  await loadFavorites(store);
  const awaiting = selectAwaitingSignIn(store.getState());
  if (awaiting === null) return;
  store.dispatch(favoritesActions.awaitedHeartSent(awaiting));
  if (selectFavoriteIds(store.getState()).has(awaiting)) {
    // Already a favorite of this account: tapping meant "add", so leave it filled.
    store.dispatch(favoritesActions.requestSettled(awaiting));
    return;
  }
  await sendHeart(awaiting, store);
}
