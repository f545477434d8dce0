import { act, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';

import { SNAPSHOT_PREFIX, type CacheSnapshot } from '../../app/cacheSnapshot';
import { languageChanged, sessionExpired, signedIn, signedOut } from '../../app/events';
import { makeStore, type AppStore, type PreloadedState } from '../../app/store';
import { apiUrl, server } from '../../testing/server';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { restoredStores } from '../../testing/restoredStore';
import { CatalogProductCard, useProductCardShared } from '../catalog/public';
import { favoritesApi } from './favoritesApi';
import { selectIsFavorite } from './favoritesSlice';
import { favoritesSnapshot } from './favoritesSnapshot';
import { FavoriteHeart } from './public';
import { makeFavorite, makeFavoriteProduct } from './testing/fixtures';

const SIGNED_IN: PreloadedState = { auth: { token: 'token-1', userId: 9, email: 'sara@example.com' } };
const product = makeFavoriteProduct(1);

interface Calls {
  list: number;
  added: unknown[];
  removed: string[];
}

function wishlistHandlers(
  calls: Calls,
  options: {
    list?: ReturnType<typeof makeFavorite>[];
    addStatus?: number;
    removeStatus?: number;
    addDelay?: Promise<void>;
  } = {},
) {
  return [
    http.get(apiUrl('user-wishlist'), () => {
      calls.list += 1;
      return HttpResponse.json(options.list ?? []);
    }),
    http.post(apiUrl('wishlist'), async ({ request }) => {
      calls.added.push(await request.json());
      await options.addDelay;
      const status = options.addStatus ?? 201;
      return status < 300
        ? HttpResponse.json({ message: 'Product added to wishlist', wishlist_id: 70 }, { status })
        : HttpResponse.json({ message: status === 401 ? 'Unauthenticated.' : 'Server error' }, { status });
    }),
    http.delete(apiUrl('wishlist/:id'), ({ params }) => {
      calls.removed.push(String(params.id));
      const status = options.removeStatus ?? 200;
      return status < 300
        ? HttpResponse.json({ message: 'Product removed from wishlist' })
        : HttpResponse.json({ message: 'Wishlist item not found' }, { status });
    }),
  ];
}

const newCalls = (): Calls => ({ list: 0, added: [], removed: [] });
const heart = (name: RegExp) => screen.getByRole('button', { name });

/** One card as a grid renders it: the grid reads what its cards share. */
function Card() {
  return <CatalogProductCard product={product} shared={useProductCardShared()} />;
}

function renderCard(preloadedState?: PreloadedState, language: 'en' | 'ar' = 'en', store?: AppStore) {
  return renderWithProviders(<Card />, { preloadedState, language, store });
}

/** A signed-in shopper whose favorites RTK Query already holds (product 1, wishlist row 7), as a page has them. */
function storeWithFavorite(language: 'en' | 'ar' = 'en'): AppStore {
  const store = makeStore({ ...SIGNED_IN, settings: { language, currency: 'KWD' } });
  store.dispatch(
    favoritesApi.util.upsertQueryEntries([
      {
        endpointName: 'getFavorites',
        arg: { userId: 9, lang: language, currency: 'KWD' },
        value: [makeFavorite(7, 1)],
      },
    ]),
  );
  return store;
}

describe('favorites hearts', () => {
  it('shows a favorite the cache holds at once, before any call answers', () => {
    server.use(...wishlistHandlers(newCalls(), { list: [makeFavorite(7, 1)] }));
    renderCard(undefined, 'en', storeWithFavorite());
    expect(heart(/Remove Product 1 from favorites/)).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows an empty heart to a signed-out shopper even with favorites left in the cache', () => {
    const store = storeWithFavorite();
    act(() => {
      store.dispatch(sessionExpired());
    });
    renderCard(undefined, 'en', store);
    expect(heart(/Add Product 1 to favorites/)).toHaveAttribute('aria-pressed', 'false');
  });

  it.each([
    ['en', 'Please log in first', /Add Product 1 to favorites/],
    ['ar', 'يرجى تسجيل الدخول أولاً', /أضف Product 1 إلى المفضلة/],
  ] as const)(
    'asks a guest to log in first, then adds the tapped heart after signing in (%s)',
    async (language, warning, name) => {
      const calls = newCalls();
      server.use(...wishlistHandlers(calls));
      const { store, user } = renderCard(undefined, language);
      await user.click(heart(name));
      expect(await screen.findByText(warning)).toBeInTheDocument();
      expect(store.getState().auth.modal).toMatchObject({ open: true, view: 'login' });
      expect(calls.added).toEqual([]);

      act(() => {
        store.dispatch(signedIn({ token: 'token-1', userId: 9, email: 'sara@example.com' }));
      });
      await waitFor(() => expect(screen.getByRole('button', { pressed: true })).toBeEnabled());
      expect(calls.list).toBe(1);
      expect(calls.added).toEqual([{ product_id: 1, user_id: 9 }]);
    },
  );

  it('leaves a heart the new session already has filled, without adding it twice', async () => {
    const calls = newCalls();
    server.use(...wishlistHandlers(calls, { list: [makeFavorite(7, 1)] }));
    const { store, user } = renderCard();
    await user.click(heart(/Add Product 1/));
    act(() => {
      store.dispatch(signedIn({ token: 'token-1', userId: 9, email: 'sara@example.com' }));
    });
    await waitFor(() => expect(heart(/Remove Product 1/)).toHaveAttribute('aria-pressed', 'true'));
    expect(calls.added).toEqual([]);
    await waitFor(() => expect(heart(/Remove Product 1/)).toBeEnabled());
  });

  it('blocks the heart while its request is in flight', async () => {
    const calls = newCalls();
    let release: () => void = () => undefined;
    const addDelay = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(...wishlistHandlers(calls, { addDelay }));
    const { user } = renderCard(SIGNED_IN);
    await user.click(heart(/Add Product 1/));
    await waitFor(() => expect(heart(/Add Product 1/)).toBeDisabled());
    release();
    await waitFor(() => expect(heart(/Remove Product 1/)).toBeEnabled());
    expect(heart(/Remove Product 1/)).toHaveAttribute('aria-pressed', 'true');
    expect(calls.added).toHaveLength(1);
  });

  it('removes optimistically; a 404 is silent and the heart stays empty', async () => {
    const calls = newCalls();
    server.use(...wishlistHandlers(calls, { removeStatus: 404, list: [makeFavorite(7, 1)] }));
    const { user } = renderCard(undefined, 'en', storeWithFavorite());
    await user.click(heart(/Remove Product 1/));
    expect(heart(/Add Product 1/)).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(calls.removed).toEqual(['7']));
    await waitFor(() => expect(heart(/Add Product 1/)).toBeEnabled());
    await delay(50);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(heart(/Add Product 1/)).toHaveAttribute('aria-pressed', 'false');
  });

  it.each([
    ['en', 'Error removing from favorites', /Remove Product 1 from favorites/],
    ['ar', 'حدث خطأ أثناء الإزالة من المفضلة', /أزل Product 1 من المفضلة/],
  ] as const)(
    'restores the heart and says so when a removal fails otherwise (%s)',
    async (language, message, name) => {
      const calls = newCalls();
      server.use(...wishlistHandlers(calls, { removeStatus: 500, list: [makeFavorite(7, 1)] }));
      const { user } = renderCard(undefined, language, storeWithFavorite(language));
      await user.click(heart(name));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(heart(name)).toHaveAttribute('aria-pressed', 'true');
    },
  );

  it.each([
    ['en', 'Error adding to favorites'],
    ['ar', 'حدث خطأ أثناء الإضافة إلى المفضلة'],
  ] as const)('says so when adding fails (%s)', async (language, message) => {
    server.use(...wishlistHandlers(newCalls(), { addStatus: 500 }));
    const { user } = renderCard(SIGNED_IN, language);
    await user.click(screen.getByRole('button', { pressed: false }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { pressed: false })).toBeEnabled();
  });

  it('a 401 on adding asks to log in first and adds the heart after the new login', async () => {
    const calls = newCalls();
    server.use(...wishlistHandlers(calls, { addStatus: 401 }));
    const { store, user } = renderCard(SIGNED_IN);
    await user.click(heart(/Add Product 1/));
    expect(await screen.findByText('Please log in first')).toBeInTheDocument();
    await waitFor(() => expect(store.getState().auth.token).toBeNull());
    expect(store.getState().auth.modal.open).toBe(true);

    server.use(...wishlistHandlers(calls));
    act(() => {
      store.dispatch(signedIn({ token: 'token-2', userId: 9, email: 'sara@example.com' }));
    });
    await waitFor(() => expect(heart(/Remove Product 1/)).toHaveAttribute('aria-pressed', 'true'));
    expect(calls.added).toHaveLength(2);
  });

  it('logging out clears the favorites', () => {
    const { store } = renderCard(undefined, 'en', storeWithFavorite());
    expect(heart(/Remove Product 1/)).toHaveAttribute('aria-pressed', 'true');
    act(() => {
      store.dispatch(signedOut());
    });
    expect(selectIsFavorite(store.getState(), 1)).toBe(false);
    expect(heart(/Add Product 1/)).toHaveAttribute('aria-pressed', 'false');
  });

  it("one account never sees another one's hearts", () => {
    const store = storeWithFavorite();
    act(() => {
      store.dispatch(signedIn({ token: 'token-3', userId: 10, email: 'omar@example.com' }));
    });
    expect(selectIsFavorite(store.getState(), 1)).toBe(false);
  });

  it('a language switch leaves the hearts filled until the list in the new language comes', async () => {
    let answer = () => undefined as void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    let calls = 0;
    server.use(
      http.get(apiUrl('user-wishlist'), async () => {
        calls += 1;
        await held;
        return HttpResponse.json([makeFavorite(7, 1)]);
      }),
    );
    const store = storeWithFavorite();
    act(() => {
      store.dispatch(languageChanged('ar'));
    });
    // The session's list in English (asked for when the session was seen), then the one in Arabic.
    await waitFor(() => expect(calls).toBe(2));
    expect(selectIsFavorite(store.getState(), 1)).toBe(true);
    answer();
    await waitFor(() =>
      expect(
        favoritesApi.endpoints.getFavorites.select({ userId: 9, lang: 'ar', currency: 'KWD' })(
          store.getState(),
        ).data,
      ).toHaveLength(1),
    );
    expect(selectIsFavorite(store.getState(), 1)).toBe(true);
  });

  it('the product page heart toggles the same favorite', async () => {
    const calls = newCalls();
    server.use(...wishlistHandlers(calls));
    const { user } = renderWithProviders(<FavoriteHeart productId={1} name="Product 1" />, {
      preloadedState: SIGNED_IN,
    });
    await user.click(screen.getByTestId('favorite-heart'));
    await waitFor(() => expect(screen.getByTestId('favorite-heart')).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(screen.getByTestId('favorite-heart')).toBeEnabled());
    await user.click(screen.getByTestId('favorite-heart'));
    await waitFor(() => expect(calls.removed).toEqual(['70']));
    expect(screen.getByTestId('favorite-heart')).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('favorites after a reload', () => {
  const snapshot = (favorites: ReturnType<typeof makeFavorite>[]) =>
    window.localStorage.setItem(
      `${SNAPSHOT_PREFIX}favorites`,
      JSON.stringify({ args: { userId: 9, lang: 'en', currency: 'KWD' }, favorites }),
    );

  const startStore = restoredStores();

  /** A store that read back what storage holds, then the cache snapshot, as the app's start does. */
  async function reloadedStore(): Promise<AppStore> {
    // The session as the tab kept it (its own storage is the auth feature's business).
    const { store } = await startStore({
      preloaded: { ...SIGNED_IN, settings: { language: 'en', currency: 'KWD' } },
      snapshots: [favoritesSnapshot as CacheSnapshot<unknown>],
    });
    return store;
  }

  it("shows the hearts of the snapshot at once; the account's list from the server then replaces them", async () => {
    snapshot([makeFavorite(7, 1)]);
    let answer = () => undefined as void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    let calls = 0;
    server.use(
      http.get(apiUrl('user-wishlist'), async () => {
        calls += 1;
        await held;
        return HttpResponse.json([makeFavorite(8, 2)]);
      }),
    );
    const store = await reloadedStore();
    renderCard(undefined, 'en', store);
    expect(heart(/Remove Product 1 from favorites/)).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(calls).toBe(1));

    answer();
    await waitFor(() => expect(heart(/Add Product 1/)).toHaveAttribute('aria-pressed', 'false'));
    expect(selectIsFavorite(store.getState(), 2)).toBe(true);
    expect(calls).toBe(1);
    const kept = JSON.parse(window.localStorage.getItem(`${SNAPSHOT_PREFIX}favorites`) ?? 'null') as {
      favorites: { product_id: number }[];
    };
    expect(kept.favorites.map((favorite) => favorite.product_id)).toEqual([2]);
  });

  it("another account's snapshot is not shown and not kept", async () => {
    window.localStorage.setItem(
      `${SNAPSHOT_PREFIX}favorites`,
      JSON.stringify({ args: { userId: 4, lang: 'en', currency: 'KWD' }, favorites: [makeFavorite(7, 1)] }),
    );
    server.use(...wishlistHandlers(newCalls()));
    const store = await reloadedStore();
    renderCard(undefined, 'en', store);
    expect(heart(/Add Product 1/)).toHaveAttribute('aria-pressed', 'false');
    expect(window.localStorage.getItem(`${SNAPSHOT_PREFIX}favorites`) ?? '').not.toContain('"userId":4');
  });
});
