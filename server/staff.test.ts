// `npm run staff -- add <email>`: the first owner, made on the server's command line.
import { and, eq } from 'drizzle-orm';
import { auditLog, outbox, users } from './db/schema';
import { parseStaffArgs, runStaffCommand, STAFF_USAGE } from './staff';
import { createTestApp, lastMailedCode, registerVerifiedUser, type TestApp } from './testing/testApp';

jest.setTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const deps = () => ({ db: t.db, config: t.app.deps.config, mail: t.mail, limits: t.app.deps.limits });
const userByEmail = async (email: string) =>
  (await t.db.select().from(users).where(eq(users.email, email)))[0];

test('the arguments: add <email> [--role owner|staff], owner by default', () => {
  expect(parseStaffArgs(['add', 'boss@example.com'])).toEqual({ email: 'boss@example.com', role: 'owner' });
  expect(parseStaffArgs(['add', 'a@example.com', '--role', 'staff'])).toEqual({
    email: 'a@example.com',
    role: 'staff',
  });
  expect(parseStaffArgs(['add', 'a@example.com', '--role=owner'])).toMatchObject({ role: 'owner' });
  expect(parseStaffArgs([])).toEqual({ error: STAFF_USAGE });
  expect(parseStaffArgs(['remove', 'a@example.com'])).toEqual({ error: STAFF_USAGE });
  expect(parseStaffArgs(['add', 'not-an-address'])).toEqual({
    error: 'Not an e-mail address: not-an-address',
  });
  expect(parseStaffArgs(['add', 'a@example.com', '--role', 'king'])).toEqual({ error: STAFF_USAGE });
});

test('a new address: the account is made as owner and mailed a code that sets its password', async () => {
  const result = await runStaffCommand(['add', 'Boss@Example.com'], deps());
  expect(result.exitCode).toBe(0);
  expect(result.lines[0]).toBe('Made the account boss@example.com (owner).');
  expect(result.lines[1]).toMatch(/code to set one was mailed to boss@example.com/);
  expect(await userByEmail('boss@example.com')).toMatchObject({ role: 'owner', passwordHash: null });
  const [entry] = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, 'user'), eq(auditLog.action, 'user.role_changed')));
  expect(entry).toMatchObject({ actorId: null, actorName: 'command line', after: { role: 'owner' } });

  const code = await lastMailedCode(t.db, 'boss@example.com');
  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/password/reset',
    payload: { email: 'boss@example.com', code, password: 'Owner@4321', password_confirmation: 'Owner@4321' },
  });
  expect(reset.statusCode).toBe(200);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: 'boss@example.com', password: 'Owner@4321' },
  });
  expect(login.json()).toMatchObject({ role: 'owner' });
  const { token } = login.json<{ token: string }>();
  const dashboard = await t.app.inject({
    method: 'GET',
    url: '/api/admin/staff',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(dashboard.statusCode).toBe(200);
});

test('an account with a password is promoted and mailed nothing; the same command again changes nothing', async () => {
  const shopper = await registerVerifiedUser(t.app);
  const mailsBefore = await t.db.select().from(outbox).where(eq(outbox.recipient, shopper.email));
  const result = await runStaffCommand(['add', shopper.email, '--role', 'staff'], deps());
  expect(result).toEqual({ lines: [`${shopper.email} is staff now.`], exitCode: 0 });
  expect(await userByEmail(shopper.email)).toMatchObject({ role: 'staff' });
  expect(await t.db.select().from(outbox).where(eq(outbox.recipient, shopper.email))).toHaveLength(
    mailsBefore.length,
  );
  const again = await runStaffCommand(['add', shopper.email, '--role', 'staff'], deps());
  expect(again.lines).toEqual([`${shopper.email} was staff already.`]);
  const entries = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, shopper.id)));
  expect(entries).toHaveLength(1);
});

test('without a shared TOKEN_SECRET no code is mailed: the operator is sent to "Forgot password"', async () => {
  const result = await runStaffCommand(['add', 'later@example.com'], deps(), { mailCode: false });
  expect(result.lines[1]).toMatch(/TOKEN_SECRET is not set.*Forgot password/);
  expect(await t.db.select().from(outbox).where(eq(outbox.recipient, 'later@example.com'))).toHaveLength(0);
});

test('wrong arguments print the usage and exit 2, changing nothing', async () => {
  expect(await runStaffCommand(['add'], deps())).toEqual({ lines: [STAFF_USAGE], exitCode: 2 });
});
