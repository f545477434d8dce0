import type { ComponentType } from 'react';
import { matchPath, Route, Routes } from 'react-router-dom';

import { selectIsStaff } from '../features/auth/public';
import { loadAccountTexts, loadShopTexts, loadTexts, type LazyNamespace } from '../i18n/i18n';
import { Layout } from '../shell/Layout';
import { RequireAuth } from '../shell/RequireAuth';
import { lazyPage, RouteBoundary } from '../shell/RouteBoundary';
import { useAppSelector } from './hooks';

interface RouteDefinition {
  path: string;
  load: () => Promise<{ default: ComponentType }>;
  signedIn?: boolean;
  /** Staff only: anyone else gets the not-found page, and the page's code is not fetched for them. */
  staff?: boolean;
}

interface RouteEntry extends RouteDefinition {
  page: ComponentType;
}

type PageModule = { default: ComponentType };

/** The account pages' texts load beside their code (they are not in the first JavaScript). */
const withAccountTexts = (load: () => Promise<PageModule>) => () =>
  Promise.all([load(), loadAccountTexts()]).then(([page]) => page);

/** A page whose area texts are their own chunk: both load at once, and the page shows with its texts. */
function withTexts(
  page: Promise<{ default: ComponentType }>,
  area: LazyNamespace,
  ...alsoNeeded: Promise<void>[]
) {
  return Promise.all([page, loadTexts(area), ...alsoNeeded]).then(([module]) => module);
}

// The route table of both specs; each page is its own lazily loaded chunk.
const DEFINITIONS: RouteDefinition[] = [
  {
    path: '/',
    load: () => import(/* webpackChunkName: "home" */ '../features/catalog/pages/HomePage'),
  },
  {
    path: '/search',
    load: () => import(/* webpackChunkName: "search" */ '../features/catalog/pages/SearchPage'),
  },
  {
    path: '/all-categories',
    load: () =>
      import(/* webpackChunkName: "all-categories" */ '../features/catalog/pages/AllCategoriesPage'),
  },
  {
    path: '/product/:id',
    load: () =>
      withTexts(import(/* webpackChunkName: "product" */ '../features/catalog/pages/ProductPage'), 'product'),
  },
  {
    path: '/cart',
    // With its texts, so the page's first render is the page, not an empty box (the server renders it so too).
    load: () =>
      Promise.all([
        import(/* webpackChunkName: "cart" */ '../features/cart/pages/CartPage'),
        loadShopTexts(),
      ]).then(([page]) => page),
  },
  {
    path: '/checkout',
    load: () =>
      withTexts(
        import(/* webpackChunkName: "checkout" */ '../features/checkout/pages/CheckoutPage'),
        'checkout',
        // the shipping picker and coupon box speak the cart's texts
        loadShopTexts(),
      ),
  },
  {
    path: '/payment',
    load: () =>
      withTexts(
        import(/* webpackChunkName: "payment" */ '../features/checkout/pages/PaymentPage'),
        'checkout',
      ),
  },
  {
    path: '/orders',
    signedIn: true,
    load: () =>
      withTexts(import(/* webpackChunkName: "orders" */ '../features/orders/pages/OrdersPage'), 'orders'),
  },
  {
    path: '/favorites',
    signedIn: true,
    load: withAccountTexts(
      () => import(/* webpackChunkName: "favorites" */ '../features/favorites/pages/FavoritesPage'),
    ),
  },
  {
    path: '/profile',
    signedIn: true,
    load: withAccountTexts(
      () => import(/* webpackChunkName: "profile" */ '../features/profile/pages/ProfilePage'),
    ),
  },
  {
    path: '/profile-password',
    signedIn: true,
    load: withAccountTexts(
      () =>
        import(/* webpackChunkName: "profile-password" */ '../features/profile/pages/ProfilePasswordPage'),
    ),
  },
  {
    path: '/profile-orders',
    signedIn: true,
    load: () =>
      withTexts(
        import(/* webpackChunkName: "profile-orders" */ '../features/profile/pages/ProfileOrdersPage'),
        'orders',
        loadAccountTexts(),
      ),
  },
  {
    path: '/profile-country',
    signedIn: true,
    load: withAccountTexts(
      () => import(/* webpackChunkName: "profile-country" */ '../features/profile/pages/ProfileCountryPage'),
    ),
  },
  {
    path: '/profile-shipping',
    signedIn: true,
    load: withAccountTexts(
      () =>
        import(/* webpackChunkName: "profile-shipping" */ '../features/profile/pages/ProfileShippingPage'),
    ),
  },
  {
    path: '/policy',
    load: withAccountTexts(
      () => import(/* webpackChunkName: "policy" */ '../features/content/pages/PolicyPage'),
    ),
  },
  {
    path: '/privacy',
    load: withAccountTexts(
      () => import(/* webpackChunkName: "privacy" */ '../features/content/pages/PrivacyPage'),
    ),
  },
  {
    path: '/who-we-are',
    load: withAccountTexts(
      () => import(/* webpackChunkName: "who-we-are" */ '../features/content/pages/AboutPage'),
    ),
  },
  {
    // The back office: its slice, endpoints and texts come with its chunk (see features/admin/AdminArea).
    path: '/admin/*',
    staff: true,
    load: () => import(/* webpackChunkName: "admin" */ '../features/admin/AdminArea'),
  },
  { path: '*', load: () => import(/* webpackChunkName: "not-found" */ '../shell/NotFoundPage') },
];

const NOT_FOUND = DEFINITIONS[DEFINITIONS.length - 1] as RouteDefinition;

export const ROUTES: RouteEntry[] = DEFINITIONS.map((route) => ({ ...route, page: lazyPage(route.load) }));
const NotFoundPage = (ROUTES[ROUTES.length - 1] as RouteEntry).page;

/** A staff page for staff; for anyone else (signed out included) the shop's not-found page. */
function StaffOnly({ page: Page }: { page: ComponentType }) {
  return useAppSelector(selectIsStaff) ? <Page /> : <NotFoundPage />;
}

/**
 * Starts loading the chunk of the page a shopper opened, alongside the language texts, instead of after them:
 * one network round trip less before the first page shows.
 */
export function preloadRoute(pathname: string): void {
  void loadRoute(pathname).catch(() => undefined);
}

/** The code (and area texts) of the page at this path; the server's page renderer waits for it. */
export function loadRoute(pathname: string): Promise<unknown> {
  const route = DEFINITIONS.find(
    (candidate) => candidate.path !== '*' && matchPath(candidate.path, pathname),
  );
  // Who may see a staff page is known once the store is read back: until then only the not-found page is fetched.
  return (!route || route.staff ? NOT_FOUND : route).load();
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {ROUTES.map(({ path, page: Page, signedIn, staff }) => (
          <Route
            key={path}
            path={path}
            element={
              <RouteBoundary>
                {staff ? (
                  <StaffOnly page={Page} />
                ) : signedIn ? (
                  <RequireAuth>
                    <Page />
                  </RequireAuth>
                ) : (
                  <Page />
                )}
              </RouteBoundary>
            }
          />
        ))}
      </Route>
    </Routes>
  );
}
