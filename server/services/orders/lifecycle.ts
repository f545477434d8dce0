// The order's payment lifecycle after creation: its stock held while a payment is tried, given back when the order
// is cancelled or expires unpaid, and the gateway's answer applied (paid, failed) under the order's row lock.
import type { OrderLimits } from '../../config';
import type { Db } from '../../db/client';
import {
  orderItemRows,
  orderRow,
  ownedOrderRow,
  updateOrder,
  updateOrderReturning,
  type OrderRow,
} from '../../db/queries/orders';
import { lockOrderRow, orderStockNeeds } from '../../db/queries/paymentAttempts';
import { returnStock, takeStock, type StockNeed } from '../../db/stock';
import type { CartOwner } from '../cart';
import { parseId } from '../../lib/ids';
import { Conflict, NotFound } from '../errors';
import type { MailService } from '../mail';
import { queueOrderMail } from '../../mails/orderMails';
import type { PaymentGateway } from '../payments';
import { claimPendingSlot } from './limits';
import {
  applyPaymentOutcome,
  moneyHeldFor,
  settleOpenAttempts,
  type GatewayOutcome,
  type PaymentLog,
} from './paymentAttempts';
import type { OrderWithItems } from './queries';

/** The pieces the order holds (or held), by product. */
export const stockNeedsOf: (db: Db, orderId: number) => Promise<StockNeed[]> = orderStockNeeds;

/** The order, locked for the rest of the transaction, so two outcomes for one order apply one after the other. */
export const lockOrder: (db: Db, orderId: number) => Promise<OrderRow | undefined> = lockOrderRow;

export const ORDER_NOT_CANCELABLE = 'Only an unpaid order can be cancelled.';
export const ORDER_STOCK_GONE = 'Some items of this order are no longer in stock.';
export const ORDER_EXPIRED = 'This order expired unpaid and its items went back on sale.';
export const ORDER_CLOSED = 'This order is already paid or closed.';

/** The shopper's own pending order becomes canceled and its stock goes back on sale; the shopper is told. */
export async function cancelOrder(
  db: Db,
  userId: number,
  orderId: number,
  now: Date,
  mail?: MailService,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || order.userId !== userId) throw new NotFound('Order not found');
    if (order.status !== 'pending' && order.status !== 'failed') throw new Conflict(ORDER_NOT_CANCELABLE);
    const canceled = await updateOrderReturning(tx, orderId, {
      status: 'canceled',
      stockReserved: false,
      reservedUntil: null,
      updatedAt: now,
    });
    if (order.stockReserved) await returnStock(tx, await stockNeedsOf(tx, orderId));
    if (!canceled) throw new NotFound('Order not found');
    if (mail) {
      // A payment the gateway took that did not match the order waits for staff: its money goes back, say so.
      const held = await moneyHeldFor(tx, orderId);
      await queueOrderMail(tx, mail, orderId, 'cancelled', now, {
        paidWhenCancelled: held !== null,
        ...(held ? { paid: held } : {}),
      });
    }
    return canceled;
  });
}

/** What holding an order's stock again must respect: the same limits as creation, the owner's hold time. */
export interface HoldRules {
  limits: Pick<OrderLimits, 'maxPendingPerOwner' | 'maxPendingPerAddress'>;
  /** config.unpaidOrderTtlMs */
  userHoldMs: number;
  /** config.guestUnpaidOrderTtlMs */
  guestHoldMs: number;
}

const ownerOf = (order: Pick<OrderRow, 'userId' | 'guestCartId'>): CartOwner | null =>
  order.userId !== null
    ? { userId: order.userId }
    : order.guestCartId !== null
      ? { guestCartId: order.guestCartId }
      : null;

/**
 * Before a new payment attempt: the order must be payable (pending, or failed and tried again), checked under its
 * row lock so a cancel or a refund decided at the same moment is never undone. An order whose last attempt failed
 * holds its stock again only as a new order would: its owner's and its address's unpaid orders counted under the
 * same locks as creation (taken first, in creation's order), and only until the deadline it got when it was placed
 * (a decline and a retry renew nothing). An order past its deadline is expired here if the job has not yet, and
 * refused: its pieces may already be in someone else's order.
 */
export async function holdStockForPayment(
  db: Db,
  orderId: number,
  now: Date,
  rules: HoldRules,
  mail?: MailService,
): Promise<void> {
  const refusal = await db.transaction(async (tx) => {
    const seen = await orderRow(tx, orderId);
    if (!seen) return new NotFound('Order not found');
    const reviving = seen.status === 'failed' && !seen.stockReserved;
    const owner = ownerOf(seen);
    if (reviving && owner) {
      await claimPendingSlot(tx, { owner, addressHash: seen.clientAddressHash, limits: rules.limits, now });
    }
    const order = await lockOrder(tx, orderId);
    if (!order) return new NotFound('Order not found');
    if (order.status === 'expired') return new Conflict(ORDER_EXPIRED);
    if (order.status !== 'pending' && order.status !== 'failed') return new Conflict(ORDER_CLOSED);
    if (isOverdue(order, now)) {
      await expireLockedOrder(tx, order, now, mail);
      return new Conflict(ORDER_EXPIRED);
    }
    if (order.stockReserved) return null;
    // A guest's order merged into an account between the two reads: the account's places count too.
    const lockedOwner = ownerOf(order);
    if (!reviving || (lockedOwner && owner && 'userId' in lockedOwner !== 'userId' in owner)) {
      if (lockedOwner) {
        await claimPendingSlot(tx, {
          owner: lockedOwner,
          addressHash: order.clientAddressHash,
          limits: rules.limits,
          now,
        });
      }
    }
    if ((await takeStock(tx, await stockNeedsOf(tx, orderId))).length > 0) {
      throw new Conflict(ORDER_STOCK_GONE);
    }
    const holdMs = order.userId !== null ? rules.userHoldMs : rules.guestHoldMs;
    await updateOrder(tx, orderId, {
      status: 'pending',
      stockReserved: true,
      // Orders failed before deadlines were kept have none: they get the owner's hold from now.
      reservedUntil: order.reservedUntil ?? new Date(now.getTime() + holdMs),
      expiryClaimedUntil: null,
      updatedAt: now,
    });
    return null;
  });
  // Thrown after the transaction, so the expiry it recorded is kept.
  if (refusal) throw refusal;
}

function isOverdue(order: OrderRow, now: Date): boolean {
  return order.reservedUntil !== null && order.reservedUntil.getTime() <= now.getTime();
}

async function expireLockedOrder(tx: Db, order: OrderRow, now: Date, mail?: MailService): Promise<void> {
  await updateOrder(tx, order.id, {
    status: 'expired',
    stockReserved: false,
    reservedUntil: null,
    updatedAt: now,
  });
  if (order.stockReserved) await returnStock(tx, await stockNeedsOf(tx, order.id));
  if (mail) await queueOrderMail(tx, mail, order.id, 'expired', now);
}

/**
 * Expires an unpaid order past its deadline (one the expiry job claimed, or a stranded one a request finds): a
 * pending one gives its stock back, a failed one (holding nothing) stops being payable. Answers false when the order
 * moved on meanwhile: paid or cancelled.
 */
export async function expireOverdueOrder(
  db: Db,
  orderId: number,
  now: Date,
  mail?: MailService,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const unpaid = (order?.status === 'pending' && order.stockReserved) || order?.status === 'failed';
    if (!order || !unpaid || !isOverdue(order, now)) return false;
    await expireLockedOrder(tx, order, now, mail);
    return true;
  });
}

/** Delivery is outside this server; journeys and demos move an order on with this (never in production). */
export async function markOrderCompleted(
  db: Db,
  orderId: number,
  now: Date,
  mail?: MailService,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const order = await updateOrderReturning(tx, orderId, { status: 'completed', updatedAt: now });
    if (!order) throw new NotFound('Order not found');
    if (mail) await queueOrderMail(tx, mail, orderId, 'delivered', now);
    return order;
  });
}

/**
 * Cancels the shopper's own pending order. The shopper may have paid on the gateway without coming back: the
 * gateway is asked first, so a paid order is not cancelled.
 */
export async function cancelUserOrder(
  deps: { db: Db; gateway: PaymentGateway; now: Date; log?: PaymentLog; mail?: MailService },
  userId: number,
  orderIdText: string,
): Promise<OrderWithItems> {
  const { db, now } = deps;
  const id = parseId(orderIdText);
  const order = id === null ? undefined : await ownedOrderRow(db, id, { userId });
  if (!order) throw new NotFound('Order not found');
  // Every attempt the gateway may have taken money for, not only the latest.
  if (order.status === 'pending') await settleOpenAttempts(deps, order.id, now);
  const canceled = await cancelOrder(db, userId, order.id, now, deps.mail);
  return { order: canceled, items: await orderItemRows(db, [order.id]) };
}

/** The gateway's answer decides the order's status; the order as it is then (undefined if it is gone). */
export async function orderAfterPayment(
  deps: { db: Db; gateway: PaymentGateway; log?: PaymentLog; mail?: MailService },
  orderId: number,
  outcome: GatewayOutcome,
  now: Date,
): Promise<OrderRow | undefined> {
  await applyPaymentOutcome(deps, orderId, outcome, now);
  return orderRow(deps.db, orderId);
}
