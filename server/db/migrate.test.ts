import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { emptyPgliteTemplate } from '../testing/pgliteTemplate';
import { executeRows, openDb, type DbHandle } from './client';
import { listMigrations, runMigrations } from './migrate';

let handle: DbHandle;
let dir: string;

beforeEach(async () => {
  handle = await openDb({ memory: true, loadDataDir: await emptyPgliteTemplate() });
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

test("009 adds the spec's countries and their currencies to a database seeded before them, once", async () => {
  const { seedIfEmpty } = await import('./seed');
  await runMigrations(handle.db);
  await seedIfEmpty(handle.db);
  const count = async (table: string) =>
    (await executeRows<{ n: number }>(handle.db, sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0]?.n;
  const seeded = { countries: await count('countries'), rates: await count('currency_rates') };
  // A fresh database: migration 009 found no seed to add to, and the seed wrote every country once.
  expect(seeded.countries).toBeGreaterThanOrEqual(20);
  // A database seeded by an earlier release: only the first ten countries and their nine currencies.
  for (const statement of [
    "DELETE FROM countries WHERE iso3 NOT IN ('KWT','SAU','ARE','QAT','BHR','OMN','EGY','USA','DEU','FRA')",
    "DELETE FROM currency_rates WHERE currency_code NOT IN ('KWD','SAR','AED','QAR','BHD','OMR','USD','EUR','EGP')",
    "DELETE FROM schema_migrations WHERE name LIKE '009_%'",
  ]) {
    await executeRows(handle.db, sql.raw(statement));
  }
  expect(await count('countries')).toBe(10);
  expect(await runMigrations(handle.db)).toEqual([expect.stringMatching(/^009_/)]);
  expect({ countries: await count('countries'), rates: await count('currency_rates') }).toEqual(seeded);
});
