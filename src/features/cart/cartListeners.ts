import { isRejectedWithValue, type UnknownAction } from '@reduxjs/toolkit';

import { statusOf } from '../../app/api';
import { addToCartClicked, guestTokenRejected, signedIn } from '../../app/events';
import type { AppStartListening } from '../../app/listenerTypes';
import { selectGuestToken, selectPendingAdd } from './cartSlice';

// The effects load with the cart mutations on first use, not with the first JavaScript.
const loadEffects = () => import(/* webpackChunkName: "cart-mutations" */ './cartEffects');

/** A guest-cart call answered 401: the guest token is unknown to the server. */
function isGuestCart401(action: UnknownAction): boolean {
  if (!isRejectedWithValue(action) || statusOf(action.payload) !== 401) return false;
  const args = (action.meta as { arg?: { originalArgs?: unknown } }).arg?.originalArgs as
    { guestToken?: unknown; guest_token?: unknown; cart?: { guestToken?: unknown } } | undefined;
  return Boolean(args?.guestToken ?? args?.guest_token ?? args?.cart?.guestToken);
}

export function addCartListeners(startAppListening: AppStartListening): void {
  startAppListening({
    actionCreator: addToCartClicked,
    effect: async (action, listenerApi) => {
      const { addToCart } = await loadEffects();
      await addToCart(action.payload, listenerApi);
    },
  });

  // Signing in: the guest cart moves into the user cart, then an add that waited for the sign-in is retried.
  startAppListening({
    actionCreator: signedIn,
    effect: async (_action, listenerApi) => {
      const state = listenerApi.getState();
      if (selectGuestToken(state) || selectPendingAdd(state))
        await (await loadEffects()).afterSignIn(listenerApi);
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
