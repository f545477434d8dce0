// What the cart listeners do on a sign-in: loaded with the cart mutations, so the first JavaScript of every page
// only carries the listeners' registration.
import { statusOf } from '../../app/api';
import { addToCartClicked } from '../../app/events';
import type { AppStartListening } from '../../app/listenerTypes';
import { loadShopTexts } from '../../i18n/i18n';
import { cartMutations } from './cartMutations';
import { guestCartMerged, selectGuestToken, selectPendingAdd } from './cartSlice';
import type { CartMergeReport } from './types';

type ListenerApi = Parameters<Parameters<AppStartListening>[0]['effect']>[1];

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
