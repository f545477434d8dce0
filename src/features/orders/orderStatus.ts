import type { Order } from './ordersApi';

export type OrdersView = 'orders' | 'profile';
export type OrdersTab = 'all' | 'pending' | 'completed' | 'canceled';

/** /orders has all, pending and completed; the profile's list adds canceled. */
export const TABS: Record<OrdersView, OrdersTab[]> = {
  orders: ['all', 'pending', 'completed'],
  profile: ['all', 'pending', 'completed', 'canceled'],
};

export type BadgeTone = 'primary' | 'success' | 'secondary';

/** pending reads "in progress" (blue), completed "delivered" (green); any other status shows as it is, in grey. */
export function statusBadge(status: string): { tone: BadgeTone; labelKey: string | null } {
  if (status === 'pending') return { tone: 'primary', labelKey: 'orders.status.pending' };
  if (status === 'completed') return { tone: 'success', labelKey: 'orders.status.completed' };
  return { tone: 'secondary', labelKey: null };
}

export function ordersInTab(orders: readonly Order[], tab: OrdersTab): Order[] {
  return tab === 'all' ? [...orders] : orders.filter((order) => order.status === tab);
}

/** Rating is for delivered orders only. */
export const canRate = (order: Order) => order.status === 'completed';
/** Unpaid orders: the shopper may pay them (again) or cancel them. */
export const isUnpaid = (order: Order) => order.status === 'pending' || order.status === 'failed';
