// A production start (issue 47, finding 1): no account with a published password is created unless the demo shop is
// asked for, and the server refuses to serve while one signs in or while payments are simulated without an override.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  freePort,
  migratedDataDir,
  startServerProcess,
  until,
  type StartedServer,
} from './testing/serverProcess';

let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'storefront-production-start-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const PRODUCTION = {
  NODE_ENV: 'production',
  TOKEN_SECRET: 'production-start-test',
  BCRYPT_COST: '4',
  BACKGROUND_JOBS: 'off',
  DEMO_SHOP: undefined,
  PAYMENTS_SANDBOX: undefined,
  ALLOW_SANDBOX_IN_PRODUCTION: undefined,
  DATABASE_URL: undefined,
};

async function start(dataDir: string, env: Record<string, string | undefined> = {}): Promise<StartedServer> {
  return startServerProcess(await freePort(), { ...PRODUCTION, DATA_DIR: dataDir, ...env });
}

/**
 * Listening, its banner read as far as its fixed lines (the banner's lines are written one by one: a read may come
 * between them).
 */
async function listening(server: StartedServer): Promise<void> {
  await until(() => /listening on[\s\S]*rate limits in/.test(server.output()), 'listening', server.exited);
}

async function stop(server: StartedServer): Promise<void> {
  server.child.kill('SIGTERM');
  await server.exited;
}

async function signIn(server: StartedServer, email: string, password: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${server.port}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

// The first start of a real shop, on an empty folder; the other tests start on a migrated one (a start skips initdb).
test('a production start without DEMO_SHOP seeds the starter data only and says how to make the first owner', async () => {
  const server = await start(path.join(root, 'real-shop'));
  try {
    await listening(server);
    expect(await signIn(server, 'owner@shop.test', 'Owner@12345')).not.toBe(200);
    expect(await signIn(server, 'demo@shop.test', 'Demo@12345')).not.toBe(200);
    const countries = (await (await fetch(`http://127.0.0.1:${server.port}/api/countries`)).json()) as {
      countries: unknown[];
    };
    expect(countries.countries.length).toBeGreaterThan(10);
    await until(
      () => server.output().includes('no owner yet: `npm run staff -- add'),
      'the owner line',
      server.exited,
    );
    expect(server.output()).not.toMatch(/Owner@12345/);
  } finally {
    await stop(server);
  }
}, 120_000);

test('the demo shop in production only on DEMO_SHOP=on; without it the published passwords stop the start until retired', async () => {
  const dataDir = await migratedDataDir(path.join(root, 'demo-then-real'));
  const demo = await start(dataDir, { DEMO_SHOP: 'on', PAYMENTS_SANDBOX: 'on' });
  try {
    await listening(demo);
    expect(await signIn(demo, 'owner@shop.test', 'Owner@12345')).toBe(200);
  } finally {
    await stop(demo);
  }

  const refused = await start(dataDir);
  expect(await refused.exited).toBe(1);
  expect(refused.output()).toContain(
    "Not starting: the owner account owner@shop.test signs in with the demo shop's published password",
  );
  expect(refused.output()).toContain('DEMO_SHOP=on');
  expect(refused.output()).not.toContain('listening on');

  const retire = await startServerProcess(0, { ...PRODUCTION, DATA_DIR: dataDir }, 'server/staff.ts', [
    'retire-demo',
  ]);
  expect(await retire.exited).toBe(0);
  expect(retire.output()).toContain('owner@shop.test no longer signs in with its published demo password.');

  const real = await start(dataDir);
  try {
    await listening(real);
    expect(await signIn(real, 'owner@shop.test', 'Owner@12345')).not.toBe(200);
  } finally {
    await stop(real);
  }
}, 180_000);

test('simulated payments in production are refused unless an override says the operator means it', async () => {
  // Refused for its settings alone: before the data folder is opened, so none is made.
  const untouched = path.join(root, 'sandbox-refused');
  const refused = await start(untouched, { PAYMENTS_SANDBOX: 'on' });
  expect(await refused.exited).toBe(1);
  expect(refused.output()).toMatch(
    /Not starting: PAYMENTS_SANDBOX=on simulates payments.*ALLOW_SANDBOX_IN_PRODUCTION=yes/,
  );
  expect(existsSync(untouched)).toBe(false);

  const dataDir = await migratedDataDir(path.join(root, 'sandbox'));

  const allowed = await start(dataDir, {
    PAYMENTS_SANDBOX: 'on',
    ALLOW_SANDBOX_IN_PRODUCTION: 'yes',
  });
  try {
    await listening(allowed);
    expect(allowed.output()).toMatch(/payments: SANDBOX/);
  } finally {
    await stop(allowed);
  }
}, 120_000);
