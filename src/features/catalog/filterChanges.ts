// What each filter control does to the filters on screen (spec: category is a single choice that toggles off when
// picked again; brands and collections toggle in lists; the same rating star again clears the minimum rating; the
// price snaps to the slider's step). Pure: the search page puts the result into the address, on page 1.
import { clampPrice, clampRating, MAX_PRICE, type CatalogFilters } from './catalogSlice';

export type FilterChange = (filters: CatalogFilters) => CatalogFilters;

function toggle(list: string[], value: string): string[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}

export const categoryToggle =
  (category: string): FilterChange =>
  (filters) => ({ ...filters, category: filters.category === category ? null : category });

/** "All categories": none chosen. */
export const categoryCleared: FilterChange = (filters) => ({ ...filters, category: null });

export const brandToggle =
  (brand: string): FilterChange =>
  (filters) => ({ ...filters, brands: toggle(filters.brands, brand) });

export const collectionToggle =
  (collection: string): FilterChange =>
  (filters) => ({ ...filters, collections: toggle(filters.collections, collection) });

/** A highest price, in the currency it was chosen in (the shown one): the address names it beside the price. */
export const maxPriceSet =
  (price: number, currency: string): FilterChange =>
  (filters) => {
    const maxPrice = clampPrice(price);
    return { ...filters, maxPrice, priceCurrency: maxPrice < MAX_PRICE ? currency : null };
  };

/** No highest price. */
export const maxPriceCleared: FilterChange = (filters) => ({
  ...filters,
  maxPrice: MAX_PRICE,
  priceCurrency: null,
});

export const minRatingToggle =
  (rating: number): FilterChange =>
  (filters) => {
    const stars = clampRating(rating);
    return { ...filters, minRating: filters.minRating === stars ? 0 : stars };
  };

/** How many filters are chosen: the filter bar's badge on small screens. */
export function activeFilterCount(filters: CatalogFilters): number {
  return (
    (filters.category ? 1 : 0) +
    filters.brands.length +
    filters.collections.length +
    (filters.maxPrice < MAX_PRICE ? 1 : 0) +
    (filters.minRating > 0 ? 1 : 0)
  );
}
