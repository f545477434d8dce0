import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQLWrapper } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { inspectDataDir, lockDataDir, openFailed, PGLITE_DIR } from './dataDir';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DbOptions =
  /** In-memory PGlite; `loadDataDir` starts from a dumped data folder instead of running initdb (≈10× faster). */
  | { memory: true; loadDataDir?: Blob }
  /**
   * PostgreSQL; `searchPath` pins every pooled connection to one schema (tests use a throw-away one, whose commits
   * need not wait for the disk: `throwAway`).
   */
  | { databaseUrl: string; searchPath?: string; throwAway?: boolean }
  | { dataDir: string; databaseUrl?: string };

export interface DbHandle {
  db: Db;
  close(): Promise<void>;
  /** PGlite only: the whole data folder as a tarball (the test helper caches a migrated one). */
  dumpDataDir?: () => Promise<Blob>;
}

/**
 * Runs a whole multi-statement SQL script atomically. Drizzle only sends single parameterised statements,
 * so migrations go through the driver's own simple-query path.
 */
export type ScriptRunner = (script: string) => Promise<void>;

const scriptRunners = new WeakMap<Db, ScriptRunner>();

export function scriptRunnerFor(db: Db): ScriptRunner {
  const runner = scriptRunners.get(db);
  if (!runner) throw new Error('This database handle was not opened with openDb().');
  return runner;
}

function wrapPglite(client: PGlite, release?: () => void): DbHandle {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  scriptRunners.set(db, async (script) => {
    await client.transaction(async (tx) => {
      await tx.exec(script);
    });
  });
  return {
    db,
    close: async () => {
      try {
        await client.close();
      } finally {
        release?.();
      }
    },
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

/** Search's trigram index and similarity (migration 013): PostgreSQL ships the extension, PGlite loads it. */
const PGLITE_EXTENSIONS = { pg_trgm };

async function openPgliteMemory(loadDataDir?: Blob): Promise<DbHandle> {
  const client = new PGlite(
    loadDataDir ? { loadDataDir, extensions: PGLITE_EXTENSIONS } : { extensions: PGLITE_EXTENSIONS },
  );
  await client.waitReady;
  return wrapPglite(client);
}

/**
 * The data folder is locked for this process first (PGlite is single-process: a twin would hand out the same
 * ids), then checked, so a folder it does not recognise is refused instead of initialised afresh.
 */
async function openPgliteFolder(dataDir: string): Promise<DbHandle> {
  await mkdir(dataDir, { recursive: true });
  const lock = lockDataDir(dataDir);
  try {
    const state = inspectDataDir(dataDir);
    const client = new PGlite(path.join(dataDir, PGLITE_DIR), { extensions: PGLITE_EXTENSIONS });
    try {
      await client.waitReady;
    } catch (error) {
      if (state === 'existing') throw openFailed(dataDir, error);
      throw error;
    }
    return wrapPglite(client, () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}

function openPostgres(databaseUrl: string, searchPath?: string, throwAway = false): DbHandle {
  const settings = [
    ...(searchPath ? [`-c search_path=${searchPath}`] : []),
    // Data nobody keeps: a commit returns before its record is on disk (a crash loses only the last moments).
    ...(throwAway ? ['-c synchronous_commit=off'] : []),
  ];
  const pool = new Pool({
    connectionString: databaseUrl,
    max: 10,
    ...(settings.length > 0 ? { options: settings.join(' ') } : {}),
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  scriptRunners.set(db, async (script) => {
    const connection = await pool.connect();
    try {
      await connection.query('BEGIN');
      await connection.query(script);
      await connection.query('COMMIT');
    } catch (error) {
      await connection.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      connection.release();
    }
  });
  return { db, close: () => pool.end() };
}

export async function openDb(options: DbOptions): Promise<DbHandle> {
  if ('memory' in options) return openPgliteMemory(options.loadDataDir);
  if (options.databaseUrl) {
    return 'dataDir' in options
      ? openPostgres(options.databaseUrl)
      : openPostgres(options.databaseUrl, options.searchPath, options.throwAway);
  }
  // The cluster has a folder of its own inside DATA_DIR: the uploads live next to it, not inside it.
  if (!('dataDir' in options)) throw new Error('openDb needs a data folder, a database URL or memory.');
  return openPgliteFolder(options.dataDir);
}

/**
 * Raw SQL with typed rows. `Db` is driver-neutral, so drizzle types `execute()` as unknown; both drivers
 * answer `{ rows }`.
 */
export async function executeRows<TRow extends Record<string, unknown>>(
  db: Db,
  query: SQLWrapper | string,
): Promise<TRow[]> {
  const result = (await db.execute<TRow>(query)) as { rows?: TRow[] };
  return result.rows ?? [];
}

/** PostgreSQL's own error (its SQLSTATE code and constraint), on the error itself or the cause Drizzle wraps it in. */
export function databaseErrorOf(error: unknown): { code?: unknown; constraint?: unknown } | undefined {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    if ('code' in current) return current as { code?: unknown; constraint?: unknown };
  }
  return undefined;
}
