import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { cartApi } from '../features/cart/cartApi';
import { apiUrl, server } from '../testing/server';
import { nextTask } from '../lib/nextTask';
import { api, API_TIMEOUT_MS, failureReason } from './api';
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

describe('stored copy', () => {
  const FRESH_MS = 60_000;
  const probeApi = api.injectEndpoints({
    endpoints: (build) => ({
      probe: build.query<number[], string>({
        query: (lang) => ({ url: 'probe', params: { lang } }),
        extraOptions: {
          storedCopy: ({ params }) => ({
            key: `probe:${String(params?.lang)}`,
            freshForMs: FRESH_MS,
            accepts: Array.isArray,
          }),
        },
      }),
    }),
  });
  let clock: number;
  let calls: number;
  let failing: boolean;

  beforeEach(() => {
    clock = 1_700_000_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => clock);
    calls = 0;
    failing = false;
    server.use(
      http.get(apiUrl('probe'), () => {
        calls += 1;
        return failing ? HttpResponse.json({ message: 'down' }, { status: 500 }) : HttpResponse.json([calls]);
      }),
    );
  });
  afterEach(() => jest.restoreAllMocks());

  const keep = (storedAt: number, data: unknown) =>
    window.sessionStorage.setItem('probe:en', JSON.stringify({ storedAt, data }));
  const ask = async () => {
    const store = makeStore();
    const call = store.dispatch(probeApi.endpoints.probe.initiate('en'));
    const result = await call;
    call.unsubscribe();
    return result;
  };

  it('a copy younger than its plan answers without a call', async () => {
    keep(clock - FRESH_MS + 1, [42]);
    expect((await ask()).data).toEqual([42]);
    expect(calls).toBe(0);
  });

  it('an old copy, or one dated in the future (clock set back), is asked again and replaced', async () => {
    keep(clock - FRESH_MS, [42]);
    expect((await ask()).data).toEqual([1]);
    // The copy reaches storage a task after the answer (see writeKeptJson).
    await nextTask();
    expect(JSON.parse(window.sessionStorage.getItem('probe:en') ?? 'null')).toEqual({
      storedAt: clock,
      data: [1],
    });
    keep(clock + 1000, [42]);
    expect((await ask()).data).toEqual([2]);
  });

  it('a failed call is answered with the copy however old, and fails without one or with one of another shape', async () => {
    failing = true;
    keep(clock - 10 * FRESH_MS, [42]);
    expect((await ask()).data).toEqual([42]);
    keep(clock - 10 * FRESH_MS, { not: 'a list' });
    expect((await ask()).isError).toBe(true);
    window.sessionStorage.clear();
    expect((await ask()).isError).toBe(true);
    expect(calls).toBe(3);
  });
});
