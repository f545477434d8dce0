import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { addToCartClicked } from '../../app/events';
import { makeStore } from '../../app/store';
import { apiUrl, server } from '../../testing/server';
import { selectAddStatus, selectPendingAdd } from './cartSlice';

const request = { product_id: 3, quantity: 1, size: null, color: 'Red', currency: 'KWD' };

describe('cart listener: add requests', () => {
  it('drops a guest token the server rejects and starts a new guest cart once', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post(apiUrl('guest/cart/add'), async ({ request: incoming }) => {
        const body = (await incoming.json()) as Record<string, unknown>;
        bodies.push(body);
        return body.guest_token
          ? HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 })
          : HttpResponse.json({ message: 'Added', guest_token: 'fresh' });
      }),
    );
    const store = makeStore({ cart: { guestToken: 'stale' } });
    store.dispatch(addToCartClicked(request));
    expect(selectAddStatus(store.getState())).toBe('adding');
    await waitFor(() => expect(store.getState().cart.guestToken).toBe('fresh'));
    expect(selectAddStatus(store.getState())).toBe('idle');
    expect(bodies.map((body) => body.guest_token)).toEqual(['stale', undefined]);
    expect(store.getState().cart.guestToken).toBe('fresh');
  });

  it('uses the user cart with the bearer token when signed in', async () => {
    let auth: string | null = null;
    server.use(
      http.post(apiUrl('cart/add'), ({ request: incoming }) => {
        auth = incoming.headers.get('authorization');
        return HttpResponse.json({ message: 'Added' });
      }),
    );
    const store = makeStore({
      auth: { token: 'tok', userId: 1, email: 'a@b.c', modal: { open: false, view: 'login' } },
    });
    store.dispatch(addToCartClicked(request));
    await waitFor(() => expect(selectAddStatus(store.getState())).toBe('idle'));
    expect(auth).toBe('Bearer tok');
    expect(store.getState().cart.guestToken).toBeNull();
  });

  it('settles a refused guest add without storing a token', async () => {
    server.use(
      http.post(apiUrl('guest/cart/add'), () => HttpResponse.json({ message: 'Nope' }, { status: 422 })),
    );
    const store = makeStore();
    store.dispatch(addToCartClicked(request));
    await waitFor(() => expect(selectAddStatus(store.getState())).toBe('idle'));
    expect(store.getState().cart.guestToken).toBeNull();
    expect(selectPendingAdd(store.getState())).toBeNull();
  });
});
