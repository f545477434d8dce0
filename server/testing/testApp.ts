import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app';
import { openDb, type Db } from '../db/client';
import { prepareDatabase } from '../db/migrate';
import { outbox } from '../db/schema';
import type { MailService } from '../services/mail';
import { migratedPgliteTemplate, seededPgliteTemplate } from './pgliteTemplate';
import { fillFromTemplate, openTestSchema } from './postgresSchemas';
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

/**
 * The whole server in-process on a fresh database: in-memory PGlite, or a schema of its own on PostgreSQL when
 * TEST_DATABASE_URL is set (postgresSchemas.ts: new, or an earlier test app's filled as new). Uploads go to a temporary folder. bcrypt runs at its lowest cost to keep tests fast.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { seed = false, config, sharedWith, ...rest } = options;
  const testUrl = process.env.TEST_DATABASE_URL;
  let handle: { db: Db; close(): Promise<void> };
  if (sharedWith) {
    handle = { db: sharedWith.db, close: async () => undefined };
  } else if (testUrl) {
    // A seeded shop comes from a template, and so does an empty one in a schema an earlier test app used.
    const schema = await openTestSchema(testUrl);
    if (seed || schema.reused) await fillFromTemplate(testUrl, schema.db, seed ? 'seeded' : 'migrated');
    handle = schema;
  } else {
    handle = await openDb({
      memory: true,
      loadDataDir: seed ? await seededPgliteTemplate() : await migratedPgliteTemplate(),
    });
    if (seed) await moveSeedToNow(handle.db);
  }
  // prepareDatabase then finds the shop migrated (and seeded) as it would after its own first start.
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
