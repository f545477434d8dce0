import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { executeRows, scriptRunnerFor, type Db } from './client';
import { seedIfEmpty, type SeedKind } from './seed';

const MIGRATIONS_DIR = path.join(__dirname, 'migrations');
const MIGRATION_FILE = /^(\d{3})_[\w-]+\.sql$/;

/**
 * Any fixed number works; it only has to be the same for every process migrating this database. The lock is taken per
 * schema (the second key): processes migrating one schema wait for each other, shops in other schemas of the same
 * database do not (the test suite migrates dozens of schemas side by side).
 */
const MIGRATION_LOCK_KEY = 48151623;
export const MIGRATION_LOCK = `pg_advisory_xact_lock(${MIGRATION_LOCK_KEY}, hashtext(coalesce(current_schema(), '')))`;

/**
 * What a migration that creates an extension also takes: an extension belongs to the whole database, so two schemas
 * migrated side by side (the test suite's, two shops on one database) would both add it, and the second's
 * `CREATE EXTENSION IF NOT EXISTS` fails on the catalogue's unique index instead of finding it. One lock for the
 * database (the one-key form: a lock space of its own), held to the migration's commit.
 */
export const EXTENSION_LOCK = `pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`;
const CREATES_EXTENSION = /\bCREATE\s+EXTENSION\b/i;

export interface Migration {
  name: string;
  sql: string;
}

export async function listMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const names = (await readdir(dir)).filter((name) => MIGRATION_FILE.test(name)).sort();
  return Promise.all(
    names.map(async (name) => ({ name, sql: await readFile(path.join(dir, name), 'utf8') })),
  );
}

function quoteLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * Applies every `NNN_*.sql` file not yet recorded in `schema_migrations`, in name order, each in its own
 * transaction. An advisory lock keeps two starting processes from applying the same file twice.
 */
export async function runMigrations(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const runScript = scriptRunnerFor(db);
  // Under the lock too: CREATE TABLE IF NOT EXISTS is not safe against a concurrent twin.
  await runScript(
    `SELECT ${MIGRATION_LOCK};
     CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());`,
  );
  const done = await executeRows<{ name: string }>(db, sql.raw('SELECT name FROM schema_migrations'));
  const alreadyApplied = new Set(done.map((row) => row.name));
  const applied: string[] = [];
  for (const migration of await listMigrations(dir)) {
    if (alreadyApplied.has(migration.name)) continue;
    const name = quoteLiteral(migration.name);
    // The guard re-checks inside the locked transaction, so a concurrent starter skips the file.
    const extensionLock = CREATES_EXTENSION.test(migration.sql) ? `SELECT ${EXTENSION_LOCK};` : '';
    await runScript(
      `SELECT ${MIGRATION_LOCK};${extensionLock}
       DO $guard$ BEGIN
         IF EXISTS (SELECT 1 FROM schema_migrations WHERE name = ${name}) THEN
           RAISE EXCEPTION 'already-applied' USING ERRCODE = 'P0001';
         END IF;
       END $guard$;
       ${migration.sql}
       ;INSERT INTO schema_migrations (name) VALUES (${name});`,
    ).then(
      () => applied.push(migration.name),
      (error: unknown) => {
        if (error instanceof Error && error.message.includes('already-applied')) return;
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
      },
    );
  }
  return applied;
}

/** Migrations, then what an empty database is given (see SeedKind); `false` leaves it empty (tests, staff). */
export async function prepareDatabase(db: Db, options: { seed: SeedKind | false }): Promise<void> {
  await runMigrations(db);
  if (options.seed) await seedIfEmpty(db, options.seed);
}
