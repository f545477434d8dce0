// Money the server decides: cart totals from the database prices, coupons, and their discount.
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { coupons, products } from '../db/schema';
import { convert, findRate, unitPriceOf } from './catalog';
import { cartRows, choiceNames, type CartOwner } from './cart';
import { Invalid } from './errors';
import { roundMoney } from './payments';

export interface ValidCoupon {
  code: string;
  discount: number;
}

/**
 * Same rule as the SPA (spec 02 §5): the code exists, is active and its end date lies in the future. A date-only
 * end_date means midnight UTC, as `new Date('YYYY-MM-DD')` reads it in the browser.
 */
export async function findValidCoupon(db: Db, code: unknown, now: Date): Promise<ValidCoupon | null> {
  if (typeof code !== 'string' || code.trim() === '' || code.length > 64) return null;
  const [row] = await db
    .select()
    .from(coupons)
    .where(eq(sql`upper(${coupons.code})`, code.trim().toUpperCase()))
    .limit(1);
  if (!row || !row.isActive) return null;
  if (new Date(`${row.endDate}T00:00:00Z`).getTime() <= now.getTime()) return null;
  return { code: row.code, discount: row.discount };
}

export function discountAmount(subtotal: number, percent: number, currency: string): number {
  return roundMoney((subtotal * percent) / 100, currency);
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
  total: number;
}

export interface PricedCart {
  currency: string;
  lines: PricedLine[];
  subtotal: number;
}

/** The owner's cart priced from the database in `currency` (unit prices converted from KWD, then rounded). */
export async function priceCart(db: Db, owner: CartOwner, currency: string): Promise<PricedCart> {
  const rows = await cartRows(db, owner);
  const rate = (await findRate(db, currency)) ?? { currencyCode: 'KWD', ratePerKwd: 1 };
  if (rows.length === 0) return { currency: rate.currencyCode, lines: [], subtotal: 0 };
  const productRows = await db
    .select()
    .from(products)
    .where(inArray(products.id, [...new Set(rows.map((row) => row.productId))]));
  // Orders keep the English names of the choices.
  const choices = await choiceNames(db, rows, 'en');
  const productById = new Map(productRows.map((product) => [product.id, product]));
  const lines = rows.flatMap((row): PricedLine[] => {
    const product = productById.get(row.productId);
    if (!product) return [];
    const unitPrice = convert(unitPriceOf(product), rate);
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
        total: roundMoney(unitPrice * row.quantity, rate.currencyCode),
      },
    ];
  });
  const subtotal = roundMoney(
    lines.reduce((sum, line) => sum + line.total, 0),
    rate.currencyCode,
  );
  return { currency: rate.currencyCode, lines, subtotal };
}

export interface AppliedCoupon {
  code: string;
  /** percent */
  discount: number;
  discount_amount: number;
  new_total: number;
}

/**
 * A coupon on the shopper's cart. The server's own cart total wins; the client's only counts when the cart is
 * empty on the server.
 */
export async function applyCoupon(
  db: Db,
  owner: CartOwner,
  input: { code: string; cartTotal: number | undefined; now: Date },
): Promise<AppliedCoupon> {
  const coupon = await findValidCoupon(db, input.code, input.now);
  if (!coupon) throw new Invalid({ coupon_code: ['Invalid coupon'] }, 'Invalid coupon');
  const firstCurrency = (await cartRows(db, owner))[0]?.currency ?? 'KWD';
  const priced = await priceCart(db, owner, firstCurrency);
  const total = priced.lines.length > 0 ? priced.subtotal : (input.cartTotal ?? 0);
  const discount_amount = discountAmount(total, coupon.discount, priced.currency);
  return {
    code: coupon.code,
    discount: coupon.discount,
    discount_amount,
    new_total: roundMoney(total - discount_amount, priced.currency),
  };
}
