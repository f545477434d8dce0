// Every payment attempt of an order is recorded, and what a gateway says about an attempt is applied to the
// attempt and its order under the order's row lock. Money that arrives for an order that can no longer take it (paid
// by another attempt, cancelled, expired with its pieces sold) becomes a refund record (`refund_due`), logged.
import type { Db } from '../../db/client';
import { deleteOwnerProductLines } from '../../db/queries/cartLines';
import { orderPaymentId, updateOrder } from '../../db/queries/orders';
import {
  attemptByGatewayId,
  attemptRowsOf,
  insertAttempt,
  lockAttempt,
  lockOrderRow,
  orderStockNeeds,
  OPEN_ATTEMPT_STATES,
  setAttempt,
  type AttemptRow,
  type AttemptState,
} from '../../db/queries/paymentAttempts';
import { countSold, returnStock, takeStock, type StockNeed } from '../../db/stock';
import type { CartOwner } from '../cart';
import { Conflict, NotFound } from '../errors';
import type { GatewayName, PaymentGateway, PaymentState } from '../payments';
import type { MailService } from '../mail';
import { queueOrderMail, queueStaffMail } from '../../mails/orderMails';

export type { AttemptRow } from '../../db/queries/paymentAttempts';

/** The server's log (pino's `warn(details, message)`); a refund that is due is never silent. */
export interface PaymentLog {
  warn(details: object, message: string): void;
}

export interface SettleDeps {
  db: Db;
  gateway: PaymentGateway;
  /** the order's mails are queued with its change (absent: none, as in tests of the payment rules alone) */
  mail?: MailService;
  log?: PaymentLog;
}

export interface GatewayOutcome {
  status: PaymentState;
  amount: number;
  currencyIso: string;
  paymentId: string;
  invoiceId?: string;
  /** a declined try on a payment the gateway still takes money for (see PaymentStatus) */
  stillPayable?: boolean;
}

export const REFUND_DUE_LOG = 'payment received for an order that cannot take it: refund due';
export const AMOUNT_MISMATCH_LOG =
  'gateway reports a paid payment that does not match its order: waiting for staff (accept or refund)';

/** Whether the gateway may still change this attempt (reconciliation keeps asking about it). */
export const isOpenAttempt = (attempt: Pick<AttemptRow, 'state'>) =>
  OPEN_ATTEMPT_STATES.includes(attempt.state);

/** A payment the gateway just made for the order, recorded as pending. */
export function recordAttempt(
  db: Db,
  gateway: GatewayName,
  orderId: number,
  payment: { paymentId: string; invoiceId?: string; amount: number; currency: string },
  now: Date,
): Promise<AttemptRow> {
  return insertAttempt(db, {
    orderId,
    gateway,
    gatewayPaymentId: payment.paymentId,
    invoiceId: payment.invoiceId ?? null,
    amount: payment.amount,
    currency: payment.currency.toUpperCase(),
    state: 'pending',
    createdAt: now,
    updatedAt: now,
  });
}

/** Every attempt of the orders, oldest first (the staff area lists them; the order answer summarises them). */
export function attemptsOfOrders(db: Db, orderIds: number[]): Promise<AttemptRow[]> {
  return attemptRowsOf(db, orderIds);
}

/** Every attempt of one order, oldest first. */
export function orderAttempts(db: Db, orderId: number): Promise<AttemptRow[]> {
  return attemptRowsOf(db, [orderId]);
}

/**
 * Money the gateway took for the order that the shop holds (paid, owed back, or waiting for staff as not matching):
 * the first such payment, or null when nothing was charged. A cancellation's mail says which it is.
 */
export async function moneyHeldFor(
  db: Db,
  orderId: number,
): Promise<{ amount: number; currency: string } | null> {
  const held = (await orderAttempts(db, orderId)).find((attempt) =>
    (['paid', 'refund_due', 'amount_mismatch'] as AttemptState[]).includes(attempt.state),
  );
  return held ? { amount: held.amount, currency: held.currency } : null;
}

export const NOT_REFUNDABLE = 'Only a payment waiting for its refund can be marked refunded.';

/** The states whose money staff may give back: owed (refund_due) or not matching its order (amount_mismatch). */
export const REFUNDABLE_STATES: readonly AttemptState[] = ['refund_due', 'amount_mismatch'];

/**
 * Staff gave the money of a `refund_due` (or `amount_mismatch`) attempt back: it becomes `refunded`, with who and
 * when. Recording it again answers the attempt as it is (idempotent); any other state is a Conflict, an unknown
 * attempt NotFound.
 */
export async function recordRefund(
  db: Db,
  attemptId: number,
  staffUserId: number | null,
  now: Date,
): Promise<AttemptRow> {
  return db.transaction(async (tx) => {
    const attempt = await lockAttempt(tx, attemptId);
    if (!attempt) throw new NotFound('Payment not found');
    if (attempt.state === 'refunded') return attempt;
    if (!REFUNDABLE_STATES.includes(attempt.state)) throw new Conflict(NOT_REFUNDABLE);
    const refunded = await setAttempt(
      tx,
      attemptId,
      { state: 'refunded', refundedAt: now, refundedBy: staffUserId },
      now,
    );
    if (!refunded) throw new NotFound('Payment not found');
    return refunded;
  });
}

class StockGone extends Error {}

interface RefundDue {
  orderId: number;
  attemptId: number;
  amount: number;
  currency: string;
  gateway: GatewayName;
  gatewayPaymentId: string;
}

/** Money this attempt brought in has nowhere to go: the attempt waits for a refund. */
/**
 * Money came for an order that cannot take it: the shopper hears that it goes back (never only "nothing was
 * charged" from an earlier mail), and staff that a refund waits for them.
 */
async function tellRefundDue(
  tx: Db,
  mail: MailService | undefined,
  due: RefundDue,
  now: Date,
): Promise<void> {
  if (!mail) return;
  const money = { amount: due.amount, currency: due.currency };
  await queueOrderMail(tx, mail, due.orderId, 'refund_due', now, { refund: money });
  await queueStaffMail(tx, mail, { event: 'refund_due', orderId: due.orderId, ...money }, now);
}

async function markRefundDue(
  tx: Db,
  attempt: AttemptRow,
  outcome: GatewayOutcome,
  now: Date,
): Promise<RefundDue> {
  await setAttempt(
    tx,
    attempt.id,
    { state: 'refund_due', amount: outcome.amount, currency: outcome.currencyIso.toUpperCase() },
    now,
  );
  return {
    orderId: attempt.orderId,
    attemptId: attempt.id,
    amount: outcome.amount,
    currency: outcome.currencyIso.toUpperCase(),
    gateway: attempt.gateway,
    gatewayPaymentId: attempt.gatewayPaymentId,
  };
}

/**
 * Applies what the gateway itself says about one payment to its attempt and its order, under the order's lock.
 * Failed: the attempt fails (or, while the gateway still takes money for it, is declined and still followed); a
 * pending order whose current attempt it is fails and gives its stock back. Paid for another amount or currency
 * than the order's: the attempt is `amount_mismatch` for staff, logged once. Paid: the order is paid if its stock
 * is still held or can be taken again; otherwise (paid already by another attempt, cancelled, or the pieces sold
 * since) the attempt is `refund_due` (and a cancelled or unstocked order too), with a warning in the log. Repeating
 * an answer changes nothing. A payment the shop had not recorded (its answer lost in a crash) is recorded here.
 */
export async function applyPaymentOutcome(
  deps: SettleDeps,
  orderId: number,
  outcome: GatewayOutcome,
  now: Date,
): Promise<AttemptState | null> {
  if (outcome.status === 'pending') return null;
  const { db, gateway, log } = deps;
  let refund: RefundDue | null = null;
  let mismatch: object | null = null;
  const state = await db.transaction(async (tx): Promise<AttemptState | null> => {
    const order = await lockOrderRow(tx, orderId);
    if (!order) return null;
    const known = await attemptByGatewayId(tx, gateway.name, outcome.paymentId);
    if (known && known.orderId !== orderId) return null;
    const attempt = known
      ? await lockAttempt(tx, known.id)
      : await recordAttempt(
          tx,
          gateway.name,
          orderId,
          { ...outcome, currency: outcome.currencyIso || order.currency },
          now,
        );
    if (!attempt) return null;
    const needs = await orderStockNeeds(tx, orderId);

    if (outcome.status === 'failed') {
      const news = attempt.state === 'pending';
      let attemptState = attempt.state;
      if (outcome.stillPayable) {
        // A declined try on an invoice that still takes money (the shopper may pay on the same page): the attempt
        // stays followed, as declined, until the gateway decides the invoice.
        if (!news) return attempt.state;
        attemptState = 'declined';
      } else if (isOpenAttempt(attempt)) {
        attemptState = 'failed';
      }
      if (attemptState !== attempt.state) await setAttempt(tx, attempt.id, { state: attemptState }, now);
      // Only news fails the order: an attempt declined before failed it then, and a retry may have revived it since.
      // An earlier attempt failing says nothing about the attempt the shopper is making now.
      if (!news || order.status !== 'pending' || order.paymentId !== outcome.paymentId) return attemptState;
      // Its deadline stays: a failed order expires when an unpaid one would (a retry renews nothing).
      await updateOrder(tx, orderId, { status: 'failed', stockReserved: false, updatedAt: now });
      if (order.stockReserved) await returnStock(tx, needs);
      return attemptState;
    }

    if (['paid', 'refund_due', 'refunded', 'amount_mismatch'].includes(attempt.state)) return attempt.state;
    if (
      outcome.currencyIso.toUpperCase() !== order.currency.toUpperCase() ||
      outcome.amount + 1e-9 < order.totalPrice
    ) {
      // Money came in, but not what the order asks: never revenue, never silent. The attempt waits for staff
      // (accept or refund); an unpaid order that holds its stock keeps holding it until they decide (no deadline).
      await setAttempt(
        tx,
        attempt.id,
        { state: 'amount_mismatch', amount: outcome.amount, currency: outcome.currencyIso.toUpperCase() },
        now,
      );
      if (order.status === 'pending' && order.stockReserved) {
        await updateOrder(tx, orderId, { reservedUntil: null, expiryClaimedUntil: null, updatedAt: now });
      }
      mismatch = {
        orderId,
        attemptId: attempt.id,
        amount: outcome.amount,
        currency: outcome.currencyIso.toUpperCase(),
        orderTotal: order.totalPrice,
        orderCurrency: order.currency,
      };
      return 'amount_mismatch';
    }
    if (['paid', 'completed', 'refund_due'].includes(order.status)) {
      // The order took its money already (or is waiting to give it back): this is a second payment.
      if (order.paymentId === outcome.paymentId && order.status !== 'refund_due') {
        await setAttempt(tx, attempt.id, { state: 'paid' }, now);
        return 'paid';
      }
      refund = await markRefundDue(tx, attempt, outcome, now);
      await tellRefundDue(tx, deps.mail, refund, now);
      return 'refund_due';
    }
    // An expired order is sold after all if its pieces are still there; a cancelled one never takes stock again.
    let holdsStock = order.stockReserved;
    if (!holdsStock && order.status !== 'canceled') {
      holdsStock = await takeStockAgain(tx, needs);
    }
    if (!holdsStock) {
      await updateOrder(tx, orderId, {
        status: 'refund_due',
        paymentId: outcome.paymentId,
        paidAt: now,
        reservedUntil: null,
        updatedAt: now,
      });
      refund = await markRefundDue(tx, attempt, outcome, now);
      await tellRefundDue(tx, deps.mail, refund, now);
      return 'refund_due';
    }
    await settlePaid(tx, order, attempt, outcome, needs, now);
    if (deps.mail) {
      await queueOrderMail(tx, deps.mail, orderId, 'paid', now, {
        paid: { amount: outcome.amount, currency: outcome.currencyIso.toUpperCase() },
      });
      await queueStaffMail(tx, deps.mail, { event: 'paid_order', orderId }, now);
    }
    return 'paid';
  });
  if (refund) log?.warn(refund, REFUND_DUE_LOG);
  if (mismatch) log?.warn(mismatch, AMOUNT_MISMATCH_LOG);
  return state;
}

/**
 * The order (locked, holding its stock) is paid by this attempt: sold, its attempt paid with what the gateway took,
 * its pieces out of its owner's cart.
 */
export async function settlePaid(
  tx: Db,
  order: { id: number; userId: number | null; guestCartId: number | null },
  attempt: AttemptRow,
  received: { paymentId: string; amount: number; currencyIso: string },
  needs: StockNeed[],
  now: Date,
): Promise<void> {
  await updateOrder(tx, order.id, {
    status: 'paid',
    stockReserved: true,
    reservedUntil: null,
    paidAt: now,
    paymentId: received.paymentId,
    updatedAt: now,
  });
  await setAttempt(
    tx,
    attempt.id,
    { state: 'paid', amount: received.amount, currency: received.currencyIso.toUpperCase() },
    now,
  );
  await countSold(tx, needs);
  const owner: CartOwner | null =
    order.userId !== null
      ? { userId: order.userId }
      : order.guestCartId !== null
        ? { guestCartId: order.guestCartId }
        : null;
  const productIds = needs.map((need) => need.productId);
  if (owner && productIds.length > 0) {
    await deleteOwnerProductLines(tx, owner, productIds);
  }
}

/**
 * Takes the order's pieces again in a savepoint (a partial take never survives another product falling short).
 * false: some are gone.
 */
export async function takeStockAgain(tx: Db, needs: StockNeed[]): Promise<boolean> {
  return tx
    .transaction(async (inner) => {
      if ((await takeStock(inner, needs)).length > 0) throw new StockGone();
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof StockGone) return false;
      throw error;
    });
}

/** Asks the gateway about each attempt of the order it may still decide, and applies the answers. */
export async function settleOpenAttempts(
  deps: SettleDeps & { onGatewayError?: (error: unknown, orderId: number) => void },
  orderId: number,
  now: Date,
): Promise<AttemptState[]> {
  const open = (await orderAttempts(deps.db, orderId)).filter(
    (attempt) => isOpenAttempt(attempt) && attempt.gateway === deps.gateway.name,
  );
  const states: AttemptState[] = [];
  for (const attempt of open) {
    let status;
    try {
      status = await deps.gateway.getPaymentStatus(attempt.gatewayPaymentId);
    } catch (error) {
      deps.onGatewayError?.(error, orderId);
      continue;
    }
    if (!status || (status.orderId !== null && status.orderId !== orderId)) continue;
    const state = await applyPaymentOutcome(deps, orderId, status, now);
    if (state) states.push(state);
  }
  return states;
}

/**
 * Withdraws a pending attempt at its gateway. Where the gateway cannot promise it will never be paid, the attempt
 * stays pending (reconciliation follows it) and whatever the gateway already knows is applied. Answers whether the
 * attempt is withdrawn.
 */
export async function cancelAttempt(deps: SettleDeps, attempt: AttemptRow, now: Date): Promise<boolean> {
  if (!isOpenAttempt(attempt) || attempt.gateway !== deps.gateway.name) return false;
  if (await deps.gateway.cancel(attempt.gatewayPaymentId)) {
    await setAttempt(deps.db, attempt.id, { state: 'canceled' }, now, [...OPEN_ATTEMPT_STATES]);
    return true;
  }
  const status = await deps.gateway.getPaymentStatus(attempt.gatewayPaymentId);
  if (status && status.status !== 'pending') await applyPaymentOutcome(deps, attempt.orderId, status, now);
  return false;
}

/**
 * Withdraws the order's pending attempts, all of them or (`keepCurrent`) those older than its current payment link:
 * a newer one is a payment another request is starting this moment, about to become the link. A gateway that does
 * not answer is asked again by reconciliation.
 */
export async function cancelOtherAttempts(
  deps: SettleDeps,
  orderId: number,
  options: { keepCurrent: boolean },
  now: Date,
): Promise<void> {
  const paymentId = await orderPaymentId(deps.db, orderId);
  const attempts = await orderAttempts(deps.db, orderId);
  const current = attempts.find((attempt) => attempt.gatewayPaymentId === paymentId);
  for (const attempt of attempts) {
    if (!isOpenAttempt(attempt)) continue;
    if (options.keepCurrent && (!current || attempt.id >= current.id)) continue;
    try {
      await cancelAttempt(deps, attempt, now);
    } catch (error) {
      deps.log?.warn(
        { err: error, orderId, attemptId: attempt.id },
        'could not withdraw an older payment; reconciliation keeps asking about it',
      );
    }
  }
}
