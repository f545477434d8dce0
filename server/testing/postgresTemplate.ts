// The demo shop of seeded test apps on PostgreSQL (TEST_DATABASE_URL), as seededPgliteTemplate is on PGlite: seeded
// once into a template schema of its own, keyed by the migrations and every source the seed reads, then copied into
// each app's freshly migrated schema by one script. A seed there is a few hundred statements and two bcrypt hashes
// (about 1.3 s per app in a full run); the copy is one round trip.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { Pool } from 'pg';
import { executeRows, openDb, scriptRunnerFor, type Db } from '../db/client';
import { listMigrations, runMigrations } from '../db/migrate';
import { seedIfEmpty } from '../db/seed';
import {
  datedColumns,
  markBeforeSeed,
  movedToNow,
  parsedSeedMark,
  quoteIdentifier,
  seedMarkOf,
  seedSourcesHash,
  sequenceReset,
  type DatedColumn,
  type SeedMark,
} from './seededTemplate';

/** Where the template keeps its seed mark: written last, so a template without it is one whose build did not finish. */
const MARK_TABLE = 'test_seed_mark';

/**
 * Left as the app's own migrations wrote it: the same migrations (the template's key), applied now rather than when the
 * template was built.
 */
const OWN_ROWS = 'schema_migrations';

interface Template {
  schema: string;
  mark: SeedMark;
  /** the tables in foreign-key order (each after the tables it references), with the columns to copy */
  tables: { name: string; columns: { name: string; dated?: DatedColumn }[] }[];
  /** the tables with triggers of their own (the versions', the search words'): switched off while the copy runs */
  triggered: string[];
}

async function templateSchemaName(): Promise<string> {
  const hash = createHash('sha256');
  for (const migration of await listMigrations()) hash.update(migration.name).update(migration.sql);
  hash.update(await seedSourcesHash()).update(await readFile(__filename));
  return `test_seed_${hash.digest('hex').slice(0, 16)}`;
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** Seeds the template schema unless a finished one is there; one builder at a time (the others wait, then find it). */
async function ensureTemplate(url: string, schema: string): Promise<void> {
  const admin = new Pool({ connectionString: url, max: 1 });
  const client = await admin.connect();
  const finished = async () =>
    (
      await client.query<{ found: string | null }>('SELECT to_regclass($1)::text AS found', [
        `${schema}.${MARK_TABLE}`,
      ])
    ).rows[0]?.found != null;
  try {
    if (await finished()) return;
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [schema]);
    try {
      if (await finished()) return;
      // Templates of other migrations or seeds (an earlier checkout's) would only pile up in the database.
      const stale = await client.query<{ name: string }>(
        `SELECT nspname AS name FROM pg_namespace WHERE nspname LIKE 'test\\_seed\\_%' AND nspname <> $1`,
        [schema],
      );
      for (const { name } of stale.rows) await client.query(`DROP SCHEMA ${quoteIdentifier(name)} CASCADE`);
      await client.query(`DROP SCHEMA IF EXISTS ${quoteIdentifier(schema)} CASCADE`);
      await client.query(`CREATE SCHEMA ${quoteIdentifier(schema)}`);
      const handle = await openDb({ databaseUrl: url, searchPath: schema, throwAway: true });
      try {
        await runMigrations(handle.db);
        const afterXid = await markBeforeSeed(handle.db);
        const seededAt = new Date();
        await seedIfEmpty(handle.db, 'demo', seededAt);
        const mark = await seedMarkOf(handle.db, seededAt, afterXid);
        await scriptRunnerFor(handle.db)(
          `CREATE TABLE ${MARK_TABLE} (mark text NOT NULL);
           INSERT INTO ${MARK_TABLE} VALUES (${literal(JSON.stringify(mark))});`,
        );
      } finally {
        await handle.close();
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [schema]);
    }
  } finally {
    client.release();
    await admin.end();
  }
}

/** Tables in an order where each comes after those its foreign keys reference. */
function inReferenceOrder(tables: string[], references: { table: string; referenced: string }[]): string[] {
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (table: string) => {
    if (placed.has(table)) return;
    if (visiting.has(table))
      throw new Error(`The seeded template cannot be copied: a foreign-key cycle at ${table}.`);
    visiting.add(table);
    for (const edge of references)
      if (edge.table === table && edge.referenced !== table) place(edge.referenced);
    visiting.delete(table);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of [...tables].sort()) place(table);
  return ordered;
}

async function readTemplate(db: Db, schema: string): Promise<Template> {
  const [marked] = await executeRows<{ mark: string }>(
    db,
    sql.raw(`SELECT mark FROM ${quoteIdentifier(schema)}.${MARK_TABLE}`),
  );
  if (!marked) throw new Error(`The seeded template ${schema} has no mark.`);
  const mark = parsedSeedMark(marked.mark);
  const columns = await executeRows<{ table_name: string; column_name: string }>(
    db,
    sql`SELECT c.relname AS table_name, a.attname AS column_name
        FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = ${schema} AND c.relkind IN ('r', 'p') AND c.relname NOT IN (${MARK_TABLE}, ${OWN_ROWS})
          AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
        ORDER BY c.relname, a.attnum`,
  );
  const references = await executeRows<{ table: string; referenced: string }>(
    db,
    sql`SELECT c.relname AS table, r.relname AS referenced
        FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class r ON r.oid = k.confrelid
        JOIN pg_namespace n ON n.oid = k.connamespace
        WHERE n.nspname = ${schema} AND k.contype = 'f'`,
  );
  const triggered = await executeRows<{ table: string }>(
    db,
    sql`SELECT DISTINCT c.relname AS table FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = ${schema} AND NOT t.tgisinternal`,
  );
  const dated = new Map(
    (await datedColumns(db, schema)).map((column) => [`${column.table_name}.${column.column_name}`, column]),
  );
  const byTable = new Map<string, string[]>();
  for (const row of columns)
    byTable.set(row.table_name, [...(byTable.get(row.table_name) ?? []), row.column_name]);
  return {
    schema,
    mark,
    triggered: triggered.map((row) => row.table),
    tables: inReferenceOrder([...byTable.keys()], references).map((name) => ({
      name,
      columns: (byTable.get(name) ?? []).map((column) => ({
        name: column,
        dated: dated.get(`${name}.${column}`),
      })),
    })),
  };
}

let template: { url: string; loaded: Promise<Template> } | undefined;

/**
 * Fills a test app's fresh schema (the handle's) with the demo shop as a fresh seed leaves it: migrations first, then
 * every table's rows copied from the template with their own triggers off (no catalogue or stock version counts the copy as a
 * change; the foreign keys still check it), their timestamps and dates moved to now (seededTemplate's movedToNow: the
 * migrations' rows too, as if the template's migrations and seed had just run) and the sequences where the seed left
 * them.
 */
export async function fillFromSeededTemplate(url: string, db: Db, now: Date = new Date()): Promise<void> {
  if (template?.url !== url) {
    const loaded = (async () => {
      const schema = await templateSchemaName();
      await ensureTemplate(url, schema);
      return readTemplate(db, schema);
    })();
    template = { url, loaded };
  }
  const { schema, mark, tables, triggered } = await template.loaded;
  await runMigrations(db);
  const moved = movedToNow(mark, now);
  const source = (table: string) => `${quoteIdentifier(schema)}.${quoteIdentifier(table)}`;
  const names = tables.map((table) => quoteIdentifier(table.name));
  const copies = tables.map(({ name, columns }) => {
    // Every row moves, the migrations' too (shop_security's): as if the template's migrations and seed had just run.
    const selected = columns.map(({ name: column, dated }) =>
      dated ? moved(dated) : quoteIdentifier(column),
    );
    return `INSERT INTO ${quoteIdentifier(name)} (${columns.map((column) => quoteIdentifier(column.name)).join(', ')})
            OVERRIDING SYSTEM VALUE SELECT ${selected.join(', ')} FROM ${source(name)};`;
  });
  const switched = triggered.map(quoteIdentifier);
  // The migrations' few rows go by DELETE, those referencing first: TRUNCATE would make new files for every table
  // and index of the schema.
  await scriptRunnerFor(db)(
    `${switched.map((name) => `ALTER TABLE ${name} DISABLE TRIGGER USER;`).join('\n')}
     ${[...names]
       .reverse()
       .map((name) => `DELETE FROM ${name};`)
       .join('\n')}
     ${copies.join('\n')}
     ${mark.sequences.map((sequence) => sequenceReset(sequence)).join('\n')}
     ${switched.map((name) => `ALTER TABLE ${name} ENABLE TRIGGER USER;`).join('\n')}`,
  );
}
