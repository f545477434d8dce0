// A closed test app's schema goes to the next test app only as the migrations made it (postgresSchemas.ts): any change
// to its structure makes it differ, and such a schema is dropped. That a reused schema is then filled as new is
// seededShop.test.ts's part. Runs only on PostgreSQL (TEST_DATABASE_URL).
import { Pool, type PoolClient } from 'pg';
import { runMigrations } from '../db/migrate';
import { migratedStructure, openTestSchema, structureOf, type TestSchema } from './postgresSchemas';

const url = process.env.TEST_DATABASE_URL;
const describePostgres = url ? describe : describe.skip;

describePostgres('test schemas on PostgreSQL', () => {
  let admin: Pool;
  let client: PoolClient;
  beforeAll(async () => {
    admin = new Pool({ connectionString: url, max: 1 });
    client = await admin.connect();
  });
  afterAll(async () => {
    client?.release();
    await admin?.end();
  });

  const exists = async (schema: string) =>
    (await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema])).rowCount === 1;

  /** A migrated schema of the pool's, and a way to change it as a test might. */
  async function migratedSchema(): Promise<TestSchema & { run(statement: string): Promise<void> }> {
    const schema = await openTestSchema(url ?? '');
    await runMigrations(schema.db);
    return {
      ...schema,
      run: async (statement) => {
        await client.query(`SET search_path TO ${schema.name}`);
        try {
          await client.query(statement);
        } finally {
          await client.query('RESET search_path');
        }
      },
    };
  }

  test('a schema the migrations made has the template’s structure; every kind of change makes it differ', async () => {
    const template = await migratedStructure(url ?? '');
    const schema = await migratedSchema();
    try {
      expect(await structureOf(client, schema.name)).toBe(template);
      const [{ name: lastMigration }] = (
        await client.query<{ name: string }>(`SELECT max(name) AS name FROM ${schema.name}.schema_migrations`)
      ).rows as [{ name: string }];
      const changes: [string, string][] = [
        ['ALTER TABLE products ADD COLUMN probe integer', 'ALTER TABLE products DROP COLUMN probe'],
        [
          'ALTER TABLE products ALTER COLUMN name_en DROP NOT NULL',
          'ALTER TABLE products ALTER COLUMN name_en SET NOT NULL',
        ],
        [
          'ALTER TABLE products ALTER COLUMN stock_quantity SET DEFAULT 7',
          'ALTER TABLE products ALTER COLUMN stock_quantity SET DEFAULT 0',
        ],
        ['CREATE INDEX probe_idx ON products (id)', 'DROP INDEX probe_idx'],
        ['ALTER TABLE products DISABLE TRIGGER USER', 'ALTER TABLE products ENABLE TRIGGER USER'],
        [
          'ALTER TABLE products ADD CONSTRAINT probe_check CHECK (id > 0)',
          'ALTER TABLE products DROP CONSTRAINT probe_check',
        ],
        ['CREATE FUNCTION probe() RETURNS integer LANGUAGE sql AS $$ SELECT 1 $$', 'DROP FUNCTION probe()'],
        ['CREATE TABLE probe (id integer)', 'DROP TABLE probe'],
        ["CREATE TYPE probe AS ENUM ('a')", 'DROP TYPE probe'],
        [
          `DELETE FROM schema_migrations WHERE name = '${lastMigration}'`,
          `INSERT INTO schema_migrations (name) VALUES ('${lastMigration}')`,
        ],
      ];
      for (const [change, undo] of changes) {
        await schema.run(change);
        const changed = await structureOf(client, schema.name);
        expect({ change, differs: changed !== template }).toEqual({ change, differs: true });
        await schema.run(undo);
        // Undone, it is the migrations' again (a dropped column leaves nothing the structure shows).
        expect({ undo, same: (await structureOf(client, schema.name)) === template }).toEqual({
          undo,
          same: true,
        });
      }
    } finally {
      await schema.close();
    }
  });

  test('a closed test app’s schema stays for the next one; one whose structure its test changed is dropped', async () => {
    const kept = await migratedSchema();
    const changed = await migratedSchema();
    await changed.run('ALTER TABLE orders ADD COLUMN probe text');
    await kept.close();
    await changed.close();
    expect(await exists(kept.name)).toBe(true);
    expect(await exists(changed.name)).toBe(false);
  });
});
