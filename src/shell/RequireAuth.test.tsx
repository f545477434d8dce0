import { screen } from '@testing-library/react';

import { renderWithProviders } from '../testing/renderWithProviders';
import { RequireAuth } from './RequireAuth';
import { lazyPage, RouteBoundary } from './RouteBoundary';

const FavoritesPage = lazyPage(() => Promise.resolve({ default: () => <h1>My favourites</h1> }));

function AccountRoute() {
  return (
    <RouteBoundary>
      <RequireAuth>
        <FavoritesPage />
      </RequireAuth>
    </RouteBoundary>
  );
}

describe('an account page', () => {
  beforeEach(() => {
    delete document.documentElement.dataset.pageReady;
  });

  // Journeys, the bench and the pictures held back until the page works (ui/ui.css) wait for this mark; a visitor
  // who opens an account page signed out gets the sign-in prompt as the page, and it answers input as soon.
  it('opened signed out shows the sign-in prompt and marks the page as working', async () => {
    renderWithProviders(<AccountRoute />, { route: '/favorites', language: 'ar' });
    expect(await screen.findByRole('heading', { name: 'يرجى تسجيل الدخول أولاً' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'My favourites' })).not.toBeInTheDocument();
    expect(document.documentElement.dataset.pageReady).toBe('true');
  });

  it('opened signed in shows the page and marks it as working', async () => {
    renderWithProviders(<AccountRoute />, {
      route: '/favorites',
      preloadedState: { auth: { token: 'token-of-the-owner' } },
    });
    expect(await screen.findByRole('heading', { name: 'My favourites' })).toBeInTheDocument();
    expect(document.documentElement.dataset.pageReady).toBe('true');
  });
});
