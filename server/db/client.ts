import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
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
  /** PostgreSQL; `searchPath` pins every pooled connection to one schema (tests use a throw-away one). */
  | { databaseUrl: string; searchPath?: string }
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

/** The tables the catalogue's answers (products with gallery, choices, rating, prices) are read from. */
const CATALOGUE_TABLES = new Set([
  'products',
  'categories',
  'product_images',
  'product_attribute_values',
  'reviews',
  'currency_rates',
]);
/**
 * Groups of tables whose reads may be kept on PGlite while no statement writes them (see writeVersion):
 * `catalogue` for product answers, `sessions` for bearer-token lookups (a token, its account's name, e-mail and
 * verification), `guestCarts` for guest-cart tokens.
 */
const WATCHED_TABLES = {
  catalogue: CATALOGUE_TABLES,
  sessions: new Set(['api_tokens', 'users']),
  guestCarts: new Set(['guest_carts']),
} as const;
export type WatchedTables = keyof typeof WATCHED_TABLES;

const WRITTEN_TABLE = /\b(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?(?:"?\w+"?\.)?"?(\w+)"?/gi;
const READ_OR_ROW_WRITE =
  /^\s*(?:select|with|insert|update|delete|begin|commit|rollback|savepoint|release)\b/i;

/**
 * Whether a statement may change the tables given: it writes one of them, or it is of a kind not read here (a
 * script, DDL, COPY, TRUNCATE...), which counts as changing everything.
 */
export function mayChange(statement: string, tables: ReadonlySet<string>): boolean {
  if (!READ_OR_ROW_WRITE.test(statement)) return true;
  for (const match of statement.matchAll(WRITTEN_TABLE))
    if (tables.has((match[1] ?? '').toLowerCase())) return true;
  return false;
}

/** Whether a statement may change what the catalogue answers (see mayChange). */
export function mayChangeCatalogue(statement: string): boolean {
  return mayChange(statement, CATALOGUE_TABLES);
}

type Versions = Record<WatchedTables, () => number>;
const writeVersions = new WeakMap<Db, Versions>();

/**
 * PGlite only (its folder is locked to this process, so every write passes through this handle): a number that
 * moves whenever a statement that may change the group's tables is sent, before its result is seen, and at the
 * end of every transaction. Answers read from those tables may be kept while it stays the same. PostgreSQL:
 * undefined (other processes write too).
 */
export function writeVersion(db: Db, tables: WatchedTables): (() => number) | undefined {
  return writeVersions.get(db)?.[tables];
}

/** writeVersion(db, 'catalogue'). */
export function catalogueVersion(db: Db): (() => number) | undefined {
  return writeVersion(db, 'catalogue');
}

/** Counts the statements that may change each group of tables, on the client and inside its transactions. */
function watchWrites(client: PGlite): Versions {
  const groups = Object.keys(WATCHED_TABLES) as WatchedTables[];
  const counts = Object.fromEntries(groups.map((group) => [group, 0])) as Record<WatchedTables, number>;
  const moveAll = () => {
    for (const group of groups) counts[group] += 1;
  };
  const watched = <T extends (query: string, ...rest: never[]) => unknown>(run: T): T =>
    ((query: string, ...rest: never[]) => {
      if (typeof query !== 'string' || !READ_OR_ROW_WRITE.test(query)) moveAll();
      else
        for (const match of query.matchAll(WRITTEN_TABLE)) {
          const table = (match[1] ?? '').toLowerCase();
          for (const group of groups) if (WATCHED_TABLES[group].has(table)) counts[group] += 1;
        }
      return run(query, ...rest);
    }) as T;
  const watchQueries = (target: Pick<PGlite, 'query' | 'exec'>) => {
    target.query = watched(target.query.bind(target)) as PGlite['query'];
    target.exec = watched(target.exec.bind(target)) as PGlite['exec'];
  };
  watchQueries(client);
  const transaction = client.transaction.bind(client);
  client.transaction = (async (callback: Parameters<PGlite['transaction']>[0]) => {
    try {
      return await transaction(async (tx) => {
        watchQueries(tx);
        return callback(tx);
      });
    } finally {
      // Whatever a rolled-back or committed transaction wrote, answers read before its end are not kept.
      moveAll();
    }
  }) as PGlite['transaction'];
  return Object.fromEntries(groups.map((group) => [group, () => counts[group]])) as Versions;
}

function wrapPglite(client: PGlite, release?: () => void): DbHandle {
  const versions = watchWrites(client);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  writeVersions.set(db, versions);
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

async function openPgliteMemory(loadDataDir?: Blob): Promise<DbHandle> {
  const client = new PGlite(loadDataDir ? { loadDataDir } : {});
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
    const client = new PGlite(path.join(dataDir, PGLITE_DIR));
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

function openPostgres(databaseUrl: string, searchPath?: string): DbHandle {
  const pool = new Pool({
    connectionString: databaseUrl,
    max: 10,
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
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
    return openPostgres(options.databaseUrl, 'searchPath' in options ? options.searchPath : undefined);
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
