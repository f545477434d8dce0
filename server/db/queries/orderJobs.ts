// The background jobs' picks of orders. Each pick claims its rows with FOR UPDATE SKIP LOCKED and stamps them in
// the same statement, so server processes sharing this database never work on the same order at once.
import { sql } from 'drizzle-orm';
import { executeRows, type Db } from '../client';

export interface ClaimedOrder {
  id: number;
  paymentId: string | null;
}

interface ClaimedRow extends Record<string, unknown> {
  id: number;
  payment_id: string | null;
}

const toClaimed = (rows: ClaimedRow[]): ClaimedOrder[] =>
  rows.map((row) => ({ id: Number(row.id), paymentId: row.payment_id }));

/**
 * Unpaid orders past their deadline: pending ones holding stock, and failed ones (payable again until then). Each is claimed for `leaseMs`, so another process's job skips it
 * while this one asks the gateway a last time and expires it; its reservation is left as it is, so the order stays
 * overdue for everything else (a new payment start refuses it).
 */
export async function claimOverdueOrders(
  db: Db,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<ClaimedOrder[]> {
  const rows = await executeRows<ClaimedRow>(
    db,
    sql`UPDATE orders SET expiry_claimed_until = ${new Date(now.getTime() + leaseMs)}
        WHERE id IN (
          SELECT id FROM orders
          WHERE ((status = 'pending' AND stock_reserved) OR status = 'failed') AND reserved_until <= ${now}
            AND (expiry_claimed_until IS NULL OR expiry_claimed_until <= ${now})
          ORDER BY reserved_until
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
        RETURNING id, payment_id`,
  );
  return toClaimed(rows);
}
