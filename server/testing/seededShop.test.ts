// A seeded test app's shop comes from a template (PGlite: a dumped data folder; PostgreSQL: a template schema), moved to
// the time it is loaded. It must be the shop a fresh seed gives: the same rows, the same dates relative to now, the
// same next ids. Run with TEST_DATABASE_URL it checks the PostgreSQL copy, without it the PGlite dump.
import { sql } from 'drizzle-orm';
import { executeRows, type Db } from '../db/client';
import { seedIfEmpty } from '../db/seed';
import { createTestApp, type TestApp } from './testApp';

/** Between the two shops' moments: the copy is moved to its loading time, the fresh seed runs right after. */
const CLOCK_SLACK_MS = 60_000;

type Column = {
  table_name: string;
  column_name: string;
  data_type: string;
};

async function columnsOf(db: Db): Promise<Column[]> {
  return executeRows<Column>(
    db,
    sql`SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c
        JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
        ORDER BY c.table_name, c.ordinal_position`,
  );
}

const isTimestamp = (column: Column) => column.data_type.startsWith('timestamp');
/** Counters spread over slots by the writing connection (migrations 015, 023, 025): only their sum is the shop's. */
const SLOTTED = new Set(['catalogue_versions', 'catalogue_stock_versions', 'content_versions']);
/** Salted hashes differ between two seeds of the same password. */
const isSalted = (column: Column) => /hash/.test(column.column_name);

/** A table's rows as text, the moments and salted hashes aside, in one order. */
async function rowsOf(db: Db, table: string, columns: Column[]) {
  const rows = await executeRows<Record<string, unknown>>(
    db,
    sql.raw(
      SLOTTED.has(table)
        ? `SELECT sum(version)::text AS version FROM "${table}"`
        : `SELECT * FROM "${table}"`,
    ),
  );
  if (SLOTTED.has(table)) columns = columns.filter((column) => column.column_name === 'version');
  const compared = columns.filter((column) => !isTimestamp(column) && !isSalted(column));
  return rows
    .map((row) => ({
      key: JSON.stringify(compared.map((column) => String(row[column.column_name]))),
      moments: columns.filter(isTimestamp).map((column) => {
        const value = row[column.column_name];
        return value === null ? null : new Date(value as string).getTime();
      }),
      salted: columns.filter(isSalted).map((column) => row[column.column_name] !== null),
    }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

let copied: TestApp;
let fresh: TestApp;
beforeAll(async () => {
  copied = await createTestApp({ seed: true });
  fresh = await createTestApp();
  await seedIfEmpty(fresh.db, 'demo', new Date());
}, 120_000);
afterAll(async () => {
  await copied?.close();
  await fresh?.close();
});

test('a seeded test app holds the shop a fresh seed gives, its moments moved to now', async () => {
  const columns = await columnsOf(fresh.db);
  expect(await columnsOf(copied.db)).toEqual(columns);
  const tables = [...new Set(columns.map((column) => column.table_name))];
  expect(tables.length).toBeGreaterThan(20);
  for (const table of tables) {
    const own = columns.filter((column) => column.table_name === table);
    const [expected, actual] = await Promise.all([
      rowsOf(fresh.db, table, own),
      rowsOf(copied.db, table, own),
    ]);
    expect({ table, rows: actual.map((row) => row.key) }).toEqual({
      table,
      rows: expected.map((row) => row.key),
    });
    expect({ table, salted: actual.map((row) => row.salted) }).toEqual({
      table,
      salted: expected.map((row) => row.salted),
    });
    actual.forEach((row, index) => {
      row.moments.forEach((moment, column) => {
        const wanted = expected[index]?.moments[column] ?? null;
        if (wanted === null || moment === null) expect({ table, moment }).toEqual({ table, moment: wanted });
        else
          expect({ table, off: Math.abs(moment - wanted) > CLOCK_SLACK_MS }).toEqual({ table, off: false });
      });
    });
  }
});

test('the next ids are those after a fresh seed', async () => {
  const sequences = sql`SELECT sequencename AS name, last_value::text FROM pg_sequences
                        WHERE schemaname = current_schema() ORDER BY 1`;
  expect(await executeRows(copied.db, sequences)).toEqual(await executeRows(fresh.db, sequences));
});
