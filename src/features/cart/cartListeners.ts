import {
  addToCartRequested,
  addToCartSettled,
  guestTokenRejected,
  type CartAddRequest,
} from '../../app/events';
import type { AppStartListening } from '../../app/listenerTypes';
import { cartApi } from './cartApi';

const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;
const messageOf = (error: unknown) => {
  const message = (error as { data?: { message?: unknown } } | null)?.data?.message;
  return typeof message === 'string' ? message : undefined;
};

export function addCartListeners(startAppListening: AppStartListening): void {
  // Product detail asks for an add (spec 02 §4 Cart): the user cart when signed in, else the guest cart with
  // the stored guest_token (the first guest add gets one from the answer).
  startAppListening({
    actionCreator: addToCartRequested,
    effect: async (action, listenerApi) => {
      const request: CartAddRequest = action.payload;
      const { auth, cart } = listenerApi.getState();
      if (auth.token) {
        const answer = await listenerApi.dispatch(cartApi.endpoints.addToCart.initiate(request));
        if (!answer.error) {
          listenerApi.dispatch(addToCartSettled({ request, outcome: 'added', message: answer.data.message }));
          return;
        }
        // A 401 means the session ended (the auth listener has cleared it): sign in again, then retry.
        const outcome = statusOf(answer.error) === 401 ? 'login_required' : 'failed';
        listenerApi.dispatch(addToCartSettled({ request, outcome, message: messageOf(answer.error) }));
        return;
      }
      const addAsGuest = (guestToken: string | null) =>
        listenerApi.dispatch(
          cartApi.endpoints.addToGuestCart.initiate(
            guestToken ? { ...request, guest_token: guestToken } : request,
          ),
        );
      let answer = await addAsGuest(cart.guestToken);
      if (answer.error && statusOf(answer.error) === 401 && cart.guestToken) {
        // A guest token the server no longer knows: drop it and start a new guest cart once.
        listenerApi.dispatch(guestTokenRejected());
        answer = await addAsGuest(null);
      }
      listenerApi.dispatch(
        answer.error
          ? addToCartSettled({ request, outcome: 'failed', message: messageOf(answer.error) })
          : addToCartSettled({ request, outcome: 'added', message: answer.data.message }),
      );
    },
  });
}
