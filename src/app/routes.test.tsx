import { isPublicPage } from '../../shared/pageAddress';
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

describe('server-rendered pages', () => {
  it("are the route table's, spelled as the router matches them", () => {
    const rendered = ROUTES.filter((route) => route.serverRendered).map((route) => route.path);
    expect(rendered).toEqual([
      '/',
      '/search',
      '/all-categories',
      '/product/:id',
      '/cart',
      '/policy',
      '/privacy',
      '/who-we-are',
    ]);
    for (const path of [
      '/',
      '/search',
      '/all-categories',
      '/product/12',
      '/cart',
      '/policy',
      '/privacy',
      '/who-we-are',
    ])
      expect(isPublicPage(path)).toBe(true);
    for (const path of [
      '/checkout',
      '/orders',
      '/profile',
      '/admin/orders',
      '/product/12/x',
      '/Cart',
      '/search/',
      '/nowhere',
    ])
      expect(isPublicPage(path)).toBe(false);
  });

  it('never include a page for signed-in shoppers or staff', () => {
    expect(ROUTES.filter((route) => route.serverRendered && (route.signedIn || route.staff))).toEqual([]);
  });
});
