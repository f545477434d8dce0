// The shop follows the gateway by itself: unpaid orders expire and give their stock back, and pending payments are
// asked about until the gateway decides them, whether or not the shopper ever comes back.
import { claimOverdueOrders, claimPaymentsToCheck } from '../db/queries/orderJobs';
import type { Db } from '../db/client';
import { applyPaymentOutcome, expireClaimedOrder } from './orders';
import type { PaymentGateway, PaymentState } from './payments';

/** Orders handled per run; the rest wait for the next run. */
export const JOB_BATCH = 100;
/** How long a claimed overdue order is left to the process that claimed it (it crashed if it is still there). */
export const EXPIRY_LEASE_MS = 2 * 60 * 1000;
/** A shopper may still finish paying on the gateway's page this long after the order expired or was cancelled. */
export const CLOSED_ORDER_WATCH_MS = 24 * 60 * 60 * 1000;

export interface ReconcileDeps {
  db: Db;
  gateway: PaymentGateway;
  /** an unreachable gateway is not an error of ours: it is logged and asked again next run */
  onGatewayError?: (error: unknown, orderId: number) => void;
  /**
   * One line per piece of work (an overdue order claimed and expired, a payment checked), so work done twice by two
   * server processes
   * on one database would show in their logs (the two-instance run counts them).
   */
  log?: Record<'info' | 'debug', (fields: object, message: string) => void>;
}

/**
 * Asks the gateway about the order's payment and applies the answer. The answer must name this order, so a
 * payment of another order never settles this one. Answers the gateway's state, or null when it could not tell.
 */
export async function reconcilePayment(
  deps: ReconcileDeps,
  order: { id: number; paymentId: string | null },
  now: Date,
): Promise<PaymentState | null> {
  if (!order.paymentId) return null;
  let status;
  try {
    status = await deps.gateway.getPaymentStatus(order.paymentId);
  } catch (error) {
    deps.onGatewayError?.(error, order.id);
    return null;
  }
  if (!status || status.orderId !== order.id) return null;
  await applyPaymentOutcome(deps.db, order.id, status, now);
  return status.status;
}

export interface ExpiryReport {
  expired: number;
  /** overdue orders the gateway turned out to have paid at the last moment */
  paid: number;
}

/** Expires pending orders past their reservation, after a last look at the gateway. */
export async function expireUnpaidOrders(deps: ReconcileDeps, now: Date): Promise<ExpiryReport> {
  const report: ExpiryReport = { expired: 0, paid: 0 };
  for (const order of await claimOverdueOrders(deps.db, now, EXPIRY_LEASE_MS, JOB_BATCH)) {
    deps.log?.debug({ job: 'expire-unpaid-orders', orderId: order.id }, 'overdue order claimed');
    if ((await reconcilePayment(deps, order, now)) === 'paid') report.paid += 1;
    if (await expireClaimedOrder(deps.db, order.id, now)) {
      report.expired += 1;
      deps.log?.info({ job: 'expire-unpaid-orders', orderId: order.id }, 'unpaid order expired');
    }
  }
  return report;
}

export interface ReconciliationReport {
  checked: number;
  paid: number;
  failed: number;
}

/** Asks the gateway about payments it may still decide, each at most once per `everyMs` across all processes. */
export async function reconcilePendingPayments(
  deps: ReconcileDeps,
  now: Date,
  everyMs: number,
): Promise<ReconciliationReport> {
  const report: ReconciliationReport = { checked: 0, paid: 0, failed: 0 };
  const claimed = await claimPaymentsToCheck(deps.db, now, everyMs, CLOSED_ORDER_WATCH_MS, JOB_BATCH);
  for (const order of claimed) {
    const state = await reconcilePayment(deps, order, now);
    report.checked += 1;
    // A check that changed nothing is routine (every pending payment, every run): debug only.
    deps.log?.[state === 'paid' || state === 'failed' ? 'info' : 'debug'](
      { job: 'reconcile-payments', orderId: order.id, paymentId: order.paymentId, state, checkedAt: now },
      'payment checked',
    );
    if (state === 'paid') report.paid += 1;
    if (state === 'failed') report.failed += 1;
  }
  return report;
}

/**
 * The gateway's callback (its webhook, or the sandbox page's decision): the body only names the payment; what
 * happened is asked of the gateway itself, so a forged callback can change nothing. Null: unknown payment.
 */
export async function reconcileCallback(
  deps: ReconcileDeps,
  paymentId: string,
  now: Date,
): Promise<PaymentState | null> {
  const status = await deps.gateway.getPaymentStatus(paymentId);
  if (!status) return null;
  if (status.orderId !== null) await applyPaymentOutcome(deps.db, status.orderId, status, now);
  return status.status;
}
