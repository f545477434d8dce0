// Paying an order: only its owner may, always for the order's own amount and currency (what the client sends is
// checked against the order, never charged), and one attempt at a time: starting a payment withdraws the order's
// older ones at the gateway where the gateway allows it.
import type { Db } from '../../db/client';
import {
  orderRow,
  ownedOrderRow,
  setPaymentLink,
  type OrderOwner,
  type OrderRow,
} from '../../db/queries/orders';
import { lockOrderRow } from '../../db/queries/paymentAttempts';
import { Conflict, Invalid, NotFound } from '../errors';
import { roundMoney, type ExecuteResult, type PaymentGateway, type PaymentMethod } from '../payments';
import type { MailService } from '../mail';
import { holdStockForPayment, ORDER_CLOSED, type HoldRules } from './lifecycle';
import {
  cancelAttempt,
  cancelOtherAttempts,
  orderAttempts,
  recordAttempt,
  type AttemptRow,
  type PaymentLog,
} from './paymentAttempts';

export const ORDER_ID_REQUIRED = 'The order id field is required.';
export const INVOICE_VALUE_MISMATCH = 'The invoice value field must match the order total.';
export const CURRENCY_MISMATCH = 'The currency iso field must match the order currency.';

export interface PaymentDeps {
  db: Db;
  gateway: PaymentGateway;
  log?: PaymentLog;
  /** the order's mails (paid, expired) are queued with its changes */
  mail?: MailService;
}

export interface PaymentRequest {
  orderId: number | undefined;
  /** who asks: the signed-in account and/or the guest cart its token opens (empty: nobody) */
  owners: OrderOwner[];
  /** what the client believes it pays; checked against the order */
  invoiceValue?: number;
  currencyIso?: string;
}

/** The order the caller owns, else NotFound (another shopper's and an unknown order look the same). */
async function ownedOrder(db: Db, request: PaymentRequest): Promise<OrderRow> {
  if (request.orderId === undefined) throw new Invalid({ order_id: [ORDER_ID_REQUIRED] });
  for (const owner of request.owners) {
    const order = await ownedOrderRow(db, request.orderId, owner);
    if (order) return order;
  }
  throw new NotFound('Order not found');
}

function assertCurrency(order: OrderRow, currencyIso: string | undefined): void {
  if (currencyIso !== undefined && currencyIso.trim().toUpperCase() !== order.currency.toUpperCase()) {
    throw new Invalid({ currency_iso: [CURRENCY_MISMATCH] });
  }
}

const sameMoney = (a: number, b: number, currency: string) =>
  roundMoney(a, currency) === roundMoney(b, currency);

function assertPayable(order: OrderRow): void {
  if (order.status !== 'pending' && order.status !== 'failed') throw new Conflict(ORDER_CLOSED);
}

/** The methods for paying the caller's own order, priced at its total. */
export async function paymentMethodsFor(
  deps: PaymentDeps,
  request: PaymentRequest & { countryCode?: string },
): Promise<PaymentMethod[]> {
  const order = await ownedOrder(deps.db, request);
  assertCurrency(order, request.currencyIso);
  if (
    request.invoiceValue !== undefined &&
    !sameMoney(request.invoiceValue, order.totalPrice, order.currency)
  ) {
    throw new Invalid({ invoice_value: [INVOICE_VALUE_MISMATCH] });
  }
  assertPayable(order);
  return deps.gateway.initiate({
    invoiceValue: roundMoney(order.totalPrice, order.currency),
    currencyIso: order.currency,
    ...(request.countryCode ? { countryCode: request.countryCode } : {}),
  });
}

/**
 * Starts a payment of the caller's own order with the chosen method. The client's invoice_value may be the order's
 * total or that total with the method's service charge (the TotalAmount initiate-payment showed); anything else is
 * a 422. The order is checked and its stock held under its row lock; its older live attempts are withdrawn (or, where
 * the gateway cannot, left to reconciliation); the new attempt is recorded and becomes the order's payment link.
 */
export async function startOrderPayment(
  deps: PaymentDeps & { now: Date; hold: HoldRules },
  request: PaymentRequest & { paymentMethodId: number },
): Promise<ExecuteResult> {
  const { db, gateway, now } = deps;
  const order = await ownedOrder(db, request);
  assertCurrency(order, request.currencyIso);
  const total = roundMoney(order.totalPrice, order.currency);
  if (request.invoiceValue !== undefined && !sameMoney(request.invoiceValue, total, order.currency)) {
    const quoted = (await gateway.initiate({ invoiceValue: total, currencyIso: order.currency })).find(
      (method) => method.PaymentMethodId === request.paymentMethodId,
    );
    if (!quoted || !sameMoney(request.invoiceValue, quoted.TotalAmount, order.currency)) {
      throw new Invalid({ invoice_value: [INVOICE_VALUE_MISMATCH] });
    }
  }
  await holdStockForPayment(db, order.id, now, deps.hold, deps.mail);
  // Withdrawing the older attempts also learns of one paid meanwhile (the shopper paid in another tab): that one
  // settles the order, and no new payment is started.
  await cancelOtherAttempts(deps, order.id, { keepCurrent: false }, now);
  if ((await orderRow(db, order.id))?.status !== 'pending') throw new Conflict(ORDER_CLOSED);

  const payment = await gateway.execute({
    invoiceValue: total,
    currencyIso: order.currency,
    paymentMethodId: request.paymentMethodId,
    orderId: order.id,
    customerEmail: order.contactEmail,
  });
  const attempt = await recordAttempt(
    db,
    gateway.name,
    order.id,
    { ...payment, amount: total, currency: order.currency },
    now,
  );
  const linked = await linkAttempt(db, attempt, { ...payment, paymentMethod: payment.methodName }, now);
  if (!linked) {
    await cancelAttempt(deps, attempt, now).catch(() => false);
    throw new Conflict(ORDER_CLOSED);
  }
  if (linked.paymentId !== payment.paymentId) {
    // A payment started at the same moment by another request of the same shopper is newer and is the link: that
    // one stays live, this one is withdrawn, and the shopper is sent to the live one.
    await cancelAttempt(deps, attempt, now).catch(() => false);
    return linked;
  }
  await cancelOtherAttempts(deps, order.id, { keepCurrent: true }, now);
  return payment;
}

/**
 * Makes a just-recorded attempt the order's payment link, under the order's lock (the order may have been
 * cancelled or paid while the gateway was answering: null then). The link only moves forward: when another
 * request linked a newer attempt meanwhile, that one stays the link and is answered. So an attempt newer than the
 * link is always one a request is starting (reconciliation leaves it alone).
 */
export async function linkAttempt(
  db: Db,
  attempt: AttemptRow,
  link: { paymentId: string; paymentUrl: string; paymentMethod?: string | undefined },
  now: Date,
): Promise<ExecuteResult | null> {
  return db.transaction(async (tx) => {
    const locked = await lockOrderRow(tx, attempt.orderId);
    if (!locked || locked.status !== 'pending') return null;
    const current = locked.paymentId
      ? (await orderAttempts(tx, attempt.orderId)).find((one) => one.gatewayPaymentId === locked.paymentId)
      : undefined;
    if (current && current.id > attempt.id && locked.paymentUrl) {
      return {
        paymentId: current.gatewayPaymentId,
        invoiceId: current.invoiceId ?? current.gatewayPaymentId,
        paymentUrl: locked.paymentUrl,
      };
    }
    await setPaymentLink(
      tx,
      attempt.orderId,
      {
        paymentId: link.paymentId,
        paymentUrl: link.paymentUrl,
        ...(link.paymentMethod ? { paymentMethod: link.paymentMethod } : {}),
      },
      now,
    );
    return {
      paymentId: link.paymentId,
      invoiceId: attempt.invoiceId ?? link.paymentId,
      paymentUrl: link.paymentUrl,
    };
  });
}
