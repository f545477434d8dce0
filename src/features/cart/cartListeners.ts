import { isRejectedWithValue, type UnknownAction } from '@reduxjs/toolkit';

import { statusOf } from '../../app/api';
import { addToCartClicked, addToCartSettled, guestTokenRejected, signedIn } from '../../app/events';
import type { AppStartListening } from '../../app/listenerTypes';
import type { RootState } from '../../app/store';
import { loadWhenOnline } from '../../lib/loadWhenOnline';
import {
  cartDataChanged,
  lastKnownCartDropped,
  selectGuestToken,
  selectLastKnownCart,
  selectPendingAdd,
} from './cartSlice';
import { isSameCart, selectCartArgs, selectCartData } from './useCart';

// The effects come with the cart mutations, not with the first JavaScript: evaluated on the first add or sign-in with
// a guest cart, and fetched sooner when the shopper starts using the page (below).
const loadEffects = () => import(/* webpackChunkName: "cart-mutations" */ './cartEffects');

/** What a shopper does first on a page: a touch (a scroll on a phone starts with one), a click, a key, a wheel. */
const FIRST_INTERACTIONS = ['pointerdown', 'keydown', 'wheel'] as const;

/**
 * Fetches the cart's code at the shopper's first interaction with the page, so an add tapped later does not wait
 * for a download (one round trip, ~160 ms on slow 4G), while a visit that never interacts never downloads it.
 */
export function loadCartCodeOnFirstInteraction(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
) {
  const load = () => {
    for (const type of FIRST_INTERACTIONS) target.removeEventListener(type, load, true);
    // A failed fetch (offline) is tried again by the add itself.
    loadEffects().catch(() => undefined);
  };
  for (const type of FIRST_INTERACTIONS)
    target.addEventListener(type, load, { capture: true, passive: true });
}

/** A guest-cart call answered 401: the guest token is unknown to the server. */
function isGuestCart401(action: UnknownAction): boolean {
  if (!isRejectedWithValue(action) || statusOf(action.payload) !== 401) return false;
  const args = (action.meta as { arg?: { originalArgs?: unknown } }).arg?.originalArgs as
    { guestToken?: unknown; guest_token?: unknown; cart?: { guestToken?: unknown } } | undefined;
  return Boolean(args?.guestToken ?? args?.guest_token ?? args?.cart?.guestToken);
}

/** The session and the cart are read back from storage (or never were stored): the shop knows whose cart it reads. */
const isRestored = (state: RootState) =>
  [state.auth, state.cart].every(
    (slice) => (slice as { _persist?: { rehydrated: boolean } })._persist?.rehydrated ?? true,
  );

export function addCartListeners(startAppListening: AppStartListening): void {
  // The persisted cart follows what RTK Query holds for the cart on screen: each answer, and each change shown
  // before the server confirms it (a quantity, a removed line) or taken back.
  startAppListening({
    predicate: (_action, current, previous) => selectCartData(current) !== selectCartData(previous),
    effect: (_action, listenerApi) => {
      const state = listenerApi.getState();
      const args = selectCartArgs(state);
      const items = selectCartData(state);
      if (args && items) listenerApi.dispatch(cartDataChanged({ args, items }));
    },
  });

  // Another shopper's or another cart's lines are never shown and not kept: a sign-in, a sign-out in another tab, a
  // session that did not outlive the browser (its token lives in session storage) while the cart stayed.
  startAppListening({
    predicate: (_action, state) => {
      const lastKnown = selectLastKnownCart(state);
      return lastKnown !== null && isRestored(state) && !isSameCart(lastKnown.args, selectCartArgs(state));
    },
    effect: (_action, listenerApi) => {
      listenerApi.dispatch(lastKnownCartDropped());
    },
  });

  startAppListening({
    actionCreator: addToCartClicked,
    effect: async (action, listenerApi) => {
      let effects: Awaited<ReturnType<typeof loadEffects>>;
      try {
        effects = await loadEffects();
      } catch {
        // The code could not be fetched (offline): the add fails as one the shop did not answer, so its button
        // leaves its busy state; the next add fetches the code again.
        listenerApi.dispatch(addToCartSettled({ request: action.payload, outcome: 'failed' }));
        const { notify, t } = listenerApi.extra;
        notify.error(t('catalog.product.error_adding_to_cart'), { toastId: 'add-to-cart-failed' });
        return;
      }
      await effects.addToCart(action.payload, listenerApi);
    },
  });

  // Signing in: the guest cart moves into the user cart, then an add that waited for the sign-in is retried. Code
  // that cannot be fetched (offline) is fetched again once the connection is back: the guest cart waits under its
  // token meanwhile.
  startAppListening({
    actionCreator: signedIn,
    effect: async (_action, listenerApi) => {
      const state = listenerApi.getState();
      if (selectGuestToken(state) || selectPendingAdd(state))
        await (await loadWhenOnline(loadEffects)).afterSignIn(listenerApi);
    },
  });

  // A guest-cart 401 clears the guest token: the cart falls back to empty, not to an error page.
  startAppListening({
    predicate: (action) => isGuestCart401(action),
    effect: (_action, listenerApi) => {
      if (selectGuestToken(listenerApi.getState())) listenerApi.dispatch(guestTokenRejected());
    },
  });
}
