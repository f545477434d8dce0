// What the search tests build their searches from: the filters of a typed text (as the service reads them) and
// facets in one order (the service sorts them for the answer).
import { SEARCH_SORTS } from '../../contract/catalogSearch';
import type { Db } from '../db/client';
import { typedWords, type Facets, type SearchFilters, type SearchOrder } from '../db/queries/catalogSearch';

/** Every order a search may ask for (the contract's). */
export const SEARCH_ORDERS: SearchOrder[] = [...SEARCH_SORTS];

export async function searchFilters(
  db: Db,
  text: string,
  more: Partial<SearchFilters> = {},
): Promise<SearchFilters> {
  const typed = await typedWords(db, text);
  return {
    words: typed.words.filter((word) => [...word].length > 1),
    whole: typed.whole,
    fuzzy: false,
    categoryId: null,
    unknownCategory: false,
    brands: [],
    collections: [],
    lang: 'en',
    minPriceKwd: null,
    maxPriceKwd: null,
    minRating: 0,
    ...more,
  };
}

export const facetsInOneOrder = (facets: Facets): Facets => ({
  ...facets,
  categories: [...facets.categories].sort((a, b) => a.id - b.id),
  brands: [...facets.brands].sort((a, b) => (a.value < b.value ? -1 : 1)),
  collections: [...facets.collections].sort((a, b) => (a.value < b.value ? -1 : 1)),
});
