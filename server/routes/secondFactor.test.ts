// The back office's second factor (issue 47, finding 5): an authenticator app for staff and the owner, required of
// a real shop's owner and of staff when the owner asks; a session whose second step has not passed is refused by
// every back office route; guesses lock out like e-mailed codes.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config';
import { apiTokens, users, type UserRole } from '../db/schema';
import { currentCode } from '../lib/totp';
import { runStaffCommand } from '../staff';
import { sha256Hex } from '../lib/tokens';
import { createTestApp, manualClock, type TestApp } from '../testing/testApp';
import { call, createShopper, type Shopper } from './testSupport';

const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { now: clock.now, ownerSecondFactor: true } });
});
afterAll(async () => {
  await t.close();
});

async function withRole(app: TestApp, role: UserRole): Promise<Shopper> {
  const user = await createShopper(app.db, { name: `The ${role}` });
  await app.db.update(users).set({ role }).where(eq(users.id, user.id));
  return user;
}

/** Another sign-in of the same account: a fresh session that has proven only the password. */
async function newSession(app: TestApp, userId: number): Promise<string> {
  const token = randomBytes(32).toString('hex');
  await app.db.insert(apiTokens).values({ userId, tokenHash: sha256Hex(token), createdAt: clock.now() });
  return token;
}

const dashboard = (token: string, app = t) => call(app.app, 'GET', '/api/admin/dashboard', undefined, token);

/** Enrols the account through the API as a person with an app would; answers the secret and recovery codes. */
async function enrol(token: string, app = t) {
  const started = await call(app.app, 'POST', '/api/account/second-factor/enrolment', undefined, token);
  expect(started.statusCode).toBe(200);
  const { secret, otpauth_url, qr_code } = started.json<{
    secret: string;
    otpauth_url: string;
    qr_code: string;
  }>();
  expect(otpauth_url).toContain(`secret=${secret}`);
  expect(qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
  const confirmed = await call(
    app.app,
    'POST',
    '/api/account/second-factor/enrolment/confirm',
    { code: currentCode(secret, clock.now()) },
    token,
  );
  expect(confirmed.statusCode).toBe(200);
  return { secret, recovery: confirmed.json<{ recovery_codes: string[] }>().recovery_codes };
}

/** The next 30-second step, so a new code is not the one just used. */
const nextStep = () => clock.advance(30_000);

test("a real shop's owner without an app is refused by the back office with the set-up code, until enrolled", async () => {
  const owner = await withRole(t, 'owner');
  const refused = await dashboard(owner.token);
  expect(refused.statusCode).toBe(403);
  expect(refused.json()).toMatchObject({ code: 'second_factor_enrolment' });
  expect((await call(t.app, 'GET', '/api/admin/staff', undefined, owner.token)).statusCode).toBe(403);

  const status = await call(t.app, 'GET', '/api/account/second-factor', undefined, owner.token);
  expect(status.json()).toEqual({
    enrolled: false,
    required: true,
    passed: false,
    demo_exempt: false,
    recovery_codes_left: 0,
  });

  const { recovery } = await enrol(owner.token);
  expect(recovery).toHaveLength(10);
  expect(new Set(recovery).size).toBe(10);
  // The enrolling session has passed its second step with the confirming code.
  expect((await dashboard(owner.token)).statusCode).toBe(200);
  const after = await call(t.app, 'GET', '/api/account/second-factor', undefined, owner.token);
  expect(after.json()).toEqual({
    enrolled: true,
    required: true,
    passed: true,
    demo_exempt: false,
    recovery_codes_left: 10,
  });
  // The secret is never answered again: a second enrolment is refused, the status has none.
  expect(after.body).not.toMatch(/secret/);
  const again = await call(t.app, 'POST', '/api/account/second-factor/enrolment', undefined, owner.token);
  expect(again.statusCode).toBe(409);
  expect(again.json()).toMatchObject({ code: 'already_enrolled' });
});

test('a wrong first code does not enrol', async () => {
  const owner = await withRole(t, 'owner');
  const started = await call(t.app, 'POST', '/api/account/second-factor/enrolment', undefined, owner.token);
  const { secret } = started.json<{ secret: string }>();
  const right = currentCode(secret, clock.now());
  const wrong = await call(
    t.app,
    'POST',
    '/api/account/second-factor/enrolment/confirm',
    { code: right === '000000' ? '111111' : '000000' },
    owner.token,
  );
  expect(wrong.statusCode).toBe(422);
  expect((await dashboard(owner.token)).json()).toMatchObject({ code: 'second_factor_enrolment' });
});

test('a new sign-in of an enrolled account is half signed in: every back office route refuses it until its code', async () => {
  const owner = await withRole(t, 'owner');
  const { secret } = await enrol(owner.token);
  const session = await newSession(t, owner.id);
  for (const [method, url] of [
    ['GET', '/api/admin/dashboard'],
    ['GET', '/api/admin/orders'],
    ['GET', '/api/admin/staff'],
    ['GET', '/api/admin/security'],
  ] as const) {
    const refused = await call(t.app, method, url, undefined, session);
    expect([url, refused.statusCode, refused.json<{ code?: string }>().code]).toEqual([
      url,
      403,
      'second_factor_required',
    ]);
  }
  // The shop itself is not the back office: the half signed-in session still shops.
  expect((await call(t.app, 'GET', '/api/users', undefined, session)).statusCode).toBe(200);

  nextStep();
  const code = currentCode(secret, clock.now());
  const passed = await call(t.app, 'POST', '/api/account/second-factor/check', { code }, session);
  expect(passed.statusCode).toBe(200);
  expect((await dashboard(session)).statusCode).toBe(200);

  // A code works once: the same digits in a third session are refused.
  const third = await newSession(t, owner.id);
  expect((await call(t.app, 'POST', '/api/account/second-factor/check', { code }, third)).statusCode).toBe(
    422,
  );
  expect((await dashboard(third)).statusCode).toBe(403);
});

test('a recovery code passes the second step once', async () => {
  const owner = await withRole(t, 'owner');
  const { recovery } = await enrol(owner.token);
  const [first = ''] = recovery;
  const one = await newSession(t, owner.id);
  const typed = first.toLowerCase().replace('-', ' ');
  expect(
    (await call(t.app, 'POST', '/api/account/second-factor/check', { code: typed }, one)).statusCode,
  ).toBe(200);
  expect((await dashboard(one)).statusCode).toBe(200);
  const two = await newSession(t, owner.id);
  expect(
    (await call(t.app, 'POST', '/api/account/second-factor/check', { code: first }, two)).statusCode,
  ).toBe(422);
  const status = await call(t.app, 'GET', '/api/account/second-factor', undefined, one);
  expect(status.json()).toMatchObject({ recovery_codes_left: 9 });
});

test('five wrong codes lock the second step out for 15 minutes, the right code included', async () => {
  const owner = await withRole(t, 'owner');
  const { secret } = await enrol(owner.token);
  const session = await newSession(t, owner.id);
  const statuses: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    nextStep();
    const right = currentCode(secret, clock.now());
    const response = await call(
      t.app,
      'POST',
      '/api/account/second-factor/check',
      { code: right === '000000' ? '111111' : '000000' },
      session,
    );
    statuses.push(response.statusCode);
  }
  expect(statuses).toEqual([422, 422, 422, 422, 429]);
  nextStep();
  const locked = await call(
    t.app,
    'POST',
    '/api/account/second-factor/check',
    { code: currentCode(secret, clock.now()) },
    session,
  );
  expect(locked.statusCode).toBe(429);
  expect(locked.json<{ message: string }>().message).toMatch(
    /^Too many attempts\. Try again in \d+ minutes\.$/,
  );
  clock.advance(15 * 60 * 1000);
  const later = await call(
    t.app,
    'POST',
    '/api/account/second-factor/check',
    { code: currentCode(secret, clock.now()) },
    session,
  );
  expect(later.statusCode).toBe(200);
});

test('staff need an app only when the owner asks for it; a shopper has no second factor to set up', async () => {
  const owner = await withRole(t, 'owner');
  await enrol(owner.token);
  const staff = await withRole(t, 'staff');
  expect((await dashboard(staff.token)).statusCode).toBe(200);

  const required = await call(
    t.app,
    'PUT',
    '/api/admin/security',
    { staff_second_factor: true },
    owner.token,
  );
  expect(required.json()).toEqual({ staff_second_factor: true });
  expect((await dashboard(staff.token)).json()).toMatchObject({ code: 'second_factor_enrolment' });
  // Only the owner decides.
  expect(
    (await call(t.app, 'PUT', '/api/admin/security', { staff_second_factor: false }, staff.token)).statusCode,
  ).toBe(403);

  await enrol(staff.token);
  expect((await dashboard(staff.token)).statusCode).toBe(200);
  await call(t.app, 'PUT', '/api/admin/security', { staff_second_factor: false }, owner.token);

  const shopper = await createShopper(t.db);
  const refused = await call(t.app, 'GET', '/api/account/second-factor', undefined, shopper.token);
  expect(refused.statusCode).toBe(403);
  expect(
    (await call(t.app, 'POST', '/api/account/second-factor/enrolment', undefined, shopper.token)).statusCode,
  ).toBe(403);
});

describe("the demo shop's owner", () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await createTestApp({ config: { now: clock.now, demoShop: true, ownerSecondFactor: false } });
  });
  afterAll(async () => {
    await demo.close();
  });

  test('may go without an app, and the status says so for the back office to show', async () => {
    const owner = await withRole(demo, 'owner');
    expect((await dashboard(owner.token, demo)).statusCode).toBe(200);
    const status = await call(demo.app, 'GET', '/api/account/second-factor', undefined, owner.token);
    expect(status.json()).toEqual({
      enrolled: false,
      required: false,
      passed: true,
      demo_exempt: true,
      recovery_codes_left: 0,
    });
  });
});

test('a production start of a real shop requires the owner’s app; the demo shop and development do not', () => {
  expect(loadConfig({ NODE_ENV: 'production' }).ownerSecondFactor).toBe(true);
  expect(loadConfig({ NODE_ENV: 'production', DEMO_SHOP: 'on' }).ownerSecondFactor).toBe(false);
  expect(loadConfig({ NODE_ENV: 'development' }).ownerSecondFactor).toBe(false);
  expect(loadConfig({ NODE_ENV: 'development', OWNER_SECOND_FACTOR: 'on' }).ownerSecondFactor).toBe(true);
});

test('a lost phone and lost recovery codes: `npm run staff -- reset-second-factor` takes the app away and ends the sessions', async () => {
  const owner = await withRole(t, 'owner');
  await enrol(owner.token);
  const deps = { db: t.db, config: t.app.deps.config, mail: t.mail, limits: t.app.deps.limits };
  const result = await runStaffCommand(['reset-second-factor', owner.email.toUpperCase()], deps);
  expect(result).toEqual({
    exitCode: 0,
    lines: [expect.stringMatching(/no longer has an authenticator app/)],
  });
  expect((await dashboard(owner.token)).statusCode).toBe(401);
  const session = await newSession(t, owner.id);
  expect((await dashboard(session)).json()).toMatchObject({ code: 'second_factor_enrolment' });
  expect((await runStaffCommand(['reset-second-factor', owner.email], deps)).lines[0]).toMatch(
    /has no authenticator app/,
  );
  expect((await runStaffCommand(['reset-second-factor', 'nobody@example.com'], deps)).exitCode).toBe(1);
});

test('setting an app up on an old session is no fresh proof: sensitive actions still ask who holds it (a stolen session enrols no way past them)', async () => {
  const owner = await withRole(t, 'owner');
  const token = await newSession(t, owner.id);
  clock.advance(20 * 60 * 1000);
  await enrol(token);
  const colleague = await createShopper(t.db);
  const asked = await call(
    t.app,
    'POST',
    '/api/admin/staff',
    { email: colleague.email, role: 'staff' },
    token,
  );
  expect(asked.statusCode).toBe(403);
  expect(asked.json()).toMatchObject({ code: 'reauth_required' });
});
