import type { ComponentType } from 'react';
import { matchPath, Route, Routes } from 'react-router-dom';

import { selectIsStaff } from '../features/auth/public';
import {
  loadAccountTexts,
  loadFooterTexts,
  loadShopTexts,
  loadNamespace,
  type LazyNamespace,
} from '../i18n/i18n';
import { Layout } from '../shell/Layout';
import { RequireAuth } from '../shell/RequireAuth';
import { lazyPage, RouteBoundary } from '../shell/RouteBoundary';
import { ROUTE_TABLE, type RouteEntry as RouteEntryOfTable, type RoutePath } from '../../shared/routeTable';
import { useAppSelector } from './hooks';

interface RouteDefinition extends RouteEntryOfTable {
  load: () => Promise<{ default: ComponentType }>;
}

interface RouteEntry extends RouteDefinition {
  page: ComponentType;
}

type PageModule = { default: ComponentType };

/** The account pages' texts load beside their code (they are not in the first JavaScript). */
const withAccountTexts = (load: () => Promise<PageModule>) => () =>
  Promise.all([load(), loadAccountTexts()]).then(([page]) => page);

/** A page whose texts are a namespace of their own: both load at once, and the page shows with its texts. */
function withTexts(
  page: Promise<{ default: ComponentType }>,
  namespace: LazyNamespace,
  ...alsoNeeded: Promise<void>[]
) {
  return Promise.all([page, loadNamespace(namespace), ...alsoNeeded]).then(([module]) => module);
}

// Each page of the route table (shared/routeTable.ts) with its code, a lazily loaded chunk of its own.
const LOADERS: Record<RoutePath, RouteDefinition['load']> = {
  '/': () => import(/* webpackChunkName: "home" */ '../features/catalog/pages/HomePage'),
  '/search': () =>
    withTexts(import(/* webpackChunkName: "search" */ '../features/catalog/pages/SearchPage'), 'search'),
  '/all-categories': () =>
    import(/* webpackChunkName: "all-categories" */ '../features/catalog/pages/AllCategoriesPage'),
  '/product/:id': () =>
    withTexts(import(/* webpackChunkName: "product" */ '../features/catalog/pages/ProductPage'), 'product'),
  // With its texts, so the page's first render is the page, not an empty box (the server renders it so too).
  '/cart': () =>
    Promise.all([
      import(/* webpackChunkName: "cart" */ '../features/cart/pages/CartPage'),
      loadShopTexts(),
    ]).then(([page]) => page),
  '/checkout': () =>
    withTexts(
      import(/* webpackChunkName: "checkout" */ '../features/checkout/pages/CheckoutPage'),
      'checkout',
      // the shipping picker and coupon box speak the cart's texts
      loadShopTexts(),
    ),
  '/payment': () =>
    withTexts(import(/* webpackChunkName: "payment" */ '../features/checkout/pages/PaymentPage'), 'checkout'),
  '/orders': () =>
    withTexts(import(/* webpackChunkName: "orders" */ '../features/orders/pages/OrdersPage'), 'orders'),
  '/favorites': withAccountTexts(
    () => import(/* webpackChunkName: "favorites" */ '../features/favorites/pages/FavoritesPage'),
  ),
  '/profile': withAccountTexts(
    () => import(/* webpackChunkName: "profile" */ '../features/profile/pages/ProfilePage'),
  ),
  '/profile-password': withAccountTexts(
    () => import(/* webpackChunkName: "profile-password" */ '../features/profile/pages/ProfilePasswordPage'),
  ),
  '/profile-orders': () =>
    withTexts(
      import(/* webpackChunkName: "profile-orders" */ '../features/profile/pages/ProfileOrdersPage'),
      'orders',
      loadAccountTexts(),
    ),
  '/profile-country': withAccountTexts(
    () => import(/* webpackChunkName: "profile-country" */ '../features/profile/pages/ProfileCountryPage'),
  ),
  '/profile-shipping': withAccountTexts(
    () => import(/* webpackChunkName: "profile-shipping" */ '../features/profile/pages/ProfileShippingPage'),
  ),
  '/policy': withAccountTexts(
    () => import(/* webpackChunkName: "policy" */ '../features/content/pages/PolicyPage'),
  ),
  '/privacy': withAccountTexts(
    () => import(/* webpackChunkName: "privacy" */ '../features/content/pages/PrivacyPage'),
  ),
  // Its failure message is the footer's about text's.
  '/who-we-are': withAccountTexts(() =>
    Promise.all([
      import(/* webpackChunkName: "who-we-are" */ '../features/content/pages/AboutPage'),
      loadFooterTexts(),
    ]).then(([page]) => page),
  ),
  // The back office: its slice, endpoints and texts come with its chunk (see features/admin/AdminArea).
  '/admin/*': () => import(/* webpackChunkName: "admin" */ '../features/admin/AdminArea'),
  '*': () => import(/* webpackChunkName: "not-found" */ '../shell/NotFoundPage'),
};

const DEFINITIONS: RouteDefinition[] = ROUTE_TABLE.map((route: RouteEntryOfTable & { path: RoutePath }) => ({
  ...route,
  load: LOADERS[route.path],
}));

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

/** The code (and namespace) of the page at this path; the server's page renderer waits for it. */
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
