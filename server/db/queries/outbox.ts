// The mail outbox: every message the shop sent, newest first.
import { desc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../client';
import { outbox } from '../schema';

export type OutboxRow = typeof outbox.$inferSelect;

export function outboxRows(db: Db, limit: number, recipient?: string): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outbox)
    .where(recipient === undefined ? undefined : eq(outbox.recipient, recipient))
    .orderBy(desc(outbox.id))
    .limit(limit);
}

/**
 * Deletes mail older than `before`: one statement, so two server processes running it at once delete each row
 * once and neither fails. Answers how many rows went.
 */
export async function deleteMailBefore(db: Db, before: Date): Promise<number> {
  const gone = await db.delete(outbox).where(lt(outbox.createdAt, before)).returning({ id: outbox.id });
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
