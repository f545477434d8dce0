import { readJson } from '../../lib/storage';
import {
  HOME_CACHE_TTL_MS,
  isHomeCacheValid,
  readHomeCache,
  validHomeCache,
  writeHomeCache,
  type HomeCacheParts,
} from './homeCache';
import { sampleCategories, sampleCoupons } from './testing/fixtures';

const now = 1_700_000_000_000;
const complete: HomeCacheParts = {
  categories: sampleCategories,
  bestSellers: [],
  coupons: sampleCoupons,
  meta: { fetchedAt: now - 1000, currency: 'KWD' },
};

describe('home cache validity (spec 02 §4)', () => {
  it('is valid with all three lists, metadata, the same currency and under 5 minutes', () => {
    expect(isHomeCacheValid(complete, 'KWD', now)).toBe(true);
  });

  it.each(['categories', 'bestSellers', 'coupons', 'meta'] as const)('is invalid without %s', (part) => {
    expect(isHomeCacheValid({ ...complete, [part]: null }, 'KWD', now)).toBe(false);
  });

  it('is invalid when the currency changed', () => {
    expect(isHomeCacheValid(complete, 'SAR', now)).toBe(false);
  });

  it('is invalid at 5 minutes (300000 ms) and after, valid just before', () => {
    const meta = { fetchedAt: now - HOME_CACHE_TTL_MS, currency: 'KWD' };
    expect(HOME_CACHE_TTL_MS).toBe(300_000);
    expect(isHomeCacheValid({ ...complete, meta }, 'KWD', now)).toBe(false);
    expect(isHomeCacheValid({ ...complete, meta }, 'KWD', now - 1)).toBe(true);
  });

  it('is invalid when the fetch time lies in the future (clock moved back)', () => {
    expect(
      isHomeCacheValid({ ...complete, meta: { fetchedAt: now + 60_000, currency: 'KWD' } }, 'KWD', now),
    ).toBe(false);
  });
});

describe('home cache storage', () => {
  it('writes the lists and metadata per language to sessionStorage', () => {
    writeHomeCache('ar', {
      categories: sampleCategories,
      bestSellers: [],
      coupons: sampleCoupons,
      fetchedAt: now,
      currency: 'KWD',
    });
    expect(readJson('session', 'catalog:ar:cacheMeta')).toEqual({ fetchedAt: now, currency: 'KWD' });
    expect(readHomeCache('ar').coupons).toEqual(sampleCoupons);
    expect(readHomeCache('en').categories).toBeNull();
    expect(window.localStorage.length).toBe(0);
  });

  it('gives the data back only while valid', () => {
    writeHomeCache('en', {
      categories: sampleCategories,
      bestSellers: [],
      coupons: [],
      fetchedAt: now,
      currency: 'KWD',
    });
    expect(validHomeCache('en', 'KWD', now + 1000)?.categories).toHaveLength(2);
    expect(validHomeCache('en', 'KWD', now + HOME_CACHE_TTL_MS)).toBeNull();
    expect(validHomeCache('en', 'USD', now + 1000)).toBeNull();
  });

  it('a stored copy of another shape (another build, garbage) is no copy: the lists are fetched again', () => {
    writeHomeCache('en', {
      categories: sampleCategories,
      bestSellers: [],
      coupons: sampleCoupons,
      fetchedAt: now,
      currency: 'KWD',
    });
    window.sessionStorage.setItem('catalog:en:categories', JSON.stringify({ not: 'a list' }));
    window.sessionStorage.setItem('catalog:en:coupons', '"none"');
    window.sessionStorage.setItem('catalog:en:bestSellers', '[5]');
    expect(readHomeCache('en')).toMatchObject({ categories: null, coupons: null, bestSellers: null });
    expect(validHomeCache('en', 'KWD', now + 1000)).toBeNull();
    window.sessionStorage.setItem('catalog:en:cacheMeta', '{"fetchedAt":"yesterday"');
    expect(readHomeCache('en').meta).toBeNull();
  });
});
