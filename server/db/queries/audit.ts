// The audit log's rows: written in the transaction of each staff change, read by subject or by order.
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../client';
import { auditLog, type AuditSubject, type AuditValues } from '../schema';

export type { AuditSubject, AuditValues };
export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

export async function insertAuditRow(db: Db, row: NewAuditRow): Promise<void> {
  await db.insert(auditLog).values(row);
}

/** Whether the account ever acted in the back office (its entries keep its id). */
export async function hasAuditRowsBy(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(eq(auditLog.actorId, userId))
    .limit(1);
  return row !== undefined;
}

/** Entries of one subject, or of several (a list page), newest first. */
export function auditRowsOf(
  db: Db,
  subjectType: AuditSubject,
  subject: number | number[],
): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.subjectType, subjectType),
        typeof subject === 'number' ? eq(auditLog.subjectId, subject) : inArray(auditLog.subjectId, subject),
      ),
    )
    .orderBy(desc(auditLog.id));
}

/** An order's entries and its payments', newest first. */
export function auditRowsOfOrder(db: Db, orderId: number): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(
      or(
        and(eq(auditLog.subjectType, 'order'), eq(auditLog.subjectId, orderId)),
        eq(auditLog.orderId, orderId),
      ),
    )
    .orderBy(desc(auditLog.id));
}
