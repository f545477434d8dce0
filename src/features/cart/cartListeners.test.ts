import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { addToCartClicked, selectIsAddingToCart, signedIn } from '../../app/events';
import { makeStore } from '../../app/store';
import { i18n } from '../../i18n/i18n';
import { fakeServices } from '../../testing/fakeServices';
import { apiUrl, server } from '../../testing/server';
import { cartApi } from './cartApi';
import { cartView } from './cartLines';
import { selectPendingAdd } from './cartSlice';
import { GUEST_TOKEN, makeCartItem, makeCartProduct } from './testing/fixtures';

const request = { product_id: 3, quantity: 1, size: null, color: 'Red', currency: 'KWD' };
const ADDED = { kind: 'success', message: 'The product was added to your cart', toastId: 'added-to-cart' };

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
    const { services, toasts } = fakeServices();
    const store = makeStore({ cart: { guestToken: 'stale' } }, services);
    store.dispatch(addToCartClicked(request));
    // The shopper is told once, after the second try, that the product is in the cart.
    await waitFor(() => expect(toasts).toEqual([ADDED]));
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
    const { services, toasts } = fakeServices();
    const store = makeStore(
      { auth: { token: 'tok', userId: 1, email: 'a@b.c', modal: { open: false, view: 'login' } } },
      services,
    );
    store.dispatch(addToCartClicked(request));
    await waitFor(() => expect(toasts).toEqual([ADDED]));
    expect(auth).toBe('Bearer tok');
    expect(store.getState().cart.guestToken).toBeNull();
  });

  it.each([
    ['en', 'Too many carts were started from your connection. Please wait a minute and try again.'],
    ['ar', 'بدأت سلال كثيرة جدًا من اتصالك. يرجى الانتظار دقيقة ثم المحاولة مرة أخرى.'],
  ] as const)(
    'says to wait when the server refuses a new guest cart with 429 (%s)',
    async (language, message) => {
      server.use(
        http.post(apiUrl('guest/cart/add'), () =>
          HttpResponse.json({ message: 'Too many attempts. Please try again later.' }, { status: 429 }),
        ),
      );
      await i18n.changeLanguage(language);
      try {
        const { services, toasts } = fakeServices();
        const store = makeStore(undefined, services);
        store.dispatch(addToCartClicked(request));
        await waitFor(() =>
          expect(toasts).toEqual([{ kind: 'error', message, toastId: 'add-to-cart-failed' }]),
        );
        expect(store.getState().cart.guestToken).toBeNull();
      } finally {
        await i18n.changeLanguage('en');
      }
    },
  );

  it('settles a refused guest add without storing a token', async () => {
    server.use(
      http.post(apiUrl('guest/cart/add'), () => HttpResponse.json({ message: 'Nope' }, { status: 422 })),
    );
    const { services, toasts } = fakeServices();
    const store = makeStore(undefined, services);
    store.dispatch(addToCartClicked(request));
    await waitFor(() =>
      expect(toasts).toEqual([
        { kind: 'error', message: expect.any(String) as string, toastId: 'add-to-cart-failed' },
      ]),
    );
    expect(store.getState().cart.guestToken).toBeNull();
    expect(selectPendingAdd(store.getState())).toBeNull();
  });
});

describe('add to cart: the story from the tap to the answer', () => {
  const cart = { guestToken: GUEST_TOKEN, userId: null, lang: 'en', currency: 'KWD' } as const;
  const oud = makeCartItem({ product_id: 3, quantity: 1, color: 'Red', product: makeCartProduct({ id: 3 }) });

  /** A guest whose cart RTK Query holds (one Red piece of product 3), and an add answered when the test says. */
  function guestWithCart(status: number) {
    let answer = () => undefined as void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post(apiUrl('guest/cart/add'), async () => {
        await held;
        return status < 300
          ? HttpResponse.json({ message: 'Added' })
          : HttpResponse.json({ message: 'Server Error' }, { status });
      }),
      http.get(apiUrl('guest/cart'), () =>
        HttpResponse.json({ cart_items: [{ ...oud, quantity: status < 300 ? 2 : 1 }] }),
      ),
    );
    const { services, toasts } = fakeServices();
    const store = makeStore(
      { cart: { guestToken: GUEST_TOKEN }, settings: { language: 'en', currency: 'KWD' } },
      services,
    );
    store.dispatch(cartApi.util.upsertQueryEntries([{ endpointName: 'getCart', arg: cart, value: [oud] }]));
    // The navbar's count keeps the cart subscribed on every page.
    store.dispatch(cartApi.endpoints.getCart.initiate(cart));
    const quantities = () =>
      cartApi.endpoints.getCart
        .select(cart)(store.getState())
        .data?.map((line) => line.quantity);
    return { store, toasts, answer, quantities };
  }

  it('shows the add at once with the button busy; the answer confirms it', async () => {
    const { store, toasts, answer, quantities } = guestWithCart(200);
    store.dispatch(addToCartClicked(request));
    expect(quantities()).toEqual([2]);
    expect(selectIsAddingToCart(store.getState(), 3)).toBe(true);
    answer();
    await waitFor(() => expect(toasts).toEqual([ADDED]));
    expect(selectIsAddingToCart(store.getState(), 3)).toBe(false);
    await waitFor(() => expect(quantities()).toEqual([2]));
  });

  it('a second tap while the add is out adds nothing more', async () => {
    const { store, toasts, answer, quantities } = guestWithCart(200);
    store.dispatch(addToCartClicked(request));
    store.dispatch(addToCartClicked(request));
    expect(quantities()).toEqual([2]);
    answer();
    await waitFor(() => expect(toasts).toEqual([ADDED]));
  });

  it.each([
    ['en', 'Error adding to cart. Please try again.'],
    ['ar', 'حدث خطأ أثناء الإضافة إلى السلة. يرجى المحاولة مرة أخرى.'],
  ] as const)('a refused add is undone and the shopper told why (%s)', async (language, message) => {
    await i18n.changeLanguage(language);
    try {
      const { store, toasts, answer, quantities } = guestWithCart(500);
      store.dispatch(addToCartClicked(request));
      expect(quantities()).toEqual([2]);
      answer();
      await waitFor(() =>
        expect(toasts).toEqual([{ kind: 'error', message, toastId: 'add-to-cart-failed' }]),
      );
      expect(quantities()).toEqual([1]);
      expect(selectIsAddingToCart(store.getState(), 3)).toBe(false);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('a new product is counted at once, and listed only with the answer', async () => {
    const { store, answer } = guestWithCart(500);
    store.dispatch(addToCartClicked({ ...request, product_id: 9 }));
    const data = cartApi.endpoints.getCart.select(cart)(store.getState()).data ?? [];
    expect(data.map((line) => line.product_id)).toEqual([3, 9]);
    expect(cartView(data, 'KWD').lines.map((line) => line.item.product_id)).toEqual([3]);
    answer();
    await waitFor(() =>
      expect(
        cartApi.endpoints.getCart
          .select(cart)(store.getState())
          .data?.map((line) => line.product_id),
      ).toEqual([3]),
    );
  });
});

describe('cart listener: merging the guest cart on sign-in', () => {
  const session = { token: 'tok', userId: 1, email: 'a@b.c' };

  it('merges the guest cart, drops the guest token and says what changed in one toast', async () => {
    let body: unknown = null;
    server.use(
      http.post(apiUrl('cart/merge'), async ({ request: incoming }) => {
        body = await incoming.json();
        return HttpResponse.json({ merged: 2, capped: 1, dropped: 0, message: 'Guest cart merged' });
      }),
      http.get(apiUrl('cart'), () => HttpResponse.json({ cart_items: [] })),
    );
    const { services, toasts } = fakeServices();
    const store = makeStore({ cart: { guestToken: 'guest-token-1234' } }, services);
    store.dispatch(signedIn(session));
    await waitFor(() => expect(store.getState().cart.guestToken).toBeNull());
    expect(body).toEqual({ guest_token: 'guest-token-1234' });
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]?.message).toContain('2 products added.');
    expect(toasts[0]?.message).toContain('1 product limited to the available stock or the limit per order.');
    expect(toasts[0]?.message).not.toContain('out of stock');
  });

  it('treats an unknown guest cart (404) as nothing to merge: the token goes, no toast', async () => {
    server.use(
      http.post(apiUrl('cart/merge'), () =>
        HttpResponse.json({ message: 'Guest cart not found' }, { status: 404 }),
      ),
    );
    const { services, toasts } = fakeServices();
    const store = makeStore({ cart: { guestToken: 'guest-token-1234' } }, services);
    store.dispatch(signedIn(session));
    await waitFor(() => expect(store.getState().cart.guestToken).toBeNull());
    expect(toasts).toEqual([]);
  });

  it('keeps the guest token when the merge answers 401: the session ended, not the guest cart', async () => {
    server.use(
      http.post(apiUrl('cart/merge'), () =>
        HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 }),
      ),
    );
    const store = makeStore({ cart: { guestToken: 'guest-token-1234' } });
    store.dispatch(signedIn(session));
    // The session goes (the 401 listener); the guest cart waits for the next sign-in under its token.
    await waitFor(() => expect(store.getState().auth.token).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.getState().cart.guestToken).toBe('guest-token-1234');
  });

  it('keeps the guest token when the merge fails otherwise, so nothing is lost', async () => {
    let calls = 0;
    server.use(
      http.post(apiUrl('cart/merge'), () => {
        calls += 1;
        return HttpResponse.json({ message: 'Server Error' }, { status: 500 });
      }),
    );
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = makeStore({ cart: { guestToken: 'guest-token-1234' } });
    store.dispatch(signedIn(session));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(calls).toBeGreaterThan(0);
    expect(store.getState().cart.guestToken).toBe('guest-token-1234');
    warn.mockRestore();
  });
});
