// The mail outbox: every message the shop sent, newest first.
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { executeRows, type Db } from '../client';
import { outbox } from '../schema';

export type OutboxRow = typeof outbox.$inferSelect;

/** A message into the outbox, inside the caller's transaction. */
export async function queueMailRow(tx: Db, mail: typeof outbox.$inferInsert): Promise<void> {
  await tx.insert(outbox).values(mail);
}

/** A message into the outbox; answers its id. */
export async function insertMail(db: Db, mail: typeof outbox.$inferInsert): Promise<number | undefined> {
  const [queued] = await db.insert(outbox).values(mail).returning({ id: outbox.id });
  return queued?.id;
}

export function outboxRows(db: Db, limit: number, recipient?: string): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outbox)
    .where(recipient === undefined ? undefined : eq(outbox.recipient, recipient))
    .orderBy(desc(outbox.id))
    .limit(limit);
}

/** How much longer than the others mail still waiting for a try is kept (the retry job gives it up before). */
const WAITING_MAIL_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes mail older than `before`, but not mail still waiting for a try (the retry job gives it up once it has
 * waited that long, and tells the log): a day later at the latest, in case nothing tries it any more (SMTP taken out
 * of the configuration). One statement, so two server processes running it at once delete each row once and neither
 * fails. Answers how many rows went.
 */
export async function deleteMailBefore(db: Db, before: Date): Promise<number> {
  const gone = await db
    .delete(outbox)
    .where(
      and(
        lt(outbox.createdAt, before),
        or(isNull(outbox.retryAt), lt(outbox.createdAt, new Date(before.getTime() - WAITING_MAIL_GRACE_MS))),
      ),
    )
    .returning({ id: outbox.id });
  return gone.length;
}

/** Everything the shop mailed to these addresses. */
export async function deleteMailTo(db: Db, recipients: string[]): Promise<void> {
  if (recipients.length === 0) return;
  await db.delete(outbox).where(
    inArray(
      outbox.recipient,
      recipients.map((r) => r.toLowerCase()),
    ),
  );
}

export interface MailToRetry {
  id: number;
  recipient: string;
  subject: string;
  body: string;
  html: string | null;
  deliveryAttempts: number;
  createdAt: Date;
  /** this claim's lease: the outcome is recorded only while the row still carries it */
  claimedUntil: Date;
}

interface RetryRow extends Record<string, unknown> {
  id: number;
  recipient: string;
  subject: string;
  body: string;
  html: string | null;
  delivery_attempts: number;
  created_at: Date | string;
}

/**
 * Mail due for another delivery try, claimed for `leaseMs` (FOR UPDATE SKIP LOCKED, stamped in the same statement),
 * so two server processes never send one message twice at once.
 */
export async function claimMailToRetry(
  db: Db,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<MailToRetry[]> {
  const rows = await executeRows<RetryRow>(
    db,
    sql`UPDATE outbox SET retry_at = ${new Date(now.getTime() + leaseMs)}
        WHERE id IN (
          SELECT id FROM outbox
          WHERE retry_at IS NOT NULL AND retry_at <= ${now}
          ORDER BY retry_at, id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
        RETURNING id, recipient, subject, body, html, delivery_attempts, created_at`,
  );
  const claimedUntil = new Date(now.getTime() + leaseMs);
  return rows.map((row) => ({
    id: Number(row.id),
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    html: row.html,
    deliveryAttempts: Number(row.delivery_attempts),
    createdAt: new Date(row.created_at),
    claimedUntil,
  }));
}

/**
 * One delivery try's outcome: `retryAt` null when it went or the tries ran out. With `claimedUntil`, only while
 * the row still carries that claim (a process whose lease ran out does not overwrite the next one's outcome).
 */
export async function recordDeliveryTry(
  db: Db,
  id: number,
  attempts: number,
  retryAt: Date | null,
  claimedUntil?: Date,
): Promise<void> {
  await db
    .update(outbox)
    .set({ deliveryAttempts: attempts, retryAt })
    .where(claimedUntil ? and(eq(outbox.id, id), eq(outbox.retryAt, claimedUntil)) : eq(outbox.id, id));
}
