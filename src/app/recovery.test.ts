import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { cartApi } from '../features/cart/cartApi';
import { contentApi } from '../features/content/contentApi';
import { apiUrl, server } from '../testing/server';
import { watchRecovery } from './recovery';
import { makeStore as baseMakeStore } from './store';

function makeStore() {
  const store = baseMakeStore();
  watchRecovery(store);
  return store;
}

const cartArgs = { guestToken: 'guest-1', userId: null, lang: 'en' as const, currency: 'KWD' };

/** The guest cart: unreachable while `down()` says so, else one call counted and answered. */
function cartAnswers(down: () => boolean | 'fails') {
  const calls = { count: 0 };
  server.use(
    http.get(apiUrl('guest/cart'), () => {
      calls.count += 1;
      const state = down();
      if (state === 'fails') return HttpResponse.json({ message: 'x' }, { status: 500 });
      return state ? HttpResponse.error() : HttpResponse.json({ cart_items: [] });
    }),
  );
  return calls;
}

describe('the shop comes back', () => {
  it('a call that failed for want of a connection is asked again once another call gets through', async () => {
    let down = true;
    const calls = cartAnswers(() => down);
    const store = makeStore();
    const cart = store.dispatch(cartApi.endpoints.getCart.initiate(cartArgs));
    expect((await cart).isError).toBe(true);
    down = false;
    const about = store.dispatch(contentApi.endpoints.getAbouts.initiate({ lang: 'en' }));
    await about;
    await waitFor(() =>
      expect(cartApi.endpoints.getCart.select(cartArgs)(store.getState()).data).toEqual([]),
    );
    expect(calls.count).toBe(2);
    cart.unsubscribe();
    about.unsubscribe();
  });

  it('a call the server refused is left alone (its page offers a retry)', async () => {
    const calls = cartAnswers(() => 'fails');
    const store = makeStore();
    const cart = store.dispatch(cartApi.endpoints.getCart.initiate(cartArgs));
    expect((await cart).isError).toBe(true);
    const about = store.dispatch(contentApi.endpoints.getAbouts.initiate({ lang: 'en' }));
    await about;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.count).toBe(1);
    cart.unsubscribe();
    about.unsubscribe();
  });

  it('a call still unreachable is asked again once per proof the shop is back, never in a loop', async () => {
    const calls = cartAnswers(() => true);
    const store = makeStore();
    const cart = store.dispatch(cartApi.endpoints.getCart.initiate(cartArgs));
    await cart;
    const about = store.dispatch(contentApi.endpoints.getAbouts.initiate({ lang: 'en' }));
    await about;
    await waitFor(() => expect(calls.count).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls.count).toBe(2);
    cart.unsubscribe();
    about.unsubscribe();
  });

  it('a failure from before it started watching is asked again too', async () => {
    let down = true;
    const calls = cartAnswers(() => down);
    const store = baseMakeStore();
    const cart = store.dispatch(cartApi.endpoints.getCart.initiate(cartArgs));
    await cart;
    watchRecovery(store);
    down = false;
    const about = store.dispatch(contentApi.endpoints.getAbouts.initiate({ lang: 'en' }));
    await about;
    await waitFor(() => expect(calls.count).toBe(2));
    cart.unsubscribe();
    about.unsubscribe();
  });
});
