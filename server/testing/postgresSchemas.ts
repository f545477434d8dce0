// Test apps on PostgreSQL (TEST_DATABASE_URL) each work in a schema of their own, as fresh as PGlite's in-memory
// databases are. Migrating a schema from scratch is ~22 files of DDL (a third of a second, most of it PostgreSQL's own
// CPU) and dropping it again is more: a full run made and dropped ~95 of them. So a closed test app's schema goes back
// to a pool, and the next test app takes it and has it filled as a template holds it:
// - two templates, each built once per database and kept while what made it stays the same: a freshly migrated schema
//   (keyed by the migrations) and the demo shop (keyed by the migrations and every source the seed reads);
// - a fill empties every table, copies the template's rows in (with the triggers off, so no catalogue or stock version
//   counts the copy as a change; the foreign keys still check it), moves their timestamps and dates to now, and puts
//   every sequence back where the template has it (one round trip);
// - a schema goes back only while its structure is still exactly what the migrations make (`structureOf`: tables,
//   columns, indexes, constraints, triggers and whether they are on, functions, types, the migrations it records) and
//   it has not grown large: a test that changed any of it leaves its schema to be dropped, not to the next test.
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { Pool, type PoolClient } from 'pg';
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

export type TemplateKind = 'migrated' | 'seeded';

/** Where a template keeps its mark: written last, so a template without it is one whose build did not finish. */
const MARK_TABLE = 'test_seed_mark';

/**
 * Left as the app's own migrations wrote it: the same migrations (the templates' key), applied when the schema was
 * first made.
 */
const OWN_ROWS = 'schema_migrations';

/** The free schemas, shared by every jest worker (a module's state lasts one test file). */
const POOL = 'test_schema_pool.free';

/** A schema is made again after this many test apps, so the dead rows of its emptied tables do not pile up. */
const MAX_USES = 40;

/** Nor is a schema a test filled with far more than the demo shop kept: its emptied tables stay that large on disk. */
const MAX_POOLED_BYTES = 24 * 1024 * 1024;

const TEMPLATE_PREFIX: Record<TemplateKind, string> = {
  migrated: 'test_template_migrated_',
  seeded: 'test_template_seeded_',
};

interface Template {
  schema: string;
  mark: SeedMark;
  /** what `structureOf` answers for a schema the migrations just made */
  structure: string;
  /** the tables in foreign-key order (each after the tables it references), with the columns to copy */
  tables: { name: string; columns: { name: string; dated?: DatedColumn }[] }[];
  /** the tables with triggers of their own (the versions', the search words'): switched off while the copy runs */
  triggered: string[];
  /** where a sequence starts: those the template never used are put back there */
  sequenceStarts: Map<string, string>;
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

let migrationsKey: Promise<string> | undefined;

/** The migrations' own hash, and this file's (it decides what a template holds). */
function keyOfMigrations(): Promise<string> {
  migrationsKey ??= (async () => {
    const hash = createHash('sha256');
    for (const migration of await listMigrations()) hash.update(migration.name).update(migration.sql);
    hash.update(await readFile(__filename));
    return hash.digest('hex').slice(0, 16);
  })();
  return migrationsKey;
}

async function templateSchemaName(kind: TemplateKind): Promise<string> {
  if (kind === 'migrated') return `${TEMPLATE_PREFIX.migrated}${await keyOfMigrations()}`;
  const hash = createHash('sha256')
    .update(await keyOfMigrations())
    .update(await seedSourcesHash());
  return `${TEMPLATE_PREFIX.seeded}${hash.digest('hex').slice(0, 16)}`;
}

/**
 * One line per thing of a schema's structure, sorted and hashed: two schemas the same migrations made answer the same,
 * and a test's ALTER, CREATE or DROP, a trigger left switched off or a migration row changed answer something else.
 * Names come out unqualified: the connection's search path is the schema, and the schema's own name is taken out.
 */
export async function structureOf(client: PoolClient, schema: string): Promise<string> {
  const hash = createHash('sha256');
  for (const line of await structureLines(client, schema)) hash.update(line).update('\n');
  return hash.digest('hex');
}

/** What `structureOf` hashes, line by line (a test shows the lines that differ). */
export async function structureLines(client: PoolClient, schema: string): Promise<string[]> {
  await client.query(`SET search_path TO ${quoteIdentifier(schema)}`);
  try {
    const { rows } = await client.query<{ line: string }>(
      `WITH s AS (SELECT oid FROM pg_namespace WHERE nspname = $1)
       SELECT line FROM (
         SELECT format('relation %s %s %s %s %s', c.relname, c.relkind, c.relpersistence, c.relrowsecurity,
                       c.reloptions) AS line
           FROM pg_class c JOIN s ON c.relnamespace = s.oid WHERE c.relname <> $2
         UNION ALL
         SELECT format('column %s.%s %s %s %s %s %s', c.relname, a.attname, format_type(a.atttypid, a.atttypmod),
                       a.attnotnull, a.attidentity, a.attgenerated, pg_get_expr(d.adbin, d.adrelid))
           FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN s ON c.relnamespace = s.oid
           LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
           WHERE a.attnum > 0 AND NOT a.attisdropped AND c.relname <> $2
         UNION ALL
         SELECT format('index %s', pg_get_indexdef(i.indexrelid))
           FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN s ON c.relnamespace = s.oid
         UNION ALL
         SELECT format('constraint %s %s %s %s', c.relname, k.conname, pg_get_constraintdef(k.oid), k.convalidated)
           FROM pg_constraint k JOIN s ON k.connamespace = s.oid LEFT JOIN pg_class c ON c.oid = k.conrelid
         UNION ALL
         SELECT format('trigger %s %s', pg_get_triggerdef(t.oid), t.tgenabled)
           FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN s ON c.relnamespace = s.oid
           WHERE NOT t.tgisinternal
         UNION ALL
         SELECT format('function %s(%s) %s %s %s %s', p.proname, pg_get_function_identity_arguments(p.oid),
                       pg_get_function_result(p.oid), p.provolatile, p.prosecdef, md5(p.prosrc))
           FROM pg_proc p JOIN s ON p.pronamespace = s.oid
         UNION ALL
         SELECT format('view %s %s', c.relname, pg_get_viewdef(c.oid))
           FROM pg_class c JOIN s ON c.relnamespace = s.oid WHERE c.relkind IN ('v', 'm')
         UNION ALL
         SELECT format('sequence %s %s %s %s %s %s', c.relname, q.seqtypid::regtype, q.seqstart, q.seqincrement,
                       q.seqmin, q.seqmax)
           FROM pg_sequence q JOIN pg_class c ON c.oid = q.seqrelid JOIN s ON c.relnamespace = s.oid
         UNION ALL
         SELECT format('policy %s %s %s %s', c.relname, p.polname, pg_get_expr(p.polqual, p.polrelid),
                       pg_get_expr(p.polwithcheck, p.polrelid))
           FROM pg_policy p JOIN pg_class c ON c.oid = p.polrelid JOIN s ON c.relnamespace = s.oid
         UNION ALL
         SELECT format('rule %s %s', r.rulename, pg_get_ruledef(r.oid))
           FROM pg_rewrite r JOIN pg_class c ON c.oid = r.ev_class JOIN s ON c.relnamespace = s.oid
           WHERE r.rulename <> '_RETURN'
         UNION ALL
         SELECT format('type %s %s %s', t.typname, t.typtype, (
                  SELECT string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder) FROM pg_enum e WHERE e.enumtypid = t.oid))
           FROM pg_type t JOIN s ON t.typnamespace = s.oid WHERE t.typtype IN ('e', 'd', 'r', 'm')
       ) lines ORDER BY line`,
      [schema, MARK_TABLE],
    );
    // pg_get_indexdef names the table with its schema whatever the search path.
    const qualifier = `${quoteIdentifier(schema).replace(/^"([a-z_][a-z0-9_]*)"$/, '$1')}.`;
    const lines = rows.map(({ line }) => line.split(qualifier).join(''));
    // Only a schema with the migrations' table records which ran (an unmigrated one differs above already).
    if (lines.some((line) => line.startsWith(`relation ${OWN_ROWS} r `))) {
      const applied = await client.query<{ name: string }>(`SELECT name FROM ${OWN_ROWS} ORDER BY name`);
      for (const { name } of applied.rows) lines.push(`migration ${name}`);
    }
    return lines;
  } finally {
    await client.query('RESET search_path');
  }
}

/**
 * Builds the template schema unless a finished one is there; one builder at a time (the others wait, then find it).
 * Building the migrated one also clears what earlier migrations left: their templates and their pooled schemas.
 */
async function ensureTemplate(url: string, kind: TemplateKind, schema: string): Promise<void> {
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
      // Templates of other migrations or seeds (an earlier checkout's, also as they were named before the pool: test_seed_…)
      // would only pile up in the database.
      const stale = await client.query<{ name: string }>(
        `SELECT nspname AS name FROM pg_namespace
         WHERE (nspname ~ ('^' || $1 || '[0-9a-f]{16}$') OR nspname ~ '^test_seed_[0-9a-f]{16}$') AND nspname <> $2`,
        [TEMPLATE_PREFIX[kind], schema],
      );
      for (const { name } of stale.rows) await client.query(`DROP SCHEMA ${quoteIdentifier(name)} CASCADE`);
      if (kind === 'migrated') await preparePool(client, await keyOfMigrations());
      await client.query(`DROP SCHEMA IF EXISTS ${quoteIdentifier(schema)} CASCADE`);
      await client.query(`CREATE SCHEMA ${quoteIdentifier(schema)}`);
      const handle = await openDb({ databaseUrl: url, searchPath: schema, throwAway: true });
      try {
        const builtAt = new Date();
        const beforeXid = await markBeforeSeed(handle.db);
        await runMigrations(handle.db);
        const structure = await structureOf(client, schema);
        // The seed's rows are those after the migrations; the migrated template's, the migrations' own.
        const afterXid = kind === 'seeded' ? await markBeforeSeed(handle.db) : beforeXid;
        if (kind === 'seeded') await seedIfEmpty(handle.db, 'demo', builtAt);
        const mark = await seedMarkOf(handle.db, builtAt, afterXid);
        await scriptRunnerFor(handle.db)(
          `CREATE TABLE ${MARK_TABLE} (mark text NOT NULL, structure text NOT NULL);
           INSERT INTO ${MARK_TABLE} VALUES (${literal(JSON.stringify(mark))}, ${literal(structure)});`,
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

/** Makes the pool's table if it is missing, and drops the schemas other migrations left in it. */
async function preparePool(client: PoolClient, key: string): Promise<void> {
  await client.query(
    `CREATE SCHEMA IF NOT EXISTS test_schema_pool;
     CREATE TABLE IF NOT EXISTS ${POOL} (
       schema_name text PRIMARY KEY,
       migrations text NOT NULL,
       uses integer NOT NULL,
       released_at timestamptz NOT NULL DEFAULT now()
     )`,
  );
  const stale = await client.query<{ schema_name: string }>(
    `DELETE FROM ${POOL} WHERE migrations <> $1 RETURNING schema_name`,
    [key],
  );
  for (const { schema_name } of stale.rows)
    await client.query(`DROP SCHEMA IF EXISTS ${quoteIdentifier(schema_name)} CASCADE`);
}

/** Tables in an order where each comes after those its foreign keys reference. */
function inReferenceOrder(tables: string[], references: { table: string; referenced: string }[]): string[] {
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (table: string) => {
    if (placed.has(table)) return;
    if (visiting.has(table))
      throw new Error(`The test template cannot be copied: a foreign-key cycle at ${table}.`);
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
  const [marked] = await executeRows<{ mark: string; structure: string }>(
    db,
    sql.raw(`SELECT mark, structure FROM ${quoteIdentifier(schema)}.${MARK_TABLE}`),
  );
  if (!marked) throw new Error(`The test template ${schema} has no mark.`);
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
  const starts = await executeRows<{ name: string; start_value: string }>(
    db,
    sql`SELECT sequencename AS name, start_value::text FROM pg_sequences WHERE schemaname = ${schema}`,
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
    structure: marked.structure,
    triggered: triggered.map((row) => row.table),
    sequenceStarts: new Map(starts.map((row) => [row.name, row.start_value])),
    tables: inReferenceOrder([...byTable.keys()], references).map((name) => ({
      name,
      columns: (byTable.get(name) ?? []).map((column) => ({
        name: column,
        dated: dated.get(`${name}.${column}`),
      })),
    })),
  };
}

const templates = new Map<string, Promise<Template>>();

/** The template of this kind on this database, built if it is missing; read once per test file. */
function templateOf(url: string, kind: TemplateKind, db: Db): Promise<Template> {
  const key = `${kind} ${url}`;
  let loaded = templates.get(key);
  if (!loaded) {
    loaded = (async () => {
      const schema = await templateSchemaName(kind);
      await ensureTemplate(url, kind, schema);
      return readTemplate(db, schema);
    })();
    templates.set(key, loaded);
    loaded.catch(() => templates.delete(key));
  }
  return loaded;
}

/** A sequence as the template has it: where it stood, or at its start if the template never used it. */
function sequenceAsTemplate(template: Template, name: string, lastValue: string | null): string {
  if (lastValue !== null) return sequenceReset({ name, last_value: lastValue });
  const start = template.sequenceStarts.get(name);
  if (start === undefined) return '';
  return `SELECT setval(${literal(quoteIdentifier(name))}, ${BigInt(start).toString()}, false);`;
}

/**
 * Fills a test app's schema (the handle's: a new one or one from the pool) as the template of its kind holds it:
 * migrations first (none left to run in a pooled schema), then every table emptied and the template's rows copied in
 * with their own triggers off, their timestamps and dates moved to now (seededTemplate's movedToNow: the migrations'
 * rows too, as if the template's migrations and seed had just run), and every sequence where the template has it.
 */
export async function fillFromTemplate(
  url: string,
  db: Db,
  kind: TemplateKind,
  now: Date = new Date(),
): Promise<void> {
  const template = await templateOf(url, kind, db);
  const { schema, mark, tables, triggered } = template;
  await runMigrations(db);
  const moved = movedToNow(mark, now);
  const source = (table: string) => `${quoteIdentifier(schema)}.${quoteIdentifier(table)}`;
  const names = tables.map((table) => quoteIdentifier(table.name));
  const copies = tables.map(({ name, columns }) => {
    const selected = columns.map(({ name: column, dated }) =>
      dated ? moved(dated) : quoteIdentifier(column),
    );
    return `INSERT INTO ${quoteIdentifier(name)} (${columns.map((column) => quoteIdentifier(column.name)).join(', ')})
            OVERRIDING SYSTEM VALUE SELECT ${selected.join(', ')} FROM ${source(name)};`;
  });
  const switched = triggered.map(quoteIdentifier);
  // DELETE, those referencing first: TRUNCATE would make new files for every table and index of the schema.
  await scriptRunnerFor(db)(
    `${switched.map((name) => `ALTER TABLE ${name} DISABLE TRIGGER USER;`).join('\n')}
     ${[...names]
       .reverse()
       .map((name) => `DELETE FROM ${name};`)
       .join('\n')}
     ${copies.join('\n')}
     ${mark.sequences.map((sequence) => sequenceAsTemplate(template, sequence.name, sequence.last_value)).join('\n')}
     ${switched.map((name) => `ALTER TABLE ${name} ENABLE TRIGGER USER;`).join('\n')}`,
  );
}

export interface TestSchema {
  db: Db;
  name: string;
  /** taken from the pool: it holds what its last test left until it is filled */
  reused: boolean;
  /** closes the handle and gives the schema back to the pool, or drops it (see the top of the file) */
  close(): Promise<void>;
}

/** A schema of its own for a test app on TEST_DATABASE_URL: a free one from the pool, else a new one. */
export async function openTestSchema(url: string): Promise<TestSchema> {
  const admin = new Pool({ connectionString: url, max: 1 });
  try {
    const key = await keyOfMigrations();
    const pooled = await admin
      .query<{ schema_name: string; uses: number }>(
        `DELETE FROM ${POOL} WHERE schema_name = (
           SELECT schema_name FROM ${POOL} WHERE migrations = $1 ORDER BY released_at LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING schema_name, uses`,
        [key],
      )
      .then(
        (result) => result.rows[0],
        // No pool yet: the first test app on this database makes the migrated template, and the pool with it.
        (error: { code?: string }) => {
          if (error.code === '42P01' || error.code === '3F000') return undefined;
          throw error;
        },
      );
    const name = pooled?.schema_name ?? `test_${randomBytes(6).toString('hex')}`;
    if (!pooled) await admin.query(`CREATE SCHEMA ${quoteIdentifier(name)}`);
    const handle = await openDb({ databaseUrl: url, searchPath: name, throwAway: true });
    const uses = (pooled?.uses ?? 0) + 1;
    return {
      db: handle.db,
      name,
      reused: pooled !== undefined,
      async close() {
        await handle.close();
        try {
          // A schema that cannot be checked, or listed, is not given to another test: it is dropped.
          const pooled =
            (await reusable(url, admin, name, uses).catch(() => false)) &&
            (await giveBack(admin, name, key, uses).then(
              () => true,
              () => false,
            ));
          if (!pooled) await admin.query(`DROP SCHEMA ${quoteIdentifier(name)} CASCADE`);
        } finally {
          await admin.end();
        }
      },
    };
  } catch (error) {
    await admin.end();
    throw error;
  }
}

/** Lists the schema as free; makes the pool's table again if someone dropped it. */
async function giveBack(admin: Pool, name: string, key: string, uses: number): Promise<void> {
  const insert = () =>
    admin.query(`INSERT INTO ${POOL} (schema_name, migrations, uses) VALUES ($1, $2, $3)`, [name, key, uses]);
  await insert().catch(async (error: { code?: string }) => {
    if (error.code !== '42P01' && error.code !== '3F000') throw error;
    const client = await admin.connect();
    try {
      await preparePool(client, key);
    } finally {
      client.release();
    }
    await insert();
  });
}

/** Whether the next test app may have this schema: its structure untouched, not too large, not used too often. */
async function reusable(url: string, admin: Pool, name: string, uses: number): Promise<boolean> {
  if (uses >= MAX_USES) return false;
  const client = await admin.connect();
  try {
    const { rows } = await client.query<{ bytes: string | null }>(
      `SELECT sum(pg_total_relation_size(c.oid))::text AS bytes FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind = 'r'`,
      [name],
    );
    if (Number(rows[0]?.bytes ?? 0) > MAX_POOLED_BYTES) return false;
    return (await structureOf(client, name)) === (await migratedStructure(url));
  } finally {
    client.release();
  }
}

/** The migrated template's structure (`structureOf`), as every pooled schema must keep it. */
export async function migratedStructure(url: string): Promise<string> {
  const handle = await openDb({ databaseUrl: url });
  try {
    return (await templateOf(url, 'migrated', handle.db)).structure;
  } finally {
    await handle.close();
  }
}
