import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { executeRows, openDb, type DbHandle } from './client';
import { listMigrations, runMigrations } from './migrate';

let handle: DbHandle;
let dir: string;

beforeEach(async () => {
  handle = await openDb({ memory: true });
  dir = mkdtempSync(path.join(tmpdir(), 'storefront-migrations-'));
});
afterEach(async () => {
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
});

const tables = async () =>
  (
    await executeRows<{ name: string }>(
      handle.db,
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY 1`,
    )
  ).map((row) => row.name);

test('applies NNN_*.sql files in order, once, and records them', async () => {
  writeFileSync(
    path.join(dir, '002_second.sql'),
    'ALTER TABLE first ADD COLUMN b int;\nCREATE TABLE second (id int);',
  );
  writeFileSync(path.join(dir, '001_first.sql'), 'CREATE TABLE first (a int);');
  writeFileSync(path.join(dir, 'notes.txt'), 'not a migration');
  writeFileSync(path.join(dir, '3_bad_name.sql'), 'CREATE TABLE never (id int);');

  expect(await runMigrations(handle.db, dir)).toEqual(['001_first.sql', '002_second.sql']);
  expect(await tables()).toEqual(['first', 'schema_migrations', 'second']);
  expect(await runMigrations(handle.db, dir)).toEqual([]);

  writeFileSync(path.join(dir, '003_third.sql'), 'CREATE TABLE third (id int);');
  expect(await runMigrations(handle.db, dir)).toEqual(['003_third.sql']);
});

test('a failing migration leaves nothing behind and is not recorded', async () => {
  writeFileSync(path.join(dir, '001_ok.sql'), 'CREATE TABLE ok (id int);');
  writeFileSync(path.join(dir, '002_broken.sql'), 'CREATE TABLE half (id int);\nTHIS IS NOT SQL;');
  await expect(runMigrations(handle.db, dir)).rejects.toThrow(/002_broken\.sql/);
  expect(await tables()).toEqual(['ok', 'schema_migrations']);
  const recorded = await executeRows<{ name: string }>(handle.db, sql`SELECT name FROM schema_migrations`);
  expect(recorded.map((row) => row.name)).toEqual(['001_ok.sql']);
});

test('the real migrations create the account tables', async () => {
  const names = (await listMigrations()).map((m) => m.name);
  expect(names[0]).toBe('001_accounts.sql');
  await runMigrations(handle.db);
  expect(await tables()).toEqual(
    expect.arrayContaining(['users', 'api_tokens', 'verification_codes', 'outbox']),
  );
});
