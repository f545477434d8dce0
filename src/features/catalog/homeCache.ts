// Home and search data (categories, best sellers, coupons) live in sessionStorage per language
// with their fetch time and currency, and are reused for 5 minutes, across a page reload too.
import type { Language } from '../../app/events';
import { arrayOf, isFiniteNumber, isString, shapeOf, type Guard } from '../../lib/persistGuard';
import { readJson, removeItem, writeJson } from '../../lib/storage';
import type { Category, Coupon, HomeData, Product } from './types';

export const HOME_CACHE_TTL_MS = 300_000;

export interface HomeCacheMeta {
  fetchedAt: number;
  currency: string;
}

export interface HomeCacheParts {
  categories: Category[] | null;
  bestSellers: Product[] | null;
  coupons: Coupon[] | null;
  meta: HomeCacheMeta | null;
}

const key = (language: Language, part: string) => `catalog:${language}:${part}`;

/**
 * Valid only if all three lists and the metadata exist, the currency is unchanged and less than 5 minutes have
 * passed since the fetch (a clock set back in time also invalidates it).
 */
export function isHomeCacheValid(parts: HomeCacheParts, currency: string, now: number): boolean {
  const { categories, bestSellers, coupons, meta } = parts;
  if (!categories || !bestSellers || !coupons || !meta) return false;
  if (meta.currency !== currency) return false;
  const age = now - meta.fetchedAt;
  return age >= 0 && age < HOME_CACHE_TTL_MS;
}

// A copy of another shape (another build, a hand) is no copy: the lists are fetched again.
const isRecordWithId = shapeOf({ id: isFiniteNumber });
const isCategory = shapeOf({ id: isFiniteNumber, name: isString, products: arrayOf(isRecordWithId) });
const isMeta = shapeOf({ fetchedAt: isFiniteNumber, currency: isString });

function readChecked<T>(language: Language, part: string, guard: Guard): T | null {
  const value = readJson<unknown>('session', key(language, part));
  return guard(value) ? (value as T) : null;
}

export function readHomeCache(language: Language): HomeCacheParts {
  return {
    categories: readChecked<Category[]>(language, 'categories', arrayOf(isCategory)),
    bestSellers: readChecked<Product[]>(language, 'bestSellers', arrayOf(isRecordWithId)),
    coupons: readChecked<Coupon[]>(language, 'coupons', arrayOf(isRecordWithId)),
    meta: readChecked<HomeCacheMeta>(language, 'cacheMeta', isMeta),
  };
}

/** The cached home data when valid, else null (the caller refetches all three). */
export function validHomeCache(language: Language, currency: string, now: number): HomeData | null {
  const parts = readHomeCache(language);
  if (!isHomeCacheValid(parts, currency, now)) return null;
  return {
    categories: parts.categories ?? [],
    bestSellers: parts.bestSellers ?? [],
    coupons: parts.coupons ?? [],
    fetchedAt: parts.meta?.fetchedAt ?? now,
    currency,
  };
}

export function writeHomeCache(language: Language, data: HomeData): void {
  writeJson('session', key(language, 'categories'), data.categories);
  writeJson('session', key(language, 'bestSellers'), data.bestSellers);
  writeJson('session', key(language, 'coupons'), data.coupons);
  writeJson('session', key(language, 'cacheMeta'), { fetchedAt: data.fetchedAt, currency: data.currency });
}

export function clearHomeCache(language: Language): void {
  for (const part of ['categories', 'bestSellers', 'coupons', 'cacheMeta'])
    removeItem('session', key(language, part));
}
