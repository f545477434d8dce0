import { addListener } from '@reduxjs/toolkit';
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { addToCartClicked, addToCartSettled } from '../../app/events';
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

describe('an add whose cart code cannot be fetched', () => {
  it('fails with the add error instead of leaving the button busy, and the next add fetches the code again', async () => {
    const { services, toasts } = fakeServices();
    const store = makeStore({}, services);
    const settled: string[] = [];
    // The busy add buttons wait for this event (catalog's cartButtonsSlice).
    const unsubscribe = store.dispatch(
      addListener({
        actionCreator: addToCartSettled,
        effect: (action) => void settled.push(action.payload.outcome),
      }),
    ) as unknown as () => void;

    store.dispatch(addToCartClicked(request));
    await waitFor(() => expect(settled).toEqual(['failed']));
    expect(toasts).toEqual([
      { kind: 'error', message: 'Error adding to cart. Please try again.', toastId: 'add-to-cart-failed' },
    ]);

    reachable = true;
    server.use(
      http.post(apiUrl('guest/cart/add'), () =>
        HttpResponse.json({ message: 'Added', guest_token: 'fresh' }),
      ),
    );
    store.dispatch(addToCartClicked(request));
    await waitFor(() => expect(settled).toEqual(['failed', 'added']));
    unsubscribe();
  });
});
