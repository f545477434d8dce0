// Prices in the shopper's currency: the shop's rates, read for orders at once and for shown prices a little cached.
import { roundToMinor } from '../../shared/minorUnits';
import type { Db } from '../db/client';
import { rateRow, rateRows, type RateRow } from '../db/queries/currencyRates';
import { ResponseCache } from '../lib/responseCache';
import { Invalid } from './errors';

export type Rate = RateRow;

/** The rate for a currency code, or null when the shop does not price in it. */
export async function findRate(db: Db, currencyCode: string | undefined): Promise<Rate | null> {
  if (!currencyCode) return null;
  return (await rateRow(db, currencyCode.trim().toUpperCase())) ?? null;
}

/** As long as the catalogue lists are reused: a changed rate reaches shown prices as soon as it reaches lists. */
const SHOWN_RATES_MS = 10_000;
const shownRates = new WeakMap<Db, ResponseCache<Map<string, Rate>>>();

/**
 * findRate for prices that are shown (catalogue, cart, wishlist) and for checking a currency code: the rates
 * table, a handful of rows, read at most every few seconds instead of once per request. Orders price with
 * findRate.
 */
export async function shownRate(db: Db, currencyCode: string | undefined): Promise<Rate | null> {
  if (!currencyCode) return null;
  let cache = shownRates.get(db);
  if (!cache) {
    cache = new ResponseCache(SHOWN_RATES_MS);
    shownRates.set(db, cache);
  }
  const rates = await cache.get('rates', async () => {
    const rows = await rateRows(db);
    return new Map(rows.map((row) => [row.currencyCode, row]));
  });
  return rates.get(currencyCode.trim().toUpperCase()) ?? null;
}

/**
 * Forgets the rates kept for shown prices: the catalogue changed (a rate is part of it, migration 015), on this
 * instance or another, and the answers built next must not be built with the rate it replaced.
 */
export function forgetShownRates(db: Db): void {
  shownRates.get(db)?.clear();
}

export function convert(amountKwd: number, rate: Rate): number {
  return roundToMinor(amountKwd * rate.ratePerKwd, rate.currencyCode);
}

/** The rate for a `currency_code` the client sent (none: null); a currency the shop does not price in is Invalid. */
export async function requestedRate(db: Db, code: string | undefined): Promise<Rate | null> {
  if (!code) return null;
  const rate = await shownRate(db, code);
  if (!rate) throw new Invalid({ currency_code: ['The selected currency code is invalid.'] });
  return rate;
}
