import { isRejectedWithValue, type UnknownAction } from '@reduxjs/toolkit';

import { statusOf } from '../../app/api';
import {
  addToCartClicked,
  addToCartKey,
  guestTokenRejected,
  selectIsAddingToCart,
  signedIn,
} from '../../app/events';
import type { AppStartListening } from '../../app/listenerTypes';
import { loadWhenOnline } from '../../lib/loadWhenOnline';
import { cartAdds } from './cartApi';
import { selectGuestToken, selectPendingAdd } from './cartSlice';

// The effects come with the cart page's mutations, not with the first JavaScript: evaluated on a sign-in with a guest
// cart, and fetched sooner when the shopper starts using the page (below).
const loadEffects = () => import(/* webpackChunkName: "cart-mutations" */ './cartEffects');

/** What a shopper does first on a page: a touch (a scroll on a phone starts with one), a click, a key, a wheel. */
const FIRST_INTERACTIONS = ['pointerdown', 'keydown', 'wheel'] as const;

/**
 * Fetches the cart's code at the shopper's first interaction with the page, so a sign-in or the cart page later does
 * not wait for a download (one round trip, ~160 ms on slow 4G), while a visit that never interacts never downloads it.
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

/**
 * A guest-cart call answered 401: the guest token is unknown to the server. Not the sign-in's merge: it is sent
 * with the session, so its 401 is the session's (an unknown guest cart answers 404 there); the guest cart waits
 * under its token for the next sign-in.
 */
function isGuestCart401(action: UnknownAction): boolean {
  if (!isRejectedWithValue(action) || statusOf(action.payload) !== 401) return false;
  const arg = (action.meta as { arg?: { originalArgs?: unknown; endpointName?: string } }).arg;
  if (arg?.endpointName === 'mergeGuestCart') return false;
  const args = arg?.originalArgs as
    { guestToken?: unknown; guest_token?: unknown; cart?: { guestToken?: unknown } } | undefined;
  return Boolean(args?.guestToken ?? args?.guest_token ?? args?.cart?.guestToken);
}

export function addCartListeners(startAppListening: AppStartListening): void {
  // The add itself: its mutation's pending state is the button's busy state; the entry goes once it is settled.
  startAppListening({
    actionCreator: addToCartClicked,
    effect: async (action, listenerApi) => {
      // A second tap before the button's busy state is painted (RTK Query batches it into the next frame) adds
      // nothing more: the state already has the add in flight.
      if (selectIsAddingToCart(listenerApi.getState(), action.payload.product_id)) return;
      const add = listenerApi.dispatch(
        cartAdds.endpoints.addToCart.initiate(action.payload, {
          fixedCacheKey: addToCartKey(action.payload.product_id),
        }),
      );
      await add;
      add.reset();
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
