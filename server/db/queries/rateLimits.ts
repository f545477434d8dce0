// Fixed-window counters in the database, shared by every server process on it.
import { lt, sql } from 'drizzle-orm';
import { executeRows, type Db } from '../client';
import { rateLimits } from '../schema';

export interface Hit {
  /** hits in the current window, this one included */
  count: number;
  windowEndsAt: Date;
}

/** Counts one hit on `key`: a window that has ended starts again at 1. One statement, so concurrent hits add up. */
export async function hitCounter(db: Db, key: string, windowMs: number, now: Date): Promise<Hit> {
  const fresh = new Date(now.getTime() + windowMs);
  const [row] = await executeRows<{ hits: number; window_ends_at: Date | string }>(
    db,
    sql`INSERT INTO rate_limits AS counter (key, hits, window_ends_at) VALUES (${key}, 1, ${fresh})
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN counter.window_ends_at <= ${now} THEN 1 ELSE counter.hits + 1 END,
          window_ends_at = CASE WHEN counter.window_ends_at <= ${now} THEN ${fresh} ELSE counter.window_ends_at END
        RETURNING hits, window_ends_at`,
  );
  if (!row) throw new Error('rate-limit counter returned nothing');
  return { count: Number(row.hits), windowEndsAt: new Date(row.window_ends_at) };
}

/** Ended windows are dead weight: the next hit would start them again anyway. */
export async function deleteEndedCounters(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowEndsAt, now))
    .returning({ key: rateLimits.key });
  return deleted.length;
}
