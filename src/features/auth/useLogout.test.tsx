import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';

import { api } from '../../app/api';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { apiUrl, server } from '../../testing/server';
import { useLogout } from './useLogout';

// A favorites list as the favorites feature would load it: tagged 'Wishlist'.
const favoritesProbe = api.injectEndpoints({
  endpoints: (build) => ({
    probeWishlist: build.query<number, void>({
      query: () => 'user-wishlist',
      transformResponse: (body: unknown[]) => body.length,
      providesTags: ['Wishlist'],
    }),
  }),
});

function Page() {
  const [logout] = useLogout();
  return (
    <button type="button" onClick={() => void logout()}>
      log out
    </button>
  );
}

/** The page with a list tagged 'Wishlist' on screen (the favorites feature's own session list is fetched beside it). */
function PageWithList() {
  favoritesProbe.useProbeWishlistQuery();
  return <Page />;
}

const signedIn = {
  auth: { token: 'tok', userId: 1, email: 'a@shop.com', modal: { open: false, view: 'login' as const } },
  cart: { guestToken: 'guest-1' },
};

describe('logout (docs/spec/01-shell-and-account.md §4)', () => {
  it('calls the server, clears token and guest token, says so and goes home', async () => {
    let logoutCalls = 0;
    const wishlistAuth: Array<string | null> = [];
    server.use(
      http.post(apiUrl('logout'), () => {
        logoutCalls += 1;
        return HttpResponse.json({ message: 'Logged out successfully.' });
      }),
      http.get(apiUrl('user-wishlist'), ({ request }) => {
        wishlistAuth.push(request.headers.get('authorization'));
        return HttpResponse.json([]);
      }),
    );
    const { user, store } = renderWithProviders(
      <Routes>
        <Route path="/" element={<p>home page</p>} />
        <Route path="/favorites" element={<Page />} />
      </Routes>,
      { route: '/favorites', preloadedState: signedIn },
    );
    // In the shop, redux-persist's read-back of the session is the action after which the favorites feature follows
    // the session's list; here the preloaded session stands for it, and any action lets the listener see it.
    store.dispatch({ type: 'test/sessionRestored' });
    await waitFor(() => expect(wishlistAuth).toEqual(['Bearer tok']));
    await user.click(screen.getByRole('button', { name: 'log out' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(logoutCalls).toBe(1);
    expect(store.getState().auth.token).toBeNull();
    expect(store.getState().cart.guestToken).toBeNull();
    expect(await screen.findByText('You have been logged out')).toBeInTheDocument();
  });

  it('favorites reload after logout (the Wishlist tag is invalidated)', async () => {
    const wishlistAuth: Array<string | null> = [];
    server.use(
      http.post(apiUrl('logout'), () => HttpResponse.json({ message: 'Logged out successfully.' })),
      http.get(apiUrl('user-wishlist'), ({ request }) => {
        wishlistAuth.push(request.headers.get('authorization'));
        return HttpResponse.json([]);
      }),
    );
    // The list stays on screen during logout (no navigation away in this probe).
    const { user } = renderWithProviders(
      <Routes>
        <Route path="*" element={<PageWithList />} />
      </Routes>,
      { route: '/favorites', preloadedState: signedIn },
    );
    await waitFor(() => expect(wishlistAuth).toContain('Bearer tok'));
    await user.click(screen.getByRole('button', { name: 'log out' }));
    // Signed-in reads with the token, then the list read once more without it.
    await waitFor(() => expect(wishlistAuth.at(-1)).toBeNull());
    expect(wishlistAuth.filter((auth) => auth === null)).toHaveLength(1);
    expect(wishlistAuth.slice(0, -1).every((auth) => auth === 'Bearer tok')).toBe(true);
  });

  it('a failed logout keeps the session and says logout failed', async () => {
    server.use(
      http.post(apiUrl('logout'), () => HttpResponse.json({ message: 'boom' }, { status: 500 })),
      http.get(apiUrl('user-wishlist'), () => HttpResponse.json([])),
    );
    const { user, store } = renderWithProviders(<Page />, { preloadedState: signedIn });
    await user.click(screen.getByRole('button', { name: 'log out' }));
    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    expect(store.getState().auth.token).toBe('tok');
  });
});
