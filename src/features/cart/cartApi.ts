import { api, statusOf } from '../../app/api';
import { guestTokenRejected, loginRequired, type CartAddRequest, type Language } from '../../app/events';
import type { AppServices } from '../../app/services';
import type { RootState } from '../../app/store';
import { loadShopTexts } from '../../i18n/i18n';
import { addAwaitsSignIn, cartChanged, selectCartArgs, selectGuestToken } from './cartSlice';
import { limitInRefusal, stockInRefusal } from './quantity';
import type { AddToCartResponse, CartArgs, CartItem } from './types';

export const CART_LIST = { type: 'Cart', id: 'LIST' } as const;

const langParams = (lang: Language) => (lang === 'ar' ? { lang: 'ar' } : {});

/** The cart list: in the first JavaScript, because the navbar shows its count on every page. */
export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCart: build.query<CartItem[], CartArgs>({
      query: ({ guestToken, lang, currency }) => ({
        url: guestToken ? 'guest/cart' : 'cart',
        params: {
          ...(guestToken ? { guest_token: guestToken } : {}),
          ...langParams(lang),
          currency_code: currency,
        },
      }),
      transformResponse: (body: { cart_items?: CartItem[] }) => body.cart_items ?? [],
      providesTags: [CART_LIST],
    }),
  }),
});

export const { useGetCartQuery } = cartApi;

/**
 * The add shown before the server answers: one more of a line the cart has (same size and colour), else a line the
 * cart page leaves out until the answer brings its product (`isUnansweredLine`); the badge counts it at once.
 */
function withAdded(draft: CartItem[], request: CartAddRequest): void {
  const line = draft.find(
    (item) =>
      item.product_id === request.product_id && item.size === request.size && item.color === request.color,
  );
  if (line) line.quantity += request.quantity;
  else
    draft.push({
      id: -request.product_id,
      product_id: request.product_id,
      quantity: request.quantity,
      size: request.size,
      color: request.color,
      currency: request.currency,
    });
}

/** What the shopper is told when the server refuses an add (the cart is already back to what it was). */
async function sayAddRefused(
  services: AppServices,
  error: unknown,
  dispatch: (action: ReturnType<typeof loginRequired>) => unknown,
): Promise<void> {
  const { notify, t } = services;
  const status = statusOf(error);
  const limit = limitInRefusal(error);
  const stock = stockInRefusal(error);
  if (status === 401) {
    notify.warning(t('catalog.product.login_to_add'), { toastId: 'login-to-add' });
    dispatch(loginRequired({ reason: 'add_to_cart' }));
  } else if (status === 429) {
    // Too many new guest carts from one address: trying again at once would only be refused again.
    await loadShopTexts();
    notify.error(t('cart.too_many_new_carts'), { toastId: 'add-to-cart-failed' });
  } else if (limit !== null) {
    // The cart already holds (nearly) as many of the product as one order may have.
    await loadShopTexts();
    notify.error(t('cart.quantity.over_limit', { count: limit }), { toastId: 'add-to-cart-failed' });
  } else if (stock !== null) {
    // Trying again cannot help: the shop has no more than this (the cart's pieces of it counted).
    await loadShopTexts();
    notify.error(t('cart.quantity.over_stock', { count: stock }), { toastId: 'add-to-cart-failed' });
  } else {
    notify.error(t('catalog.product.error_adding_to_cart'), { toastId: 'add-to-cart-failed' });
  }
}

/**
 * Adding to the cart, the whole story: the product page or a card dispatches `addToCartClicked`; the cart listener
 * starts this mutation (its pending state is the button's busy state, `selectIsAddingToCart`); the cart in RTK
 * Query's cache shows the add at once; the server's answer confirms it (the cart reloads) or the change is undone
 * and the shopper told why. The user cart when signed in, else the guest cart (the first guest add gets its token
 * from the answer). In the first JavaScript: a tap never waits for code.
 */
export const cartAdds = cartApi.injectEndpoints({
  endpoints: (build) => ({
    addToCart: build.mutation<AddToCartResponse, CartAddRequest>({
      async queryFn(request, { getState, dispatch }, _extraOptions, baseQuery) {
        const state = getState() as RootState;
        const answerOf = (answer: Awaited<ReturnType<typeof baseQuery>>) =>
          answer.error ? { error: answer.error } : { data: answer.data as AddToCartResponse };
        if (state.auth.token !== null)
          return answerOf(await baseQuery({ url: 'cart/add', method: 'POST', body: request }));
        const addAsGuest = (guestToken: string | null) =>
          baseQuery({
            url: 'guest/cart/add',
            method: 'POST',
            body: guestToken ? { ...request, guest_token: guestToken } : request,
          });
        const storedToken = selectGuestToken(state);
        let answer = await addAsGuest(storedToken);
        if (answer.error && statusOf(answer.error) === 401 && storedToken) {
          // A guest token the server no longer knows: it is dropped, and a new cart started once.
          dispatch(guestTokenRejected());
          answer = await addAsGuest(null);
        }
        return answerOf(answer);
      },
      async onQueryStarted(request, { dispatch, getState, queryFulfilled, extra }) {
        const state = getState() as RootState;
        const signedIn = state.auth.token !== null;
        const cart = selectCartArgs(state);
        const shown = cart
          ? dispatch(cartApi.util.updateQueryData('getCart', cart, (draft) => withAdded(draft, request)))
          : null;
        const services = extra as AppServices;
        try {
          const { data } = await queryFulfilled;
          const guestToken = data.guest_token;
          dispatch(cartChanged(guestToken ? { guestToken } : undefined));
          services.notify.success(services.t('catalog.product.added_to_cart'), { toastId: 'added-to-cart' });
        } catch (rejection) {
          shown?.undo();
          const error = (rejection as { error?: unknown } | null)?.error;
          // A signed-in add refused with 401: the session ended; the add is made once the shopper signs in again.
          if (signedIn && statusOf(error) === 401) dispatch(addAwaitsSignIn(request));
          await sayAddRefused(services, error, dispatch);
        }
      },
      invalidatesTags: [CART_LIST],
    }),
  }),
});
