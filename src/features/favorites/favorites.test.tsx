import { act, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { REHYDRATE } from 'redux-persist';

import { signedIn, signedOut } from '../../app/events';
import type { PreloadedState } from '../../app/store';
import { apiUrl, server } from '../../testing/server';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { CatalogProductCard, useProductCardShared } from '../catalog/public';
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

function renderCard(preloadedState?: PreloadedState, language: 'en' | 'ar' = 'en') {
  return renderWithProviders(<Card />, { preloadedState, language });
}

describe('favorites hearts', () => {
  it('shows a persisted favorite at once, without a call', () => {
    renderCard({ ...SIGNED_IN, favorites: { saved: { 1: 7 } } });
    expect(heart(/Remove Product 1 from favorites/)).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows an empty heart to a signed-out shopper even with favorites left on the device', () => {
    renderCard({ favorites: { saved: { 1: 7 } } });
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
    server.use(...wishlistHandlers(calls, { removeStatus: 404 }));
    const { user } = renderCard({ ...SIGNED_IN, favorites: { saved: { 1: 7 } } });
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
      server.use(...wishlistHandlers(calls, { removeStatus: 500 }));
      const { user } = renderCard({ ...SIGNED_IN, favorites: { saved: { 1: 7 } } }, language);
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
    const { store } = renderCard({ ...SIGNED_IN, favorites: { saved: { 1: 7 } } });
    act(() => {
      store.dispatch(signedOut());
    });
    expect(store.getState().favorites.saved).toEqual({});
    expect(heart(/Add Product 1/)).toHaveAttribute('aria-pressed', 'false');
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
  it('refreshes the stored hearts from the account once the session is restored', async () => {
    const calls = newCalls();
    server.use(...wishlistHandlers(calls, { list: [makeFavorite(8, 2)] }));
    const { store } = renderCard({ ...SIGNED_IN, favorites: { saved: { 1: 7 } } });
    expect(heart(/Remove Product 1/)).toHaveAttribute('aria-pressed', 'true');
    act(() => {
      store.dispatch({ type: REHYDRATE, key: 'favorites' });
    });
    await waitFor(() => expect(heart(/Add Product 1/)).toHaveAttribute('aria-pressed', 'false'));
    expect(store.getState().favorites.saved).toEqual({ 2: 8 });
    act(() => {
      store.dispatch({ type: REHYDRATE, key: 'auth' });
    });
    expect(calls.list).toBe(1);
  });
});
