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
  const hash = createHash('sha256');
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

type SeedMark = {
  seeded_at: string;
  transaction_at: string;
  after_xid: string;
  sequences: string;
};

type SequenceState = {
  name: string;
  last_value: string | null;
};

type DatedColumn = {
  table_name: string;
  column_name: string;
  data_type: string;
};

const MARK_SCHEMA = 'test_seed_mark';

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Rows the seed wrote: every transaction after the mark's xid (migrations' rows, such as shop_security, are older). */
const SEED_ROWS = (afterXid: string) => `xmin::text::bigint > ${BigInt(afterXid).toString()}`;

async function datedColumns(db: Db): Promise<DatedColumn[]> {
  return executeRows<DatedColumn>(
    db,
    sql.raw(
      `SELECT table_name, column_name, data_type FROM information_schema.columns
       WHERE table_schema = 'public'
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
 * Records in the dump when the seed ran: `seededAt`, the `now` it was given (its "n days ago" dates count from it),
 * and the moment of its transaction (what the columns it leaves to `DEFAULT now()` hold), taken as the latest seeded
 * timestamp that is not in the future.
 */
export async function markSeededAt(db: Db, seededAt: Date, afterXid: string): Promise<void> {
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
      `SELECT sequencename AS name, last_value::text FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`,
    ),
  );
  await scriptRunnerFor(db)(
    `CREATE SCHEMA ${MARK_SCHEMA};
     CREATE TABLE ${MARK_SCHEMA}.mark (
       seeded_at timestamptz NOT NULL, transaction_at timestamptz NOT NULL, after_xid bigint NOT NULL, sequences text NOT NULL
     );
     INSERT INTO ${MARK_SCHEMA}.mark VALUES ('${seededAt.toISOString()}', '${transactionAt.toISOString()}',
       ${BigInt(afterXid).toString()}, '${JSON.stringify(sequences).replace(/'/g, "''")}');`,
  );
}

/** An unused sequence (no last value) is not logged ahead and stays as it is. */
function sequenceReset({ name, last_value }: SequenceState): string {
  if (last_value === null) return '';
  return `SELECT setval('${quoteIdentifier(name).replace(/'/g, "''")}', ${BigInt(last_value).toString()}, true);`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function dayNumber(date: Date): number {
  return Math.floor(date.getTime() / DAY_MS);
}

/**
 * Moves a loaded seed to `now`, as if it had just run: every timestamp the seed wrote moves by the time since its
 * transaction, and every date by the days between its `now` and the moved one (a coupon that ended "in 30 days" still
 * does). Triggers stay off while it moves (session_replication_role), so no catalogue or stock version counts it as a
 * change. The sequences are put back where the seed left them, and the mark is dropped.
 */
export async function moveSeedToNow(db: Db, now: Date = new Date()): Promise<void> {
  const [mark] = await executeRows<SeedMark>(
    db,
    sql.raw(
      `SELECT seeded_at::text, transaction_at::text, after_xid::text, sequences FROM ${MARK_SCHEMA}.mark`,
    ),
  );
  if (!mark) throw new Error('The seeded template has no mark.');
  const shiftMs = now.getTime() - new Date(mark.transaction_at).getTime();
  const seededAt = new Date(mark.seeded_at);
  const shiftDays = dayNumber(new Date(seededAt.getTime() + shiftMs)) - dayNumber(seededAt);
  const byTable = new Map<string, string[]>();
  for (const column of await datedColumns(db)) {
    const name = quoteIdentifier(column.column_name);
    const moved =
      column.data_type === 'date'
        ? `${name} = ${name} + ${shiftDays}`
        : `${name} = ${name} + ${shiftMs} * interval '1 millisecond'`;
    byTable.set(column.table_name, [...(byTable.get(column.table_name) ?? []), moved]);
  }
  const updates = [...byTable].map(
    ([table, sets]) =>
      `UPDATE ${quoteIdentifier(table)} SET ${sets.join(', ')} WHERE ${SEED_ROWS(mark.after_xid)};`,
  );
  await scriptRunnerFor(db)(
    `SET LOCAL session_replication_role = replica;
     ${updates.join('\n')}
     ${(JSON.parse(mark.sequences) as SequenceState[]).map(sequenceReset).join('\n')}
     DROP SCHEMA ${MARK_SCHEMA} CASCADE;`,
  );
}
