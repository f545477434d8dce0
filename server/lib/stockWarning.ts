// A product's stock note, kept in its row (products.stock_warning_*) by every stock move, the back office and the seed.

/** Products are "low on stock" at this many pieces or fewer: the shop's stock-warning limit. */
export const LOW_STOCK_THRESHOLD = 5;

/** The stock note shown at 5 pieces or fewer (docs/spec/02-shopping.md §9), in both languages. */
export function stockWarningFor(stock: number): { en: string; ar: string } | null {
  if (stock <= 0) return { en: 'Out of stock', ar: 'نفدت الكمية' };
  if (stock <= LOW_STOCK_THRESHOLD)
    return { en: `Only ${stock} left in stock`, ar: `متبقي ${stock} قطع فقط` };
  return null;
}
