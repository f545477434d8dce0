// What a heart does once tapped; loaded on the first tap (or sign-in), so product grids carry none of it.
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';

import { statusOf } from '../../app/api';
import { loginRequired } from '../../app/events';
import type { AppServices } from '../../app/services';
import type { RootState } from '../../app/store';
import { loadAccountTexts } from '../../i18n/i18n';
import { selectUserId } from '../auth/public';
import { selectCurrency, selectLanguage } from '../settings/public';
import { favoritesApi } from './favoritesApi';
import { favoritesActions, selectAwaitingSignIn, selectSavedFavorites } from './favoritesSlice';

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
  const wishlistId = selectSavedFavorites(store.getState())[productId];
  try {
    if (wishlistId === undefined) await add(productId, store);
    else await remove({ product_id: productId, wishlist_id: wishlistId }, store);
  } finally {
    store.dispatch(favoritesActions.requestSettled(productId));
  }
}

async function add(productId: number, store: StoreAccess) {
  const answer = await store.dispatch(
    favoritesApi.endpoints.addFavorite.initiate({
      product_id: productId,
      user_id: selectUserId(store.getState()),
    }),
  );
  if (!answer.error) {
    // Without an id (removed again meanwhile) the list's reload decides the heart.
    const wishlistId = answer.data.wishlist_id;
    if (wishlistId !== undefined) {
      store.dispatch(favoritesActions.added({ product_id: productId, wishlist_id: wishlistId }));
    }
    return;
  }
  if (statusOf(answer.error) === 401) {
    store.dispatch(favoritesActions.heartRefused(productId));
    askToLogIn(store);
    return;
  }
  await toast(store, 'error', 'favorites.errors.add_failed', `favorite-add-${productId}`);
}

async function remove(entry: { product_id: number; wishlist_id: number }, store: StoreAccess) {
  store.dispatch(favoritesActions.removed(entry.product_id));
  const answer = await store.dispatch(favoritesApi.endpoints.removeFavorite.initiate(entry));
  if (!answer.error) return;
  const status = statusOf(answer.error);
  // Already gone on the server: the empty heart is the truth, nothing to say.
  if (status === 404) return;
  if (status === 401) {
    askToLogIn(store);
    return;
  }
  store.dispatch(favoritesActions.removalFailed(entry));
  await toast(store, 'error', 'favorites.errors.remove_failed', `favorite-remove-${entry.product_id}`);
}

/** Fetches the signed-in shopper's favorites so every heart shows them. */
export async function loadFavorites(store: StoreAccess): Promise<boolean> {
  const state = store.getState();
  const request = store.dispatch(
    favoritesApi.endpoints.getFavorites.initiate(
      { lang: selectLanguage(state), currency: selectCurrency(state) },
      { subscribe: false, forceRefetch: true },
    ),
  );
  const answer = await request;
  return !answer.error;
}

/** After a login: the account's favorites, then the heart the shopper tapped before logging in. */
export async function afterSignIn(store: StoreAccess): Promise<void> {
  await loadFavorites(store);
  const awaiting = selectAwaitingSignIn(store.getState());
  if (awaiting === null) return;
  store.dispatch(favoritesActions.awaitedHeartSent(awaiting));
  if (selectSavedFavorites(store.getState())[awaiting] !== undefined) {
    // Already a favorite of this account: tapping meant "add", so leave it filled.
    store.dispatch(favoritesActions.requestSettled(awaiting));
    return;
  }
  await sendHeart(awaiting, store);
}
