import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { renderWithProviders } from '../../../testing/renderWithProviders';
import { apiUrl, server } from '../../../testing/server';
import ProfileOrdersPage from './ProfileOrdersPage';

const order = (id: number, status: string) => ({
  id,
  status,
  total_price: 5,
  currency: 'KWD',
  created_at: '2026-11-20T10:00:00Z',
  items: [],
});

it('the profile lists the orders with a canceled tab as well (Arabic)', async () => {
  server.use(
    http.get(apiUrl('orders'), () =>
      HttpResponse.json([order(1, 'pending'), order(2, 'completed'), order(3, 'canceled')]),
    ),
  );
  const { user } = renderWithProviders(<ProfileOrdersPage />, {
    route: '/profile-orders',
    language: 'ar',
    preloadedState: { auth: { token: 't', userId: 7, email: 'sara@shop.com' } },
  });
  expect(await screen.findByRole('tab', { name: 'الكل (3)' })).toBeInTheDocument();
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
    'الكل (3)',
    'قيد الانتظار',
    'المكتملة',
    'الملغاة',
  ]);
  expect(screen.getAllByTestId('order-status').map((badge) => badge.textContent)).toEqual([
    'قيد التنفيذ',
    'تم التوصيل',
    'ملغى',
  ]);
  await user.click(screen.getByRole('tab', { name: 'الملغاة' }));
  expect(screen.getAllByTestId('order-card')).toHaveLength(1);
  expect(screen.getByRole('heading', { name: 'الطلب رقم 3' })).toBeInTheDocument();
});
