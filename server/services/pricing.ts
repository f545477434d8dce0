// Money the server decides: cart totals from the database prices, coupons, and their discount.
import type { Db } from '../db/client';
import { couponByCode, productRowsWithIds } from '../db/queries/pricing';
import { fromMinor, percentOfMinor, toMinor } from '../../shared/minorUnits';
import { couponTermsAt } from '../../shared/coupons';
import { couponDiscountMinor } from '../../shared/orderSummary';
import { unitPriceOf } from './catalog';
import { convert, findRate } from './rates';
import { cartRows, choiceNames, type CartOwner } from './cart';
import { claimCouponUse } from './couponUses';
import { Invalid } from './errors';

export interface ValidCoupon {
  id: number;
  code: string;
  /** percent for kind percent, KWD for kind amount */
  discount: number;
  kind: 'percent' | 'amount';
  /** the subtotal (KWD) it needs */
  minTotal: number;
  /** orders that may use it in all, per customer (services/couponUses.ts); null: no limit */
  usageLimit: number | null;
  perCustomerLimit: number | null;
  /** staff confirmed it may take an order's goods to nothing */
  allowsFreeOrders: boolean;
}

/**
 * Same rule as the SPA (docs/spec/02-shopping.md §5): the code exists, is active and its end date lies in the
 * future. A date-only end_date means midnight UTC, as `new Date('YYYY-MM-DD')` reads it in the browser; a
 * starts_on (back office) the same way: usable from that moment on.
 */
export async function findValidCoupon(
  db: Db,
  code: unknown,
  now: Date,
  { lock = false }: { lock?: boolean } = {},
): Promise<ValidCoupon | null> {
  if (typeof code !== 'string' || code.trim() === '' || code.length > 64) return null;
  // In an order's transaction: the back office's change of the coupon (it locks the row) waits for the order, or
  // the order reads the changed coupon. FOR UPDATE, not SHARE: the order counts the coupon's uses next, and orders
  // using the same coupon must queue here (couponUses.ts) rather than both count and both take the last use.
  const row = await couponByCode(db, code.trim().toUpperCase(), { lock });
  if (!row || !row.isActive) return null;
  if (new Date(`${row.endDate}T00:00:00Z`).getTime() <= now.getTime()) return null;
  if (row.startsOn && new Date(`${row.startsOn}T00:00:00Z`).getTime() > now.getTime()) return null;
  return {
    id: row.id,
    code: row.code,
    discount: row.discount,
    kind: row.kind,
    minTotal: row.minTotal,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    allowsFreeOrders: row.allowsFreeOrders,
  };
}

export const couponMinimumMessage = (minTotal: number) =>
  `This coupon needs a subtotal of at least ${minTotal} KWD.`;

/**
 * The coupon's discount on `subtotal` (in `rate`'s currency): a percent of it, or its KWD amount converted, never
 * more than the subtotal. A subtotal under the coupon's converted minimum is Invalid: the SPA's summary
 * (shared/orderSummary.ts couponDiscountMinor) applies the same rule to the same converted figures.
 */
export function couponTerms(
  coupon: Pick<ValidCoupon, 'kind' | 'discount' | 'minTotal'>,
  subtotal: number,
  rate: { currencyCode: string; ratePerKwd: number },
  /**
   * The same subtotal in KWD (the catalogue's own prices): the minimum is a KWD figure and is compared in KWD fils,
   * exactly, whatever the currency shown (issue 47, finding 12: a 70.151 KWD minimum is not met by 70.150 KWD of
   * goods paid in USD, though both round to the same cents). null only when the server knows no cart (applyCoupon's
   * cart_total): then the converted figures are all there is.
   */
  subtotalKwd: number | null,
): { percent: number; fixed: number } {
  const terms = couponTermsAt(coupon, rate);
  const below =
    subtotalKwd !== null
      ? toMinor(subtotalKwd, 'KWD') < toMinor(coupon.minTotal, 'KWD')
      : couponDiscountMinor(toMinor(subtotal, rate.currencyCode), terms, rate.currencyCode).belowMinimum;
  if (below) {
    const message = couponMinimumMessage(coupon.minTotal);
    throw new Invalid({ coupon_code: [message] }, message);
  }
  return { percent: terms.percent, fixed: terms.amount };
}

/** subtotal × percent / 100, rounded half up to the currency's minor unit. */
export function discountAmount(subtotal: number, percent: number, currency: string): number {
  return fromMinor(percentOfMinor(toMinor(subtotal, currency), percent), currency);
}

export interface FigureLine {
  unitPrice: number;
  quantity: number;
}

export interface OrderFigures {
  lineTotals: number[];
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
}

/**
 * subtotal = Σ unit × quantity; discount = the coupon's (couponDiscountMinor, the SPA's rule); total = subtotal − discount + shipping, all in
 * integer minor units, so the server charges exactly what the SPA's summary shows.
 */
export function orderFigures(
  currency: string,
  lines: readonly FigureLine[],
  couponPercent: number,
  shipping: number,
  /** an amount coupon's discount in `currency` (capped at the subtotal) */
  fixedDiscount = 0,
): OrderFigures {
  const lineMinors = lines.map(
    (line) => toMinor(line.unitPrice, currency) * Math.max(0, Math.floor(line.quantity)),
  );
  const subtotal = lineMinors.reduce((sum, minor) => sum + minor, 0);
  // couponTerms has checked the minimum already.
  const { discount } = couponDiscountMinor(
    subtotal,
    fixedDiscount > 0
      ? { kind: 'amount', percent: 0, amount: fixedDiscount, minimum: 0 }
      : { kind: 'percent', percent: couponPercent, amount: 0, minimum: 0 },
    currency,
  );
  const shippingMinor = Math.max(0, toMinor(shipping, currency));
  return {
    lineTotals: lineMinors.map((minor) => fromMinor(minor, currency)),
    subtotal: fromMinor(subtotal, currency),
    discount: fromMinor(discount, currency),
    shipping: fromMinor(shippingMinor, currency),
    total: fromMinor(subtotal - discount + shippingMinor, currency),
  };
}

/** Σ KWD unit price × quantity, in whole fils. */
export function subtotalKwdOf(lines: readonly { unitPriceKwd: number; quantity: number }[]): number {
  return orderFigures(
    'KWD',
    lines.map((line) => ({ unitPrice: line.unitPriceKwd, quantity: line.quantity })),
    0,
    0,
  ).subtotal;
}

export interface PricedLine {
  cartItemId: number;
  productId: number;
  nameEn: string;
  nameAr: string;
  size: string | null;
  color: string | null;
  quantity: number;
  stock: number;
  unitPrice: number;
  /** the unit price in KWD, before conversion (a coupon's minimum is compared in KWD) */
  unitPriceKwd: number;
  total: number;
}

export interface PricedCart {
  currency: string;
  /** the lines an order is made of: their product is still sold and in stock */
  lines: PricedLine[];
  /**
   * Lines left out of any order: the product is out of stock or no longer sold. They stay in the cart (the SPA
   * shows them as unavailable) and never block the rest.
   */
  unavailable: { cartItemId: number; productId: number }[];
  /** of the available lines only, as the SPA's summary counts it */
  subtotal: number;
  /** the same in KWD, the catalogue's own prices */
  subtotalKwd: number;
}

/** The owner's cart lines as an order keeps them: product, the choices' English names, quantity (any stock). */
export async function cartLineKeys(
  db: Db,
  owner: CartOwner,
): Promise<{ productId: number; size: string | null; color: string | null; quantity: number }[]> {
  const rows = await cartRows(db, owner);
  if (rows.length === 0) return [];
  const choices = await choiceNames(db, rows, 'en');
  return rows.map((row) => ({ productId: row.productId, ...choices.of(row), quantity: row.quantity }));
}

/**
 * The owner's cart priced from the database in `currency` (unit prices converted from KWD, then rounded), split into
 * the lines that can be ordered and the unavailable ones.
 */
export async function priceCart(db: Db, owner: CartOwner, currency: string): Promise<PricedCart> {
  const rows = await cartRows(db, owner);
  const rate = (await findRate(db, currency)) ?? { currencyCode: 'KWD', ratePerKwd: 1 };
  if (rows.length === 0)
    return { currency: rate.currencyCode, lines: [], unavailable: [], subtotal: 0, subtotalKwd: 0 };
  const productRows = await productRowsWithIds(db, [...new Set(rows.map((row) => row.productId))]);
  // Orders keep the English names of the choices.
  const choices = await choiceNames(db, rows, 'en');
  const productById = new Map(productRows.map((product) => [product.id, product]));
  const unavailable: PricedCart['unavailable'] = [];
  const lines = rows.flatMap((row): PricedLine[] => {
    const product = productById.get(row.productId);
    // The same rule as the SPA's out-of-stock test: the stock warning is derived from the stock figure.
    if (!product || product.stockQuantity <= 0) {
      unavailable.push({ cartItemId: row.id, productId: row.productId });
      return [];
    }
    const unitPriceKwd = unitPriceOf(product);
    const unitPrice = convert(unitPriceKwd, rate);
    return [
      {
        cartItemId: row.id,
        productId: product.id,
        nameEn: product.nameEn,
        nameAr: product.nameAr,
        ...choices.of(row),
        quantity: row.quantity,
        stock: product.stockQuantity,
        unitPrice,
        unitPriceKwd,
        total: 0,
      },
    ];
  });
  const figures = orderFigures(rate.currencyCode, lines, 0, 0);
  return {
    currency: rate.currencyCode,
    lines: lines.map((line, index) => ({ ...line, total: figures.lineTotals[index] ?? 0 })),
    unavailable,
    subtotal: figures.subtotal,
    subtotalKwd: subtotalKwdOf(lines),
  };
}

export interface AppliedCoupon {
  code: string;
  /** percent (an amount coupon's share of this cart) */
  discount: number;
  discount_amount: number;
  new_total: number;
  kind: 'percent' | 'amount';
  /** the currency of amount and min_total: the cart's */
  currency: string;
  /** kind amount: what it takes off, converted */
  amount: number;
  /** the subtotal it needs, converted; 0 for none */
  min_total: number;
}

/**
 * A coupon on the shopper's cart. The server's own cart total wins; the client's only counts when the cart is
 * empty on the server.
 */
export async function applyCoupon(
  db: Db,
  owner: CartOwner,
  input: { code: string; cartTotal: number | undefined; now: Date; email?: string },
): Promise<AppliedCoupon> {
  const coupon = await findValidCoupon(db, input.code, input.now);
  if (!coupon) throw new Invalid({ coupon_code: ['Invalid coupon'] }, 'Invalid coupon');
  // The shopper hears now that it is used up, not only at the order (which counts again, under the coupon's lock).
  await claimCouponUse(
    db,
    coupon,
    { userId: 'userId' in owner ? owner.userId : null, email: input.email ?? '', phone: '', countryCode: '' },
    { lock: false },
  );
  const firstCurrency = (await cartRows(db, owner))[0]?.currency ?? 'KWD';
  const priced = await priceCart(db, owner, firstCurrency);
  // Unavailable lines count for nothing (the order leaves them out), as in the SPA's summary.
  const hasCart = priced.lines.length > 0 || priced.unavailable.length > 0;
  const total = hasCart ? priced.subtotal : (input.cartTotal ?? 0);
  const rate = (await findRate(db, priced.currency)) ?? { currencyCode: 'KWD', ratePerKwd: 1 };
  couponTerms(coupon, total, rate, hasCart ? priced.subtotalKwd : null);
  const terms = couponTermsAt(coupon, rate);
  const totalMinor = toMinor(total, priced.currency);
  const discountMinor = couponDiscountMinor(totalMinor, terms, priced.currency).discount;
  const discount_amount = fromMinor(discountMinor, priced.currency);
  return {
    code: coupon.code,
    discount:
      coupon.kind === 'percent' || total <= 0
        ? coupon.discount
        : Math.round((discount_amount / total) * 10_000) / 100,
    discount_amount,
    kind: coupon.kind,
    currency: priced.currency,
    amount: terms.amount,
    min_total: terms.minimum,
    new_total: fromMinor(
      toMinor(total, priced.currency) - toMinor(discount_amount, priced.currency),
      priced.currency,
    ),
  };
}
