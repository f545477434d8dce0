// The shop's exchange rates: how many units of each currency one Kuwaiti dinar buys.
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { currencyRates } from '../schema';

export interface RateRow {
  currencyCode: string;
  ratePerKwd: number;
}

const rateColumns = { currencyCode: currencyRates.currencyCode, ratePerKwd: currencyRates.ratePerKwd };

/** One currency's rate (the code as the table spells it: upper case), or undefined. */
export async function rateRow(db: Db, currencyCode: string): Promise<RateRow | undefined> {
  const [rate] = await db
    .select(rateColumns)
    .from(currencyRates)
    .where(eq(currencyRates.currencyCode, currencyCode))
    .limit(1);
  return rate;
}

/** Every rate the shop prices in. */
export function rateRows(db: Db): Promise<RateRow[]> {
  return db.select(rateColumns).from(currencyRates);
}
