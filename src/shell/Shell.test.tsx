import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useLocation, useNavigate } from 'react-router-dom';

import { signedOut } from '../app/events';
import { AppRoutes } from '../app/routes';
import { apiUrl, server } from '../testing/server';
import { renderWithProviders } from '../testing/renderWithProviders';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

function AddressProbe() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

const renderShell = (options: Parameters<typeof renderWithProviders>[1] = {}) =>
  renderWithProviders(
    <>
      <AppRoutes />
      <LocationProbe />
    </>,
    { toasts: false, ...options },
  );

const signedIn = {
  auth: {
    token: 'tkn',
    userId: 1,
    email: 'shopper@example.com',
    modal: { open: false, view: 'login' as const },
  },
};

describe('navigation bar', () => {
  it('shows the logo link home, the search box, the language toggle and an empty cart', async () => {
    renderShell({ route: '/search' });
    expect(screen.getByRole('link', { name: 'Gulf Store home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('combobox', { name: 'Search products' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Switch to Arabic' })).toHaveTextContent('عربي');
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toHaveAttribute('href', '/cart');
    // An empty cart shows the icon alone (its count is in the link's name), as shops do: no red "0" to look at.
    expect(screen.queryByTestId('cart-count')).not.toBeInTheDocument();
    expect(await screen.findByTestId('footer-about')).toBeInTheDocument();
  });

  it('draws the logo and the menu icon in the page, with no picture or background file to load', async () => {
    renderShell({ route: '/search' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const logo = screen.getByRole('link', { name: 'Gulf Store home' });
    const menu = screen.getByRole('button', { name: 'Toggle navigation' });
    expect(logo.querySelector('svg')).toBeInTheDocument();
    expect(menu.querySelector('svg')).toBeInTheDocument();
    expect(nav.querySelectorAll('img')).toHaveLength(0);
    expect(await screen.findByTestId('footer-about')).toBeInTheDocument();
  });

  it('saves the trimmed search text and goes to /search on Enter', async () => {
    const { user, store } = renderShell();
    await user.type(screen.getByRole('combobox', { name: 'Search products' }), '   gold watch  {Enter}');
    expect(store.getState().search.text).toBe('gold watch');
    expect(screen.getByTestId('location')).toHaveTextContent('/search');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('combobox', { name: 'Search products' })).toHaveValue('gold watch');
  });

  it('the navbar search carries its words in the address (/search?q=…)', async () => {
    const { user } = renderWithProviders(
      <>
        <AppRoutes />
        <AddressProbe />
      </>,
      { toasts: false, route: '/cart' },
    );
    await user.type(screen.getByRole('combobox', { name: 'Search products' }), ' gold  watch {Enter}');
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/search\?q=gold\+\+watch$/);
  });

  it('searches on a click of the button too', async () => {
    const { user, store } = renderShell({ route: '/cart' });
    await user.type(screen.getByRole('combobox', { name: 'Search products' }), 'oud');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(store.getState().search.text).toBe('oud');
    expect(screen.getByTestId('location')).toHaveTextContent('/search');
  });

  it('switches to Arabic and back: texts, direction and store', async () => {
    const { user, store } = renderShell();
    await user.click(screen.getByRole('button', { name: 'Switch to Arabic' }));
    expect(store.getState().settings.language).toBe('ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(await screen.findByRole('button', { name: 'Switch to English' })).toHaveTextContent('EN');
    expect(screen.getByRole('combobox', { name: 'البحث عن المنتجات' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Switch to English' }));
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(store.getState().settings.language).toBe('en');
  });

  it('a language named in the address follows the switch, so a reload keeps the language chosen', async () => {
    const { user, store } = renderWithProviders(
      <>
        <AppRoutes />
        <AddressProbe />
      </>,
      { toasts: false, route: '/cart?lng=en&utm_source=x' },
    );
    await user.click(screen.getByRole('button', { name: 'Switch to Arabic' }));
    expect(store.getState().settings.language).toBe('ar');
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/cart\?lng=ar&utm_source=x$/);
    await user.click(await screen.findByRole('button', { name: 'Switch to English' }));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/cart\?lng=en&utm_source=x$/);
  });

  it('signed out, the account menu prompts to log in and opens the login modal', async () => {
    const { user, store } = renderShell();
    await user.click(screen.getByRole('button', { name: 'Account' }));
    expect(screen.getByText('Log in to see your profile, orders and favorites.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'My orders' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(store.getState().auth.modal).toMatchObject({ open: true, view: 'login' });
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('the account menu closes with Escape (focus back on its button) and on a click outside', async () => {
    const { user } = renderShell();
    const button = screen.getByRole('button', { name: 'Account' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    await user.click(button);
    await user.click(await screen.findByRole('contentinfo'));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('the menu toggle opens and closes the collapsed navigation', async () => {
    const { user } = renderShell();
    const toggle = screen.getByRole('button', { name: 'Toggle navigation' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById('shell-nav')).toHaveClass('show');
  });

  it('signed in, the account menu lists profile, orders, favorites and logout', async () => {
    const { user } = renderShell({ preloadedState: signedIn });
    server.use(http.get(apiUrl('cart'), () => HttpResponse.json({ cart_items: [] })));
    await user.click(screen.getByRole('button', { name: 'Account' }));
    const menu = screen.getByRole('button', { name: 'Account' }).parentElement as HTMLElement;
    expect(within(menu).getByRole('link', { name: 'My profile' })).toHaveAttribute('href', '/profile');
    expect(within(menu).getByRole('link', { name: 'My orders' })).toHaveAttribute('href', '/orders');
    expect(within(menu).getByRole('link', { name: 'Favorites' })).toHaveAttribute('href', '/favorites');
    expect(within(menu).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it.each([
    ['en', 'Signed in as'],
    ['ar', 'مسجل الدخول باسم'],
  ] as const)('%s: the signed-in e-mail is isolated from the sentence around it', async (language, label) => {
    const { user } = renderShell({ preloadedState: signedIn, language });
    server.use(http.get(apiUrl('cart'), () => HttpResponse.json({ cart_items: [] })));
    await user.click(screen.getByRole('button', { name: language === 'en' ? 'Account' : 'الحساب' }));
    const line = screen.getByText(label, { exact: false });
    expect(line).toHaveTextContent(`${label} shopper@example.com`);
    const email = line.querySelector('bdi');
    expect(email).toHaveTextContent(/^shopper@example\.com$/);
  });

  it('logout calls the server, clears the session and the guest token, and goes home', async () => {
    let called = false;
    server.use(
      http.get(apiUrl('cart'), () => HttpResponse.json({ cart_items: [] })),
      http.post(apiUrl('logout'), () => {
        called = true;
        return HttpResponse.json({ message: 'Logged out successfully.' });
      }),
    );
    const { user, store } = renderShell({
      route: '/search',
      preloadedState: { ...signedIn, cart: { guestToken: 'g-1' } },
    });
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(store.getState().auth.token).toBeNull());
    expect(called).toBe(true);
    expect(store.getState().cart.guestToken).toBeNull();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(await screen.findByText('You have been logged out')).toBeInTheDocument();
  });

  it('a failed logout keeps the session and says so', async () => {
    server.use(
      http.get(apiUrl('cart'), () => HttpResponse.json({ cart_items: [] })),
      http.post(apiUrl('logout'), () => HttpResponse.json({ message: 'boom' }, { status: 500 })),
    );
    const { user, store } = renderShell({ preloadedState: signedIn });
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    expect(store.getState().auth.token).toBe('tkn');
  });

  it('shows the number of items in the guest cart', async () => {
    server.use(
      http.get(apiUrl('guest/cart'), ({ request }) =>
        new URL(request.url).searchParams.get('guest_token') === 'g-9'
          ? HttpResponse.json({
              cart_items: [
                { id: 1, product_id: 4, quantity: 2, size: null, color: null, currency: 'KWD' },
                { id: 2, product_id: 5, quantity: 1, size: null, color: null, currency: 'KWD' },
              ],
            })
          : HttpResponse.json({ message: 'bad token' }, { status: 401 }),
      ),
    );
    renderShell({ preloadedState: { cart: { guestToken: 'g-9' } } });
    expect(await screen.findByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();
  });
});

describe('routes', () => {
  it('an unknown address shows the not-found page inside the shell', async () => {
    renderShell({ route: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
  });

  it.each(['/orders', '/favorites', '/profile'])(
    '%s signed out says please log in first and opens the modal',
    async (route) => {
      const { store } = renderShell({ route });
      expect(await screen.findByRole('heading', { name: 'Please log in first' })).toBeInTheDocument();
      expect(store.getState().auth.modal.open).toBe(true);
      expect(await screen.findByText('Please log in first', { selector: '.Toastify *' })).toBeInTheDocument();
    },
  );

  it('signing out on an account page does not open the login dialog behind the shopper', async () => {
    server.use(
      http.get(apiUrl('cart'), () => HttpResponse.json({ cart_items: [] })),
      http.get(apiUrl('orders'), () => HttpResponse.json([])),
    );
    const { store } = renderShell({ route: '/orders', preloadedState: signedIn });
    expect(await screen.findByRole('heading', { name: 'My orders' })).toBeInTheDocument();
    act(() => {
      store.dispatch(signedOut());
    });
    expect(await screen.findByRole('heading', { name: 'Please log in first' })).toBeInTheDocument();
    expect(store.getState().auth.modal.open).toBe(false);
  });

  it('an account page signed in shows its body', async () => {
    server.use(
      http.get(apiUrl('cart'), () => HttpResponse.json({ cart_items: [] })),
      http.get(apiUrl('orders'), () => HttpResponse.json([])),
    );
    renderShell({ route: '/orders', preloadedState: signedIn });
    expect(await screen.findByRole('heading', { name: 'My orders' })).toBeInTheDocument();
  });
});

describe('scroll-to-top button', () => {
  it('appears only after 300 px of scrolling and scrolls up', async () => {
    window.scrollTo = jest.fn();
    const { user } = renderShell();
    expect(screen.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument();
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 300, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    expect(screen.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument();
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 301, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    await user.click(screen.getByRole('button', { name: 'Back to top' }));
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
});

describe('where a page is scrolled', () => {
  function Travel() {
    const navigate = useNavigate();
    return (
      <>
        <button type="button" onClick={() => void navigate('/another-page')}>
          onwards
        </button>
        <button type="button" onClick={() => void navigate(-1)}>
          back
        </button>
      </>
    );
  }
  const scrolledTo = (top: number) =>
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: top, configurable: true });
    });

  it('a new page starts at its top; back to a page returns where the shopper was', async () => {
    window.scrollTo = jest.fn((_x: number, top: number) =>
      scrolledTo(top),
    ) as unknown as typeof window.scrollTo;
    const { user } = renderWithProviders(
      <>
        <AppRoutes />
        <LocationProbe />
        <Travel />
      </>,
      { toasts: false, route: '/a-page' },
    );
    await screen.findByTestId('location');
    scrolledTo(583);
    await user.click(screen.getByRole('button', { name: 'onwards' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/another-page'));
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 0);
    await user.click(screen.getByRole('button', { name: 'back' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/a-page'));
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 583);
    scrolledTo(0);
  });
});
