// Sensitive back office actions ask again who holds the session after 15 minutes (issue 47, finding 5): staff
// changes, refunds, and coupons of 50 % or 20 KWD and more answer 403 `reauth_required` until the password or a code
// from the app is given again (POST /account/reauth); other actions go on.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { apiTokens, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { sha256Hex } from '../lib/tokens';
import { currentCode } from '../lib/totp';
import { createTestApp, manualClock, type TestApp } from '../testing/testApp';
import { call, createShopper } from './testSupport';

const MINUTE = 60 * 1000;
const PASSWORD = 'Owner@2026!';
const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { now: clock.now } });
});
afterAll(async () => {
  await t.close();
});

/** An owner signed in now (the sign-in is the session's first proof), with a known password. */
async function signedInOwner(role: 'owner' | 'staff' = 'owner') {
  const user = await createShopper(t.db, { name: `The ${role}` });
  await t.db
    .update(users)
    .set({ role, passwordHash: await hashPassword(PASSWORD, 4) })
    .where(eq(users.id, user.id));
  const token = randomBytes(32).toString('hex');
  await t.db
    .insert(apiTokens)
    .values({ userId: user.id, tokenHash: sha256Hex(token), createdAt: clock.now() });
  return { ...user, token };
}

const makeStaff = (token: string, email: string) =>
  call(t.app, 'POST', '/api/admin/staff', { email, role: 'staff' }, token);
const coupon = (token: string, code: string, kind: 'percent' | 'amount', value: number) =>
  // A minimum above the value: no order becomes free (a rule of its own).
  call(
    t.app,
    'POST',
    '/api/admin/coupons',
    { code, kind, value, min_total: 100, end_date: '2099-01-01' },
    token,
  );
const reauth = (token: string, proof: object) => call(t.app, 'POST', '/api/account/reauth', proof, token);

test('a staff change 15 minutes after the last proof asks for the password again, then goes through', async () => {
  const owner = await signedInOwner();
  const colleague = await createShopper(t.db);
  clock.advance(14 * MINUTE);
  expect((await makeStaff(owner.token, colleague.email)).statusCode).toBe(200);

  clock.advance(2 * MINUTE);
  const other = await createShopper(t.db);
  const asked = await makeStaff(owner.token, other.email);
  expect(asked.statusCode).toBe(403);
  expect(asked.json()).toMatchObject({ code: 'reauth_required' });
  // Nothing changed.
  const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, other.id));
  expect(row?.role).toBe('shopper');
  // Reading is not sensitive.
  expect((await call(t.app, 'GET', '/api/admin/staff', undefined, owner.token)).statusCode).toBe(200);

  const wrong = await reauth(owner.token, { password: 'Not@ThePassword1' });
  expect(wrong.statusCode).toBe(422);
  expect(wrong.json()).toMatchObject({ errors: { password: ['The password is incorrect.'] } });
  expect((await reauth(owner.token, { password: PASSWORD })).statusCode).toBe(200);
  expect((await makeStaff(owner.token, other.email)).statusCode).toBe(200);
});

test('refunds and the staff second-factor switch ask too', async () => {
  const owner = await signedInOwner();
  clock.advance(16 * MINUTE);
  const refund = await call(t.app, 'POST', '/api/admin/orders/1/payments/1/refund', undefined, owner.token);
  expect(refund.statusCode).toBe(403);
  expect(refund.json()).toMatchObject({ code: 'reauth_required' });
  const security = await call(
    t.app,
    'PUT',
    '/api/admin/security',
    { staff_second_factor: true },
    owner.token,
  );
  expect(security.json()).toMatchObject({ code: 'reauth_required' });
  await reauth(owner.token, { password: PASSWORD });
  // Proven: the refund is judged on its merits (no such payment), the switch goes through.
  expect(
    (await call(t.app, 'POST', '/api/admin/orders/1/payments/1/refund', undefined, owner.token)).statusCode,
  ).toBe(404);
  expect(
    (await call(t.app, 'PUT', '/api/admin/security', { staff_second_factor: false }, owner.token)).statusCode,
  ).toBe(200);
});

test('a coupon of 50 % or 20 KWD and more asks; a smaller one does not; a code from the app proves it too', async () => {
  const staff = await signedInOwner('staff');
  clock.advance(16 * MINUTE);
  const stamp = Date.now().toString(36).toUpperCase();
  expect((await coupon(staff.token, `SMALL${stamp}`, 'percent', 49)).statusCode).toBe(201);
  expect((await coupon(staff.token, `FEW${stamp}`, 'amount', 19.999)).statusCode).toBe(201);
  expect((await coupon(staff.token, `HALF${stamp}`, 'percent', 50)).json()).toMatchObject({
    code: 'reauth_required',
  });
  expect((await coupon(staff.token, `TWENTY${stamp}`, 'amount', 20)).json()).toMatchObject({
    code: 'reauth_required',
  });

  // The staff member has an app: a code from it is a proof.
  const started = await call(t.app, 'POST', '/api/account/second-factor/enrolment', undefined, staff.token);
  const { secret } = started.json<{ secret: string }>();
  await call(
    t.app,
    'POST',
    '/api/account/second-factor/enrolment/confirm',
    { code: currentCode(secret, clock.now()) },
    staff.token,
  );
  clock.advance(16 * MINUTE);
  expect((await coupon(staff.token, `HALF${stamp}`, 'percent', 50)).statusCode).toBe(403);
  expect((await reauth(staff.token, { code: currentCode(secret, clock.now()) })).statusCode).toBe(200);
  expect((await coupon(staff.token, `HALF${stamp}`, 'percent', 50)).statusCode).toBe(201);
});

test('a change that makes a coupon big, or revives or frees a big one, asks too; narrowing or switching it off does not', async () => {
  const staff = await signedInOwner('staff');
  const stamp = Date.now().toString(36).toUpperCase();
  const made = await coupon(staff.token, `GROW${stamp}`, 'percent', 49);
  const id = made.json<{ coupon: { id: number } }>().coupon.id;
  const change = (body: object) => call(t.app, 'PUT', `/api/admin/coupons/${id}`, body, staff.token);
  clock.advance(16 * MINUTE);
  // 49 % → 49 KWD: the value is kept and the kind changed, so the body names no big value.
  expect((await change({ kind: 'amount' })).json()).toMatchObject({ code: 'reauth_required' });
  expect((await change({ allows_free_orders: true })).json()).toMatchObject({ code: 'reauth_required' });
  expect((await change({ value: 10 })).statusCode).toBe(200);

  const proven = await signedInOwner('staff');
  const big = await coupon(proven.token, `BIG${stamp}`, 'percent', 80);
  expect(big.statusCode).toBe(201);
  const bigId = big.json<{ coupon: { id: number } }>().coupon.id;
  const changeBig = (body: object) => call(t.app, 'PUT', `/api/admin/coupons/${bigId}`, body, proven.token);
  clock.advance(16 * MINUTE);
  // Given more time or a lower minimum, or switched back on: a big coupon made to take more.
  expect((await changeBig({ end_date: '2099-06-01' })).json()).toMatchObject({ code: 'reauth_required' });
  expect((await changeBig({ min_total: 0 })).json()).toMatchObject({ code: 'reauth_required' });
  expect((await changeBig({ is_active: false })).statusCode).toBe(200);
  expect((await changeBig({ is_active: true })).json()).toMatchObject({ code: 'reauth_required' });
  // Made small: no proof needed.
  expect((await changeBig({ value: 20 })).statusCode).toBe(200);
});

test('the proof is one thing or the other, and only for staff', async () => {
  const owner = await signedInOwner();
  expect((await reauth(owner.token, {})).statusCode).toBe(422);
  expect((await reauth(owner.token, { password: PASSWORD, code: '123456' })).statusCode).toBe(422);
  const shopper = await createShopper(t.db);
  expect((await reauth(shopper.token, { password: PASSWORD })).statusCode).toBe(403);
});
