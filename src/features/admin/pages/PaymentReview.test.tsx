// Issue 47, finding 7: a payment the gateway took for another amount or currency than the order's is money to look at:
// staff see it on the order's page and on the dashboard (a count and a link to each order), and accept or refund it.
import { screen, waitFor, within } from '@testing-library/react';

import { allResources } from '../../../i18n/resources';
import { makeAdminOrder, makeAdminShop } from '../../../testing/handlers/admin';
import { renderAdmin } from '../testing';

// uPlot draws on a canvas, which jsdom does not have.
jest.mock('uplot', () => {
  class FakePlot {
    static paths = { bars: () => () => null };
    setSize() {}
    destroy() {}
  }
  return { __esModule: true, default: FakePlot };
});

function shopWithMismatch() {
  const shop = makeAdminShop();
  const order = makeAdminOrder(7, 'pending', { money_to_review: true, can_accept_payment: true });
  const [payment] = order.payments;
  if (!payment) throw new Error('no payment');
  Object.assign(payment, { state: 'amount_mismatch', amount: 11.5, currency: 'KWD' });
  shop.orders.push(order);
  shop.dashboard = { ...shop.dashboard, payments_to_review: 1, payments_to_review_orders: [7] };
  return { shop, payment };
}

describe('money to look at', () => {
  it('the order page says so and staff accept the payment: the order becomes paid', async () => {
    const { shop, payment } = shopWithMismatch();
    const { user } = renderAdmin('/admin/orders/7', { shop });
    const alert = await screen.findByTestId('money-to-review');
    expect(alert).toHaveTextContent('Money to look at');
    expect(alert).toHaveTextContent('It is not counted as revenue.');
    expect(alert).toHaveTextContent('The order’s items stay reserved until you decide.');
    const row = within(screen.getByTestId('payments')).getByTestId('payment');
    expect(within(row).getByTestId('payment-status')).toHaveTextContent('Amount to check');
    // Both ways out are offered: accept it, or give it back.
    expect(within(row).getByTestId('record-refund')).toBeInTheDocument();

    await user.click(within(row).getByTestId('accept-payment'));
    await user.click(screen.getByTestId('accept-payment-confirm'));
    expect(await screen.findByText('The payment is accepted: order #7 is paid.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Paid'));
    expect(screen.queryByTestId('money-to-review')).not.toBeInTheDocument();
    expect(shop.calls).toContainEqual(
      expect.objectContaining({ method: 'POST', path: `admin/orders/7/payments/${payment.id}/accept` }),
    );
  });

  it('an order that can no longer take money offers only the refund', async () => {
    const { shop } = shopWithMismatch();
    const order = shop.orders.find((candidate) => candidate.id === 7);
    if (!order) throw new Error('no order');
    Object.assign(order, { status: 'canceled', can_accept_payment: false, can_cancel: false });
    const { user } = renderAdmin('/admin/orders/7', { shop });
    const row = within(await screen.findByTestId('payments')).getByTestId('payment');
    expect(within(row).queryByTestId('accept-payment')).not.toBeInTheDocument();
    expect(screen.queryByText('The order’s items stay reserved until you decide.')).not.toBeInTheDocument();
    await user.click(within(row).getByTestId('record-refund'));
    await user.click(screen.getByTestId('record-refund-confirm'));
    await waitFor(() =>
      expect(within(screen.getByTestId('payments')).getByTestId('payment-status')).toHaveTextContent(
        'Refunded',
      ),
    );
    expect(screen.queryByTestId('money-to-review')).not.toBeInTheDocument();
  });

  it.each(['en', 'ar'] as const)('the dashboard counts them and links each order (%s)', async (language) => {
    const { shop } = shopWithMismatch();
    const texts = allResources[language].admin.admin;
    const { user } = renderAdmin('/admin', { shop, language });
    expect(await screen.findByTestId('payments-to-review')).toHaveTextContent('1');
    const row = screen.getByTestId('payments-to-review-row');
    expect(row).toHaveTextContent(texts.dashboard.payments_to_review);
    await user.click(
      within(row).getByRole('link', { name: texts.dashboard.review_order.replace('{{id}}', '7') }),
    );
    expect(await screen.findByTestId('money-to-review')).toHaveTextContent(
      texts.order.money_to_review.split('(')[0] ?? '',
    );
  });

  it('with nothing to look at, the dashboard shows 0 and no link', async () => {
    renderAdmin('/admin');
    expect(await screen.findByTestId('payments-to-review')).toHaveTextContent('0');
    expect(within(screen.getByTestId('payments-to-review-row')).queryByRole('link')).not.toBeInTheDocument();
  });
});
