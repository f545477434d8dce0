// The owner's switch per staff member for the mails of paid orders and reviews waiting: owner only, audited, and
// only staff have it.
import { and, eq } from 'drizzle-orm';
import { auditLog, users, type UserRole } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/testApp';
import { call, createShopper, type Shopper } from './testSupport';

jest.setTimeout(120_000);

let t: TestApp;
let owner: Shopper;
let staff: Shopper;
let shopper: Shopper;

async function withRole(role: UserRole): Promise<Shopper> {
  const user = await createShopper(t.db, { name: `The ${role}` });
  await t.db.update(users).set({ role }).where(eq(users.id, user.id));
  return user;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await withRole('owner');
  staff = await withRole('staff');
  shopper = await createShopper(t.db);
});
afterAll(async () => {
  await t.close();
});

const url = (id: number) => `/api/admin/staff/${id}/notifications`;
const switchOf = async (id: number) =>
  (await t.db.select({ on: users.staffNotifications }).from(users).where(eq(users.id, id)))[0]?.on;

test('the owner switches a member on and off; the list shows it; each change is audited once', async () => {
  const list = await call(t.app, 'GET', '/api/admin/staff', undefined, owner.token);
  expect(list.json<{ data: { email: string; notifications: boolean }[] }>().data).toEqual(
    expect.arrayContaining([expect.objectContaining({ email: staff.email, notifications: false })]),
  );
  const on = await call(t.app, 'POST', url(staff.id), { on: true }, owner.token);
  expect(on.statusCode).toBe(200);
  expect(on.json()).toMatchObject({ member: { id: staff.id, notifications: true } });
  expect(await switchOf(staff.id)).toBe(true);
  // The same click again changes nothing and writes nothing.
  expect((await call(t.app, 'POST', url(staff.id), { on: true }, owner.token)).statusCode).toBe(200);
  expect((await call(t.app, 'POST', url(staff.id), { on: false }, owner.token)).statusCode).toBe(200);
  expect(await switchOf(staff.id)).toBe(false);
  const audit = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, staff.id)));
  expect(audit.map((row) => [row.action, row.before, row.after, row.actorId])).toEqual([
    ['user.notifications_changed', { staff_notifications: false }, { staff_notifications: true }, owner.id],
    ['user.notifications_changed', { staff_notifications: true }, { staff_notifications: false }, owner.id],
  ]);
  // The owner may switch their own mails too.
  expect((await call(t.app, 'POST', url(owner.id), { on: true }, owner.token)).statusCode).toBe(200);
});

test('only the owner changes it; a shopper has no switch; bad input is refused', async () => {
  const byStaff = await call(t.app, 'POST', url(staff.id), { on: true }, staff.token);
  expect(byStaff.statusCode).toBe(403);
  expect(byStaff.json()).toMatchObject({ code: 'not_owner' });
  expect((await call(t.app, 'POST', url(staff.id), { on: true }, shopper.token)).statusCode).toBe(403);
  expect((await call(t.app, 'POST', url(staff.id), { on: true })).statusCode).toBe(401);
  expect(await switchOf(staff.id)).toBe(false);

  const notStaff = await call(t.app, 'POST', url(shopper.id), { on: true }, owner.token);
  expect(notStaff.statusCode).toBe(404);
  expect(await switchOf(shopper.id)).toBe(false);
  expect((await call(t.app, 'POST', url(999_999), { on: true }, owner.token)).statusCode).toBe(404);
  expect(
    (await call(t.app, 'POST', '/api/admin/staff/abc/notifications', { on: true }, owner.token)).statusCode,
  ).toBe(404);
  const bad = await call(t.app, 'POST', url(staff.id), { on: 'yes' }, owner.token);
  expect(bad.statusCode).toBeGreaterThanOrEqual(400);
  expect(bad.statusCode).toBeLessThan(500);
  expect(await switchOf(staff.id)).toBe(false);
});
