// What the cart page and checkout show of each line, derived from the cart answer.
import { attributeOptions, displayPrices, isOutOfStock } from '../catalog/public';
import { maxQuantityPerProduct } from './quantity';
import type { CartItem, CartProduct } from './types';

export interface CartLineView {
  item: CartItem;
  product: CartProduct | null;
  /** one unit now (the discounted price when there is one) and before the discount */
  unitPrice: number;
  originalPrice: number | null;
  currency: string;
  /** out of stock, or no longer sold: shown, not counted, never blocking the rest */
  unavailable: boolean;
  stock: number;
  /** the most pieces this line may hold: the per-order cap less the product's other lines (sizes, colours) */
  limit: number;
  sizes: string[];
  colors: string[];
}

export interface CartView {
  lines: CartLineView[];
  /** lines without a currency are not shown; the shopper is asked to choose a country */
  withoutCurrency: number;
}

export function cartView(
  items: readonly CartItem[] | undefined,
  fallbackCurrency: string,
  maxPerProduct: number = maxQuantityPerProduct(),
): CartView {
  const lines: CartLineView[] = [];
  const pieces = new Map<number, number>();
  for (const item of items ?? [])
    pieces.set(item.product_id, (pieces.get(item.product_id) ?? 0) + item.quantity);
  const limitOf = (item: CartItem) =>
    Math.max(1, maxPerProduct - ((pieces.get(item.product_id) ?? 0) - item.quantity));
  let withoutCurrency = 0;
  for (const item of items ?? []) {
    // A line an add put in before the server answered (cartApi.ts): counted in the badge, listed with the answer.
    if (item.id < 0) continue;
    if (!item.currency) {
      withoutCurrency += 1;
      continue;
    }
    const product = item.product ?? null;
    if (!product) {
      lines.push({
        item,
        product: null,
        unitPrice: 0,
        originalPrice: null,
        currency: item.currency || fallbackCurrency,
        unavailable: true,
        stock: 0,
        limit: limitOf(item),
        sizes: [],
        colors: [],
      });
      continue;
    }
    const prices = displayPrices(product);
    lines.push({
      item,
      product,
      unitPrice: prices.amount,
      originalPrice: prices.original,
      currency: prices.currency,
      unavailable: isOutOfStock(product),
      stock: Math.max(0, product.stock_quantity),
      limit: limitOf(item),
      sizes: attributeOptions(product, 'size'),
      colors: attributeOptions(product, 'color'),
    });
  }
  return { lines, withoutCurrency };
}
