import { createHash, randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDb } from '../db/client';
import { listMigrations, runMigrations } from '../db/migrate';

/**
 * PGlite runs initdb on every start (about 5 s); loading a dumped data folder takes about 0.5 s. The first test
 * file dumps a freshly migrated database to the temp folder, keyed by the PGlite version and the migrations'
 * contents, and every later file starts from it. A changed migration produces a new key, never a stale schema.
 */
export async function migratedPgliteTemplate(): Promise<Blob> {
  // The package does not export its package.json; it sits one folder above the resolved dist entry.
  const packageJson = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  const hash = createHash('sha256').update(await readFile(packageJson));
  for (const migration of await listMigrations()) hash.update(migration.name).update(migration.sql);
  const file = path.join(tmpdir(), `storefront-pglite-${hash.digest('hex').slice(0, 16)}.tar`);

  try {
    return new Blob([await readFile(file)]);
  } catch {
    // Not cached yet: build it below.
  }
  const handle = await openDb({ memory: true });
  try {
    await runMigrations(handle.db);
    if (!handle.dumpDataDir) throw new Error('An in-memory database is always PGlite.');
    const dump = await handle.dumpDataDir();
    const bytes = Buffer.from(await dump.arrayBuffer());
    // Parallel jest workers may race here; rename is atomic, so readers never see half a file.
    const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
    await writeFile(partial, bytes);
    await rename(partial, file);
    return new Blob([bytes]);
  } finally {
    await handle.close();
  }
}
