import { createHash, randomBytes, type Hash } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDb, type DbHandle } from '../db/client';
import { listMigrations, runMigrations } from '../db/migrate';
import { seedIfEmpty } from '../db/seed';
import { markBeforeSeed, markSeededAt, seedSourcesHash } from './seededTemplate';

/** A dumped PGlite data folder in the temp folder, built once per machine and key, then read by every test file. */
async function cachedDump(name: string, key: Hash, build: () => Promise<Blob>): Promise<Blob> {
  const file = path.join(tmpdir(), `storefront-pglite-${name}${key.digest('hex').slice(0, 16)}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    // Not cached yet: build it below.
  }
  const bytes = Buffer.from(await (await build()).arrayBuffer());
  // Parallel jest workers may race here; rename is atomic, so readers never see half a file.
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
  await writeFile(partial, bytes);
  await rename(partial, file);
  return new Blob([bytes]);
}

async function pgliteVersionHash(): Promise<Hash> {
  // The package does not export its package.json; it sits one folder above the resolved dist entry.
  const packageJson = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  return createHash('sha256').update(await readFile(packageJson));
}

async function dumpOf(handle: DbHandle): Promise<Blob> {
  if (!handle.dumpDataDir) throw new Error('An in-memory database is always PGlite.');
  return handle.dumpDataDir();
}

/**
 * A database as initdb leaves it, before any migration, for tests of the migrations themselves: loading it takes
 * about a tenth of initdb's time.
 */
export async function emptyPgliteTemplate(): Promise<Blob> {
  return cachedDump('empty-', await pgliteVersionHash(), async () => {
    const handle = await openDb({ memory: true });
    try {
      return await dumpOf(handle);
    } finally {
      await handle.close();
    }
  });
}

async function migrationsHash(): Promise<Hash> {
  const hash = await pgliteVersionHash();
  for (const migration of await listMigrations()) hash.update(migration.name).update(migration.sql);
  return hash;
}

/**
 * PGlite runs initdb on every start (about 5 s); loading a dumped data folder takes about 0.5 s. The first test
 * file dumps a freshly migrated database to the temp folder, keyed by the PGlite version and the migrations'
 * contents, and every later file starts from it. A changed migration produces a new key, never a stale schema.
 */
export async function migratedPgliteTemplate(): Promise<Blob> {
  return cachedDump('', await migrationsHash(), async () => {
    const handle = await openDb({ memory: true, loadDataDir: await emptyPgliteTemplate() });
    try {
      await runMigrations(handle.db);
      return await dumpOf(handle);
    } finally {
      await handle.close();
    }
  });
}

/**
 * The migrated database with the demo shop seeded, keyed also by the seed's sources (every file it imports): the seed
 * costs 1–2 s of CPU, loading the dump nothing more than the migrated one. The seed's timestamps follow the day it
 * ran, so the dump records that moment and `moveSeedToNow` (seededTemplate.ts) moves them to the loading time.
 */
export async function seededPgliteTemplate(): Promise<Blob> {
  const hash = await migrationsHash();
  hash.update(await seedSourcesHash());
  return cachedDump('seeded-', hash, async () => {
    const handle = await openDb({ memory: true, loadDataDir: await migratedPgliteTemplate() });
    try {
      const afterXid = await markBeforeSeed(handle.db);
      const seededAt = new Date();
      await seedIfEmpty(handle.db, 'demo', seededAt);
      await markSeededAt(handle.db, seededAt, afterXid);
      return await dumpOf(handle);
    } finally {
      await handle.close();
    }
  });
}
