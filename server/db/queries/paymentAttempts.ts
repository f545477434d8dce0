// The payment attempts of orders: recording them, reading them, and the reconciliation job's claim of the ones a
// gateway may still decide (FOR UPDATE SKIP LOCKED, stamped in the same statement, so two server processes never
// ask about one attempt at once).
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { executeRows, type Db } from '../client';
import {
  OPEN_ATTEMPT_STATES,
  orderItems,
  orders,
  paymentAttempts,
  type AttemptState,
  type GatewayName,
} from '../schema';
import type { StockNeed } from '../stock';

export { OPEN_ATTEMPT_STATES, type AttemptState, type GatewayName };

export type AttemptRow = typeof paymentAttempts.$inferSelect;
export type NewAttempt = typeof paymentAttempts.$inferInsert;
type OrderRow = typeof orders.$inferSelect;

export async function insertAttempt(db: Db, attempt: NewAttempt): Promise<AttemptRow> {
  const [row] = await db
    .insert(paymentAttempts)
    .values(attempt)
    .onConflictDoUpdate({
      // The same gateway payment recorded twice (a retried call) stays one attempt.
      target: [paymentAttempts.gateway, paymentAttempts.gatewayPaymentId],
      set: { updatedAt: sql`${paymentAttempts.updatedAt}` },
    })
    .returning();
  if (!row) throw new Error('payment attempt insert returned nothing');
  return row;
}

export function attemptRowsOf(db: Db, orderIds: number[]): Promise<AttemptRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(paymentAttempts)
    .where(inArray(paymentAttempts.orderId, orderIds))
    .orderBy(asc(paymentAttempts.id));
}

export async function attemptByGatewayId(
  db: Db,
  gateway: GatewayName,
  gatewayPaymentId: string,
): Promise<AttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.gateway, gateway), eq(paymentAttempts.gatewayPaymentId, gatewayPaymentId)))
    .limit(1);
  return row;
}

/** The attempt, locked for the rest of the transaction (after its order, always in that order). */
/** How many of an order's payments are in this state (an order waiting for money to go back, or for staff's look). */
export async function countOrderAttemptsIn(db: Db, orderId: number, state: AttemptState): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.state, state)));
  return row?.n ?? 0;
}

export async function lockAttempt(db: Db, attemptId: number): Promise<AttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.id, attemptId))
    .for('update')
    .limit(1);
  return row;
}

export async function setAttempt(
  db: Db,
  attemptId: number,
  change: Partial<
    Pick<AttemptRow, 'state' | 'amount' | 'currency' | 'refundedAt' | 'refundedBy' | 'payableUntil'>
  >,
  now: Date,
  onlyFrom?: AttemptState[],
): Promise<AttemptRow | undefined> {
  const [row] = await db
    .update(paymentAttempts)
    .set({ ...change, updatedAt: now })
    .where(
      onlyFrom
        ? and(eq(paymentAttempts.id, attemptId), inArray(paymentAttempts.state, onlyFrom))
        : eq(paymentAttempts.id, attemptId),
    )
    .returning();
  return row;
}

/** The order, locked for the rest of the transaction, so two outcomes for one order apply one after the other. */
export async function lockOrderRow(db: Db, orderId: number): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
  return order;
}

export async function orderStockNeeds(db: Db, orderId: number): Promise<StockNeed[]> {
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  return items.flatMap((item) =>
    item.productId === null ? [] : [{ productId: item.productId, quantity: item.quantity }],
  );
}

export interface ClaimedAttempt {
  id: number;
  orderId: number;
  gateway: GatewayName;
  gatewayPaymentId: string;
  createdAt: Date;
  payableUntil: Date | null;
}

interface ClaimedRow extends Record<string, unknown> {
  id: number;
  order_id: number;
  gateway: GatewayName;
  gateway_payment_id: string;
  created_at: Date | string;
  payable_until: Date | string | null;
}

/**
 * Open attempts (pending, or declined on an invoice that still takes money) not asked about since `everyMs` (those
 * older than `recentMs` only every `staleEveryMs`: a gateway rarely decides an old invoice, but it may), oldest
 * check first. Each is stamped as checked now.
 */
export async function claimAttemptsToCheck(
  db: Db,
  now: Date,
  options: { everyMs: number; recentMs: number; staleEveryMs: number; limit: number },
): Promise<ClaimedAttempt[]> {
  const checkedBefore = new Date(now.getTime() - options.everyMs);
  const staleCheckedBefore = new Date(now.getTime() - Math.max(options.everyMs, options.staleEveryMs));
  const recentSince = new Date(now.getTime() - options.recentMs);
  const rows = await executeRows<ClaimedRow>(
    db,
    sql`UPDATE payment_attempts SET checked_at = ${now}
        WHERE id IN (
          SELECT id FROM payment_attempts
          WHERE state IN ('pending', 'declined')
            AND (checked_at IS NULL
              OR checked_at <= ${staleCheckedBefore}
              OR (checked_at <= ${checkedBefore} AND created_at >= ${recentSince}))
          ORDER BY checked_at NULLS FIRST, id
          LIMIT ${options.limit}
          FOR UPDATE SKIP LOCKED
        )
        RETURNING id, order_id, gateway, gateway_payment_id, created_at, payable_until`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    orderId: Number(row.order_id),
    gateway: row.gateway,
    gatewayPaymentId: row.gateway_payment_id,
    createdAt: new Date(row.created_at),
    payableUntil: row.payable_until === null ? null : new Date(row.payable_until),
  }));
}
