// The cart page's changes and the sign-in merge. They load with the cart page, or on a sign-in with a guest cart
// (the cart listener imports this file when it needs it), never with the first JavaScript of the home page. The add
// is in cartApi.ts.
import { statusOf } from '../../app/api';
import type { AppServices } from '../../app/services';
import { loadShopTexts } from '../../i18n/i18n';
import { cartApi as cartQueries, CART_LIST } from './cartApi';
import { cartChanged } from './cartSlice';
import { limitInRefusal } from './quantity';
import type { AddToCartResponse, CartArgs, CartItem, CartMergeReport } from './types';

/** A line of the cart on screen, and the cart (query arguments) it belongs to. */
export interface LineChange {
  cart: CartArgs;
  line: CartItem;
}

/** The line's own choice, so the server changes that line and not another size or colour of the product. */
const choiceOf = (line: CartItem) => ({ size: line.size, color: line.color });

const withGuest = (cart: CartArgs, body: Record<string, unknown>) =>
  cart.guestToken ? { ...body, guest_token: cart.guestToken } : body;

/** Counts an accepted change (other tabs reload their copy of the cart); keeps a guest token it brings. */
async function countChange(
  dispatch: (action: ReturnType<typeof cartChanged>) => unknown,
  answer: Promise<{ data: object }>,
): Promise<void> {
  try {
    const { data } = await answer;
    const guestToken = (data as { guest_token?: unknown }).guest_token;
    dispatch(cartChanged(typeof guestToken === 'string' && guestToken ? { guestToken } : undefined));
  } catch {
    // A refusal changes nothing; its caller reports it.
  }
}

/** A refused change of the cart page: the screen is already back to what the server holds; say so. */
async function sayRefused(services: unknown, error: unknown, key: string): Promise<void> {
  // A 401 has its own reaction (the session or the guest token is dropped and the cart reads as empty).
  if (statusOf((error as { error?: unknown } | null)?.error) === 401) return;
  await loadShopTexts();
  const { notify, t } = services as AppServices;
  const limit = limitInRefusal((error as { error?: unknown } | null)?.error);
  if (limit !== null) notify.error(t('cart.quantity.over_limit', { count: limit }), { toastId: key });
  else notify.error(t(key), { toastId: key });
}

const cartPath = (cart: CartArgs, path: string) => (cart.guestToken ? `guest/cart/${path}` : `cart/${path}`);

const statusOfFailure = (error: unknown) => statusOf((error as { error?: unknown } | null)?.error);

/** Whether the server refused the change (4xx): it did not make it. */
const refusedByServer = (error: unknown) => {
  const status = statusOfFailure(error);
  return typeof status === 'number' && status >= 400 && status < 500;
};

/**
 * Whether the server answered the change at all: a refusal or its own error, so the screen goes back (a 5xx is read
 * again as well, in case a proxy answered for it). A timeout or a lost connection says nothing of whether the shop
 * made it: the screen goes back to what the shop last confirmed too, and the cart is read again, so a change the
 * shop did make shows once the read answers, and one it did not (offline) is not shown nor counted by the next tap.
 */
const answeredByServer = (error: unknown) => typeof statusOfFailure(error) === 'number';

export const cartMutations = cartQueries.injectEndpoints({
  endpoints: (build) => ({
    /** Optimistic: the new quantity shows at once and goes back when the server refuses it. */
    updateCartQuantity: build.mutation<AddToCartResponse, LineChange & { quantity: number }>({
      query: ({ cart, line, quantity }) => ({
        url: cartPath(cart, `update/${line.product_id}`),
        method: 'POST',
        body: withGuest(cart, { quantity, ...choiceOf(line) }),
      }),
      async onQueryStarted({ cart, line, quantity }, { dispatch, queryFulfilled, extra }) {
        const patch = dispatch(
          cartQueries.util.updateQueryData('getCart', cart, (draft) => {
            const item = draft.find((candidate) => candidate.id === line.id);
            if (item) item.quantity = quantity;
          }),
        );
        try {
          await queryFulfilled;
          dispatch(cartChanged());
        } catch (error) {
          patch.undo();
          if (!refusedByServer(error)) dispatch(cartQueries.util.invalidateTags([CART_LIST]));
          await sayRefused(
            extra,
            error,
            answeredByServer(error) ? 'cart.quantity_update_failed' : 'cart.change_unconfirmed',
          );
        }
      },
    }),
    /** Optimistic: the line leaves at once and comes back when the server refuses; success reloads the cart. */
    removeCartLine: build.mutation<{ message?: string }, LineChange>({
      query: ({ cart, line }) => ({
        url: cartPath(cart, `product/${line.product_id}`),
        method: 'DELETE',
        body: withGuest(cart, choiceOf(line)),
      }),
      async onQueryStarted({ cart, line }, { dispatch, queryFulfilled, extra }) {
        const patch = dispatch(
          cartQueries.util.updateQueryData('getCart', cart, (draft) =>
            draft.filter((candidate) => candidate.id !== line.id),
          ),
        );
        try {
          await queryFulfilled;
          dispatch(cartChanged());
        } catch (error) {
          patch.undo();
          await sayRefused(
            extra,
            error,
            answeredByServer(error) ? 'cart.item_removal_failed' : 'cart.change_unconfirmed',
          );
        }
      },
      // A refusal left the cart as it was; anything else (done, or not known) reads it again.
      invalidatesTags: (_result, error) => (error && refusedByServer({ error }) ? [] : [CART_LIST]),
    }),
    /**
     * A new size or colour replaces the line: the product is added with the new choice and the same quantity, then
     * the old line removed, so a connection lost half-way leaves both lines, never neither. Only when the server
     * refuses that add (the two lines together over the per-product limit or the stock) is the old line removed
     * first and put back if the add is refused again. The cart reloads either way.
     */
    changeCartLineChoice: build.mutation<
      AddToCartResponse,
      LineChange & { size: string | null; color: string | null }
    >({
      async queryFn({ cart, line, size, color }, _api, _extra, baseQuery) {
        const removeOld = () =>
          baseQuery({
            url: cartPath(cart, `product/${line.product_id}`),
            method: 'DELETE',
            body: withGuest(cart, choiceOf(line)),
          });
        const addLine = (choice: { size: string | null; color: string | null }) =>
          baseQuery({
            url: cartPath(cart, 'add'),
            method: 'POST',
            body: withGuest(cart, {
              product_id: line.product_id,
              quantity: line.quantity,
              currency: line.currency ?? cart.currency,
              ...choice,
            }),
          });
        const addedFirst = await addLine({ size, color });
        if (!addedFirst.error) {
          const removed = await removeOld();
          if (removed.error) return { error: removed.error };
          return { data: addedFirst.data as AddToCartResponse };
        }
        if (!refusedByServer({ error: addedFirst.error })) return { error: addedFirst.error };
        const removed = await removeOld();
        if (removed.error) return { error: removed.error };
        const added = await addLine({ size, color });
        if (added.error) {
          await addLine(choiceOf(line));
          return { error: added.error };
        }
        return { data: added.data as AddToCartResponse };
      },
      async onQueryStarted(_change, { dispatch, queryFulfilled, extra }) {
        try {
          await queryFulfilled;
          dispatch(cartChanged());
        } catch (error) {
          await sayRefused(extra, error, 'cart.product_update_failed');
        }
      },
      invalidatesTags: [CART_LIST],
    }),
    /** Signing in with a guest cart: its lines move into the user cart (server extension, see the API docs). */
    mergeGuestCart: build.mutation<CartMergeReport & { message?: string }, { guestToken: string }>({
      query: ({ guestToken }) => ({ url: 'cart/merge', method: 'POST', body: { guest_token: guestToken } }),
      onQueryStarted: (_request, { dispatch, queryFulfilled }) => countChange(dispatch, queryFulfilled),
      invalidatesTags: [CART_LIST],
    }),
  }),
});

export const { useUpdateCartQuantityMutation, useRemoveCartLineMutation, useChangeCartLineChoiceMutation } =
  cartMutations;
