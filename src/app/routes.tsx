import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';

import { Layout } from '../shell/Layout';
import { RequireAuth } from '../shell/RequireAuth';
import { lazyPage, RouteBoundary } from '../shell/RouteBoundary';

interface RouteEntry {
  path: string;
  page: ComponentType;
  signedIn?: boolean;
}

// The route table of both specs; each page is its own lazily loaded chunk.
export const ROUTES: RouteEntry[] = [
  {
    path: '/',
    page: lazyPage(() => import(/* webpackChunkName: "home" */ '../features/catalog/pages/HomePage')),
  },
  {
    path: '/search',
    page: lazyPage(() => import(/* webpackChunkName: "search" */ '../features/catalog/pages/SearchPage')),
  },
  {
    path: '/all-categories',
    page: lazyPage(
      () => import(/* webpackChunkName: "all-categories" */ '../features/catalog/pages/AllCategoriesPage'),
    ),
  },
  {
    path: '/product/:id',
    page: lazyPage(() => import(/* webpackChunkName: "product" */ '../features/catalog/pages/ProductPage')),
  },
  {
    path: '/cart',
    page: lazyPage(() => import(/* webpackChunkName: "cart" */ '../features/cart/pages/CartPage')),
  },
  {
    path: '/checkout',
    page: lazyPage(
      () => import(/* webpackChunkName: "checkout" */ '../features/checkout/pages/CheckoutPage'),
    ),
  },
  {
    path: '/payment',
    page: lazyPage(() => import(/* webpackChunkName: "payment" */ '../features/checkout/pages/PaymentPage')),
  },
  {
    path: '/orders',
    signedIn: true,
    page: lazyPage(() => import(/* webpackChunkName: "orders" */ '../features/orders/pages/OrdersPage')),
  },
  {
    path: '/favorites',
    signedIn: true,
    page: lazyPage(
      () => import(/* webpackChunkName: "favorites" */ '../features/favorites/pages/FavoritesPage'),
    ),
  },
  {
    path: '/profile',
    signedIn: true,
    page: lazyPage(() => import(/* webpackChunkName: "profile" */ '../features/profile/pages/ProfilePage')),
  },
  {
    path: '/profile-password',
    signedIn: true,
    page: lazyPage(
      () =>
        import(/* webpackChunkName: "profile-password" */ '../features/profile/pages/ProfilePasswordPage'),
    ),
  },
  {
    path: '/profile-orders',
    signedIn: true,
    page: lazyPage(
      () => import(/* webpackChunkName: "profile-orders" */ '../features/profile/pages/ProfileOrdersPage'),
    ),
  },
  {
    path: '/profile-country',
    signedIn: true,
    page: lazyPage(
      () => import(/* webpackChunkName: "profile-country" */ '../features/profile/pages/ProfileCountryPage'),
    ),
  },
  {
    path: '/profile-shipping',
    signedIn: true,
    page: lazyPage(
      () =>
        import(/* webpackChunkName: "profile-shipping" */ '../features/profile/pages/ProfileShippingPage'),
    ),
  },
  {
    path: '/policy',
    page: lazyPage(() => import(/* webpackChunkName: "policy" */ '../features/content/pages/PolicyPage')),
  },
  {
    path: '/privacy',
    page: lazyPage(() => import(/* webpackChunkName: "privacy" */ '../features/content/pages/PrivacyPage')),
  },
  {
    path: '/who-we-are',
    page: lazyPage(() => import(/* webpackChunkName: "who-we-are" */ '../features/content/pages/AboutPage')),
  },
  { path: '*', page: lazyPage(() => import(/* webpackChunkName: "not-found" */ '../shell/NotFoundPage')) },
];

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {ROUTES.map(({ path, page: Page, signedIn }) => (
          <Route
            key={path}
            path={path}
            element={
              <RouteBoundary>
                {signedIn ? (
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
