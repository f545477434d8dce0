import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { Pool } from 'pg';
import { createTestApp, lastMailedCode, type TestApp } from '../testing/testApp';
import { call, createShopper, GUEST_CHECKOUT, plainProductWithStock, stockOf } from '../routes/testSupport';
import { executeRows, openDb } from './client';
import { eraseUser } from './queries/accountErasure';
import { coupons, orders } from './schema';
import { listMigrations, MIGRATION_LOCK, prepareDatabase, runMigrations } from './migrate';
import { DEMO_USER } from './seed';
import { CURRENCY_RATES } from './seed/locations';

// Runs only when TEST_DATABASE_URL points at a real PostgreSQL (.ci/run sets it); createTestApp then works in a
// throw-away schema of that database.
const url = process.env.TEST_DATABASE_URL;
const describePostgres = url ? describe : describe.skip;

/** A point one side of a race waits at until the test opens it. */
function gate(): { open: () => void; opened: Promise<void> } {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describePostgres('on real PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  test('this really is PostgreSQL, in its own schema, with every migration applied once', async () => {
    const [version] = await executeRows<{ version: string }>(t.db, sql`SELECT version() AS version`);
    expect(version?.version).toMatch(/^PostgreSQL/);
    const [schema] = await executeRows<{ schema: string }>(t.db, sql`SELECT current_schema() AS schema`);
    expect(schema?.schema).toMatch(/^test_[0-9a-f]{12}$/);
    const applied = await executeRows<{ name: string }>(
      t.db,
      sql`SELECT name FROM schema_migrations ORDER BY name`,
    );
    expect(applied.map((row) => row.name)).toEqual((await listMigrations()).map((m) => m.name));
    expect(await runMigrations(t.db)).toEqual([]);
  });

  test('two processes migrating one empty database at once apply each file exactly once', async () => {
    const schemaName = `test_race_${Date.now().toString(16)}`;
    const admin = new Pool({ connectionString: url, max: 1 });
    await admin.query(`CREATE SCHEMA ${schemaName}`);
    const first = await openDb({ databaseUrl: url ?? '', searchPath: schemaName });
    const second = await openDb({ databaseUrl: url ?? '', searchPath: schemaName });
    try {
      const [a, b] = await Promise.all([runMigrations(first.db), runMigrations(second.db)]);
      const all = (await listMigrations()).map((m) => m.name);
      expect([...a, ...b].sort()).toEqual(all);
      const rows = await executeRows<{ name: string }>(first.db, sql`SELECT name FROM schema_migrations`);
      expect(rows).toHaveLength(all.length);
    } finally {
      await first.close();
      await second.close();
      await admin.query(`DROP SCHEMA ${schemaName} CASCADE`);
      await admin.end();
    }
  });

  test('two schemas migrated at once both get an extension the database did not have (it is one per database)', async () => {
    const stamp = Date.now().toString(16);
    const schemas = [`test_ext_a_${stamp}`, `test_ext_b_${stamp}`];
    const dir = await mkdtemp(path.join(tmpdir(), 'migrations-'));
    // The sleep keeps the first transaction open while the second reaches its CREATE EXTENSION.
    await writeFile(
      path.join(dir, '001_extension.sql'),
      'CREATE EXTENSION IF NOT EXISTS btree_gist SCHEMA public; SELECT pg_sleep(0.5);',
    );
    const admin = new Pool({ connectionString: url, max: 1 });
    // A run stopped half way may have left it: the database must not have it for the race to happen.
    await admin.query('DROP EXTENSION IF EXISTS btree_gist CASCADE');
    for (const name of schemas) await admin.query(`CREATE SCHEMA ${name}`);
    const shops = await Promise.all(
      schemas.map((name) => openDb({ databaseUrl: url ?? '', searchPath: name })),
    );
    try {
      const applied = await Promise.all(shops.map((shop) => runMigrations(shop.db, dir)));
      expect(applied).toEqual([['001_extension.sql'], ['001_extension.sql']]);
    } finally {
      await Promise.all(shops.map((shop) => shop.close()));
      await admin.query('DROP EXTENSION IF EXISTS btree_gist');
      for (const name of schemas) await admin.query(`DROP SCHEMA ${name} CASCADE`);
      await admin.end();
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('a schema being migrated holds back the migrations of that schema alone, not those of another', async () => {
    const [schema] = await executeRows<{ schema: string }>(t.db, sql`SELECT current_schema() AS schema`);
    const otherName = `test_lock_${Date.now().toString(16)}`;
    const admin = new Pool({ connectionString: url, max: 2 });
    await admin.query(`CREATE SCHEMA ${otherName}`);
    const holder = await admin.connect();
    const other = await openDb({ databaseUrl: url ?? '', searchPath: otherName });
    try {
      // Another process is migrating the test app's schema: it holds that schema's migration lock.
      await holder.query('BEGIN');
      await holder.query(`SET LOCAL search_path TO ${schema?.schema ?? ''}`);
      await holder.query(`SELECT ${MIGRATION_LOCK}`);
      let sameDone = false;
      const same = runMigrations(t.db).then(() => (sameDone = true));
      const otherApplied = await Promise.race([
        runMigrations(other.db),
        new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 10_000)),
      ]);
      expect(otherApplied).toEqual((await listMigrations()).map((m) => m.name));
      expect(sameDone).toBe(false);
      await holder.query('COMMIT');
      await same;
      expect(sameDone).toBe(true);
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      holder.release();
      await other.close();
      await admin.query(`DROP SCHEMA ${otherName} CASCADE`);
      await admin.end();
    }
  });

  test('two processes starting on one empty database at once both start, and the demo shop is seeded once', async () => {
    const schemaName = `test_seed_${Date.now().toString(16)}`;
    const admin = new Pool({ connectionString: url, max: 1 });
    await admin.query(`CREATE SCHEMA ${schemaName}`);
    const first = await openDb({ databaseUrl: url ?? '', searchPath: schemaName });
    const second = await openDb({ databaseUrl: url ?? '', searchPath: schemaName });
    try {
      // Both must come up: a load balancer starts its instances together (before, one failed on a duplicate key).
      await Promise.all([
        prepareDatabase(first.db, { seed: 'demo' }),
        prepareDatabase(second.db, { seed: 'demo' }),
      ]);
      const [counts] = await executeRows<{ rates: number; demo: number }>(
        first.db,
        sql`SELECT (SELECT count(*)::int FROM currency_rates) AS rates,
                   (SELECT count(*)::int FROM users WHERE email = ${DEMO_USER.email}) AS demo`,
      );
      expect(counts).toEqual({ rates: CURRENCY_RATES.length, demo: 1 });
    } finally {
      await first.close();
      await second.close();
      await admin.query(`DROP SCHEMA ${schemaName} CASCADE`);
      await admin.end();
    }
  });

  test('an order placed for an account while it is being deleted is marked for erasure too', async () => {
    const shopper = await createShopper(t.db);
    const [schema] = await executeRows<{ schema: string }>(t.db, sql`SELECT current_schema() AS schema`);
    const other = await openDb({ databaseUrl: url ?? '', searchPath: schema?.schema ?? '' });
    try {
      const commit = gate();
      const inserted = gate();
      // Another process's checkout has inserted the order and not committed yet.
      const placing = other.db.transaction(async (tx) => {
        const [order] = await tx
          .insert(orders)
          .values({
            userId: shopper.id,
            governorateName: 'Ahmadi',
            areaName: 'Fahaheel',
            address: 'Block 1, Street 2, House 3',
            paymentMethod: 'online',
            contactEmail: 'placing@example.com',
            contactPhone: '55500000',
            contactCountryCode: '+965',
            subtotal: 5,
            totalPrice: 5,
          })
          .returning({ id: orders.id });
        inserted.open();
        await commit.opened;
        return order?.id ?? 0;
      });
      await inserted.opened;
      const erasing = eraseUser(t.db, { id: shopper.id, addresses: [] }, new Date());
      await new Promise((resolve) => setTimeout(resolve, 300));
      commit.open();
      const orderId = await placing;
      await erasing;
      const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
      // Still pending (its payment may come): it keeps its contact details, marked to lose them once it settles.
      expect(row).toMatchObject({ userId: null, eraseContact: true });
    } finally {
      await other.close();
    }
  });

  test('a coupon staff switch off while an order is being placed is not applied to that order', async () => {
    // A shop with the demo catalogue, for a product to order.
    const shop = await createTestApp({ seed: true });
    const user = await createShopper(shop.db);
    const productId = await plainProductWithStock(shop.app, shop.db, 5);
    await call(shop.app, 'POST', '/api/cart/add', { product_id: productId, quantity: 1 }, user.token);
    const [coupon] = await shop.db
      .insert(coupons)
      .values({ code: 'RACE15', discount: 15, endDate: '2099-12-31' })
      .returning({ id: coupons.id });
    const [schema] = await executeRows<{ schema: string }>(shop.db, sql`SELECT current_schema() AS schema`);
    const other = await openDb({ databaseUrl: url ?? '', searchPath: schema?.schema ?? '' });
    try {
      const commit = gate();
      const switchedOff = gate();
      // The back office has switched the coupon off and not committed yet.
      const staff = other.db.transaction(async (tx) => {
        await tx
          .update(coupons)
          .set({ isActive: false })
          .where(eq(coupons.id, coupon?.id ?? 0));
        switchedOff.open();
        await commit.opened;
      });
      await switchedOff.opened;
      const placing = call(
        shop.app,
        'POST',
        '/api/create-order',
        { ...GUEST_CHECKOUT, coupon_code: 'RACE15' },
        user.token,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      commit.open();
      await staff;
      const response = await placing;
      expect(response.statusCode).toBe(422);
      expect(response.json<{ errors: object }>().errors).toEqual({ coupon_code: ['Invalid coupon'] });
      // Nothing was taken for it.
      expect(await stockOf(shop.db, productId)).toBe(5);
    } finally {
      await other.close();
      await shop.close();
    }
  });

  test('register, verify, login, logout round trip', async () => {
    const email = 'postgres.shopper@example.com';
    const payload = {
      name: 'Postgres Shopper',
      email,
      password: 'Secret@123',
      password_confirmation: 'Secret@123',
      phone_code: '+965',
      phone_number: '55512345',
      nationality: 16,
    };
    const registered = await t.app.inject({ method: 'POST', url: '/api/register', payload });
    expect(registered.statusCode).toBe(201);
    const duplicate = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...payload, email: email.toUpperCase() },
    });
    expect(duplicate.statusCode).toBe(422);

    const unverified = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'Secret@123' },
    });
    expect(unverified.statusCode).toBe(403);
    const code = await lastMailedCode(t.db, email);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/verify-code',
      payload: { email, code },
    });
    expect(verified.statusCode).toBe(200);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'Secret@123' },
    });
    expect(login.statusCode).toBe(200);
    const { token } = login.json();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().user.email).toBe(email);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.statusCode).toBe(200);
  });
});
