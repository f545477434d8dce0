import { foldDigits } from '../../lib/digits';

export type QuantityReading =
  | { kind: 'ok'; quantity: number }
  | { kind: 'clamped'; quantity: number; reason: 'below_one' | 'above_stock' }
  | { kind: 'refused'; reason: 'not_a_number' };

/**
 * A typed quantity: whole pieces, Arabic-Indic digits read as digits. Below 1 becomes 1 and above the stock
 * becomes the stock (each with a reason to tell the shopper); anything that is not a whole number is refused.
 */
export function readQuantity(typed: string, stock: number): QuantityReading {
  const text = foldDigits(typed).trim();
  if (!/^[-+]?\d+$/.test(text)) return { kind: 'refused', reason: 'not_a_number' };
  const value = Number(text);
  if (value < 1) return { kind: 'clamped', quantity: 1, reason: 'below_one' };
  const max = Math.max(1, stock);
  if (value > max) return { kind: 'clamped', quantity: max, reason: 'above_stock' };
  return { kind: 'ok', quantity: value };
}
