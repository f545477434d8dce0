import { allResources } from '../../i18n/resources';
import { ordersInTab, statusBadge, TABS } from './orderStatus';
import { makeOrder as order } from './testing/fixtures';

describe('order status', () => {
  it('pending is in progress in blue, completed is delivered in green, the shop’s others in words in grey', () => {
    expect(statusBadge('pending')).toEqual({ tone: 'primary', labelKey: 'orders.status.pending' });
    expect(statusBadge('completed')).toEqual({ tone: 'success', labelKey: 'orders.status.completed' });
    for (const status of ['canceled', 'paid', 'failed', 'refund_due', 'expired']) {
      expect(statusBadge(status)).toEqual({ tone: 'secondary', labelKey: `orders.status.${status}` });
      for (const language of ['en', 'ar'] as const) {
        const label = (allResources[language].orders.orders.status as Record<string, string>)[status];
        expect({ status, language, label: typeof label }).toEqual({ status, language, label: 'string' });
      }
    }
    // One the SPA does not know (a newer server's) shows as it is.
    expect(statusBadge('shipped')).toEqual({ tone: 'secondary', labelKey: null });
  });

  it('tabs: all, pending, completed on /orders; canceled too in the profile', () => {
    expect(TABS.orders).toEqual(['all', 'pending', 'completed']);
    expect(TABS.profile).toEqual(['all', 'pending', 'completed', 'canceled']);
    const orders = [order(1, 'pending'), order(2, 'completed'), order(3, 'canceled'), order(4, 'paid')];
    expect(ordersInTab(orders, 'all').map((o) => o.id)).toEqual([1, 2, 3, 4]);
    expect(ordersInTab(orders, 'pending').map((o) => o.id)).toEqual([1]);
    expect(ordersInTab(orders, 'completed').map((o) => o.id)).toEqual([2]);
    expect(ordersInTab(orders, 'canceled').map((o) => o.id)).toEqual([3]);
  });
});
