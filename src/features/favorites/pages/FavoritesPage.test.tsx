import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import type { PreloadedState } from '../../../app/store';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { apiUrl, server } from '../../../testing/server';
import { makeFavorite } from '../testing/fixtures';
import FavoritesPage from './FavoritesPage';

const SIGNED_IN: PreloadedState = { auth: { token: 'token-1', userId: 9, email: 'sara@example.com' } };

describe('FavoritesPage', () => {
  it('lists the favorites in the current language and currency; remove takes one away', async () => {
    const asked: string[] = [];
    let removed = '';
    server.use(
      http.get(apiUrl('user-wishlist'), ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json([makeFavorite(7, 1), makeFavorite(8, 2)]);
      }),
      http.delete(apiUrl('wishlist/:id'), ({ params }) => {
        removed = String(params.id);
        return HttpResponse.json({ message: 'Product removed from wishlist' });
      }),
    );
    const { user } = renderWithProviders(<FavoritesPage />, {
      preloadedState: { ...SIGNED_IN, settings: { currency: 'SAR' } },
      language: 'ar',
    });
    expect(screen.getByTestId('skeleton-grid')).toBeInTheDocument();
    expect(await screen.findAllByTestId('favorite-item')).toHaveLength(2);
    expect(asked).toEqual(['?lang=ar&currency_code=SAR']);
    expect(document.title).toBe('المفضلة · متجر الخليج');
    const first = screen.getAllByTestId('favorite-item')[0] as HTMLElement;
    await user.click(within(first).getByRole('button', { name: 'إزالة', description: 'Product 1' }));
    await waitFor(() => expect(screen.getAllByTestId('favorite-item')).toHaveLength(1));
    expect(removed).toBe('7');
  });

  it('shows the empty state with a link to search', async () => {
    server.use(http.get(apiUrl('user-wishlist'), () => HttpResponse.json([])));
    renderWithProviders(<FavoritesPage />, { preloadedState: SIGNED_IN });
    expect(await screen.findByText(/You have no favorites yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/search');
  });

  it.each([
    ['en', 'Error fetching favorites'],
    ['ar', 'حدث خطأ أثناء جلب المفضلة'],
  ] as const)('says so when the favorites fail to load (%s)', async (language, message) => {
    server.use(
      http.get(apiUrl('user-wishlist'), () => HttpResponse.json({ message: 'down' }, { status: 500 })),
    );
    renderWithProviders(<FavoritesPage />, { preloadedState: SIGNED_IN, language });
    // On the page and as a toast.
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
  });

  it.each([
    ['en', 'Please log in first'],
    ['ar', 'يرجى تسجيل الدخول أولاً'],
  ] as const)('a 401 asks to log in first (%s)', async (language, warning) => {
    server.use(
      http.get(apiUrl('user-wishlist'), () =>
        HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 }),
      ),
    );
    const { store } = renderWithProviders(<FavoritesPage />, { preloadedState: SIGNED_IN, language });
    expect(await screen.findByText(warning)).toBeInTheDocument();
    await waitFor(() => expect(store.getState().auth.modal.open).toBe(true));
    expect(store.getState().auth.token).toBeNull();
  });
});
