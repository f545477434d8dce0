import { ROUTES } from './routes';

describe('route table', () => {
  it('has every route of both specs, each with its own lazily loaded page', () => {
    expect(ROUTES.map((route) => route.path)).toEqual([
      '/',
      '/search',
      '/all-categories',
      '/product/:id',
      '/cart',
      '/checkout',
      '/payment',
      '/orders',
      '/favorites',
      '/profile',
      '/profile-password',
      '/profile-orders',
      '/profile-country',
      '/profile-shipping',
      '/policy',
      '/privacy',
      '/who-we-are',
      '/admin/*',
      '*',
    ]);
    expect(new Set(ROUTES.map((route) => route.page)).size).toBe(ROUTES.length);
  });

  it('asks for sign-in on the account pages only', () => {
    expect(ROUTES.filter((route) => route.signedIn).map((route) => route.path)).toEqual([
      '/orders',
      '/favorites',
      '/profile',
      '/profile-password',
      '/profile-orders',
      '/profile-country',
      '/profile-shipping',
    ]);
  });
});
