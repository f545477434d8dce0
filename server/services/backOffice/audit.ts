// The audit log: every staff action, who, what, when, and the fields before → after. Written in the transaction
// of the change itself, so there is no change without its entry and no entry without its change.
import type { AuditEntry } from '../../../contract/admin';
import type { Db } from '../../db/client';
import {
  auditRowsOf,
  auditRowsOfOrder,
  hasAuditRowsBy,
  insertAuditRow,
  type AuditRow,
  type AuditSubject,
  type AuditValues,
} from '../../db/queries/audit';

/** Who acted: a signed-in staff member, or the command line on the server (no account). */
export interface Actor {
  id: number | null;
  name: string;
  email: string;
}

export const COMMAND_LINE: Actor = { id: null, name: 'command line', email: '' };

export interface AuditWrite {
  action: string;
  subjectType: AuditSubject;
  subjectId: number;
  /** the order a payment belongs to, so the order's page lists it */
  orderId?: number;
  before: AuditValues | null;
  after: AuditValues | null;
}

export async function writeAudit(db: Db, actor: Actor, entry: AuditWrite, now: Date): Promise<void> {
  await insertAuditRow(db, {
    actorId: actor.id,
    actorName: actor.name,
    actorEmail: actor.email,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    orderId: entry.orderId ?? (entry.subjectType === 'order' ? entry.subjectId : null),
    before: entry.before,
    after: entry.after,
    createdAt: now,
  });
}

/** Only the fields whose value differs, each side with its own value: what an entry shows. */
export function changedFields(
  before: AuditValues,
  after: AuditValues,
): { before: AuditValues; after: AuditValues } | null {
  const was: AuditValues = {};
  const now: AuditValues = {};
  for (const key of Object.keys(after)) {
    if (before[key] !== after[key]) {
      was[key] = before[key] ?? null;
      now[key] = after[key] ?? null;
    }
  }
  return Object.keys(now).length === 0 ? null : { before: was, after: now };
}

/** Whether the account ever acted in the back office (its entries keep its id). */
export function actedInBackOffice(db: Db, userId: number): Promise<boolean> {
  return hasAuditRowsBy(db, userId);
}

function entryOf(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    action: row.action,
    subject_type: row.subjectType,
    subject_id: row.subjectId,
    // Who acted as they were named at that moment, for good: the id stays after the account is gone (migrations/019),
    // and a later rename changes nothing here. The command line has no account (id null) but still a name.
    actor: { id: row.actorId, name: row.actorName, email: row.actorEmail },
    before: row.before ?? null,
    after: row.after ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** One thing's entries, newest first. */
export async function auditOf(db: Db, subjectType: AuditSubject, subjectId: number): Promise<AuditEntry[]> {
  return (await auditRowsOf(db, subjectType, subjectId)).map(entryOf);
}

/** Several things' entries at once (a list page), by subject id, newest first. */
export async function auditOfMany(
  db: Db,
  subjectType: AuditSubject,
  subjectIds: number[],
): Promise<Map<number, AuditEntry[]>> {
  const byId = new Map<number, AuditEntry[]>(subjectIds.map((id) => [id, []]));
  if (subjectIds.length === 0) return byId;
  for (const row of await auditRowsOf(db, subjectType, subjectIds))
    byId.get(row.subjectId)?.push(entryOf(row));
  return byId;
}

/** An order's entries and its payments', newest first. */
export async function auditOfOrder(db: Db, orderId: number): Promise<AuditEntry[]> {
  return (await auditRowsOfOrder(db, orderId)).map(entryOf);
}
