// Order creation: server-side totals from the cart, the stock taken in the order's transaction, and idempotency (a
// double submit or a repeated Idempotency-Key answers the first order instead of making a second).
import { createHash } from 'node:crypto';
import { UNPAID_ORDER_TTL_MS, type OrderLimits } from '../../config';
import { fromMinor, toMinor } from '../../../shared/minorUnits';
import { databaseErrorOf, type Db } from '../../db/client';
import { deleteOwnerProductLines } from '../../db/queries/cartLines';
import { areaShippingPrice } from '../../db/queries/locations';
import {
  insertOrder,
  insertOrderItems,
  orderByFingerprint,
  orderHoldState,
  orderItemRows,
  orderPaymentUrl,
  productStocks,
  releaseFingerprint,
  setFirstPaymentLink,
  setPaymentUrl,
  unpaidHoldingOrders,
  updateOrder,
} from '../../db/queries/orders';
import { countSold, returnStock, takeStock } from '../../db/stock';
import { convert, findRate } from '../rates';
import type { CartOwner } from '../cart';
import type { PaymentGateway } from '../payments';
import { claimCouponUse } from '../couponUses';
import {
  cartLineKeys,
  couponTerms,
  findValidCoupon,
  orderFigures,
  priceCart,
  subtotalKwdOf,
} from '../pricing';
import { Conflict, Invalid } from '../errors';
import type { MailService } from '../mail';
import { queueOrderMail, queueStaffMail } from '../../mails/orderMails';
import type { MailLanguage } from '../../mails/texts';
import type { ValidOrderRequest } from './checkoutRequest';
import { checkQuantityCap, claimPendingSlot, clientAddressHash } from './limits';
import { expireOverdueOrder, lockOrder, ORDER_CLOSED, stockNeedsOf } from './lifecycle';
import { cancelAttempt, recordAttempt } from './paymentAttempts';

/** A second identical submit within this window is the same order (double click, flaky network retry). */
export const DUPLICATE_WINDOW_MS = 2 * 60 * 1000;
/** An explicit Idempotency-Key is honoured for a day, as payment APIs do. */
export const IDEMPOTENCY_KEY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The delivery price of the named area (English or Arabic names, as the SPA stores both). */
export async function shippingPriceKwd(db: Db, governorateName: string, areaName: string): Promise<number> {
  const price = await areaShippingPrice(db, governorateName, areaName);
  if (price === null) throw new Invalid({ area_name: ['We do not deliver to this area'] });
  return price;
}

export interface CreatedOrder {
  orderId: number;
  paymentUrl: string;
}

/**
 * An order the coupon takes to 0 (a coupon staff confirmed may do so, and free delivery) is paid by the coupon: no
 * gateway is asked, its payment method says so, and it is paid at once.
 */
export const PAID_BY_COUPON = 'coupon';

export const NOTHING_AVAILABLE = 'No item of your cart is available any more.';

export const PRICES_CHANGED =
  'The prices changed since you opened the checkout: check the new total and confirm again.';
/**
 * How far the total a client showed (shown_total) may be from the server's before the order is refused: a client
 * rounding to two decimals (the spec's) still orders in a three-decimal currency; a price, coupon or delivery change
 * does not pass.
 */
const SHOWN_TOTAL_SLACK = 0.01;

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
  /** coupons are for signed-in shoppers only (docs/spec/02-shopping.md §6) */
  allowCoupon: boolean;
  idempotencyKey: string | null;
  now: Date;
  /** how long the new order holds its stock unpaid (config.unpaidOrderTtlMs) */
  reservationMs?: number;
  /** the language the shopper orders in: every mail about the order speaks it */
  language?: MailLanguage;
  /** the 'received' mail is queued with the order's payment link */
  mail?: MailService;
  /** Where the shopper goes after an order paid by its coupon (no gateway page); the shop's orders page by default. */
  paidByCouponUrl?: (orderId: number) => string;
  /** The caller's share of the stock (limits.ts) and the address it orders from; none: unbounded. */
  limits?: Pick<OrderLimits, 'maxPendingPerOwner' | 'maxPendingPerAddress' | 'maxQuantityPerProduct'> & {
    clientAddress: string | null;
  };
}

const paidByCouponUrlOf = (options: CreateOptions, orderId: number) =>
  options.paidByCouponUrl?.(orderId) ?? '/orders';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isUniqueViolation(error: unknown): boolean {
  return databaseErrorOf(error)?.code === '23505';
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

  let cart = await priceCart(db, owner, currency.currencyCode);
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

  // The owner's unpaid order of this very cart to the same address (confirmed, then Back from the payment page and
  // confirmed again with a new intent) is replaced: cancelled, its pieces back, before this one is made of them. Two
  // unpaid orders of one cart would hold its stock twice, and both could be paid (the first one's link is in its mail).
  const replaced = await unpaidOrdersOfSameCart(db, owner, request, () => cartLineKeys(db, owner));
  if (replaced.length > 0) {
    await db.transaction(async (tx) => {
      for (const orderId of replaced) await cancelReplacedOrder(tx, orderId, now);
    });
    cart = await priceCart(db, owner, currency.currencyCode);
  }

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
  const couponRequested = options.allowCoupon && request.couponCode ? request.couponCode : null;

  let placed: { orderId: number; total: number; paidByCoupon: boolean };
  try {
    placed = await db.transaction(async (tx) => {
      if (limits) await claimPendingSlot(tx, { owner, addressHash, limits, now });
      // The coupon as it is now, read under its row lock (FOR UPDATE): staff switching it off or changing it either
      // comes before (the order is refused, or priced with the change) or waits for this order, and orders racing for
      // its last use queue here, each counting the ones before it (couponUses.ts).
      let couponDiscount = 0;
      let fixedDiscount = 0;
      let couponCode: string | null = null;
      let couponId: number | null = null;
      let freeAllowed = false;
      if (couponRequested) {
        const coupon = await findValidCoupon(tx, couponRequested, now, { lock: true });
        if (!coupon) throw new Invalid({ coupon_code: ['Invalid coupon'] }, 'Invalid coupon');
        await claimCouponUse(tx, coupon, {
          userId: 'userId' in owner ? owner.userId : null,
          email: request.email,
          phone: request.phone,
          countryCode: request.countryCode,
        });
        const terms = couponTerms(
          coupon,
          orderFigures(currency.currencyCode, cart.lines, 0, 0).subtotal,
          currency,
          subtotalKwdOf(cart.lines),
        );
        couponDiscount = terms.percent;
        fixedDiscount = terms.fixed;
        couponCode = coupon.code;
        couponId = coupon.id;
        freeAllowed = coupon.allowsFreeOrders;
      }
      let figures = orderFigures(
        currency.currencyCode,
        cart.lines,
        couponDiscount,
        shippingCost,
        fixedDiscount,
      );
      if (couponId !== null && !freeAllowed && figures.subtotal > 0 && figures.discount >= figures.subtotal) {
        // Only a coupon staff confirmed may make the goods free (couponUses.ts mayMakeGoodsFree); rounding in another
        // currency must not do it behind their back: one minor unit stays to pay.
        const code = currency.currencyCode;
        const leftToPay = fromMinor(toMinor(figures.subtotal, code) - 1, code);
        figures = orderFigures(code, cart.lines, 0, shippingCost, leftToPay);
      }
      const { subtotal, discount, total } = figures;
      // The shopper confirms the total the checkout showed: a price, coupon or delivery change since (staff, another
      // tab, the rates) is told before anything is charged, never found out on the payment page.
      if (request.shownTotal !== null && Math.abs(request.shownTotal - total) > SHOWN_TOTAL_SLACK + 1e-9) {
        throw new Invalid({ total_price: [PRICES_CHANGED] }, PRICES_CHANGED);
      }
      const paidByCoupon = couponId !== null && total <= 0;
      const orderId = await insertOrder(tx, {
        ...('userId' in owner ? { userId: owner.userId } : { guestCartId: owner.guestCartId }),
        status: paidByCoupon ? 'paid' : 'pending',
        currency: currency.currencyCode,
        governorateName: request.governorateName,
        areaName: request.areaName,
        address: request.address,
        paymentMethod: paidByCoupon ? PAID_BY_COUPON : request.paymentMethod,
        contactEmail: request.email,
        contactPhone: request.phone,
        contactCountryCode: request.countryCode,
        language: options.language ?? 'en',
        couponCode,
        couponId,
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
        reservedUntil: paidByCoupon
          ? null
          : new Date(now.getTime() + (options.reservationMs ?? UNPAID_ORDER_TTL_MS)),
        paidAt: paidByCoupon ? now : null,
        createdAt: now,
        updatedAt: now,
      });
      await insertOrderItems(
        tx,
        cart.lines.map((line) => ({
          orderId,
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
        const gone = await productStocks(tx, short);
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
      if (paidByCoupon) {
        // The link a repeated submit answers (findReplay), as a gateway's payment link would be.
        await setPaymentUrl(tx, orderId, paidByCouponUrlOf(options, orderId));
        // As a paid gateway payment settles an order (paymentAttempts.ts applyPaymentOutcome): sold, and out of the cart.
        await countSold(tx, cart.lines);
        await deleteOwnerProductLines(
          tx,
          owner,
          cart.lines.map((line) => line.productId),
        );
      }
      // Paid by its coupon: the receipt and the staff's notice, as a paid gateway payment sends them.
      if (paidByCoupon && options.mail) {
        await queueOrderMail(tx, options.mail, orderId, 'paid', now);
        await queueStaffMail(tx, options.mail, { event: 'paid_order', orderId }, now);
      }
      return { orderId, total, paidByCoupon };
    });
  } catch (error) {
    // A concurrent twin won the unique fingerprint: answer its order.
    if (isUniqueViolation(error)) {
      const twin = await findReplay(options, fingerprint, windowMs, requestHash);
      if (twin) return twin;
    }
    throw error;
  }
  if (placed.paidByCoupon) {
    return {
      orderId: placed.orderId,
      paymentUrl: paidByCouponUrlOf(options, placed.orderId),
    };
  }
  return {
    orderId: placed.orderId,
    paymentUrl: await startPayment(options, placed.orderId, placed.total, currency.currencyCode),
  };
}

/** A cart's or an order's lines, each as product, size, colour and quantity, in one order: equal when they are. */
const linesKey = (
  lines: { productId: number | null; size: string | null; color: string | null; quantity: number }[],
) =>
  lines
    .map((line) => JSON.stringify([line.productId, line.size ?? '', line.color ?? '', line.quantity]))
    .sort()
    .join('\n');

/**
 * The owner's unpaid orders (holding their stock) of exactly these lines to the same address and contact: the same
 * order confirmed again.
 */
async function unpaidOrdersOfSameCart(
  db: Db,
  owner: CartOwner,
  request: ValidOrderRequest,
  cartLines: () => Promise<
    { productId: number; size: string | null; color: string | null; quantity: number }[]
  >,
): Promise<number[]> {
  const candidates = (await unpaidHoldingOrders(db, owner))
    .filter(
      (order) =>
        order.governorateName === request.governorateName &&
        order.areaName === request.areaName &&
        order.address === request.address &&
        order.contactEmail === request.email &&
        order.contactPhone === request.phone,
    )
    .map((order) => order.id);
  // Read only when there is an unpaid order to compare with (most orders have none).
  if (candidates.length === 0) return [];
  const lines = await cartLines();
  if (lines.length === 0) return [];
  const items = await orderItemRows(db, candidates);
  const wanted = linesKey(lines);
  return candidates.filter((id) => linesKey(items.filter((item) => item.orderId === id)) === wanted);
}

/**
 * An unpaid order replaced by the owner's new order of the same cart: cancelled, its stock back, quietly (the shopper
 * is placing the new one and gets its mail). Locked first: one paid meanwhile is left as it is. A payment for it that
 * still comes is money for a cancelled order, kept for a refund (paymentAttempts.ts). Should the new order then be
 * refused (a coupon used up meanwhile), the cart is as it was and the shopper confirms again.
 */
async function cancelReplacedOrder(tx: Db, orderId: number, now: Date): Promise<void> {
  const order = await lockOrder(tx, orderId);
  if (!order || order.status !== 'pending' || !order.stockReserved) return;
  await updateOrder(tx, orderId, {
    status: 'canceled',
    stockReserved: false,
    reservedUntil: null,
    updatedAt: now,
  });
  await returnStock(tx, await stockNeedsOf(tx, orderId));
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
    options.now,
  );
  // The order's first payment link: the shopper is told of the order with it, in the same transaction (once).
  const updated = await db.transaction(async (tx) => {
    const row = await setFirstPaymentLink(
      tx,
      orderId,
      { paymentId: payment.paymentId, paymentUrl: payment.paymentUrl },
      options.now,
    );
    if (row && options.mail) await queueOrderMail(tx, options.mail, orderId, 'received', options.now);
    return row;
  });
  if (updated?.paymentUrl) return updated.paymentUrl;
  // A concurrent twin's payment is the order's: this one is withdrawn, so one order never has two live payments.
  await cancelAttempt({ db, gateway, mail: options.mail }, attempt, options.now).catch(() => false);
  return (await orderPaymentUrl(db, orderId)) ?? payment.paymentUrl;
}

/** The earlier order of the same request, if it is still inside its window; an older one frees the fingerprint. */
async function findReplay(
  options: CreateOptions,
  fingerprint: string,
  windowMs: number,
  requestHash: string,
): Promise<CreatedOrder | null> {
  const { db, now } = options;
  const earlier = await orderByFingerprint(db, fingerprint);
  if (!earlier) return null;
  if (now.getTime() - earlier.createdAt.getTime() > windowMs) {
    await releaseFingerprint(db, earlier.id);
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
    paymentUrl = (await orderPaymentUrl(db, earlier.id)) ?? null;
  }
  if (!paymentUrl) {
    // Its payment was never started (the gateway failed it). An order that has closed since (expired, cancelled)
    // or run out its reservation is not paid for now: it lets go of the request, which places a new order.
    await expireOverdueOrder(db, earlier.id, now, options.mail);
    const current = await orderHoldState(db, earlier.id);
    if (current?.status === 'expired' || current?.status === 'canceled') {
      await releaseFingerprint(db, earlier.id);
      return null;
    }
    // Paid without a link of its own (its request stopped after the gateway answered): not paid for twice.
    if (current?.status !== 'pending' || !current.stockReserved) throw new Conflict(ORDER_CLOSED);
    paymentUrl = await startPayment(options, earlier.id, earlier.totalPrice, earlier.currency);
  }
  return { orderId: earlier.id, paymentUrl };
}
