import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { cartApi } from '../features/cart/cartApi';
import { apiUrl, server } from '../testing/server';
import { API_TIMEOUT_MS, failureReason } from './api';
import { makeStore } from './store';

const args = { guestToken: 'guest-1', userId: null, lang: 'en' as const, currency: 'KWD' };

describe('base query', () => {
  afterEach(() => jest.useRealTimers());

  // The browser reports the abort as a timeout (the journeys in e2e/faults.spec.ts show its message); msw in
  // jsdom turns an aborted call into an answer of its own, so here only the abort and its moment are checked.
  it('gives up on an answer slower than 10 s at 10 s: the call is aborted and fails', async () => {
    jest.useFakeTimers();
    let aborted = false;
    server.use(
      http.get(apiUrl('guest/cart'), async ({ request }) => {
        request.signal.addEventListener('abort', () => (aborted = true));
        await new Promise(() => undefined);
        return HttpResponse.json({ cart_items: [] });
      }),
    );
    const store = makeStore();
    const call = store.dispatch(cartApi.endpoints.getCart.initiate(args));
    await jest.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(aborted).toBe(true);
    expect((await call).isError).toBe(true);
    call.unsubscribe();
  });

  it('names a timeout as such', () => {
    expect(failureReason({ status: 'TIMEOUT_ERROR', error: 'TimeoutError: signal timed out' })).toBe(
      'timeout',
    );
  });

  it.each([
    ['no connection', 'offline', () => HttpResponse.error()],
    ['a failed answer', 'failed', () => HttpResponse.json({ message: 'x' }, { status: 500 })],
  ] as const)('names %s "%s"', async (_name, reason, answer) => {
    server.use(http.get(apiUrl('guest/cart'), answer));
    const store = makeStore();
    const call = store.dispatch(cartApi.endpoints.getCart.initiate(args));
    expect(failureReason((await call).error)).toBe(reason);
    call.unsubscribe();
  });

  it('asks again for what is on screen when the connection comes back', async () => {
    let calls = 0;
    server.use(
      http.get(apiUrl('guest/cart'), () => {
        calls += 1;
        return HttpResponse.json({ cart_items: [] });
      }),
    );
    const store = makeStore();
    const call = store.dispatch(cartApi.endpoints.getCart.initiate(args));
    await call;
    expect(calls).toBe(1);
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(calls).toBe(2));
    call.unsubscribe();
  });
});
