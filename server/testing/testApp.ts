import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Pool } from 'pg';
import { buildApp, type BuildAppOptions } from '../app';
import { openDb, type Db } from '../db/client';
import { prepareDatabase } from '../db/migrate';
import { outbox } from '../db/schema';
import type { MailService } from '../services/mail';
import { migratedPgliteTemplate, seededPgliteTemplate } from './pgliteTemplate';
import { fillFromSeededTemplate } from './postgresTemplate';
import { moveSeedToNow } from './seededTemplate';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  mail: MailService;
  close(): Promise<void>;
}

export interface TestAppOptions extends Omit<BuildAppOptions, 'db'> {
  /** Run part B's demo-shop seed (default false: an empty shop). */
  seed?: boolean;
  /** A second server process on another test app's database (scale-out tests); closing leaves the database open. */
  sharedWith?: TestApp;
}

/** A throw-away schema on TEST_DATABASE_URL, dropped again on close. */
async function openPostgresSchema(url: string): Promise<{ db: Db; close(): Promise<void> }> {
  const schemaName = `test_${randomBytes(6).toString('hex')}`;
  const admin = new Pool({ connectionString: url, max: 1 });
  await admin.query(`CREATE SCHEMA ${schemaName}`);
  const handle = await openDb({ databaseUrl: url, searchPath: schemaName, throwAway: true });
  return {
    db: handle.db,
    async close() {
      await handle.close();
      await admin.query(`DROP SCHEMA ${schemaName} CASCADE`);
      await admin.end();
    },
  };
}

/**
 * The whole server in-process on a fresh database: in-memory PGlite, or a fresh schema on PostgreSQL when
 * TEST_DATABASE_URL is set. Uploads go to a temporary folder. bcrypt runs at its lowest cost to keep tests fast.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { seed = false, config, sharedWith, ...rest } = options;
  const testUrl = process.env.TEST_DATABASE_URL;
  const handle = sharedWith
    ? { db: sharedWith.db, close: async () => undefined }
    : testUrl
      ? await openPostgresSchema(testUrl)
      : await openDb({
          memory: true,
          loadDataDir: seed ? await seededPgliteTemplate() : await migratedPgliteTemplate(),
        });
  // A seeded shop comes from a template (moved to now); prepareDatabase then finds it migrated and seeded.
  if (seed && !sharedWith) {
    if (testUrl) await fillFromSeededTemplate(testUrl, handle.db);
    else await moveSeedToNow(handle.db);
  }
  if (!sharedWith) await prepareDatabase(handle.db, { seed: seed ? 'demo' : false });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-test-'));
  const app = await buildApp({
    ...rest,
    db: handle.db,
    config: {
      env: 'test',
      dataDir,
      spaDir: path.join(dataDir, 'no-spa'),
      tokenSecret: 'test-secret',
      bcryptCost: 4,
      // Every test request comes from 127.0.0.1, and a file may register far more than 30 users a minute.
      perIpLimits: {
        register: 10_000,
        login: 10_000,
        guestCart: 10_000,
        pageRenders: 10_000,
        paymentStatus: 10_000,
        specCatalogue: 10_000,
        codeSends: 10_000,
      },
      // The same for orders: tests of other rules place many; orderLimits.test.ts puts the shop's limits back.
      orderLimits: {
        maxPendingPerOwner: 10_000,
        maxPendingPerAddress: 10_000,
        maxQuantityPerProduct: 100_000,
        createPerAddress: { max: 100_000, windowMs: 60_000 },
      },
      // Switched on explicitly, as a demo shop does; tests of the switched-off shop say so.
      paymentsSandbox: true,
      // No timers: a test runs the jobs with app.jobs.tick() when it wants them.
      backgroundJobs: false,
      ...config,
    },
  });
  await app.ready();
  return {
    app,
    db: handle.db,
    mail: app.deps.mail,
    async close() {
      await app.close();
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function authHeader(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** The code of the newest message sent to this address (what a person would read in the mailbox). */
export async function lastMailedCode(db: Db, email: string): Promise<string> {
  const [message] = await db
    .select({ code: outbox.code })
    .from(outbox)
    .where(eq(outbox.recipient, email.toLowerCase()))
    .orderBy(desc(outbox.id))
    .limit(1);
  if (!message?.code) throw new Error(`No code was mailed to ${email}.`);
  return message.code;
}

export interface RegisteredUser {
  token: string;
  id: number;
  email: string;
  password: string;
  name: string;
}

let userCounter = 0;

/**
 * Registers through the API and verifies with the mailed code, as a shopper would. Overrides go into the
 * registration payload (e.g. `{ email, name }`).
 */
export async function registerVerifiedUser(
  app: FastifyInstance,
  overrides: Partial<Record<'name' | 'email' | 'password' | 'phone_code' | 'phone_number', string>> & {
    nationality?: number;
  } = {},
): Promise<RegisteredUser> {
  userCounter += 1;
  const password = overrides.password ?? 'Secret@123';
  const payload = {
    name: `Test Shopper ${userCounter}`,
    email: `shopper${userCounter}.${randomBytes(3).toString('hex')}@example.com`,
    phone_code: '+965',
    phone_number: '55512345',
    nationality: 16,
    ...overrides,
    password,
    password_confirmation: password,
  };
  const registered = await app.inject({ method: 'POST', url: '/api/register', payload });
  if (registered.statusCode !== 201) {
    throw new Error(`register failed: ${registered.statusCode} ${registered.body}`);
  }
  const code = await lastMailedCode(app.deps.db, payload.email);
  const verified = await app.inject({
    method: 'POST',
    url: '/api/verify-code',
    payload: { email: payload.email, code },
  });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.statusCode} ${verified.body}`);
  const body = verified.json<{ token: string; id: number; email: string }>();
  return { token: body.token, id: body.id, email: body.email, password, name: payload.name };
}

/** A clock tests move by hand: pass `clock.now` as config.now, then `clock.advance(ms)`. */
export function manualClock(start = new Date('2026-01-15T10:00:00Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  };
}
