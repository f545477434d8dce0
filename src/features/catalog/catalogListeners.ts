import { notify } from '../../lib/notify';

import { addToCartRequested, addToCartSettled, loginRequired, signedIn } from '../../app/events';
import type { AppStartListening } from '../../app/listenerTypes';
import { i18n } from '../../i18n/i18n';

export function addCatalogListeners(startAppListening: AppStartListening): void {
  // The outcome of an add started on product detail (spec 02 §8 messages).
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

  // Spec 02 §2: after the login dialog succeeds, the add that needed it is retried (the intent is in the slice,
  // never a callback in the store).
  startAppListening({
    actionCreator: signedIn,
    effect: (_action, listenerApi) => {
      const pending = listenerApi.getState().catalog.pendingAdd;
      if (pending) listenerApi.dispatch(addToCartRequested(pending));
    },
  });
}
