import { getConfig } from '../../lib/config';
import { foldDigits } from '../../lib/digits';

export type QuantityReading =
  | { kind: 'ok'; quantity: number }
  | { kind: 'clamped'; quantity: number; reason: 'below_one' | 'above_stock' | 'above_limit' }
  | { kind: 'refused'; reason: 'not_a_number' };

/** The most pieces of one product an order (and so the cart) may hold, as the server publishes it. */
export function maxQuantityPerProduct(): number {
  return getConfig().maxQuantityPerProduct;
}

/**
 * A typed quantity: whole pieces, Arabic-Indic digits read as digits. Below 1 becomes 1; above the stock becomes
 * the stock, and above `limit` (the pieces of the product an order may have) becomes the limit, each with a
 * reason to tell the shopper; anything that is not a whole number is refused.
 */
export function readQuantity(
  typed: string,
  stock: number,
  limit: number = Number.POSITIVE_INFINITY,
): QuantityReading {
  const text = foldDigits(typed).trim();
  if (!/^[-+]?\d+$/.test(text)) return { kind: 'refused', reason: 'not_a_number' };
  const value = Number(text);
  if (value < 1) return { kind: 'clamped', quantity: 1, reason: 'below_one' };
  const max = Math.max(1, stock);
  if (limit < max && value > limit) return { kind: 'clamped', quantity: limit, reason: 'above_limit' };
  if (value > max) return { kind: 'clamped', quantity: max, reason: 'above_stock' };
  return { kind: 'ok', quantity: value };
}

/** The number a 422 answer of the cart's add/update names in `errors.quantity` by `pattern`, else null. */
function numberInQuantityRefusal(error: unknown, pattern: RegExp): number | null {
  const data = (error as { status?: unknown; data?: { errors?: { quantity?: unknown } } } | null) ?? null;
  if (data?.status !== 422) return null;
  const messages = data.data?.errors?.quantity;
  for (const message of Array.isArray(messages) ? messages : []) {
    const match = typeof message === 'string' ? pattern.exec(message) : null;
    if (match) return Number(match[1]);
  }
  return null;
}

/**
 * The cap a 422 answer of the cart's add/update names ("The quantity may not be greater than the limit per order
 * (10).", from another tab's lines or an older page), else null.
 */
export const limitInRefusal = (error: unknown) => numberInQuantityRefusal(error, /limit per order \((\d+)\)/);

/** The stock a 422 answer of the cart's add/update names ("… greater than the available stock (4)."), else null. */
export const stockInRefusal = (error: unknown) => numberInQuantityRefusal(error, /available stock \((\d+)\)/);
