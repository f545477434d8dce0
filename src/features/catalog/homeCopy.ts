// Where the home and search data keep their stored copies (see the base query in app/api.ts): per language, and
// per currency for the lists that carry prices, reused for 5 minutes, across a page reload too.
import type { FetchArgs } from '@reduxjs/toolkit/query';

import type { StoredCopyPlan } from '../../app/api';
import type { Language } from '../../app/events';
import { arrayOf, isFiniteNumber, isString, shapeOf } from '../../lib/persistGuard';

export const HOME_COPY_FRESH_MS = 300_000;

export type HomePart = 'categories' | 'bestSellers' | 'coupons';

const isRecordWithId = shapeOf({ id: isFiniteNumber });
const isCategory = shapeOf({ id: isFiniteNumber, name: isString, products: arrayOf(isRecordWithId) });
const partOf: Record<string, { part: HomePart; priced: boolean; accepts: (data: unknown) => boolean }> = {
  categories: { part: 'categories', priced: true, accepts: arrayOf(isCategory) },
  best_selling_products: {
    part: 'bestSellers',
    priced: true,
    accepts: shapeOf({ bestSellingProducts: arrayOf(isRecordWithId) }),
  },
  coupons: { part: 'coupons', priced: true, accepts: arrayOf(isRecordWithId) },
};

/** The stored-copy key of one home part; prices follow the currency, so a copy in another currency is no copy. */
export const homeCopyKey = (language: Language, part: HomePart, currency: string): string =>
  `catalog:${language}:${currency}:${part}`;

/** The base query's plan for the home calls (the endpoint's `extraOptions.storedCopy`). */
export function homeCopy({ url, params }: FetchArgs): StoredCopyPlan | null {
  const known = partOf[url];
  if (!known) return null;
  const language: Language = params?.lang === 'ar' ? 'ar' : 'en';
  const currency = String(params?.currency_code ?? '');
  return {
    key: homeCopyKey(language, known.part, currency),
    freshForMs: HOME_COPY_FRESH_MS,
    accepts: known.accepts,
  };
}
