// Spec 02 §2/§4: the filters are mirrored into the /search query (category, brands, collections, maxPrice,
// minRating) and a URL opened cold applies them.
import { clampPrice, clampRating, DEFAULT_FILTERS, MAX_PRICE, type CatalogFilters } from './catalogSlice';

export const FILTER_PARAMS = ['category', 'brands', 'collections', 'maxPrice', 'minRating'] as const;

const list = (value: string | null) =>
  value
    ? [
        ...new Set(
          value
            .split(',')
            .map((item) => item.trim())
            .filter(Boolean),
        ),
      ]
    : [];

/** The filters a URL states, or null when it states none (the saved filters then stay). */
export function filtersFromSearchParams(params: URLSearchParams): CatalogFilters | null {
  if (!FILTER_PARAMS.some((name) => params.has(name))) return null;
  const maxPrice = params.get('maxPrice');
  const minRating = params.get('minRating');
  return {
    category: params.get('category')?.trim() || null,
    brands: list(params.get('brands')),
    collections: list(params.get('collections')),
    maxPrice: maxPrice === null || maxPrice === '' ? MAX_PRICE : clampPrice(Number(maxPrice)),
    minRating: minRating === null || minRating === '' ? 0 : clampRating(Number(minRating)),
  };
}

/** The query for the filters: only what differs from the defaults; other parameters are kept. */
export function filtersToSearchParams(filters: CatalogFilters, keep?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(keep);
  for (const name of FILTER_PARAMS) params.delete(name);
  if (filters.category) params.set('category', filters.category);
  if (filters.brands.length) params.set('brands', filters.brands.join(','));
  if (filters.collections.length) params.set('collections', filters.collections.join(','));
  if (filters.maxPrice !== DEFAULT_FILTERS.maxPrice) params.set('maxPrice', String(filters.maxPrice));
  if (filters.minRating !== DEFAULT_FILTERS.minRating) params.set('minRating', String(filters.minRating));
  return params;
}

export function sameFilters(a: CatalogFilters, b: CatalogFilters): boolean {
  return filtersToSearchParams(a).toString() === filtersToSearchParams(b).toString();
}
