import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { addToCartClicked, selectIsAddingToCart, signedIn } from '../../app/events';
import { makeStore } from '../../app/store';
import { fakeServices } from '../../testing/fakeServices';
import { apiUrl, server } from '../../testing/server';

// The cart's code is a chunk of its own, fetched at the shopper's first interaction: offline by then (a lift, a
// tunnel), the fetch fails. jest evaluates the module on import(), so a throwing factory is that failed fetch.
let reachable = false;
jest.mock('./cartEffects', () => {
  if (!reachable) throw new Error('Loading chunk cart-mutations failed.');
  return jest.requireActual<object>('./cartEffects');
});

const request = { product_id: 3, quantity: 1, size: null, color: 'Red', currency: 'KWD' };

describe('an add while the cart code cannot be fetched', () => {
  it('needs none of it: the add is in the first JavaScript, its button busy until the answer', async () => {
    server.use(
      http.post(apiUrl('guest/cart/add'), () =>
        HttpResponse.json({ message: 'Added', guest_token: 'fresh' }),
      ),
    );
    const { services, toasts } = fakeServices();
    const store = makeStore({}, services);
    store.dispatch(addToCartClicked(request));
    expect(selectIsAddingToCart(store.getState(), request.product_id)).toBe(true);
    await waitFor(() =>
      expect(toasts).toEqual([
        { kind: 'success', message: 'The product was added to your cart', toastId: 'added-to-cart' },
      ]),
    );
    expect(selectIsAddingToCart(store.getState(), request.product_id)).toBe(false);
    expect(store.getState().cart.guestToken).toBe('fresh');
  });
});

describe('a sign-in whose cart code cannot be fetched', () => {
  it('merges the guest cart once the connection is back, not never', async () => {
    // Nothing above fetched the code: this visit has not got it yet.
    reachable = false;
    let merged: unknown = null;
    server.use(
      http.post(apiUrl('cart/merge'), async ({ request: incoming }) => {
        merged = await incoming.json();
        return HttpResponse.json({ merged: 1, capped: 0, dropped: 0, message: 'Guest cart merged' });
      }),
      http.get(apiUrl('cart'), () => HttpResponse.json({ cart_items: [] })),
    );
    const { services } = fakeServices();
    const store = makeStore({ cart: { guestToken: 'guest-token-1234' } }, services);
    store.dispatch(signedIn({ token: 'tok', userId: 1, email: 'a@b.c' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(merged).toBeNull();
    expect(store.getState().cart.guestToken).toBe('guest-token-1234');

    reachable = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(store.getState().cart.guestToken).toBeNull());
    expect(merged).toEqual({ guest_token: 'guest-token-1234' });
  });
});
