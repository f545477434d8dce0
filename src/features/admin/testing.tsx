// Renders the back office as the app does (its route, the shop's layout, the real store), on msw's in-memory shop.
import { http, HttpResponse } from 'msw';

import type { Language } from '../../app/events';
import { AppRoutes } from '../../app/routes';
import { adminHandlers, makeAdminShop, type AdminShop } from '../../testing/handlers/admin';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { apiUrl, server } from '../../testing/server';

export const staffSession = (role: string | null = 'owner') => ({
  auth: {
    token: 'staff-token',
    userId: 1,
    email: 'owner@shop.test',
    role,
    modal: { open: false, view: 'login' as const },
  },
});

export function renderAdmin(
  route: string,
  {
    role = 'owner',
    language = 'en',
    shop = makeAdminShop(),
    toasts = false,
  }: { role?: string | null; language?: Language; shop?: AdminShop; toasts?: boolean } = {},
) {
  server.use(
    ...adminHandlers(shop),
    // The navbar's cart count of a signed-in account.
    http.get(apiUrl('cart'), () => HttpResponse.json({ cart_items: [] })),
  );
  const rendered = renderWithProviders(<AppRoutes />, {
    route,
    language,
    preloadedState: role === undefined ? {} : staffSession(role),
    toasts,
  });
  return { ...rendered, shop };
}
