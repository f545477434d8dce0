// Which price a unit sells at, one rule for both sides: the SPA shows it (features/catalog/productRules.ts
// displayPrices) and the server charges it (server/services/catalog.ts unitPriceOf).

/** The discounted price when there is one below the price, else the price (data entry can leave a "discount" at
 * or above it, which is no discount). `original`: the price struck through beside a discount. */
export function unitPrice(
  price: number,
  discounted: number | null | undefined,
): { amount: number; original: number | null } {
  if (discounted !== null && discounted !== undefined && discounted < price) {
    return { amount: discounted, original: price };
  }
  return { amount: price, original: null };
}
