// Staff and orders: the list, an order's page, and the actions its status allows (deliver, cancel, refund).
// Every action runs under the order's row lock, writes its audit entry in the same transaction, and answers the
// order as it is when the same click comes again (no second entry, no second mail).
import {
  ADMIN_REFUSALS,
  type AdminOrder,
  type AdminOrdersResponse,
  type AdminOrdersQuery,
  type PaymentAttempt,
} from '../../../contract/admin';
import type { Db } from '../../db/client';
import {
  customerNameOf,
  markPaidAttemptsRefundDue,
  orderListRows,
  userNames,
} from '../../db/queries/backOffice';
import { orderItemRows, orderRow, updateOrder, type OrderRow } from '../../db/queries/orders';
import {
  countOrderAttemptsIn,
  lockAttempt,
  orderStockNeeds,
  type AttemptRow,
} from '../../db/queries/paymentAttempts';
import type { AuditValues } from '../../db/queries/audit';
import { returnStock, uncountSold } from '../../db/stock';
import type { MailService } from '../mail';
import { queueOrderMail, queueStaffMail } from '../../mails/orderMails';
import { lockOrder, stockNeedsOf } from '../orders/lifecycle';
import {
  moneyHeldFor,
  orderAttempts,
  recordRefund,
  REFUNDABLE_STATES,
  settleOpenAttempts,
  settlePaid,
  takeStockAgain,
} from '../orders/paymentAttempts';
import { orderDetailFields } from '../orderItems';
import type { PaymentGateway } from '../payments';
import { foundById, parseId } from '../../lib/ids';
import { Conflict, NotFound } from '../errors';
import { auditOfOrder, writeAudit, type Actor } from './audit';
import { DAY_MS, pageOf, shopDayStart } from './paging';

type OrderStatus = OrderRow['status'];

export interface OrderActionDeps {
  db: Db;
  gateway: PaymentGateway;
  mail: MailService;
  now: Date;
}

export const ORDER_ACTION_MESSAGES = {
  delivered: 'The order is marked delivered.',
  canceled: 'The order is cancelled.',
  refunded: 'The refund is recorded.',
  accepted: 'The payment is accepted: the order is paid.',
  unchanged: 'Nothing to change: the order is already so.',
} as const;

const DELIVERABLE: readonly OrderStatus[] = ['paid'];
const CANCELABLE: readonly OrderStatus[] = ['pending', 'paid'];
/** An order that has not taken money yet: staff may accept a mismatched payment for it. */
const ACCEPTS_PAYMENT: readonly OrderStatus[] = ['pending', 'failed', 'expired'];

export async function listOrders(db: Db, query: AdminOrdersQuery): Promise<AdminOrdersResponse> {
  const page = pageOf(query);
  const number = query.number?.trim().replace(/^#/, '');
  const id = number ? parseId(number) : null;
  const from = query.from ? shopDayStart(query.from, 'from') : undefined;
  const before = query.to ? new Date(shopDayStart(query.to, 'to').getTime() + DAY_MS) : undefined;
  if (number && id === null) return { data: [], page: page.page, per_page: page.perPage, total: 0 };
  const { rows, total } = await orderListRows(
    db,
    {
      status: query.status,
      from,
      before,
      ...(id !== null ? { id } : {}),
      contact: query.contact?.trim() || undefined,
    },
    query.sort ?? 'created_at',
    query.dir ?? 'desc',
    page,
  );
  return {
    data: rows.map(({ order, customerName, itemsCount }) => ({
      id: order.id,
      status: order.status,
      total_price: order.totalPrice,
      currency: order.currency,
      created_at: order.createdAt.toISOString(),
      paid_at: order.paidAt?.toISOString() ?? null,
      contact_email: order.contactEmail,
      contact_phone: order.contactPhone,
      customer_name: customerName,
      items_count: Number(itemsCount),
    })),
    page: page.page,
    per_page: page.perPage,
    total,
  };
}

/** The order's payment attempts, oldest first, with the name of whoever recorded a refund. */
export async function paymentAttemptsOf(db: Db, orderId: number): Promise<PaymentAttempt[]> {
  const rows = await orderAttempts(db, orderId);
  const staffIds = [...new Set(rows.flatMap((row) => (row.refundedBy === null ? [] : [row.refundedBy])))];
  const names = staffIds.length === 0 ? [] : await userNames(db, staffIds);
  const nameOf = new Map(names.map((row) => [row.id, row.name]));
  return rows.map((row) => ({
    id: row.id,
    gateway: row.gateway,
    gateway_payment_id: row.gatewayPaymentId,
    invoice_id: row.invoiceId,
    amount: row.amount,
    currency: row.currency,
    state: row.state,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    checked_at: row.checkedAt?.toISOString() ?? null,
    refunded_at: row.refundedAt?.toISOString() ?? null,
    refunded_by: row.refundedBy === null ? null : (nameOf.get(row.refundedBy) ?? null),
  }));
}

async function adminOrder(db: Db, order: OrderRow): Promise<AdminOrder> {
  const [items, payments, audit, customerName] = await Promise.all([
    orderItemRows(db, [order.id]),
    paymentAttemptsOf(db, order.id),
    auditOfOrder(db, order.id),
    customerNameOf(db, order.userId),
  ]);
  return {
    id: order.id,
    status: order.status,
    total_price: order.totalPrice,
    currency: order.currency,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
    paid_at: order.paidAt?.toISOString() ?? null,
    contact_email: order.contactEmail,
    contact_phone: order.contactPhone,
    contact_country_code: order.contactCountryCode,
    customer_name: customerName,
    user_id: order.userId,
    address: order.address,
    ...orderDetailFields(order, items),
    payments,
    audit,
    can_deliver: DELIVERABLE.includes(order.status),
    can_cancel: CANCELABLE.includes(order.status),
    money_to_review: payments.some((payment) => payment.state === 'amount_mismatch'),
    can_accept_payment: ACCEPTS_PAYMENT.includes(order.status),
  };
}

async function existingOrder(db: Db, idText: string): Promise<OrderRow> {
  return foundById(idText, (id) => orderRow(db, id), 'Order not found');
}

export async function orderPage(db: Db, idText: string): Promise<AdminOrder> {
  return adminOrder(db, await existingOrder(db, idText));
}

export interface ActionResult {
  message: string;
  order: AdminOrder;
  /** false when the same click came again and nothing changed */
  changed: boolean;
}

/** paid → completed: the shopper's order is delivered and its items can be reviewed. */
export async function deliverOrder(
  deps: OrderActionDeps,
  actor: Actor,
  idText: string,
): Promise<ActionResult> {
  const { db, now } = deps;
  const found = await existingOrder(db, idText);
  const changed = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, found.id);
    if (!order) throw new NotFound('Order not found');
    if (order.status === 'completed') return false;
    if (!DELIVERABLE.includes(order.status))
      throw new Conflict(ADMIN_REFUSALS.order_not_deliverable, undefined, 'order_not_deliverable');
    await updateOrder(tx, order.id, { status: 'completed', updatedAt: now });
    await writeAudit(
      tx,
      actor,
      {
        action: 'order.delivered',
        subjectType: 'order',
        subjectId: order.id,
        before: { status: order.status },
        after: { status: 'completed' },
      },
      now,
    );
    await queueOrderMail(tx, deps.mail, order.id, 'delivered', now);
    return true;
  });
  const order = await existingOrder(db, idText);
  return {
    message: changed ? ORDER_ACTION_MESSAGES.delivered : ORDER_ACTION_MESSAGES.unchanged,
    order: await adminOrder(db, order),
    changed,
  };
}

/**
 * pending or paid → cancelled by staff: the stock goes back on sale and the shopper is mailed. A paid order's money
 * has to go back: it becomes refund_due (the order and its payment) until staff record the refund. A pending order
 * with a payment under way is first checked with the gateway, as the shopper's own cancel does.
 */
export async function cancelOrderAsStaff(
  deps: OrderActionDeps,
  actor: Actor,
  idText: string,
): Promise<ActionResult> {
  const { db, gateway, now } = deps;
  const found = await existingOrder(db, idText);
  // Every attempt the gateway may have taken money for, as the shopper's own cancel does.
  if (found.status === 'pending') await settleOpenAttempts({ db, gateway, mail: deps.mail }, found.id, now);
  const outcome = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, found.id);
    if (!order) throw new NotFound('Order not found');
    // The same click again: cancelled already (or waiting for its refund after a staff cancel).
    if (order.status === 'canceled') return null;
    if (order.status === 'refund_due' && !order.stockReserved) return null;
    if (!CANCELABLE.includes(order.status))
      throw new Conflict(ADMIN_REFUSALS.order_not_cancelable, undefined, 'order_not_cancelable');
    const status: OrderStatus = order.status === 'paid' ? 'refund_due' : 'canceled';
    await updateOrder(tx, order.id, { status, stockReserved: false, reservedUntil: null, updatedAt: now });
    const needs = await stockNeedsOf(tx, order.id);
    if (order.stockReserved) await returnStock(tx, needs);
    let refundsDue = 0;
    if (order.status === 'paid') {
      // The money it was paid with goes back: staff record each refund when it is done.
      refundsDue = await markPaidAttemptsRefundDue(tx, order.id, now);
      // Counted as sold when it was paid; it is not sold any more.
      await uncountSold(tx, needs);
    }
    await writeAudit(
      tx,
      actor,
      {
        action: 'order.canceled',
        subjectType: 'order',
        subjectId: order.id,
        before: { status: order.status },
        after: { status, ...(refundsDue > 0 ? { payments_refund_due: refundsDue } : {}) },
      },
      now,
    );
    // Told in the same transaction: the mail of an order the shop holds money for (paid, or a payment waiting for
    // staff) says the money goes back, never that nothing was charged.
    const held = await moneyHeldFor(tx, order.id);
    await queueOrderMail(tx, deps.mail, order.id, 'cancelled', now, {
      paidWhenCancelled: held !== null,
      ...(held ? { paid: held } : {}),
    });
    return { order, status };
  });
  const order = await existingOrder(db, idText);
  return {
    message: outcome ? ORDER_ACTION_MESSAGES.canceled : ORDER_ACTION_MESSAGES.unchanged,
    order: await adminOrder(db, order),
    changed: outcome !== null,
  };
}

/**
 * Staff gave a `refund_due` (or `amount_mismatch`) payment's money back: the attempt becomes refunded (who, when). An
 * order that waited for its money to go back (refund_due) is closed as cancelled once none of its payments is due
 * any more; an unpaid order held for a mismatched payment is held no longer (releaseReviewHold).
 */
export async function recordOrderRefund(
  deps: OrderActionDeps,
  actor: Actor,
  idText: string,
  paymentIdText: string,
): Promise<ActionResult> {
  const { now } = deps;
  return onOrderPayment(
    deps,
    idText,
    paymentIdText,
    ORDER_ACTION_MESSAGES.refunded,
    async (tx, order, attempt) => {
      if (attempt.state === 'refunded') return false;
      if (!REFUNDABLE_STATES.includes(attempt.state))
        throw new Conflict(ADMIN_REFUSALS.payment_not_refund_due, undefined, 'payment_not_refund_due');
      await recordRefund(tx, attempt.id, actor.id, now);
      await queueOrderMail(tx, deps.mail, order.id, 'refunded', now, {
        refund: { amount: attempt.amount, currency: attempt.currency },
      });
      await auditPayment(
        tx,
        actor,
        attempt,
        now,
        'payment.refunded',
        { state: attempt.state },
        {
          state: 'refunded',
          amount: attempt.amount,
          currency: attempt.currency,
        },
      );
      if (order.status === 'refund_due') {
        if ((await countOrderAttemptsIn(tx, order.id, 'refund_due')) === 0) {
          await updateOrder(tx, order.id, { status: 'canceled', updatedAt: now });
          await writeAudit(
            tx,
            actor,
            {
              action: 'order.refunded',
              subjectType: 'order',
              subjectId: order.id,
              before: { status: 'refund_due' },
              after: { status: 'canceled' },
            },
            now,
          );
        }
      }
      if (attempt.state === 'amount_mismatch') await releaseReviewHold(tx, order, now);
      return true;
    },
  );
}

/**
 * A staff action on one payment of one order: the ids parsed (404 payment_not_found for one that is not the order's),
 * the order locked first, then its attempt (the order the payment outcomes lock in), the action in that transaction;
 * then the order as staff see it now, with `done` as the message when the action changed something.
 */
async function onOrderPayment(
  deps: OrderActionDeps,
  idText: string,
  paymentIdText: string,
  done: string,
  action: (tx: Db, order: OrderRow, attempt: AttemptRow) => Promise<boolean>,
): Promise<ActionResult> {
  const { db } = deps;
  const found = await existingOrder(db, idText);
  const attemptId = parseId(paymentIdText);
  const notFound = () => new NotFound(ADMIN_REFUSALS.payment_not_found, 'payment_not_found');
  if (attemptId === null) throw notFound();
  const changed = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, found.id);
    const attempt = await lockAttempt(tx, attemptId);
    if (!order || !attempt || attempt.orderId !== order.id) throw notFound();
    return action(tx, order, attempt);
  });
  return {
    message: changed ? done : ORDER_ACTION_MESSAGES.unchanged,
    order: await adminOrder(db, await existingOrder(db, idText)),
    changed,
  };
}

/** A payment's audit entry, listed on its order's page. */
function auditPayment(
  tx: Db,
  actor: Actor,
  attempt: AttemptRow,
  now: Date,
  action: string,
  before: AuditValues,
  after: AuditValues,
): Promise<void> {
  return writeAudit(
    tx,
    actor,
    { action, subjectType: 'payment', subjectId: attempt.id, orderId: attempt.orderId, before, after },
    now,
  );
}

/**
 * After a mismatched payment's money went back: an unpaid order that was held for staff's decision (no deadline) and
 * has no other payment to look at is held no longer. It is due now: the expiry job (which asks the gateway about its
 * open payments first) expires it at its next run and its pieces go back on sale.
 */
async function releaseReviewHold(tx: Db, order: OrderRow, now: Date): Promise<void> {
  if (order.status !== 'pending' || !order.stockReserved || order.reservedUntil !== null) return;
  if ((await countOrderAttemptsIn(tx, order.id, 'amount_mismatch')) > 0) return;
  await updateOrder(tx, order.id, { reservedUntil: now, updatedAt: now });
}

/**
 * Staff accept a payment the gateway took for another amount or currency than the order's (`amount_mismatch`): the
 * order is paid with it, as if it had matched. Only an order that has not taken money (pending, failed, expired):
 * one that holds no stock takes its pieces again, or is refused (`order_stock_gone`) and the payment is to be
 * refunded instead; a paid, delivered or cancelled order refuses it (`payment_not_acceptable`). Audited
 * (payment.accepted) with the amount taken and the order's total; the same click again changes nothing.
 */
export async function acceptMismatchedPayment(
  deps: OrderActionDeps,
  actor: Actor,
  idText: string,
  paymentIdText: string,
): Promise<ActionResult> {
  const { now } = deps;
  return onOrderPayment(
    deps,
    idText,
    paymentIdText,
    ORDER_ACTION_MESSAGES.accepted,
    async (tx, order, attempt) => {
      if (attempt.state === 'paid' && order.paymentId === attempt.gatewayPaymentId) return false;
      if (attempt.state !== 'amount_mismatch')
        throw new Conflict(ADMIN_REFUSALS.payment_not_in_review, undefined, 'payment_not_in_review');
      if (!ACCEPTS_PAYMENT.includes(order.status))
        throw new Conflict(ADMIN_REFUSALS.payment_not_acceptable, undefined, 'payment_not_acceptable');
      const needs = await orderStockNeeds(tx, order.id);
      if (!order.stockReserved && !(await takeStockAgain(tx, needs)))
        throw new Conflict(ADMIN_REFUSALS.order_stock_gone, undefined, 'order_stock_gone');
      await settlePaid(
        tx,
        order,
        attempt,
        { paymentId: attempt.gatewayPaymentId, amount: attempt.amount, currencyIso: attempt.currency },
        needs,
        now,
      );
      await auditPayment(
        tx,
        actor,
        attempt,
        now,
        'payment.accepted',
        { state: 'amount_mismatch', status: order.status },
        {
          state: 'paid',
          status: 'paid',
          amount: attempt.amount,
          currency: attempt.currency,
          order_total: order.totalPrice,
          order_currency: order.currency,
        },
      );
      // Paid now: the shopper's receipt (for what was taken) and the staff's notice, as a paid gateway payment sends them.
      await queueOrderMail(tx, deps.mail, order.id, 'paid', now, {
        paid: { amount: attempt.amount, currency: attempt.currency },
      });
      await queueStaffMail(tx, deps.mail, { event: 'paid_order', orderId: order.id }, now);
      return true;
    },
  );
}
