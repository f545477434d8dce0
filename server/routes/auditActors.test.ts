// The audit trail keeps who acted (issue 47, finding 4): each entry keeps the actor's id, name and e-mail of that
// moment for good; staff and owner accounts cannot be deleted until demoted; demotion and deletion are audited.
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, coupons, users, type UserRole } from '../db/schema';
import { STAFF_ACCOUNT_KEPT } from '../services/profile';
import { createTestApp, type TestApp } from '../testing/testApp';
import { call, createShopper, type Shopper } from './testSupport';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => {
  await t?.close();
});

async function withRole(role: UserRole, name: string): Promise<Shopper> {
  const user = await createShopper(t.db, { name });
  await t.db.update(users).set({ role }).where(eq(users.id, user.id));
  return user;
}

test('a staff member renamed as the owner, who acts and deletes the account, stays named in the trail', async () => {
  const owner = await withRole('owner', 'Olivia Owner');
  const staff = await withRole('staff', 'Sam Staff');
  const [coupon] = await t.db
    .insert(coupons)
    .values({ code: 'TRAIL10', discount: 10, endDate: '2099-12-31' })
    .returning({ id: coupons.id });
  const couponId = coupon?.id ?? 0;
  // Staff act under their own name, then rename themselves to the owner's and act again.
  await call(t.app, 'PUT', `/api/admin/coupons/${couponId}`, { value: 15 }, staff.token);
  const renamed = await call(
    t.app,
    'PUT',
    '/api/profile_update',
    { name: 'Olivia Owner', email: staff.email },
    staff.token,
  );
  expect(renamed.statusCode).toBe(200);
  await call(t.app, 'PUT', `/api/admin/coupons/${couponId}`, { is_active: false }, staff.token);

  // Not while they are staff: the account answers for what it did.
  const refused = await call(t.app, 'DELETE', '/api/profile_delete', undefined, staff.token);
  expect(refused.statusCode).toBe(409);
  expect(refused.json()).toMatchObject({ message: STAFF_ACCOUNT_KEPT });
  const ownerRefused = await call(t.app, 'DELETE', '/api/profile_delete', undefined, owner.token);
  expect(ownerRefused.statusCode).toBe(409);

  // The owner takes the role away (audited), then the account can go (audited, with who it was).
  const demoted = await call(
    t.app,
    'POST',
    '/api/admin/staff',
    { email: staff.email, role: 'shopper' },
    owner.token,
  );
  expect(demoted.statusCode).toBe(200);
  const deleted = await call(t.app, 'DELETE', '/api/profile_delete', undefined, staff.token);
  expect(deleted.statusCode).toBe(200);

  const entries = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, staff.id)))
    .orderBy(desc(auditLog.id));
  expect(entries.map((entry) => [entry.action, entry.actorId])).toEqual([
    ['user.deleted', staff.id],
    ['user.role_changed', owner.id],
  ]);
  expect(entries[0]).toMatchObject({
    actorName: 'Olivia Owner',
    actorEmail: staff.email,
    before: { role: 'shopper' },
  });

  // The coupon's trail, as the back office shows it: the id, the name of that moment and the e-mail, after deletion.
  const answer = await call(t.app, 'GET', '/api/admin/coupons?search=TRAIL10', undefined, owner.token);
  const audit = answer.json<{ data: { audit: { action: string; actor: unknown }[] }[] }>().data[0]?.audit;
  expect(audit).toEqual([
    expect.objectContaining({
      action: 'coupon.switched_off',
      actor: { id: staff.id, name: 'Olivia Owner', email: staff.email },
    }),
    expect.objectContaining({
      action: 'coupon.updated',
      actor: { id: staff.id, name: 'Sam Staff', email: staff.email },
    }),
  ]);
});

test('a shopper who never acted in the back office deletes the account without an entry', async () => {
  const shopper = await createShopper(t.db);
  expect((await call(t.app, 'DELETE', '/api/profile_delete', undefined, shopper.token)).statusCode).toBe(200);
  expect(await t.db.select().from(auditLog).where(eq(auditLog.actorId, shopper.id))).toEqual([]);
});
