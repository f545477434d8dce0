import { isRejectedWithValue, type UnknownAction } from '@reduxjs/toolkit';

import { api, errorMessage, statusOf } from '../../app/api';
import {
  addToCartClicked,
  guestTokenRejected,
  loginRequired,
  signedIn,
  type CartAddRequest,
} from '../../app/events';
import type { AppStartListening } from '../../app/listenerTypes';
import { i18n, loadShopTexts } from '../../i18n/i18n';
import { notify } from '../../lib/notify';
import { CART_LIST } from './cartApi';
import {
  addToCartSettled,
  cartChangedInAnotherTab,
  guestCartMerged,
  selectGuestToken,
  selectPendingAdd,
} from './cartSlice';
import type { CartMergeReport } from './types';

// The changes load with the cart page or on the first add, not with the first JavaScript.
const loadMutations = () => import(/* webpackChunkName: "cart-mutations" */ './cartMutations');

const endpointOf = (action: UnknownAction) =>
  (action.meta as { arg?: { endpointName?: string; originalArgs?: unknown } } | undefined)?.arg;

/** The toast each failed change of the cart page gets (the change itself is already undone). */
const FAILURE_TOASTS: Record<string, string> = {
  updateCartQuantity: 'cart.quantity_update_failed',
  removeCartLine: 'cart.item_removal_failed',
  changeCartLineChoice: 'cart.product_update_failed',
};

/** A guest-cart call answered 401: the guest token is unknown to the server. */
function isGuestCart401(action: UnknownAction): boolean {
  if (!isRejectedWithValue(action) || statusOf(action.payload) !== 401) return false;
  const args = endpointOf(action)?.originalArgs as
    { guestToken?: unknown; guest_token?: unknown; cart?: { guestToken?: unknown } } | undefined;
  return Boolean(args?.guestToken ?? args?.guest_token ?? args?.cart?.guestToken);
}

function mergeToast(report: CartMergeReport): string {
  const parts = [i18n.t('cart.merge.title')];
  for (const kind of ['merged', 'capped', 'dropped'] as const) {
    if (report[kind] > 0) parts.push(i18n.t(`cart.merge.${kind}`, { count: report[kind] }));
  }
  return parts.join(' ');
}

export function addCartListeners(startAppListening: AppStartListening): void {
  // An add from the catalog: the user cart when signed in, else the guest cart with the stored guest_token
  // (the first guest add gets one from the answer).
  startAppListening({
    actionCreator: addToCartClicked,
    effect: async (action, listenerApi) => {
      const request: CartAddRequest = action.payload;
      const { cartMutations } = await loadMutations();
      const signedInNow = listenerApi.getState().auth.token !== null;
      if (signedInNow) {
        const answer = await listenerApi.dispatch(cartMutations.endpoints.addToCart.initiate(request));
        if (!answer.error) {
          listenerApi.dispatch(addToCartSettled({ request, outcome: 'added', message: answer.data.message }));
          return;
        }
        // A 401 means the session ended (the auth listener has cleared it): sign in again, then retry.
        const outcome = statusOf(answer.error) === 401 ? 'login_required' : 'failed';
        listenerApi.dispatch(addToCartSettled({ request, outcome, message: errorMessage(answer.error) }));
        return;
      }
      const addAsGuest = (guestToken: string | null) =>
        listenerApi.dispatch(
          cartMutations.endpoints.addToGuestCart.initiate(
            guestToken ? { ...request, guest_token: guestToken } : request,
          ),
        );
      const storedToken = selectGuestToken(listenerApi.getState());
      let answer = await addAsGuest(storedToken);
      if (answer.error && statusOf(answer.error) === 401 && storedToken) {
        // A guest token the server no longer knows (the 401 listener below dropped it): start a new cart once.
        answer = await addAsGuest(null);
      }
      listenerApi.dispatch(
        answer.error
          ? addToCartSettled({ request, outcome: 'failed', message: errorMessage(answer.error) })
          : addToCartSettled({ request, outcome: 'added', message: answer.data.message }),
      );
    },
  });

  // The outcome of an add (spec messages of the product page).
  startAppListening({
    actionCreator: addToCartSettled,
    effect: (action, listenerApi) => {
      const { outcome } = action.payload;
      if (outcome === 'added') {
        notify.success(i18n.t('catalog.product.added_to_cart'), { toastId: 'added-to-cart' });
      } else if (outcome === 'failed') {
        notify.error(i18n.t('catalog.product.error_adding_to_cart'), { toastId: 'add-to-cart-failed' });
      } else {
        notify.warning(i18n.t('catalog.product.login_to_add'), { toastId: 'login-to-add' });
        listenerApi.dispatch(loginRequired({ reason: 'add_to_cart' }));
      }
    },
  });

  // Signing in: the guest cart moves into the user cart on the server (one toast says what changed), then an add
  // that waited for the sign-in is retried.
  startAppListening({
    actionCreator: signedIn,
    effect: async (_action, listenerApi) => {
      const guestToken = selectGuestToken(listenerApi.getState());
      if (guestToken) {
        const { cartMutations } = await loadMutations();
        const answer = await listenerApi.dispatch(
          cartMutations.endpoints.mergeGuestCart.initiate({ guestToken }),
        );
        if (!answer.error) {
          listenerApi.dispatch(guestCartMerged());
          await loadShopTexts();
          notify.info(mergeToast(answer.data), { toastId: 'cart-merged' });
        } else if (statusOf(answer.error) !== 401) {
          // The guest cart stays stored, so nothing is lost; the next sign-in tries again.
          console.warn('The guest cart could not be merged', answer.error);
        }
      }
      const pending = selectPendingAdd(listenerApi.getState());
      if (pending) listenerApi.dispatch(addToCartClicked(pending));
    },
  });

  // A guest-cart 401 clears the guest token: the cart falls back to empty, not to an error page.
  startAppListening({
    predicate: (action) => isGuestCart401(action),
    effect: (_action, listenerApi) => {
      if (selectGuestToken(listenerApi.getState())) listenerApi.dispatch(guestTokenRejected());
    },
  });

  // A failed change of the cart page: the screen is already back to what the server holds; say so.
  startAppListening({
    predicate: (action) =>
      isRejectedWithValue(action) &&
      statusOf(action.payload) !== 401 &&
      (endpointOf(action)?.endpointName ?? '') in FAILURE_TOASTS,
    effect: async (action) => {
      const key = FAILURE_TOASTS[endpointOf(action)?.endpointName ?? ''];
      if (!key) return;
      await loadShopTexts();
      notify.error(i18n.t(key), { toastId: key });
    },
  });

  // Another tab changed the cart: reload this tab's copy (the navbar count follows at once).
  startAppListening({
    actionCreator: cartChangedInAnotherTab,
    effect: (_action, listenerApi) => {
      listenerApi.dispatch(api.util.invalidateTags([CART_LIST]));
    },
  });
}
