import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import type { Language } from '../../../app/events';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { apiUrl, server } from '../../../testing/server';
import { RATING_CLOSE_DELAY_MS } from '../components/RatingDialog';
import type { Order } from '../ordersApi';
import { makeOrder } from '../testing/fixtures';
import OrdersPage from './OrdersPage';

const signedIn = { token: 't', userId: 7, email: 'sara@shop.com' };

const ORDERS = [
  makeOrder(1, 'pending'),
  makeOrder(2, 'completed'),
  makeOrder(3, 'canceled'),
  makeOrder(4, 'paid'),
];

/** The ids GET /orders/{id} was asked for, in order. */
let detailsAsked: number[] = [];

function serve(orders: Order[] | 'fail', details: Order[] | 'fail' = orders) {
  detailsAsked = [];
  server.use(
    http.get(apiUrl('orders'), () =>
      orders === 'fail'
        ? HttpResponse.json({ message: 'Server Error' }, { status: 500 })
        : HttpResponse.json(orders),
    ),
    http.get(apiUrl('orders/:id'), ({ params }) => {
      const id = Number(params.id);
      detailsAsked.push(id);
      const order = details === 'fail' ? undefined : details.find((candidate) => candidate.id === id);
      return order
        ? HttpResponse.json(order)
        : HttpResponse.json(
            { message: details === 'fail' ? 'Server Error' : 'Order not found' },
            {
              status: details === 'fail' ? 500 : 404,
            },
          );
    }),
  );
}

/**
 * An order as a server whose list carries only the summary answers it (docs/spec/02-shopping.md §7: the
 * detail is GET /orders/{id}).
 */
function summaryOf(order: Order): Order {
  const { address: _a, payment_method: _p, items: _i, ...summary } = order;
  return summary as Order;
}

function renderOrders(language: Language = 'en') {
  return renderWithProviders(<OrdersPage />, {
    route: '/orders',
    language,
    preloadedState: { auth: signedIn },
  });
}

describe('orders page', () => {
  it('shows tabs with the count, cards with number, amount, badge and date', async () => {
    serve(ORDERS);
    const { user } = renderOrders();
    expect(await screen.findByRole('tab', { name: 'All (4)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'All (4)',
      'Pending',
      'Completed',
    ]);
    const cards = screen.getAllByTestId('order-card');
    expect(cards).toHaveLength(4);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByRole('heading', { name: 'Order #1' })).toBeInTheDocument();
    expect(first.getByText('Placed on 20/11/2026')).toBeInTheDocument();
    expect(first.getByText(/12\.50/)).toBeInTheDocument();
    const badges = screen.getAllByTestId('order-status');
    expect(badges.map((badge) => badge.textContent)).toEqual([
      'In progress',
      'Delivered',
      'Canceled',
      'Paid',
    ]);
    expect(badges[0]).toHaveClass('text-bg-primary');
    expect(badges[1]).toHaveClass('text-bg-success');
    expect(badges[2]).toHaveClass('text-bg-secondary');

    await user.click(screen.getByRole('tab', { name: 'Completed' }));
    expect(screen.getAllByTestId('order-card')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Order #2' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Pending' }));
    expect(screen.getByRole('heading', { name: 'Order #1' })).toBeInTheDocument();
  });

  it('a card expands to its address, payment method and items', async () => {
    serve([makeOrder(2, 'completed')]);
    const { user } = renderOrders();
    const toggle = await screen.findByRole('button', { name: 'Show details' });
    expect(screen.getByText('Block 5, Street 20, Fahaheel, Ahmadi')).not.toBeVisible();
    await user.click(toggle);
    expect(screen.getByText('Block 5, Street 20, Fahaheel, Ahmadi')).toBeVisible();
    expect(screen.getByText('KNET')).toBeVisible();
    expect(screen.getByText('Perfume 2')).toBeVisible();
    expect(screen.getByText(/Quantity: 2/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('an order its coupon paid says so', async () => {
    serve([makeOrder(3, 'paid', { payment_method: 'coupon', total_price: 0 })]);
    const { user } = renderOrders();
    await user.click(await screen.findByRole('button', { name: 'Show details' }));
    expect(screen.getByText('Paid by coupon')).toBeVisible();
  });

  it('opening a card loads its detail from GET /orders/{id} (a list with the summary only)', async () => {
    const full = makeOrder(2, 'completed', { address: 'Block 9, Street 1, Salmiya, Hawalli' });
    serve([summaryOf(full), summaryOf(makeOrder(3, 'pending'))], [full]);
    const { user } = renderOrders();
    const cards = await screen.findAllByTestId('order-card');
    // Nothing is asked before a card is opened.
    expect(detailsAsked).toEqual([]);
    await user.click(within(cards[0] as HTMLElement).getByRole('button', { name: 'Show details' }));
    expect(await screen.findByText('Block 9, Street 1, Salmiya, Hawalli')).toBeVisible();
    expect(screen.getByText('KNET')).toBeVisible();
    expect(screen.getByText('Perfume 2')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Rate Perfume 2' })).toBeInTheDocument();
    expect(detailsAsked).toEqual([2]);
  });

  it.each([
    ['en', 'The order details could not be loaded.', 'Try again'],
    ['ar', 'تعذر تحميل تفاصيل الطلب.', 'أعد المحاولة'],
  ] as const)(
    '(%s) a detail that cannot be loaded says so and can be asked again',
    async (language, text, retry) => {
      const full = makeOrder(2, 'completed');
      serve([summaryOf(full)], 'fail');
      const { user } = renderOrders(language);
      await user.click(
        await screen.findByRole('button', { name: language === 'en' ? 'Show details' : 'عرض التفاصيل' }),
      );
      expect(await screen.findByText(text)).toBeVisible();
      serve([summaryOf(full)], [full]);
      await user.click(screen.getByRole('button', { name: retry }));
      expect(await screen.findByText('Block 5, Street 20, Fahaheel, Ahmadi')).toBeVisible();
    },
  );

  it('the pay link of an unpaid order carries its amount and currency for POST /initiate-payment', async () => {
    serve([makeOrder(1, 'pending', { total_price: 7.25, currency: 'SAR' })]);
    renderOrders();
    expect(await screen.findByRole('link', { name: 'Pay now' })).toHaveAttribute(
      'href',
      '/payment?order_id=1&invoice_value=7.25&currency_iso=SAR',
    );
  });

  it.each([
    ['en', 'Error loading orders'],
    ['ar', 'حدث خطأ أثناء تحميل الطلبات'],
  ] as const)('says %s "%s" when the orders cannot be loaded', async (language, message) => {
    serve('fail');
    renderOrders(language);
    // The page's notice (role alert) says it; a toast's text is fixed when it is sent, which a busy machine may do
    // before the test's language switch lands, so the first alert found is not always the page's.
    await waitFor(() =>
      expect(screen.getAllByRole('alert').some((notice) => notice.textContent?.includes(message))).toBe(true),
    );
  });

  it.each([
    ['en', 'You have no orders yet', 'Start shopping'],
    ['ar', 'لا توجد لديك طلبات بعد', 'ابدأ التسوق'],
  ] as const)('empty (%s): a message and a link to /search', async (language, message, link) => {
    serve([]);
    renderOrders(language);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', '/search');
  });
});

describe('cancelling a pending order', () => {
  it('asks first; confirming cancels it on the server and shows it cancelled', async () => {
    let orders = [makeOrder(1, 'pending'), makeOrder(2, 'completed')];
    const cancelled: number[] = [];
    server.use(
      http.get(apiUrl('orders'), () => HttpResponse.json(orders)),
      // The details a tap opens, as the list has them now.
      http.get(apiUrl('orders/:id'), ({ params }) =>
        HttpResponse.json(orders.find((order) => order.id === Number(params.id))),
      ),
      http.post(apiUrl('orders/:id/cancel'), ({ params }) => {
        const id = Number(params.id);
        cancelled.push(id);
        orders = orders.map((order) => (order.id === id ? { ...order, status: 'canceled' } : order));
        return HttpResponse.json({ message: 'Order cancelled successfully', order: orders[0] });
      }),
    );
    const { user } = renderOrders();
    const cancel = await screen.findByRole('button', { name: 'Cancel order' });
    // Only unpaid orders can be cancelled.
    expect(screen.getAllByRole('button', { name: 'Cancel order' })).toHaveLength(1);
    await user.click(cancel);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cancelled).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, cancel the order' }));
    expect(await screen.findByText('Order #1 was cancelled.')).toBeInTheDocument();
    expect(cancelled).toEqual([1]);
    await waitFor(() => expect(screen.getAllByTestId('order-status')[0]).toHaveTextContent('Canceled'));
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('a refused cancel puts the order back and says so (Arabic)', async () => {
    server.use(
      http.get(apiUrl('orders'), () => HttpResponse.json([makeOrder(1, 'pending')])),
      http.post(apiUrl('orders/:id/cancel'), () =>
        HttpResponse.json({ message: 'Only an unpaid order can be cancelled.' }, { status: 409 }),
      ),
    );
    const { user } = renderOrders('ar');
    await user.click(await screen.findByRole('button', { name: 'إلغاء الطلب' }));
    await user.click(await screen.findByRole('button', { name: 'نعم، ألغِ الطلب' }));
    expect(await screen.findByText('تعذر إلغاء الطلب. حاول مرة أخرى.')).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent('قيد التنفيذ');
  });
});

describe('rating an item of a delivered order', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('stars and text both needed; success, then the dialog closes after 2 s and opens empty again', async () => {
    const sent: unknown[] = [];
    serve([makeOrder(1, 'pending'), makeOrder(2, 'completed')]);
    server.use(
      http.post(apiUrl('reviews/add'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: 'Review submitted successfully' }, { status: 201 });
      }),
    );
    jest.useFakeTimers({ advanceTimers: true });
    renderOrders();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await screen.findAllByTestId('order-card');
    await user.click(screen.getAllByRole('button', { name: 'Show details' })[1] as HTMLElement);
    // Only the delivered order's items can be rated.
    const rateButtons = screen.getAllByRole('button', { name: 'Rate Perfume 2', hidden: true });
    expect(rateButtons).toHaveLength(1);
    await user.click(rateButtons[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Rate Perfume 2' });
    const submit = within(dialog).getByRole('button', { name: 'Submit review' });
    expect(submit).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: '4 stars' }));
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Your review'), 'Lovely scent');
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(
      await within(dialog).findByText('Thank you! Your review was sent and will show once it is approved.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ user_id: 7, product_id: 102, rating: 4, review: 'Lovely scent' }]);
    act(() => {
      jest.advanceTimersByTime(RATING_CLOSE_DELAY_MS - 100);
    });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(100);
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Rate Perfume 2', hidden: true }));
    const again = await screen.findByRole('dialog', { name: 'Rate Perfume 2' });
    expect(within(again).getByLabelText('Your review')).toHaveValue('');
    expect(within(again).getByRole('radio', { name: '4 stars' })).toHaveAttribute('aria-checked', 'false');
    expect(within(again).getByRole('button', { name: 'Submit review' })).toBeDisabled();
  });

  it.each([
    [
      'en',
      'Show details',
      'Rate Perfume 2',
      '5 stars',
      'Your review',
      'Submit review',
      'Your review could not be sent',
    ],
    ['ar', 'عرض التفاصيل', 'قيّم عطر 2', '5 نجوم', 'رأيك', 'إرسال التقييم', 'تعذّر إرسال تقييمك'],
  ] as const)(
    '(%s) a review that could not be sent says so and keeps what was written',
    async (language, details, rate, stars, reviewLabel, submitLabel, said) => {
      serve([makeOrder(2, 'completed')]);
      server.use(http.post(apiUrl('reviews/add'), () => HttpResponse.error()));
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { user } = renderOrders(language);
      await user.click(await screen.findByRole('button', { name: details }));
      await user.click(screen.getByRole('button', { name: rate, hidden: true }));
      const dialog = await screen.findByRole('dialog', { name: rate });
      await user.click(within(dialog).getByRole('radio', { name: stars }));
      await user.type(within(dialog).getByLabelText(reviewLabel), 'Lovely');
      await user.click(within(dialog).getByRole('button', { name: submitLabel }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(said);
      expect(within(dialog).getByLabelText(reviewLabel)).toHaveValue('Lovely');
      expect(within(dialog).getByRole('button', { name: submitLabel })).toBeEnabled();
      warn.mockRestore();
    },
  );

  it('is in Arabic too', async () => {
    serve([makeOrder(2, 'completed')]);
    const { user } = renderOrders('ar');
    await user.click(await screen.findByRole('button', { name: 'عرض التفاصيل' }));
    await user.click(screen.getByRole('button', { name: 'قيّم عطر 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'قيّم عطر 2' });
    expect(within(dialog).getByRole('radio', { name: 'نجمة واحدة' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'إرسال التقييم' })).toBeDisabled();
  });

  it('says when a second payment of a paid order will be refunded, in both languages', async () => {
    const doublePaid = makeOrder(5, 'paid', {
      refund_due: true,
      payments: [
        {
          id: 1,
          state: 'refund_due',
          amount: 12.5,
          currency: 'KWD',
          created_at: '2026-11-20T10:00:00Z',
          refunded_at: null,
        },
        {
          id: 2,
          state: 'paid',
          amount: 12.5,
          currency: 'KWD',
          created_at: '2026-11-20T10:05:00Z',
          refunded_at: null,
        },
      ],
    });
    serve([doublePaid, makeOrder(6, 'paid')]);
    const { unmount } = renderOrders();
    const [first, second] = await screen.findAllByTestId('order-card');
    expect(
      within(first as HTMLElement).getByText(
        'A second payment was received for this order; it will be refunded.',
      ),
    ).toBeInTheDocument();
    expect(within(second as HTMLElement).queryByText(/refunded/)).not.toBeInTheDocument();
    unmount();
    renderOrders('ar');
    expect(await screen.findByText('وصلتنا دفعة ثانية لهذا الطلب، وسيُعاد إليك مبلغها.')).toBeInTheDocument();
  });
});
