import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { executeRows, scriptRunnerFor, type Db } from '../db/client';

const SEED_ENTRY = path.join(__dirname, '..', 'db', 'seed', 'index.ts');
const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g;

async function resolveSource(fromFile: string, specifier: string): Promise<string | undefined> {
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    try {
      await readFile(candidate);
      if (/\.tsx?$/.test(candidate)) return candidate;
    } catch {
      // Not this one.
    }
  }
  return undefined;
}

/**
 * A hash of the demo seed's sources: its entry and every file of ours it imports, followed through relative imports,
 * so a change anywhere the seed reads builds a new dump instead of serving a stale shop.
 */
export async function seedSourcesHash(): Promise<string> {
  // This file too: it writes the mark the dump carries.
  const hash = createHash('sha256').update(await readFile(__filename));
  const seen = new Set<string>();
  const queue = [SEED_ENTRY];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = await readFile(file, 'utf8');
    hash.update(path.relative(__dirname, file)).update(source);
    for (const match of source.matchAll(RELATIVE_IMPORT)) {
      const resolved = await resolveSource(file, match[1] as string);
      if (resolved) queue.push(resolved);
    }
  }
  return hash.digest('hex');
}

type SequenceState = {
  name: string;
  last_value: string | null;
};

/** When a seed ran and what it left (see seedMarkOf). */
export interface SeedMark {
  /** the `now` the seed was given: its "n days ago" dates count from it */
  seededAt: Date;
  /** the moment of its transaction: what the columns it leaves to `DEFAULT now()` hold */
  transactionAt: Date;
  /** the seed's rows are those of the transactions after this one */
  afterXid: string;
  sequences: SequenceState[];
}

export type DatedColumn = {
  table_name: string;
  column_name: string;
  data_type: string;
};

const MARK_SCHEMA = 'test_seed_mark';

export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Rows the seed wrote: every transaction after the mark's xid (migrations' rows, such as shop_security, are older). */
export const SEED_ROWS = (afterXid: string) => `xmin::text::bigint > ${BigInt(afterXid).toString()}`;

/** The dated columns of a schema: by default the one the handle works in (public on PGlite, a test's own on PostgreSQL). */
export async function datedColumns(db: Db, schema?: string): Promise<DatedColumn[]> {
  return executeRows<DatedColumn>(
    db,
    sql.raw(
      `SELECT table_name, column_name, data_type FROM information_schema.columns
       WHERE table_schema = ${schema ? `'${schema.replace(/'/g, "''")}'` : 'current_schema()'}
         AND data_type IN ('timestamp with time zone', 'timestamp without time zone', 'date')
       ORDER BY table_name, ordinal_position`,
    ),
  );
}

/** Marks the start of the seed: answers the id the seed's transactions come after. */
export async function markBeforeSeed(db: Db): Promise<string> {
  const [row] = await executeRows<{ xid: string }>(db, sql.raw('SELECT txid_current()::text AS xid'));
  if (!row) throw new Error('txid_current() answered nothing');
  return row.xid;
}

/**
 * When the seed ran: `seededAt`, the `now` it was given, and the moment of its transaction, taken as the latest seeded
 * timestamp that is not in the future; and where it left the sequences.
 */
export async function seedMarkOf(db: Db, seededAt: Date, afterXid: string): Promise<SeedMark> {
  let transactionAt = seededAt;
  for (const column of await datedColumns(db)) {
    if (column.data_type === 'date') continue;
    const [row] = await executeRows<{ latest: string | null }>(
      db,
      sql.raw(
        `SELECT max(${quoteIdentifier(column.column_name)})::timestamptz::text AS latest
         FROM ${quoteIdentifier(column.table_name)}
         WHERE ${SEED_ROWS(afterXid)} AND ${quoteIdentifier(column.column_name)} <= clock_timestamp()`,
      ),
    );
    const latest = row?.latest ? new Date(row.latest) : undefined;
    if (latest && latest > transactionAt) transactionAt = latest;
  }
  // A loaded data folder's sequences stand up to 32 further on (PostgreSQL logs them ahead), so the next product would
  // not be number 151 as after a fresh seed: their values are kept here and put back on load.
  const sequences = await executeRows<SequenceState>(
    db,
    sql.raw(
      `SELECT sequencename AS name, last_value::text FROM pg_sequences
       WHERE schemaname = current_schema() ORDER BY 1`,
    ),
  );
  return { seededAt, transactionAt, afterXid, sequences };
}

/** Records in the dump when the seed ran (seedMarkOf), for moveSeedToNow. */
export async function markSeededAt(db: Db, seededAt: Date, afterXid: string): Promise<void> {
  const mark = await seedMarkOf(db, seededAt, afterXid);
  await scriptRunnerFor(db)(
    `CREATE SCHEMA ${MARK_SCHEMA};
     CREATE TABLE ${MARK_SCHEMA}.mark (mark text NOT NULL);
     INSERT INTO ${MARK_SCHEMA}.mark VALUES ('${JSON.stringify(mark).replace(/'/g, "''")}');`,
  );
}

/** The mark as JSON gave it back. */
export function parsedSeedMark(text: string): SeedMark {
  const mark = JSON.parse(text) as Omit<SeedMark, 'seededAt' | 'transactionAt'> & {
    seededAt: string;
    transactionAt: string;
  };
  return { ...mark, seededAt: new Date(mark.seededAt), transactionAt: new Date(mark.transactionAt) };
}

/** An unused sequence (no last value) is not logged ahead and stays as it is. */
export function sequenceReset({ name, last_value }: SequenceState, schema?: string): string {
  if (last_value === null) return '';
  const sequence = schema ? `${quoteIdentifier(schema)}.${quoteIdentifier(name)}` : quoteIdentifier(name);
  return `SELECT setval('${sequence.replace(/'/g, "''")}', ${BigInt(last_value).toString()}, true);`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function dayNumber(date: Date): number {
  return Math.floor(date.getTime() / DAY_MS);
}

/**
 * A dated column of a seeded row, moved to `now` as if the seed had just run: a timestamp by the time since the
 * seed's transaction, a date by the days between the seed's `now` and the moved one (a coupon that ended "in 30 days"
 * still does).
 */
export function movedToNow(mark: SeedMark, now: Date): (column: DatedColumn) => string {
  const shiftMs = now.getTime() - mark.transactionAt.getTime();
  const shiftDays = dayNumber(new Date(mark.seededAt.getTime() + shiftMs)) - dayNumber(mark.seededAt);
  return (column) => {
    const name = quoteIdentifier(column.column_name);
    return column.data_type === 'date'
      ? `${name} + ${shiftDays}`
      : `${name} + ${shiftMs} * interval '1 millisecond'`;
  };
}

/**
 * Moves a loaded seed to `now` (movedToNow). Triggers stay off while it moves (session_replication_role), so no
 * catalogue or stock version counts it as a change. The sequences are put back where the seed left them, and the mark
 * is dropped.
 */
export async function moveSeedToNow(db: Db, now: Date = new Date()): Promise<void> {
  const [row] = await executeRows<{ mark: string }>(db, sql.raw(`SELECT mark FROM ${MARK_SCHEMA}.mark`));
  if (!row) throw new Error('The seeded template has no mark.');
  const mark = parsedSeedMark(row.mark);
  const moved = movedToNow(mark, now);
  const byTable = new Map<string, string[]>();
  for (const column of await datedColumns(db)) {
    const set = `${quoteIdentifier(column.column_name)} = ${moved(column)}`;
    byTable.set(column.table_name, [...(byTable.get(column.table_name) ?? []), set]);
  }
  const updates = [...byTable].map(
    ([table, sets]) =>
      `UPDATE ${quoteIdentifier(table)} SET ${sets.join(', ')} WHERE ${SEED_ROWS(mark.afterXid)};`,
  );
  await scriptRunnerFor(db)(
    `SET LOCAL session_replication_role = replica;
     ${updates.join('\n')}
     ${mark.sequences.map((sequence) => sequenceReset(sequence)).join('\n')}
     DROP SCHEMA ${MARK_SCHEMA} CASCADE;`,
  );
}
