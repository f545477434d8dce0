import { screen, waitFor, within } from '@testing-library/react';

import { allResources } from '../../i18n/resources';
import { makeAdminOrder, makeAdminShop } from '../../testing/handlers/admin';
import { renderAdmin } from './testing';

// uPlot draws on a canvas, which jsdom does not have: the chart's data is checked, not its pixels.
const drawn: unknown[][] = [];
jest.mock('uplot', () => {
  class FakePlot {
    static paths = { bars: () => () => null };
    constructor(_options: unknown, data: unknown[]) {
      drawn.push(data);
    }
    setSize() {}
    destroy() {}
  }
  return { __esModule: true, default: FakePlot };
});

describe('who may open the back office', () => {
  it.each([
    ['a signed-out visitor', null],
    ['a shopper', 'shopper'],
  ])('%s gets the shop’s not-found page and no back office call is made', async (_who, role) => {
    const { shop } = renderAdmin('/admin', { role: role === null ? null : role });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByTestId('admin-area')).not.toBeInTheDocument();
    expect(shop.calls).toEqual([]);
  });

  it('staff get the dashboard page; the account menu links to the back office for staff only', async () => {
    const { user } = renderAdmin('/admin', { role: 'staff' });
    expect(await screen.findByRole('heading', { name: 'Today at a glance' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Account' }));
    expect(screen.getByRole('link', { name: 'Back office' })).toHaveAttribute('href', '/admin');
  });

  it('a shopper’s account menu has no back office link', async () => {
    const { user } = renderAdmin('/', { role: 'shopper' });
    await user.click(await screen.findByRole('button', { name: 'Account' }));
    expect(screen.getByRole('link', { name: 'My profile' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back office' })).not.toBeInTheDocument();
  });

  it.each(['en', 'ar'] as const)(
    'a staff member whose role the server no longer grants leaves the area, told why in words (403, %s)',
    async (language) => {
      const shop = makeAdminShop();
      const { server } = await import('../../testing/server');
      const { http, HttpResponse } = await import('msw');
      const { store } = renderAdmin('/admin/orders', { shop, role: 'staff', language, toasts: true });
      server.use(
        // the shop's home it leaves for
        ...['categories', 'best_selling_products', 'coupons', 'sliders'].map((path) =>
          http.get(`http://localhost/api/${path}`, () =>
            HttpResponse.json(path === 'best_selling_products' ? { bestSellingProducts: [] } : []),
          ),
        ),
        http.get('http://localhost/api/admin/orders', () =>
          HttpResponse.json({ message: 'Forbidden', code: 'not_staff' }, { status: 403 }),
        ),
      );
      expect(
        await screen.findByText(allResources[language].admin.admin.refusals.access_lost),
      ).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByTestId('admin-area')).not.toBeInTheDocument());
      expect(store.getState().auth.role).toBe('shopper');
      // the shop's home, not the not-found page a shopper typing /admin gets
      expect(
        await screen.findByRole('heading', {
          name: allResources[language].translation.catalog.home.promo_title,
        }),
      ).toBeInTheDocument();
    },
  );

  it('a staff member refused an owner-only call (not_owner) stays in the area', async () => {
    const { store } = renderAdmin('/admin/staff', { role: 'staff' });
    expect(await screen.findByText('Only the shop’s owner can do this.')).toBeInTheDocument();
    expect(screen.getByTestId('admin-area')).toBeInTheDocument();
    expect(store.getState().auth.role).toBe('staff');
  });
});

describe('the dashboard (today at a glance)', () => {
  it('shows the day’s and the month’s figures, the chart’s 30 days, what waits, and the paid orders to deliver', async () => {
    drawn.length = 0;
    renderAdmin('/admin');
    expect(await screen.findByTestId('orders-today')).toHaveTextContent('2');
    expect(screen.getByTestId('revenue-30')).toHaveTextContent('KWD 310.50');
    expect(screen.getByTestId('awaiting-delivery')).toHaveTextContent('1');
    expect(screen.getByTestId('refunds-due')).toHaveTextContent('1');
    expect(screen.getByTestId('reviews-pending')).toHaveTextContent('1');
    expect(within(screen.getByTestId('low-stock')).getByText('0 left')).toBeInTheDocument();
    const chart = await screen.findByTestId('revenue-chart');
    // The amount's space is a no-break space.
    expect(chart.getAttribute('aria-label')?.replace(/\s/g, ' ')).toBe(
      'Revenue per day over the last 30 days: KWD 310.50 from 12 orders.',
    );
    await waitFor(() => expect(drawn).toHaveLength(1));
    const [days, revenue] = drawn[0] as [number[], number[]];
    expect(days).toHaveLength(30);
    expect(revenue[1]).toBe(12.5);
    const toDeliver = await screen.findByTestId('orders-to-deliver');
    expect(within(toDeliver).getByRole('link', { name: 'Order #1' })).toHaveAttribute(
      'href',
      '/admin/orders/1',
    );
  });

  it('in Arabic', async () => {
    renderAdmin('/admin', { language: 'ar' });
    expect(await screen.findByRole('heading', { name: 'اليوم في لمحة' })).toBeInTheDocument();
    // The heading is there before the dashboard's answer: its figures are waited for.
    expect(await screen.findByText('بانتظار التسليم')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'أقسام لوحة الإدارة' })).toBeInTheDocument();
  });

  it('“see them” opens the orders filtered to those waiting for delivery', async () => {
    const { user, shop } = renderAdmin('/admin');
    await user.click(
      within((await screen.findByTestId('awaiting-delivery')).closest('li') as HTMLElement).getByRole(
        'button',
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    await waitFor(() =>
      expect(shop.calls.filter((call) => call.path === 'admin/orders').at(-1)?.query).toMatchObject({
        status: 'paid',
      }),
    );
  });
});

describe('orders', () => {
  it('filters, sorts and pages through the server', async () => {
    const shop = makeAdminShop();
    shop.orders = Array.from({ length: 25 }, (_, i) => makeAdminOrder(i + 1, 'paid'));
    const { user } = renderAdmin('/admin/orders', { shop });
    const table = await screen.findByTestId('orders-table');
    expect(within(table).getAllByTestId('order-link')).toHaveLength(20);
    expect(screen.getByTestId('table-total')).toHaveTextContent('25 in all');
    const lastQuery = () => shop.calls.filter((call) => call.path === 'admin/orders').at(-1)?.query;
    expect(lastQuery()).toEqual({ sort: 'created_at', dir: 'desc', page: '1', per_page: '20' });

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '2' }));

    await user.click(screen.getByRole('button', { name: /^Total/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'total_price', dir: 'desc', page: '1' }));
    await user.click(screen.getByRole('button', { name: /^Total/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'total_price', dir: 'asc' }));
    expect(screen.getByRole('columnheader', { name: /Total/ })).toHaveAttribute('aria-sort', 'ascending');

    await user.selectOptions(screen.getByLabelText('Status'), 'refund_due');
    await user.type(screen.getByLabelText('E-mail or phone'), 'sara@');
    await user.type(screen.getByLabelText('Order number'), '#12');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(lastQuery()).toMatchObject({ status: 'refund_due', contact: 'sara@', number: '12', page: '1' }),
    );
  });

  it('refuses a date range whose first day is after the last, in words', async () => {
    const { user, shop } = renderAdmin('/admin/orders');
    await screen.findByTestId('orders-table');
    const calls = shop.calls.length;
    await user.type(screen.getByLabelText('Placed from'), '2026-11-20');
    await user.type(screen.getByLabelText('Placed until'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The first day must not be after the last.');
    expect(shop.calls).toHaveLength(calls);
  });
});

describe('an order', () => {
  it('shows its lines, address, payment attempts; mark delivered waits for its answer and makes one call however often it is clicked', async () => {
    const shop = makeAdminShop();
    shop.latency = 150;
    const { user } = renderAdmin('/admin/orders/1', { shop });
    expect(await screen.findByRole('heading', { name: 'Order #1' })).toBeInTheDocument();
    expect(within(screen.getByTestId('order-lines')).getByText('Oud perfume')).toBeInTheDocument();
    expect(screen.getByText('Block 5, Street 20')).toBeInTheDocument();
    expect(within(screen.getByTestId('payments')).getByTestId('payment-status')).toHaveTextContent('Paid');

    const deliver = screen.getByTestId('deliver-order');
    await user.click(deliver);
    expect(deliver).toBeDisabled();
    expect(deliver).toHaveTextContent('Marking delivered…');
    await user.click(deliver);
    expect(await screen.findByText('Order #1 is marked delivered.')).toBeInTheDocument();
    expect(shop.calls.filter((call) => call.path === 'admin/orders/1/deliver')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Delivered'));
    expect(screen.queryByTestId('deliver-order')).not.toBeInTheDocument();
    const trail = screen.getByTestId('audit-trail');
    expect(within(trail).getByText('Marked delivered')).toBeInTheDocument();
    expect(within(trail).getByText('by Owner', { exact: false })).toBeInTheDocument();
    // Who acted, as they were then: the name, the e-mail and the account (issue 47, finding 4).
    expect(within(trail).getByTestId('audit-actor')).toHaveTextContent(
      'by Owner <owner@shop.test> (account 1)',
    );
    expect(within(trail).getByText('status: Paid → Delivered')).toBeInTheDocument();
  });

  it('a refusal of the server (the order changed meanwhile) is said in the staff member’s language', async () => {
    const shop = makeAdminShop();
    const { user } = renderAdmin('/admin/orders/1', { shop, language: 'ar' });
    await screen.findByRole('heading', { name: 'الطلب رقم 1' });
    // Another staff member cancelled it in between.
    Object.assign(shop.orders[0] as object, { status: 'canceled' });
    await user.click(screen.getByTestId('deliver-order'));
    expect(await screen.findByText('لا يمكن تعليم الطلب كمُسلَّم إلا إذا كان مدفوعًا.')).toBeInTheDocument();
  });

  it('cancel asks first, then cancels', async () => {
    const { user, shop } = renderAdmin('/admin/orders/1');
    await user.click(await screen.findByTestId('cancel-order'));
    expect(shop.calls.some((call) => call.path.endsWith('/cancel'))).toBe(false);
    expect(screen.getByRole('alert')).toHaveTextContent('Cancel order #1? Its stock goes back on sale');
    await user.click(screen.getByTestId('cancel-order-confirm'));
    expect(await screen.findByText('Order #1 is cancelled; its stock is back on sale.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Cancelled'));
  });

  it('records a refund of a payment waiting for one', async () => {
    const { user } = renderAdmin('/admin/orders/3');
    await user.click(await screen.findByTestId('record-refund'));
    await user.click(screen.getByTestId('record-refund-confirm'));
    expect(await screen.findByText('The refund is recorded.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByTestId('payments')).getByTestId('payment-status')).toHaveTextContent(
        'Refunded',
      ),
    );
  });

  it('an unknown order says so', async () => {
    renderAdmin('/admin/orders/999');
    expect(await screen.findByText('This is not in the shop (any more).')).toBeInTheDocument();
  });
});
