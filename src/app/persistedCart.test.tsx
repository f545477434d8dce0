// The design card (docs/spec/00-design-card.md): redux-persist mirrors the cart to local storage. These tests
// go through the real store, its persist configs and local storage, as a returning shopper's page does.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { renderWithProviders } from '../testing/renderWithProviders';
import { restoredStores, type RestoredStore } from '../testing/restoredStore';
import { apiUrl, server } from '../testing/server';
import { encryptToken } from '../features/auth/tokenCipher';
import { cartApi } from '../features/cart/cartApi';
import { CART_PERSIST_VERSION } from '../features/cart/cartSlice';
import { cartSnapshot, type CartSnapshot } from '../features/cart/cartSnapshot';
import { useCartSummary } from '../features/cart/useCartSummary';
import { GUEST_TOKEN, makeCartItem, makeCartProduct } from '../features/cart/testing/fixtures';
import type { CartItem } from '../features/cart/types';
import { makeStore, type AppStore, type PreloadedState } from './store';
import { AppRoutes } from './routes';
import { SNAPSHOT_PREFIX, snapshotCache, type CacheSnapshot } from './cacheSnapshot';
import { guestTokenRejected, signedIn, signedOut } from './events';

const guestArgs = { guestToken: GUEST_TOKEN, userId: null, lang: 'en', currency: 'KWD' } as const;
const userArgs = (userId: number) => ({ guestToken: null, userId, lang: 'en', currency: 'KWD' }) as const;

const oud = (quantity: number) =>
  makeCartItem({
    product_id: 1,
    quantity,
    product: makeCartProduct({ id: 1, name: 'Royal Oud', description: 'A long story of the oud.' }),
  });
const musk = makeCartItem({ product_id: 2, product: makeCartProduct({ id: 2, name: 'White Musk' }) });

/** redux-persist's stored form: each field JSON-encoded inside the outer JSON. */
const persisted = (fields: Record<string, unknown>, version?: number) =>
  JSON.stringify({
    ...Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, JSON.stringify(value)])),
    _persist: JSON.stringify(version === undefined ? { rehydrated: true } : { version, rehydrated: true }),
  });

const storeCart = (fields: Record<string, unknown>, version: number | undefined = CART_PERSIST_VERSION) =>
  window.localStorage.setItem('persist:cart', persisted(fields, version));
const storeSession = (userId: number) =>
  window.sessionStorage.setItem(
    'persist:auth',
    persisted({ token: encryptToken(`token-of-${userId}`), userId, email: `u${userId}@example.com` }, -1),
  );
const storedCart = () =>
  JSON.parse(window.localStorage.getItem('persist:cart') ?? '{}') as Record<string, string>;
/** The snapshot of the cart's lines the shop keeps beside the persisted cart. */
const keepSnapshot = (snapshot: unknown) =>
  window.localStorage.setItem(`${SNAPSHOT_PREFIX}cart`, JSON.stringify(snapshot));
const keptSnapshot = () =>
  JSON.parse(window.localStorage.getItem(`${SNAPSHOT_PREFIX}cart`) ?? 'null') as CartSnapshot | null;

// The cart page's delivery picker asks for the governorates.
beforeEach(() => server.use(http.get(apiUrl('governorates'), () => HttpResponse.json({ data: [] }))));

const startStore = restoredStores();
/** The snapshots kept by this visit's stores (keepingStore), stopped after each test. */
let stops: (() => void)[] = [];
afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
});

/**
 * A store that has read back what storage holds, then put the cart's snapshot in RTK Query's cache, as the app's
 * start does before its first render (a reload).
 */
function restoredStore(preloaded?: PreloadedState): Promise<RestoredStore> {
  return startStore({
    preloaded: { settings: { language: 'en', currency: 'KWD' }, ...preloaded },
    snapshots: [cartSnapshot as CacheSnapshot<unknown>],
  });
}

/** A store of this visit (no reload) that keeps the cart's snapshot as the app does. */
function keepingStore(preloaded: PreloadedState): AppStore {
  const store = makeStore(preloaded);
  stops.push(snapshotCache(store, [cartSnapshot as CacheSnapshot<unknown>]));
  return store;
}

/** The guest cart's GET, answered only when the test lets it. */
function heldGuestCart(items: () => CartItem[]) {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  server.use(
    http.get(apiUrl('guest/cart'), async () => {
      calls += 1;
      await held;
      return HttpResponse.json({ cart_items: items() });
    }),
  );
  return { release, calls: () => calls };
}

const renderCartPage = (store: AppStore) =>
  renderWithProviders(<AppRoutes />, { store, route: '/cart', toasts: false });

describe('the cart keeps its lines across a reload', () => {
  it('keeps the ids in the persisted cart and the answered lines as a snapshot, without the descriptions the cart does not show', async () => {
    server.use(http.get(apiUrl('guest/cart'), () => HttpResponse.json({ cart_items: [oud(2), musk] })));
    const { store, persistor } = await restoredStore({ cart: { guestToken: GUEST_TOKEN } });
    await store.dispatch(cartApi.endpoints.getCart.initiate(guestArgs));
    await persistor.flush();

    const stored = storedCart();
    expect(JSON.parse(stored._persist ?? '{}')).toMatchObject({ version: CART_PERSIST_VERSION });
    expect(Object.keys(stored).sort()).toEqual(['_persist', 'guestToken', 'revision']);
    expect(JSON.parse(stored.guestToken ?? 'null')).toBe(GUEST_TOKEN);
    const snapshot = keptSnapshot();
    expect(snapshot?.args).toEqual(guestArgs);
    expect(snapshot?.items.map((item) => [item.product?.name, item.quantity])).toEqual([
      ['Royal Oud', 2],
      ['White Musk', 1],
    ]);
    expect(snapshot?.items[0]?.product?.description).toBe('');
  });

  it('a cart stored by an older release (no version: guest token and revision) still loads; with nothing kept the page shows its skeleton first', async () => {
    storeCart({ guestToken: GUEST_TOKEN, revision: 4 }, undefined);
    const cart = heldGuestCart(() => [oud(1)]);
    const { store } = await restoredStore();
    expect(store.getState().cart).toMatchObject({ guestToken: GUEST_TOKEN, revision: 4 });

    renderCartPage(store);
    expect(await screen.findByTestId('cart-skeleton')).toBeInTheDocument();
    expect(screen.queryByTestId('cart-line')).not.toBeInTheDocument();
    cart.release();
    expect(await screen.findByTestId('cart-line')).toHaveTextContent('Royal Oud');
    expect(screen.queryByTestId('cart-skeleton')).not.toBeInTheDocument();
  });

  it('a cart stored by the release that copied the answer into it (version 1) keeps its ids; the copy goes', async () => {
    storeCart({ guestToken: GUEST_TOKEN, revision: 3, lastKnown: { args: guestArgs, items: [oud(1)] } }, 1);
    const { store, persistor } = await restoredStore();
    expect(store.getState().cart).toMatchObject({ guestToken: GUEST_TOKEN, revision: 3 });
    expect(store.getState().cart).not.toHaveProperty('lastKnown');
    await persistor.flush();
    expect(storedCart()).not.toHaveProperty('lastKnown');
  });

  it("a returning shopper sees the snapshot's lines and count at once, no skeleton; the server's answer then replaces them", async () => {
    storeCart({ guestToken: GUEST_TOKEN, revision: 2 });
    keepSnapshot({ args: guestArgs, items: [oud(2)] });
    const cart = heldGuestCart(() => [oud(3), musk]);
    const { store } = await restoredStore();
    renderCartPage(store);

    const line = await screen.findByTestId('cart-line');
    expect(line).toHaveTextContent('Royal Oud');
    expect(screen.queryByTestId('cart-skeleton')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
    expect(screen.getByTestId('summary-total')).toHaveTextContent('20.00');
    // Until the server answers, the snapshot's line is not changed (its answer could undo the change).
    expect(within(line).getByRole('button', { name: 'Increase the quantity of Royal Oud' })).toBeDisabled();
    await waitFor(() => expect(cart.calls()).toBe(1));

    cart.release();
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(2));
    expect(screen.getByRole('link', { name: 'Cart, 4 items' })).toBeInTheDocument();
    expect(screen.getByTestId('summary-total')).toHaveTextContent('40.00');
    expect(screen.getByRole('button', { name: 'Increase the quantity of Royal Oud' })).toBeEnabled();
    expect(cart.calls()).toBe(1);
    expect(keptSnapshot()?.items.map((item) => item.quantity)).toEqual([3, 1]);
  });

  it('a snapshot whose refresh fails is not taken for the cart: the page says it could not load it, the badge keeps its count', async () => {
    storeCart({ guestToken: GUEST_TOKEN, revision: 2 });
    keepSnapshot({ args: guestArgs, items: [oud(2)] });
    server.use(http.get(apiUrl('guest/cart'), () => HttpResponse.json({ message: 'down' }, { status: 500 })));
    const { store } = await restoredStore();
    renderCartPage(store);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByTestId('cart-line')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
  });

  it("the snapshot is no answer: what only the server's answer allows (checkout) waits for it", async () => {
    storeCart({ guestToken: GUEST_TOKEN, revision: 2 });
    keepSnapshot({ args: guestArgs, items: [oud(2)] });
    const cart = heldGuestCart(() => [oud(3)]);
    const { store } = await restoredStore();
    function Answer() {
      const { query, lines } = useCartSummary();
      return (
        <p data-testid="answer">{`${lines.length} ${query.data ? 'answered' : query.isLoading ? 'waiting' : 'none'}`}</p>
      );
    }
    renderWithProviders(<Answer />, { store, toasts: false });
    expect(screen.getByTestId('answer')).toHaveTextContent('1 waiting');
    cart.release();
    await waitFor(() => expect(screen.getByTestId('answer')).toHaveTextContent('1 answered'));
  });

  it("another account's snapshot is never shown: a different user's session drops it at once", async () => {
    storeCart({ guestToken: null, revision: 1 });
    keepSnapshot({ args: userArgs(7), items: [oud(2)] });
    storeSession(8);
    let answer = () => undefined as void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(apiUrl('cart'), async () => {
        await held;
        return HttpResponse.json({ cart_items: [] });
      }),
    );
    const { store } = await restoredStore();
    expect(store.getState().auth.userId).toBe(8);
    expect(keptSnapshot()).toBeNull();

    renderCartPage(store);
    expect(await screen.findByTestId('cart-skeleton')).toBeInTheDocument();
    expect(screen.queryByText('Royal Oud')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
    answer();
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(JSON.stringify(keptSnapshot())).not.toContain('Royal Oud');
  });

  it('an account whose session ended with the browser leaves no lines behind in local storage', async () => {
    storeCart({ guestToken: null, revision: 1 });
    keepSnapshot({ args: userArgs(7), items: [oud(2)] });
    const { store } = await restoredStore();
    expect(store.getState().auth.token).toBeNull();
    expect(Object.keys(store.getState().api.queries)).toEqual([]);
    expect(keptSnapshot()).toBeNull();
  });

  it('the same account signed in again (same browser session) sees its lines at once', async () => {
    storeCart({ guestToken: null, revision: 1 });
    keepSnapshot({ args: userArgs(7), items: [oud(2)] });
    storeSession(7);
    heldGuestCart(() => []);
    server.use(http.get(apiUrl('cart'), () => new Promise<Response>(() => undefined)));
    const { store } = await restoredStore();
    expect(cartApi.endpoints.getCart.select(userArgs(7))(store.getState()).data).toHaveLength(1);
  });

  it.each([
    ['a line without its product name', { args: guestArgs, items: [{ ...oud(1), product: { id: 1 } }] }],
    ['lines that are no list', { args: guestArgs, items: 'Royal Oud' }],
    ['no owner', { items: [oud(1)] }],
  ])('a snapshot with %s is not used; the guest token stays', async (_name, snapshot) => {
    storeCart({ guestToken: GUEST_TOKEN, revision: 3 });
    keepSnapshot(snapshot);
    heldGuestCart(() => []);
    const { store } = await restoredStore();
    expect(store.getState().cart).toMatchObject({ guestToken: GUEST_TOKEN, revision: 3 });
    expect(cartApi.endpoints.getCart.select(guestArgs)(store.getState()).data).toBeUndefined();
  });

  it('a copy stored by a newer build (a version this one does not know) is dropped whole', async () => {
    storeCart({ guestToken: GUEST_TOKEN, revision: 3 }, CART_PERSIST_VERSION + 1);
    const { store } = await restoredStore();
    expect(store.getState().cart).toMatchObject({ guestToken: null, revision: 0 });
  });
});

describe('the snapshot follows the cart', () => {
  const guestWithLines = async (): Promise<AppStore> => {
    const store = keepingStore({
      cart: { guestToken: GUEST_TOKEN },
      settings: { language: 'en', currency: 'KWD' },
    });
    store.dispatch(
      cartApi.util.upsertQueryEntries([{ endpointName: 'getCart', arg: guestArgs, value: [oud(2)] }]),
    );
    // RTK Query's cache updates reach the store's subscribers batched: the snapshot is written a moment later.
    await waitFor(() => expect(keptSnapshot()?.items).toHaveLength(1));
    return store;
  };

  it('logging out forgets it', async () => {
    const store = await guestWithLines();
    store.dispatch(signedOut());
    expect(keptSnapshot()).toBeNull();
  });

  it('a guest token the server no longer knows forgets it', async () => {
    const store = await guestWithLines();
    store.dispatch(guestTokenRejected());
    expect(keptSnapshot()).toBeNull();
  });

  it("signing in drops the guest's lines: the account's cart is another one", async () => {
    server.use(
      http.post(apiUrl('cart/merge'), () => HttpResponse.json({ merged: 1, capped: 0, dropped: 0 })),
      http.get(apiUrl('cart'), () => HttpResponse.json({ cart_items: [] })),
    );
    const store = await guestWithLines();
    store.dispatch(signedIn({ token: 't', userId: 5, email: 'e@x.co' }));
    expect(JSON.stringify(keptSnapshot())).not.toContain('Royal Oud');
    await waitFor(() => expect(store.getState().cart.guestToken).toBeNull());
  });

  it('an emptied cart is kept as empty: the page shows it at once on return', async () => {
    server.use(http.get(apiUrl('guest/cart'), () => HttpResponse.json({ cart_items: [] })));
    const store = await guestWithLines();
    await store.dispatch(cartApi.endpoints.getCart.initiate(guestArgs, { forceRefetch: true }));
    await waitFor(() => expect(keptSnapshot()).toEqual({ args: guestArgs, items: [] }));
  });

  it('a snapshot of another language or currency is not shown as this one', async () => {
    storeCart({ guestToken: GUEST_TOKEN, revision: 1 });
    keepSnapshot({ args: { ...guestArgs, currency: 'SAR' }, items: [oud(2)] });
    const cart = heldGuestCart(() => [oud(2)]);
    const { store } = await restoredStore();
    renderCartPage(store);
    expect(await screen.findByTestId('cart-skeleton')).toBeInTheDocument();
    cart.release();
    expect(await screen.findByTestId('cart-line')).toBeInTheDocument();
  });
});
