// The mail outbox: every message the shop sent, newest first.
import { desc, eq } from 'drizzle-orm';
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
