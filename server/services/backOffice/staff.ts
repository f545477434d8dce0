// Who may use the back office. The owner makes staff (and takes it back); the first owner is made on the server's
// command line (server/staff.ts, `npm run staff`), which also makes the account when there is none.
import { ADMIN_REFUSALS, type StaffResponse, type StaffMember } from '../../../contract/admin';
import type { Db } from '../../db/client';
import { staffRows } from '../../db/queries/backOffice';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  updateUser,
  updateUserDroppingTokens,
  type UserRow,
} from '../../db/queries/users';

type UserRole = UserRow['role'];
import { openDemoAccounts } from '../../db/seed/demoAccounts';
import { normalizeEmail } from '../../lib/accounts';
import { issueCode, type CodeDeps } from '../../lib/codes';
import { foundById } from '../../lib/ids';
import { Conflict, NotFound } from '../errors';
import { writeAudit, type Actor } from './audit';

const memberJson = (
  user: Pick<UserRow, 'id' | 'name' | 'email' | 'role' | 'staffNotifications'>,
): StaffMember => ({
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  notifications: user.staffNotifications,
});

export async function listStaff(db: Db): Promise<StaffResponse> {
  const rows = await staffRows(db);
  return { data: rows.map(memberJson) };
}

async function changeRole(db: Db, actor: Actor, user: UserRow, role: UserRole, now: Date): Promise<boolean> {
  if (user.role === role) return false;
  await db.transaction(async (tx) => {
    await updateUser(tx, user.id, { role, updatedAt: now });
    await writeAudit(
      tx,
      actor,
      {
        action: 'user.role_changed',
        subjectType: 'user',
        subjectId: user.id,
        before: { role: user.role },
        after: { role },
      },
      now,
    );
  });
  return true;
}

/** The owner makes an account staff, or a shopper again. An owner's role is not changed here. */
export async function setStaffRole(
  db: Db,
  actor: Actor,
  input: { email: string; role: 'staff' | 'shopper' },
  now: Date,
): Promise<{ message: string; member: StaffMember }> {
  const user = await findUserByEmail(db, normalizeEmail(input.email));
  if (!user) throw new NotFound(ADMIN_REFUSALS.user_not_found);
  if (user.role === 'owner')
    throw new Conflict(ADMIN_REFUSALS.owner_role_fixed, undefined, 'owner_role_fixed');
  const changed = await changeRole(db, actor, user, input.role, now);
  return {
    message: !changed
      ? 'Nothing to change.'
      : input.role === 'staff'
        ? 'The account is staff now.'
        : 'The account is a shopper again.',
    member: memberJson({ ...user, role: input.role }),
  };
}

/**
 * The owner switches one staff member's mails (each paid order, each review waiting) on or off; audited like a role
 * change. Only staff and owners have the switch: a shopper's account answers user_not_found.
 */
export async function setStaffNotifications(
  db: Db,
  actor: Actor,
  idText: string,
  on: boolean,
  now: Date,
): Promise<{ message: string; member: StaffMember }> {
  const user = await foundById(
    idText,
    async (id) => {
      const found = await findUserById(db, id);
      return found?.role === 'shopper' ? undefined : found;
    },
    ADMIN_REFUSALS.user_not_found,
    'user_not_found',
  );
  if (user.staffNotifications === on) return { message: 'Nothing to change.', member: memberJson(user) };
  await db.transaction(async (tx) => {
    await updateUser(tx, user.id, { staffNotifications: on, updatedAt: now });
    await writeAudit(
      tx,
      actor,
      {
        action: 'user.notifications_changed',
        subjectType: 'user',
        subjectId: user.id,
        before: { staff_notifications: user.staffNotifications },
        after: { staff_notifications: on },
      },
      now,
    );
  });
  return {
    message: on ? 'Mails of paid orders and reviews are on.' : 'Mails of paid orders and reviews are off.',
    member: memberJson({ ...user, staffNotifications: on }),
  };
}

export interface PromoteOutcome {
  user: Pick<UserRow, 'id' | 'email' | 'role'>;
  created: boolean;
  changed: boolean;
  /** a set-password code went out (the account had no password) */
  mailed: boolean;
  /** the account has no password (mailed or not) */
  needsPassword: boolean;
}

/**
 * `npm run staff -- add <email> [--role staff|owner]`: makes the account (named after its e-mail, verified once it
 * sets its password through the mailed code) or promotes it. An account without a password is mailed a code it
 * sets one with (POST /password/reset, the "forgot password" form).
 */
export async function promoteFromCommandLine(
  deps: CodeDeps,
  actor: Actor,
  input: { email: string; role: 'staff' | 'owner'; mailCode: boolean },
): Promise<PromoteOutcome> {
  const { db } = deps;
  const now = deps.config.now();
  const email = normalizeEmail(input.email);
  let user = await findUserByEmail(db, email);
  let created = false;
  if (!user) {
    const inserted = await insertUser(db, {
      name: email.split('@')[0] || email,
      email,
      passwordHash: null,
      role: 'shopper',
      createdAt: now,
      updatedAt: now,
    });
    if (!inserted) throw new Error('user insert returned nothing');
    user = inserted;
    created = true;
  }
  const changed = await changeRole(db, actor, user, input.role, now);
  const needsPassword = user.passwordHash === null;
  const mailed = needsPassword && input.mailCode;
  if (mailed) await issueCode(deps, user, 'reset', { limitResends: false });
  return {
    user: { id: user.id, email: user.email, role: input.role },
    created,
    changed,
    mailed,
    needsPassword,
  };
}

/**
 * `npm run staff -- retire-demo`: the demo accounts that still sign in with the README's published passwords lose
 * them (and their sessions); the demo owner becomes a shopper. What they ordered stays. Answers the e-mails changed.
 */
export async function retireDemoAccounts(db: Db, actor: Actor, now: Date): Promise<string[]> {
  const retired: string[] = [];
  for (const account of await openDemoAccounts(db)) {
    const user = await findUserByEmail(db, account.email);
    if (!user) continue;
    if (user.role !== 'shopper') await changeRole(db, actor, user, 'shopper', now);
    await updateUserDroppingTokens(db, user.id, { passwordHash: null, updatedAt: now }, true);
    retired.push(account.email);
  }
  return retired;
}
