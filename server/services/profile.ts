// The signed-in shopper's own account: reading, changing it (a new e-mail takes effect only once the code mailed
// to it comes back), the picture, deleting it.
import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ProfileUpdateBody } from '../../contract/profile';
import type { Config } from '../config';
import { eraseUser } from '../db/queries/accountErasure';
import {
  emailTakenByOther,
  findUserById,
  isUniqueViolation,
  updateUser,
  type UserChanges,
  type UserRow,
} from '../db/queries/users';
import { normalizeEmail } from '../lib/accounts';
import { consumeCode, dropOpenCodes, issueCode, normalizeCode } from '../lib/codes';
import { guarded, lockoutKey, passwordProvesHolder } from '../lib/guessLockout';
import type { AppDeps } from '../types';
import { provenRecently } from '../plugins/reauth';
import { CLOSED_ORDER_WATCH_MS } from './reconciliation';
import { actedInBackOffice, writeAudit } from './backOffice/audit';
import { Conflict, Forbidden, Invalid, NotFound } from './errors';
import { PICTURE_MESSAGES, preparePicture } from './pictures';

export const PROFILE_MESSAGES = {
  updated: 'Profile updated successfully.',
  updatedConfirmEmail:
    'Profile updated successfully. Please enter the code we sent to your new email to confirm it.',
  emailConfirmed: 'Your new email is confirmed.',
  emailCodeSent: 'We sent a new code to your new email.',
  emailChangeCancelled: 'Your email stays as it was.',
  noEmailChange: 'There is no new email waiting for a code.',
  invalidCode: 'Invalid or expired verification code.',
  pictureUpdated: 'Profile picture updated successfully.',
  deleted: 'Account deleted successfully.',
  emailTaken: 'The email has already been taken.',
  currentPasswordForEmail: 'Enter your current password to change your email.',
  currentPasswordWrong: 'The current password is incorrect.',
  signInAgainForEmail: 'Sign in again to change your email.',
  imageRequired: 'The image field is required.',
  imageType: PICTURE_MESSAGES.type,
  imageTooLarge: 'The image field must not be greater than 5120 kilobytes.',
} as const;

const PROFILE_DIR = 'profile';
const uploadsDirOf = (config: Config) => path.join(config.dataDir, 'uploads', PROFILE_DIR);

export async function currentUser(db: AppDeps['db'], id: number): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw new NotFound('User not found.');
  return user;
}

/** What the owner of an address gets when another account asks for it: no code, nothing to do. */
const TAKEN_NOTICE = {
  subject: 'Someone asked to use your e-mail / طلب أحدهم استخدام بريدك الإلكتروني',
  text:
    'Someone signed in to another account at our shop asked to use this address. Your account keeps it and nothing ' +
    'changes; no code was sent. If you know nothing about it, ignore this message.\n' +
    'طلب شخص مسجّل الدخول بحساب آخر في متجرنا استخدام هذا العنوان. يبقى العنوان لحسابك ولا يتغيّر شيء، ولم يُرسل أي رمز. ' +
    'إن لم تكن تعرف شيئًا عن ذلك فتجاهل هذه الرسالة.',
};

/**
 * Mails the code for a new address. An address another account uses is answered as a free one (issue 47, finding
 * 8: "taken" would tell who has an account here): the same limits count and a code is stored, but its owner gets a
 * notice instead of the code, so the change can never be confirmed.
 */
async function mailEmailChangeCode(deps: AppDeps, userId: number, email: string): Promise<void> {
  const taken = await emailTakenByOther(deps.db, email, userId);
  await issueCode(deps, { id: userId, email }, 'email', {
    limitResends: true,
    ...(taken ? { notice: TAKEN_NOTICE } : {}),
  });
}

/** Who saves the profile: the account, and when its session last proved who holds it (its sign-in). */
export interface ProfileHolder {
  id: number;
  provenAt?: Date;
}

/**
 * A new e-mail is the way to take an account over (its code comes back to the new mailbox, then a password reset
 * goes there), so a session alone (stolen, or left open on a shared computer) cannot ask for one: an account with a
 * password types it (wrong guesses lock out as re-authentication does), one without (made through social sign-in)
 * must have signed in within the last 15 minutes.
 */
async function proveOwnerForNewEmail(
  deps: AppDeps,
  holder: ProfileHolder,
  current: UserRow,
  password: string | undefined,
): Promise<void> {
  const { db, config } = deps;
  const now = config.now();
  if (!current.passwordHash) {
    if (!provenRecently(holder.provenAt, now)) {
      throw new Forbidden(PROFILE_MESSAGES.signInAgainForEmail, undefined, 'reauth_required');
    }
    return;
  }
  const typed = password ?? '';
  if (!typed) {
    throw new Invalid(
      { current_password: [PROFILE_MESSAGES.currentPasswordForEmail] },
      PROFILE_MESSAGES.currentPasswordForEmail,
    );
  }
  if (!(await passwordProvesHolder(db, current.id, current.passwordHash, typed, now))) {
    throw new Invalid(
      { current_password: [PROFILE_MESSAGES.currentPasswordWrong] },
      PROFILE_MESSAGES.currentPasswordWrong,
    );
  }
}

/**
 * Saves the profile. A new e-mail does not replace the account's address: it waits as `pendingEmail` and a code
 * goes to it (rate limited like every code), so nobody can put a stranger's address on their account, and the
 * address keeps signing in, receiving resets and linking social sign-ins until the code comes back.
 * `emailPending`: this save asked for a new address.
 */
export async function updateProfile(
  deps: AppDeps,
  holder: ProfileHolder,
  input: ProfileUpdateBody,
): Promise<{ user: UserRow; emailPending: boolean }> {
  const { db, config } = deps;
  const userId = holder.id;
  const emailAddress = normalizeEmail(input.email);
  const current = await currentUser(db, userId);
  const changes: UserChanges = { name: input.name.trim(), updatedAt: config.now() };
  // Blank optional fields leave the stored value alone.
  const phoneNumber = String(input.phone_number ?? '').trim();
  if (phoneNumber) changes.phoneNumber = phoneNumber;
  const phoneCode = input.phone_code?.trim();
  if (phoneCode) changes.phoneCode = phoneCode;
  const nationality = String(input.nationality ?? '').trim();
  if (nationality) changes.nationality = Number(nationality);
  // The same address, or the one already waiting for its code (its resend has its own call), mails nothing.
  const emailPending = emailAddress !== current.email && emailAddress !== current.pendingEmail;
  if (emailPending) {
    await proveOwnerForNewEmail(deps, holder, current, input.current_password);
    // Mailed before anything is saved: a refused resend (429) leaves the profile as it was.
    await mailEmailChangeCode(deps, userId, emailAddress);
    changes.pendingEmail = emailAddress;
  }
  const updated = await updateUser(db, userId, changes);
  if (!updated) throw new NotFound('User not found.');
  return { user: updated, emailPending };
}

async function pendingOf(db: AppDeps['db'], userId: number): Promise<{ user: UserRow; pending: string }> {
  const user = await currentUser(db, userId);
  if (!user.pendingEmail) {
    throw new Invalid({ code: [PROFILE_MESSAGES.noEmailChange] }, PROFILE_MESSAGES.noEmailChange);
  }
  return { user, pending: user.pendingEmail };
}

/** The code mailed to the pending address makes it the account's address; the old address is told. */
export async function confirmEmailChange(deps: AppDeps, userId: number, code: unknown): Promise<UserRow> {
  const { db, config, mail } = deps;
  const { user, pending } = await pendingOf(db, userId);
  const accepted = await guarded(db, lockoutKey('email-change', userId), config.now(), () =>
    consumeCode(deps, userId, ['email'], normalizeCode(code), pending),
  );
  if (!accepted) throw new Invalid({ code: [PROFILE_MESSAGES.invalidCode] }, PROFILE_MESSAGES.invalidCode);
  let updated: UserRow | undefined;
  try {
    updated = await updateUser(db, userId, {
      email: pending,
      pendingEmail: null,
      // The new mailbox is proven by the code that just came back.
      emailVerifiedAt: config.now(),
      updatedAt: config.now(),
    });
  } catch (error) {
    // Somebody registered the address while its code was on its way.
    if (isUniqueViolation(error)) throw new Invalid({ email: [PROFILE_MESSAGES.emailTaken] });
    throw error;
  }
  if (!updated) throw new NotFound('User not found.');
  // Codes mailed to the old address (a reset asked just before) would open the account under its new address.
  for (const purpose of ['reset', 'verify'] as const) await dropOpenCodes(deps, userId, purpose);
  await mail.send({
    to: user.email,
    subject: 'Your e-mail address was changed / تم تغيير بريدك الإلكتروني',
    text:
      `The e-mail address of your account was changed from ${user.email} to ${pending}. ` +
      'If you did not do this, reset your password with the new address or contact us.\n' +
      `تم تغيير البريد الإلكتروني لحسابك من ${user.email} إلى ${pending}. ` +
      'إذا لم تقم بذلك، فأعد تعيين كلمة المرور بالعنوان الجديد أو تواصل معنا.',
  });
  return updated;
}

/** Another code to the pending address (the usual resend limits apply). */
export async function resendEmailChangeCode(deps: AppDeps, userId: number): Promise<UserRow> {
  const { user, pending } = await pendingOf(deps.db, userId);
  await mailEmailChangeCode(deps, userId, pending);
  return user;
}

/** The account keeps its address; the code already mailed dies. */
export async function cancelEmailChange(deps: AppDeps, userId: number): Promise<UserRow> {
  await dropOpenCodes(deps, userId, 'email');
  const updated = await updateUser(deps.db, userId, { pendingEmail: null, updatedAt: deps.config.now() });
  if (!updated) throw new NotFound('User not found.');
  return updated;
}

/** Checks the picture's bytes, stores it under the data folder, and drops the previous one. */
export async function replaceProfilePicture(
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  userId: number,
  bytes: Buffer | null,
): Promise<UserRow> {
  if (!bytes || bytes.length === 0) throw new Invalid({ image: [PROFILE_MESSAGES.imageRequired] });
  const picture = await preparePicture(bytes);
  const user = await currentUser(db, userId);
  const uploadsDir = uploadsDirOf(config);
  await mkdir(uploadsDir, { recursive: true });
  const fileName = `${user.id}-${randomBytes(8).toString('hex')}.${picture.extension}`;
  await writeFile(path.join(uploadsDir, fileName), picture.data);
  const updated = await updateUser(db, user.id, {
    profileImage: `/uploads/${PROFILE_DIR}/${fileName}`,
    updatedAt: config.now(),
  });
  await removeUpload(config, user.profileImage);
  if (!updated) throw new NotFound('User not found.');
  return updated;
}

/**
 * Deletes the account and what the shop does not need of it: orders stay for the books without contact details
 * (an order still being paid, delivered or refunded keeps them until it settles), reviews stay under no name,
 * the mail sent to its address goes, and the picture.
 */
export const STAFF_ACCOUNT_KEPT =
  'A staff or owner account cannot be deleted. Ask the owner to take the staff role away first.';

export async function deleteAccount({ db, config }: Pick<AppDeps, 'db' | 'config'>, userId: number) {
  const user = await currentUser(db, userId);
  // Mail to a pending address stays: that mailbox may be somebody else's, and the pruning job takes it anyway.
  await eraseUser(
    db,
    { id: user.id, addresses: [user.email] },
    new Date(config.now().getTime() - CLOSED_ORDER_WATCH_MS),
    async (tx, row) => {
      // Staff and owners answer for what they did in the back office: their account stays until the owner (or, for
      // an owner, `npm run staff`) takes the role away, which is audited.
      if (row.role !== 'shopper') throw new Conflict(STAFF_ACCOUNT_KEPT, undefined, 'staff_account_kept');
      // An account that once acted in the back office leaves an entry of its deletion, with who it was.
      if (await actedInBackOffice(tx, row.id)) {
        await writeAudit(
          tx,
          { id: row.id, name: row.name, email: row.email },
          {
            action: 'user.deleted',
            subjectType: 'user',
            subjectId: row.id,
            before: { role: row.role },
            after: null,
          },
          config.now(),
        );
      }
    },
  );
  await removeUpload(config, user.profileImage);
}

async function removeUpload(config: Config, publicPath: string | null): Promise<void> {
  const prefix = `/uploads/${PROFILE_DIR}/`;
  if (!publicPath?.startsWith(prefix)) return;
  await unlink(path.join(uploadsDirOf(config), path.basename(publicPath))).catch(() => undefined);
}
