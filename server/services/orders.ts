// Order creation (server-side totals, idempotent double submits) and the payment outcome applied to an order.
import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { UNPAID_ORDER_TTL_MS, type OrderLimits } from '../config';
import type { Db } from '../db/client';
import {
  orderItemRows,
  orderRow,
  ownedOrderRow,
  userOrderRows,
  type OrderItemRow,
} from '../db/queries/orders';
import { areas, governorates, orderItems, orders, products } from '../db/schema';
import { returnStock, takeStock, type StockNeed } from '../db/stock';
import { MAX_AMOUNT } from '../../contract/common';
import { convert, findRate, parseId } from './catalog';
import type { CartOwner } from './cart';
import {
  applyPaymentOutcome,
  cancelAttempt,
  recordAttempt,
  settleOpenAttempts,
  type GatewayOutcome,
  type PaymentLog,
} from './paymentAttempts';
import type { PaymentGateway } from './payments';
import { couponTerms, findValidCoupon, orderFigures, priceCart } from './pricing';
import { Conflict, Invalid, NotFound, type FieldErrors } from './errors';
import { checkQuantityCap, claimPendingSlot, clientAddressHash } from './orderLimits';

/** A second identical submit within this window is the same order (double click, flaky network retry). */
export const DUPLICATE_WINDOW_MS = 2 * 60 * 1000;
/** An explicit Idempotency-Key is honoured for a day, as payment APIs do. */
export const IDEMPOTENCY_KEY_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface OrderRequest {
  governorate_name?: unknown;
  area_name?: unknown;
  address?: unknown;
  payment_method?: unknown;
  shipping_cost?: unknown;
  total_price?: unknown;
  guest_phone?: unknown;
  guest_email?: unknown;
  guest_country_code?: unknown;
  coupon_code?: unknown;
  currency?: unknown;
}

function text(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' ? value.trim() : '';
}

/** A finite amount the money columns can hold, as a JSON number or plain decimal text. */
function isAmount(value: unknown): boolean {
  let amount = Number.NaN;
  if (typeof value === 'number') amount = value;
  else if (typeof value === 'string' && /^\d{1,15}(\.\d{1,15})?$/.test(value.trim())) amount = Number(value);
  return Number.isFinite(amount) && amount >= 0 && amount <= MAX_AMOUNT;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ValidOrderRequest {
  governorateName: string;
  areaName: string;
  address: string;
  paymentMethod: string;
  email: string;
  phone: string;
  countryCode: string;
  couponCode: string | null;
  currency: unknown;
  clientTotal: string;
  clientShipping: string;
}

/** The checks of spec 02 §8 with its exact messages. Signed-in shoppers fall back to their account e-mail. */
export function validateOrderRequest(
  body: OrderRequest,
  account: { email: string } | null,
): ValidOrderRequest {
  const errors: FieldErrors = {};
  const need = (field: keyof OrderRequest, message: string) => {
    const value = text(body[field]);
    if (!value) errors[field] = [message];
    return value;
  };
  const governorateName = need('governorate_name', 'Governorate name is required');
  const areaName = need('area_name', 'Area name is required');
  const address = need('address', 'Address is required');
  const paymentMethod = need('payment_method', 'Payment method is required');
  if (body.shipping_cost === undefined || body.shipping_cost === null || body.shipping_cost === '') {
    errors.shipping_cost = ['Shipping cost is required'];
  } else if (!isAmount(body.shipping_cost)) errors.shipping_cost = ['Shipping cost must be a number'];
  if (body.total_price === undefined || body.total_price === null || body.total_price === '') {
    errors.total_price = ['Total price is required'];
  } else if (!isAmount(body.total_price)) errors.total_price = ['Total price must be a number'];

  let email = text(body.guest_email);
  if (!email && account) email = account.email;
  if (!email) errors.guest_email = ['Email is required'];
  else if (!EMAIL.test(email) || email.length > 255)
    errors.guest_email = ['Email must be a valid email address'];

  const phone = text(body.guest_phone).replace(/[\s-]/g, '');
  if (!phone) errors.guest_phone = ['Phone number is required'];
  else if (!/^\+?\d+$/.test(phone)) errors.guest_phone = ['Phone number must contain only digits'];
  else if (phone.length < 8 || phone.length > 16)
    errors.guest_phone = ['Phone number must be at least 8 digits'];

  let countryCode = text(body.guest_country_code);
  if (!countryCode && account) countryCode = '+965';
  if (!countryCode) errors.guest_country_code = ['Country code is required'];
  else if (!/^\+?\d{1,4}$/.test(countryCode)) errors.guest_country_code = ['Country code is invalid'];

  for (const [field, value, max] of [
    ['governorate_name', governorateName, 100],
    ['area_name', areaName, 100],
    ['address', address, 1000],
    ['payment_method', paymentMethod, 50],
  ] as const) {
    if (value.length > max && !errors[field]) errors[field] = [`The ${field.replace(/_/g, ' ')} is too long`];
  }
  if (Object.keys(errors).length > 0) throw new Invalid(errors);
  const couponCode = text(body.coupon_code);
  return {
    governorateName,
    areaName,
    address,
    paymentMethod,
    email: email.toLowerCase(),
    phone,
    countryCode: countryCode.startsWith('+') ? countryCode : `+${countryCode}`,
    couponCode: couponCode ? couponCode.slice(0, 64) : null,
    currency: body.currency,
    clientTotal: text(body.total_price).slice(0, 32),
    clientShipping: text(body.shipping_cost).slice(0, 32),
  };
}

/** The delivery price of the named area (English or Arabic names, as the SPA stores both). */
export async function shippingPriceKwd(db: Db, governorateName: string, areaName: string): Promise<number> {
  const [row] = await db
    .select({ price: areas.shippingPrice })
    .from(areas)
    .innerJoin(governorates, eq(governorates.id, areas.governorateId))
    .where(
      and(
        sql`(lower(${governorates.nameEn}) = lower(${governorateName}) or ${governorates.nameAr} = ${governorateName})`,
        sql`(lower(${areas.nameEn}) = lower(${areaName}) or ${areas.nameAr} = ${areaName})`,
      ),
    )
    .limit(1);
  if (!row) throw new Invalid({ area_name: ['We do not deliver to this area'] });
  return row.price;
}

export interface CreatedOrder {
  orderId: number;
  paymentUrl: string;
}

export const NOTHING_AVAILABLE = 'No item of your cart is available any more.';

export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used for a different request.';

function requestHashOf(request: ValidOrderRequest): string {
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}

function shortageMessages(lines: { nameEn: string; stock: number }[]): string[] {
  return lines.map((line) =>
    line.stock <= 0
      ? `${line.nameEn} is out of stock.`
      : `Only ${line.stock} of ${line.nameEn} left in stock.`,
  );
}

export function fingerprintOf(owner: CartOwner, parts: unknown): string {
  const who = 'userId' in owner ? `user:${owner.userId}` : `guest:${owner.guestCartId}`;
  return createHash('sha256')
    .update(`${who}|${JSON.stringify(parts)}`)
    .digest('hex');
}

interface CreateOptions {
  db: Db;
  gateway: PaymentGateway;
  owner: CartOwner;
  request: ValidOrderRequest;
  /** coupons are for signed-in shoppers only (spec 02 §6) */
  allowCoupon: boolean;
  idempotencyKey: string | null;
  now: Date;
  /** how long the new order holds its stock unpaid (config.unpaidOrderTtlMs) */
  reservationMs?: number;
  /** The caller's share of the stock (orderLimits.ts) and the address it orders from; none: unbounded. */
  limits?: Pick<OrderLimits, 'maxPendingPerOwner' | 'maxPendingPerAddress' | 'maxQuantityPerProduct'> & {
    clientAddress: string | null;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isUniqueViolation(error: unknown): boolean {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Creates a pending order from the owner's cart with the server's own total and starts its payment. The same
 * request again (same owner, same fields, same cart; or the same Idempotency-Key) answers the first order.
 */
export async function createOrder(options: CreateOptions): Promise<CreatedOrder> {
  const { db, owner, request, now } = options;
  const currency = await findRate(
    db,
    typeof request.currency === 'string' && request.currency ? request.currency : 'KWD',
  );
  if (!currency) throw new Invalid({ currency: ['The selected currency is invalid.'] });

  const cart = await priceCart(db, owner, currency.currencyCode);
  const fingerprint = fingerprintOf(
    owner,
    options.idempotencyKey
      ? { idempotencyKey: options.idempotencyKey }
      : {
          request,
          cart: cart.lines.map((line) => [line.cartItemId, line.quantity]),
          unavailable: cart.unavailable.map((line) => line.cartItemId),
        },
  );
  const windowMs = options.idempotencyKey ? IDEMPOTENCY_KEY_WINDOW_MS : DUPLICATE_WINDOW_MS;
  const requestHash = requestHashOf(request);
  const replay = await findReplay(options, fingerprint, windowMs, requestHash);
  if (replay) return replay;

  if (cart.lines.length === 0 && cart.unavailable.length === 0)
    throw new Invalid({ cart: ['Your cart is empty.'] }, 'Your cart is empty.');
  // Unavailable lines are left out (the SPA says so before the shopper pays); only a cart of nothing else fails.
  if (cart.lines.length === 0) throw new Invalid({ cart: [NOTHING_AVAILABLE] }, NOTHING_AVAILABLE);
  const { limits } = options;
  if (limits) checkQuantityCap(cart.lines, limits.maxQuantityPerProduct);
  const addressHash = limits?.clientAddress ? clientAddressHash(limits.clientAddress) : null;
  const shortages = cart.lines.filter((line) => line.quantity > line.stock);
  if (shortages.length > 0) {
    throw new Invalid({ cart: shortageMessages(shortages) });
  }
  const shippingKwd = await shippingPriceKwd(db, request.governorateName, request.areaName);
  const shippingCost = convert(shippingKwd, currency);
  let couponDiscount = 0;
  let fixedDiscount = 0;
  let couponCode: string | null = null;
  if (options.allowCoupon && request.couponCode) {
    const coupon = await findValidCoupon(db, request.couponCode, now);
    if (!coupon) throw new Invalid({ coupon_code: ['Invalid coupon'] }, 'Invalid coupon');
    const terms = couponTerms(
      coupon,
      orderFigures(currency.currencyCode, cart.lines, 0, 0).subtotal,
      currency,
    );
    couponDiscount = terms.percent;
    fixedDiscount = terms.fixed;
    couponCode = coupon.code;
  }
  const { subtotal, discount, total } = orderFigures(
    currency.currencyCode,
    cart.lines,
    couponDiscount,
    shippingCost,
    fixedDiscount,
  );

  let orderId: number;
  try {
    orderId = await db.transaction(async (tx) => {
      if (limits) await claimPendingSlot(tx, { owner, addressHash, limits, now });
      const [order] = await tx
        .insert(orders)
        .values({
          ...('userId' in owner ? { userId: owner.userId } : { guestCartId: owner.guestCartId }),
          status: 'pending',
          currency: currency.currencyCode,
          governorateName: request.governorateName,
          areaName: request.areaName,
          address: request.address,
          paymentMethod: request.paymentMethod,
          contactEmail: request.email,
          contactPhone: request.phone,
          contactCountryCode: request.countryCode,
          couponCode,
          couponDiscount,
          subtotal,
          discountAmount: discount,
          shippingCost,
          totalPrice: total,
          clientTotalPrice: request.clientTotal,
          clientShippingCost: request.clientShipping,
          requestFingerprint: fingerprint,
          requestHash,
          clientAddressHash: addressHash,
          stockReserved: true,
          reservedUntil: new Date(now.getTime() + (options.reservationMs ?? UNPAID_ORDER_TTL_MS)),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: orders.id });
      if (!order) throw new Error('order insert returned nothing');
      await tx.insert(orderItems).values(
        cart.lines.map((line) => ({
          orderId: order.id,
          productId: line.productId,
          productNameEn: line.nameEn,
          productNameAr: line.nameAr,
          size: line.size,
          color: line.color,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          totalPrice: line.total,
        })),
      );
      // The stock check that counts: in this transaction, so a concurrent order cannot take the same pieces.
      const short = await takeStock(tx, cart.lines);
      if (short.length > 0) {
        const gone = await tx
          .select({ id: products.id, stock: products.stockQuantity })
          .from(products)
          .where(inArray(products.id, short));
        throw new Invalid({
          cart: shortageMessages(
            cart.lines
              .filter((line) => short.includes(line.productId))
              .map((line) => ({
                nameEn: line.nameEn,
                stock: gone.find((row) => row.id === line.productId)?.stock ?? 0,
              })),
          ),
        });
      }
      return order.id;
    });
  } catch (error) {
    // A concurrent twin won the unique fingerprint: answer its order.
    if (isUniqueViolation(error)) {
      const twin = await findReplay(options, fingerprint, windowMs, requestHash);
      if (twin) return twin;
    }
    throw error;
  }
  return { orderId, paymentUrl: await startPayment(options, orderId, total, currency.currencyCode) };
}

async function startPayment(
  options: CreateOptions,
  orderId: number,
  total: number,
  currency: string,
): Promise<string> {
  const { db, gateway } = options;
  const payment = await gateway.execute({
    invoiceValue: total,
    currencyIso: currency,
    paymentMethodId: null,
    orderId,
    customerEmail: options.request.email,
  });
  const attempt = await recordAttempt(
    db,
    gateway.name,
    orderId,
    { ...payment, amount: total, currency },
    new Date(),
  );
  const [updated] = await db
    .update(orders)
    .set({ paymentId: payment.paymentId, paymentUrl: payment.paymentUrl, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), sql`${orders.paymentUrl} is null`))
    .returning({ paymentUrl: orders.paymentUrl });
  if (updated?.paymentUrl) return updated.paymentUrl;
  // A concurrent twin's payment is the order's: this one is withdrawn, so one order never has two live payments.
  await cancelAttempt({ db, gateway }, attempt, new Date()).catch(() => false);
  const [current] = await db
    .select({ paymentUrl: orders.paymentUrl })
    .from(orders)
    .where(eq(orders.id, orderId));
  return current?.paymentUrl ?? payment.paymentUrl;
}

/** The earlier order of the same request, if it is still inside its window; an older one frees the fingerprint. */
async function findReplay(
  options: CreateOptions,
  fingerprint: string,
  windowMs: number,
  requestHash: string,
): Promise<CreatedOrder | null> {
  const { db, now } = options;
  const [earlier] = await db
    .select({
      id: orders.id,
      requestHash: orders.requestHash,
      createdAt: orders.createdAt,
      paymentUrl: orders.paymentUrl,
      totalPrice: orders.totalPrice,
      currency: orders.currency,
    })
    .from(orders)
    .where(eq(orders.requestFingerprint, fingerprint))
    .limit(1);
  if (!earlier) return null;
  if (now.getTime() - earlier.createdAt.getTime() > windowMs) {
    await db.update(orders).set({ requestFingerprint: null }).where(eq(orders.id, earlier.id));
    return null;
  }
  // As payment APIs do: one key is one request; reusing it for another body is the client's mistake.
  if (options.idempotencyKey && earlier.requestHash !== null && earlier.requestHash !== requestHash) {
    throw new Invalid({ idempotency_key: [IDEMPOTENCY_KEY_REUSED] }, IDEMPOTENCY_KEY_REUSED);
  }
  let paymentUrl = earlier.paymentUrl;
  // The twin is still talking to the gateway: wait briefly for its payment link instead of starting a second one.
  for (let attempt = 0; !paymentUrl && attempt < 40; attempt += 1) {
    await sleep(50);
    const [row] = await db
      .select({ paymentUrl: orders.paymentUrl })
      .from(orders)
      .where(eq(orders.id, earlier.id));
    paymentUrl = row?.paymentUrl ?? null;
  }
  if (!paymentUrl) paymentUrl = await startPayment(options, earlier.id, earlier.totalPrice, earlier.currency);
  return { orderId: earlier.id, paymentUrl };
}

type OrderRow = typeof orders.$inferSelect;

export async function stockNeedsOf(db: Db, orderId: number): Promise<StockNeed[]> {
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  return items.flatMap((item) =>
    item.productId === null ? [] : [{ productId: item.productId, quantity: item.quantity }],
  );
}

/** The order, locked for the rest of the transaction, so two outcomes for one order apply one after the other. */
export async function lockOrder(db: Db, orderId: number): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
  return order;
}

export const ORDER_NOT_CANCELABLE = 'Only an unpaid order can be cancelled.';
export const ORDER_STOCK_GONE = 'Some items of this order are no longer in stock.';
export const ORDER_EXPIRED = 'This order expired unpaid and its items went back on sale.';
export const ORDER_CLOSED = 'This order is already paid or closed.';

/** The shopper's own pending order becomes canceled and its stock goes back on sale. */
export async function cancelOrder(db: Db, userId: number, orderId: number, now: Date): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || order.userId !== userId) throw new NotFound('Order not found');
    if (order.status !== 'pending' && order.status !== 'failed') throw new Conflict(ORDER_NOT_CANCELABLE);
    const [canceled] = await tx
      .update(orders)
      .set({ status: 'canceled', stockReserved: false, reservedUntil: null, updatedAt: now })
      .where(eq(orders.id, orderId))
      .returning();
    if (order.stockReserved) await returnStock(tx, await stockNeedsOf(tx, orderId));
    if (!canceled) throw new NotFound('Order not found');
    return canceled;
  });
}

/**
 * Before a new payment attempt: the order must be payable (pending, or failed and tried again), checked under its
 * row lock so a cancel or a refund decided at the same moment is never undone. An order whose last attempt failed
 * takes its stock again first: no attempt is started for pieces that are gone. An order past its reservation is
 * expired here if the job has not yet, and refused: its pieces may already be in someone else's order.
 */
export async function holdStockForPayment(
  db: Db,
  orderId: number,
  now: Date,
  reservationMs: number = UNPAID_ORDER_TTL_MS,
): Promise<void> {
  const refusal = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) return new NotFound('Order not found');
    if (order.status === 'expired') return new Conflict(ORDER_EXPIRED);
    if (order.status !== 'pending' && order.status !== 'failed') return new Conflict(ORDER_CLOSED);
    if (order.stockReserved) {
      if (order.status !== 'pending' || !isOverdue(order, now)) return null;
      await expireLockedOrder(tx, order, now);
      return new Conflict(ORDER_EXPIRED);
    }
    if ((await takeStock(tx, await stockNeedsOf(tx, orderId))).length > 0) {
      throw new Conflict(ORDER_STOCK_GONE);
    }
    await tx
      .update(orders)
      .set({
        status: 'pending',
        stockReserved: true,
        reservedUntil: new Date(now.getTime() + reservationMs),
        updatedAt: now,
      })
      .where(eq(orders.id, orderId));
    return null;
  });
  // Thrown after the transaction, so the expiry it recorded is kept.
  if (refusal) throw refusal;
}

function isOverdue(order: OrderRow, now: Date): boolean {
  return order.reservedUntil !== null && order.reservedUntil.getTime() <= now.getTime();
}

async function expireLockedOrder(tx: Db, order: OrderRow, now: Date): Promise<void> {
  await tx
    .update(orders)
    .set({ status: 'expired', stockReserved: false, reservedUntil: null, updatedAt: now })
    .where(eq(orders.id, order.id));
  if (order.stockReserved) await returnStock(tx, await stockNeedsOf(tx, order.id));
}

/**
 * Expires an order the expiry job claimed as overdue, giving its stock back. Answers false when the order moved on
 * meanwhile (paid or cancelled).
 */
export async function expireClaimedOrder(db: Db, orderId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || order.status !== 'pending' || !order.stockReserved) return false;
    await expireLockedOrder(tx, order, now);
    return true;
  });
}

/** Delivery is outside this server; journeys and demos move an order on with this (never in production). */
export async function markOrderCompleted(db: Db, orderId: number, now: Date): Promise<OrderRow> {
  const [order] = await db
    .update(orders)
    .set({ status: 'completed', updatedAt: now })
    .where(eq(orders.id, orderId))
    .returning();
  if (!order) throw new NotFound('Order not found');
  return order;
}

export interface OrderWithItems {
  order: OrderRow;
  items: OrderItemRow[];
}

/** The shopper's orders, newest first, each with its items. */
export async function listUserOrders(db: Db, userId: number): Promise<OrderWithItems[]> {
  const rows = await userOrderRows(db, userId);
  const items = await orderItemRows(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((order) => ({ order, items: items.filter((item) => item.orderId === order.id) }));
}

/** The shopper's own order (`orderIdText` as sent); another shopper's, unknown or malformed is NotFound. */
export async function userOrder(db: Db, userId: number, orderIdText: string): Promise<OrderWithItems> {
  const id = parseId(orderIdText);
  const order = id === null ? undefined : await ownedOrderRow(db, id, { userId });
  if (!order) throw new NotFound('Order not found');
  return { order, items: await orderItemRows(db, [order.id]) };
}

/**
 * Cancels the shopper's own pending order. The shopper may have paid on the gateway without coming back: the
 * gateway is asked first, so a paid order is not cancelled.
 */
export async function cancelUserOrder(
  deps: { db: Db; gateway: PaymentGateway; now: Date; log?: PaymentLog },
  userId: number,
  orderIdText: string,
): Promise<OrderWithItems> {
  const { db, now } = deps;
  const id = parseId(orderIdText);
  const order = id === null ? undefined : await ownedOrderRow(db, id, { userId });
  if (!order) throw new NotFound('Order not found');
  // Every attempt the gateway may have taken money for, not only the latest.
  if (order.status === 'pending') await settleOpenAttempts(deps, order.id, now);
  const canceled = await cancelOrder(db, userId, order.id, now);
  return { order: canceled, items: await orderItemRows(db, [order.id]) };
}

/** The gateway's answer decides the order's status; the order as it is then (undefined if it is gone). */
export async function orderAfterPayment(
  deps: { db: Db; gateway: PaymentGateway; log?: PaymentLog },
  orderId: number,
  outcome: GatewayOutcome,
  now: Date,
): Promise<OrderRow | undefined> {
  await applyPaymentOutcome(deps, orderId, outcome, now);
  return orderRow(deps.db, orderId);
}
