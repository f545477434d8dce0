// What the cart listeners do when they act: loaded on the first add or sign-in with a guest cart (with the cart
// mutations), so the first JavaScript of every page only carries the listeners' registration.
import { errorMessage, statusOf } from '../../app/api';
import { addToCartClicked, loginRequired, type CartAddRequest } from '../../app/events';
import type { AppStartListening } from '../../app/listenerTypes';
import { loadShopTexts } from '../../i18n/i18n';
import { cartMutations } from './cartMutations';
import { limitInRefusal } from './quantity';
import {
  addToCartSettled,
  guestCartMerged,
  selectGuestToken,
  selectPendingAdd,
  type CartAddOutcome,
} from './cartSlice';
import type { CartMergeReport } from './types';

type ListenerApi = Parameters<Parameters<AppStartListening>[0]['effect']>[1];

function settle(
  listenerApi: ListenerApi,
  request: CartAddRequest,
  outcome: CartAddOutcome,
  message?: string,
  error?: unknown,
) {
  listenerApi.dispatch(addToCartSettled({ request, outcome, message }));
  const { notify, t } = listenerApi.extra;
  if (outcome === 'added') {
    notify.success(t('catalog.product.added_to_cart'), { toastId: 'added-to-cart' });
  } else if (outcome === 'failed' && statusOf(error) === 429) {
    // Too many new guest carts from one address: trying again at once would only be refused again.
    void loadShopTexts().then(() =>
      notify.error(t('cart.too_many_new_carts'), { toastId: 'add-to-cart-failed' }),
    );
  } else if (outcome === 'failed' && limitInRefusal(error) !== null) {
    // The cart already holds (nearly) as many of the product as one order may have.
    const count = limitInRefusal(error) ?? 0;
    void loadShopTexts().then(() =>
      notify.error(t('cart.quantity.over_limit', { count }), { toastId: 'add-to-cart-failed' }),
    );
  } else if (outcome === 'failed') {
    notify.error(t('catalog.product.error_adding_to_cart'), { toastId: 'add-to-cart-failed' });
  } else {
    notify.warning(t('catalog.product.login_to_add'), { toastId: 'login-to-add' });
    listenerApi.dispatch(loginRequired({ reason: 'add_to_cart' }));
  }
}

/**
 * The user cart when signed in, else the guest cart with the stored guest_token (the first guest add gets one
 * from the answer). A signed-in 401 means the session ended: the add waits for a new sign-in.
 */
export async function addToCart(request: CartAddRequest, listenerApi: ListenerApi): Promise<void> {
  if (listenerApi.getState().auth.token !== null) {
    const answer = await listenerApi.dispatch(cartMutations.endpoints.addToCart.initiate(request));
    if (!answer.error) return settle(listenerApi, request, 'added', answer.data.message);
    const outcome = statusOf(answer.error) === 401 ? 'login_required' : 'failed';
    return settle(listenerApi, request, outcome, errorMessage(answer.error), answer.error);
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
    // A guest token the server no longer knows (the 401 listener dropped it): start a new cart once.
    answer = await addAsGuest(null);
  }
  if (answer.error) settle(listenerApi, request, 'failed', errorMessage(answer.error), answer.error);
  else settle(listenerApi, request, 'added', answer.data.message);
}

function mergeToast(report: CartMergeReport, t: ListenerApi['extra']['t']): string {
  const parts = [t('cart.merge.title')];
  for (const kind of ['merged', 'capped', 'dropped'] as const) {
    if (report[kind] > 0) parts.push(t(`cart.merge.${kind}`, { count: report[kind] }));
  }
  return parts.join(' ');
}

/** The guest lines move into the user cart on the server; one toast says what changed. */
async function mergeGuestCart(guestToken: string, listenerApi: ListenerApi): Promise<void> {
  const answer = await listenerApi.dispatch(cartMutations.endpoints.mergeGuestCart.initiate({ guestToken }));
  if (answer.error) {
    const status = statusOf(answer.error);
    // 404: the server no longer has that guest cart, so there is nothing to merge and the token is dropped
    // quietly. A 401 is handled by the 401 listener; otherwise the guest cart stays stored, so nothing is lost
    // and the next sign-in tries again.
    if (status === 404) listenerApi.dispatch(guestCartMerged());
    else if (status !== 401) console.warn('The guest cart could not be merged', answer.error);
    return;
  }
  listenerApi.dispatch(guestCartMerged());
  await loadShopTexts();
  listenerApi.extra.notify.info(mergeToast(answer.data, listenerApi.extra.t), { toastId: 'cart-merged' });
}

/** Signed in: the guest cart moves into the user cart, then an add that waited for the sign-in is retried. */
export async function afterSignIn(listenerApi: ListenerApi): Promise<void> {
  const guestToken = selectGuestToken(listenerApi.getState());
  if (guestToken) await mergeGuestCart(guestToken, listenerApi);
  const pending = selectPendingAdd(listenerApi.getState());
  if (pending) listenerApi.dispatch(addToCartClicked(pending));
}
