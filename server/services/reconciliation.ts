// The shop follows the gateway by itself: unpaid orders expire and give their stock back, and every payment attempt
// the gateway may still decide is asked about until it is decided, whether or not the shopper ever comes back.
import { claimOverdueOrders } from '../db/queries/orderJobs';
import { orderRow } from '../db/queries/orders';
import {
  attemptByGatewayId,
  claimAttemptsToCheck,
  setAttempt,
  type ClaimedAttempt,
} from '../db/queries/paymentAttempts';
import type { Db } from '../db/client';
import { expireOverdueOrder } from './orders';
import type { MailService } from './mail';
import {
  applyPaymentOutcome,
  cancelAttempt,
  orderAttempts,
  settleOpenAttempts,
  type PaymentLog,
} from './orders/paymentAttempts';
import type { PaymentGateway, PaymentState } from './payments';

/** Orders (and payment attempts) handled per run; the rest wait for the next run. */
export const JOB_BATCH = 100;
/** How long a claimed overdue order is left to the process that claimed it (it crashed if it is still there). */
export const EXPIRY_LEASE_MS = 2 * 60 * 1000;
/** A shopper may still finish paying on the gateway's page this long after the order expired. */
export const CLOSED_ORDER_WATCH_MS = 24 * 60 * 60 * 1000;
/**
 * How long a payment attempt may stay newer than its order's link, being started (the gateway answered, the link is
 * written next); well above the gateway calls' timeouts.
 */
export const STARTING_ATTEMPT_MS = 5 * 60 * 1000;
/** An attempt older than CLOSED_ORDER_WATCH_MS that the gateway still has open is asked about this often. */
export const STALE_ATTEMPT_CHECK_MS = 60 * 60 * 1000;
/**
 * How long past the end the gateway gave a payment (its invoice's expiry) it is still followed, in case the gateway
 * is late to close it; after that the attempt is failed and no longer asked about.
 */
export const PAYABLE_GRACE_MS = 24 * 60 * 60 * 1000;

export interface ReconcileDeps {
  db: Db;
  gateway: PaymentGateway;
  /** an expired order's mail is queued with its expiry */
  mail?: MailService;
  /**
   * The server's log: every refund that falls due is a warning line; and one line per piece of job work (an overdue
   * order claimed and expired, a payment attempt checked), so work done twice by two server processes on one
   * database would show in their logs (the two-instance run counts them).
   */
  log?: PaymentLog & Partial<Record<'info' | 'debug', (fields: object, message: string) => void>>;
  /** an unreachable gateway is not an error of ours: it is logged and asked again next run */
  onGatewayError?: (error: unknown, orderId: number) => void;
}

export interface ExpiryReport {
  expired: number;
  /** overdue orders the gateway turned out to have paid at the last moment */
  paid: number;
}

/** Expires pending orders past their reservation, after a last look at the gateway for each of their attempts. */
export async function expireUnpaidOrders(deps: ReconcileDeps, now: Date): Promise<ExpiryReport> {
  const report: ExpiryReport = { expired: 0, paid: 0 };
  for (const order of await claimOverdueOrders(deps.db, now, EXPIRY_LEASE_MS, JOB_BATCH)) {
    deps.log?.debug?.({ job: 'expire-unpaid-orders', orderId: order.id }, 'overdue order claimed');
    if ((await settleOpenAttempts(deps, order.id, now)).includes('paid')) report.paid += 1;
    if (await expireOverdueOrder(deps.db, order.id, now, deps.mail)) {
      report.expired += 1;
      deps.log?.info?.({ job: 'expire-unpaid-orders', orderId: order.id }, 'unpaid order expired');
    }
  }
  return report;
}

export interface ReconciliationReport {
  checked: number;
  paid: number;
  failed: number;
  /** money that came in for an order that could not take it */
  refundDue: number;
}

/**
 * Whether a still-open attempt should be withdrawn at its gateway: its order took its money already or was
 * cancelled, a newer attempt replaced it, or its order expired longer ago than a shopper may still pay.
 */
async function isAbandoned(deps: ReconcileDeps, attempt: ClaimedAttempt, now: Date): Promise<boolean> {
  const order = await orderRow(deps.db, attempt.orderId);
  if (!order) return false;
  if (['paid', 'completed', 'refund_due', 'canceled'].includes(order.status)) return true;
  if (order.status === 'expired') return now.getTime() - order.updatedAt.getTime() > CLOSED_ORDER_WATCH_MS;
  if (order.paymentId === attempt.gatewayPaymentId) return false;
  const current = (await orderAttempts(deps.db, attempt.orderId)).find(
    (one) => one.gatewayPaymentId === order.paymentId,
  );
  if (current !== undefined && current.id > attempt.id) return true;
  // Newer than the link (or recorded before any link): a request is starting it, its link written next, and the
  // shopper is being sent to it. One left so for longer was stranded (its request crashed, or found the order
  // closed and could not withdraw it), and nothing else would ever withdraw it.
  return order.status !== 'pending' || now.getTime() - attempt.createdAt.getTime() > STARTING_ATTEMPT_MS;
}

const pastItsEnd = (payableUntil: Date | null | undefined, now: Date) =>
  payableUntil !== null &&
  payableUntil !== undefined &&
  now.getTime() > payableUntil.getTime() + PAYABLE_GRACE_MS;

/** The gateway's own end for the payment is long past and it never took money: the attempt is followed no more. */
async function endAttempt(deps: ReconcileDeps, attempt: ClaimedAttempt, now: Date): Promise<void> {
  await setAttempt(deps.db, attempt.id, { state: 'failed' }, now, ['pending', 'declined']);
  deps.log?.info?.(
    { job: 'reconcile-payments', orderId: attempt.orderId, attemptId: attempt.id },
    'payment past its end at the gateway: no longer followed',
  );
}

/** Asks the gateway about one claimed attempt and applies the answer; null when it could not tell. */
async function reconcileAttempt(
  deps: ReconcileDeps,
  attempt: ClaimedAttempt,
  now: Date,
): Promise<PaymentState | 'refund_due' | null> {
  // An attempt made through another gateway than the one configured now cannot be asked about here.
  if (attempt.gateway !== deps.gateway.name) return null;
  let status;
  try {
    status = await deps.gateway.getPaymentStatus(attempt.gatewayPaymentId);
  } catch (error) {
    deps.onGatewayError?.(error, attempt.orderId);
    return null;
  }
  // The answer must name this attempt's order, so a payment of another order never settles this one.
  if (!status || (status.orderId !== null && status.orderId !== attempt.orderId)) return null;
  const payableUntil = status.payableUntil ?? attempt.payableUntil;
  if (status.payableUntil && status.payableUntil.getTime() !== attempt.payableUntil?.getTime()) {
    await setAttempt(deps.db, attempt.id, { payableUntil: status.payableUntil }, now);
  }
  if (status.status !== 'pending') {
    const state = await applyPaymentOutcome(deps, attempt.orderId, status, now);
    if (status.stillPayable && pastItsEnd(payableUntil, now)) await endAttempt(deps, attempt, now);
    return state === 'refund_due' ? 'refund_due' : status.status;
  }
  if (pastItsEnd(payableUntil, now)) {
    await endAttempt(deps, attempt, now);
    return 'failed';
  }
  if (await isAbandoned(deps, attempt, now)) {
    const [row] = (await orderAttempts(deps.db, attempt.orderId)).filter((one) => one.id === attempt.id);
    if (row) {
      await cancelAttempt(deps, row, now).catch((error: unknown) => {
        deps.onGatewayError?.(error, attempt.orderId);
      });
    }
  }
  return 'pending';
}

/**
 * Asks the gateway about every attempt it may still decide (every order's, not only its latest), each at most once
 * per `everyMs` across all processes (the claim skips rows another process holds).
 */
export async function reconcilePendingPayments(
  deps: ReconcileDeps,
  now: Date,
  everyMs: number,
): Promise<ReconciliationReport> {
  const report: ReconciliationReport = { checked: 0, paid: 0, failed: 0, refundDue: 0 };
  const claimed = await claimAttemptsToCheck(deps.db, now, {
    everyMs,
    recentMs: CLOSED_ORDER_WATCH_MS,
    staleEveryMs: STALE_ATTEMPT_CHECK_MS,
    limit: JOB_BATCH,
  });
  for (const attempt of claimed) {
    const state = await reconcileAttempt(deps, attempt, now);
    report.checked += 1;
    // A check that changed nothing is routine (every open attempt, every run): debug only.
    deps.log?.[state === null || state === 'pending' ? 'debug' : 'info']?.(
      {
        job: 'reconcile-payments',
        orderId: attempt.orderId,
        attemptId: attempt.id,
        paymentId: attempt.gatewayPaymentId,
        state,
        checkedAt: now,
      },
      'payment checked',
    );
    if (state === 'paid') report.paid += 1;
    if (state === 'failed') report.failed += 1;
    if (state === 'refund_due') report.refundDue += 1;
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
  // Only a payment this shop started is asked about: the gateway's numbers are sequential, so a stranger's callback
  // naming others would read their payments and spend the merchant's quota.
  if (!(await attemptByGatewayId(deps.db, deps.gateway.name, paymentId))) return null;
  const status = await deps.gateway.getPaymentStatus(paymentId);
  if (!status) return null;
  if (status.orderId !== null) await applyPaymentOutcome(deps, status.orderId, status, now);
  return status.status;
}
