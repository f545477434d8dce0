import { addToCartRequested, addToCartSettled, loginRequired, signedIn } from '../../app/events';
import type { AppStartListening } from '../../app/listenerTypes';
import { selectPendingAdd } from './catalogSlice';

export function addCatalogListeners(startAppListening: AppStartListening): void {
  // The outcome of an add started on product detail, told in a toast.
  startAppListening({
    actionCreator: addToCartSettled,
    effect: (action, listenerApi) => {
      const { outcome } = action.payload;
      const { notify, t } = listenerApi.extra;
      if (outcome === 'added') {
        notify.success(t('catalog.product.added_to_cart'), { toastId: 'added-to-cart' });
      } else if (outcome === 'failed') {
        notify.error(t('catalog.product.error_adding_to_cart'), { toastId: 'add-to-cart-failed' });
      } else {
        notify.warning(t('catalog.product.login_to_add'), { toastId: 'login-to-add' });
        listenerApi.dispatch(loginRequired({ reason: 'add_to_cart' }));
      }
    },
  });

  // After the login dialog succeeds, the add that needed it is retried (the intent is in the slice, never a
  // callback in the store).
  startAppListening({
    actionCreator: signedIn,
    effect: (_action, listenerApi) => {
      const pending = selectPendingAdd(listenerApi.getState());
      if (pending) listenerApi.dispatch(addToCartRequested(pending));
    },
  });
}
