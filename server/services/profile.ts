// The signed-in shopper's own account: reading, changing it (a new e-mail must be proven again), the picture,
// deleting it.
import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ProfileUpdateBody } from '../../contract/profile';
import type { Config } from '../config';
import {
  deleteUser,
  emailTakenByOther,
  findUserById,
  isUniqueViolation,
  updateUser,
  type UserChanges,
  type UserRow,
} from '../db/queries/users';
import { normalizeEmail } from '../lib/accounts';
import { issueCode } from '../lib/codes';
import type { AppDeps } from '../types';
import { Invalid, NotFound } from './errors';

export const PROFILE_MESSAGES = {
  updated: 'Profile updated successfully.',
  updatedVerifyEmail: 'Profile updated successfully. Please check your new email for the verification code.',
  pictureUpdated: 'Profile picture updated successfully.',
  deleted: 'Account deleted successfully.',
  emailTaken: 'The email has already been taken.',
  imageRequired: 'The image field is required.',
  imageType: 'The image field must be a file of type: png, jpeg, webp.',
  imageTooLarge: 'The image field must not be greater than 5120 kilobytes.',
} as const;

type ImageKind = 'png' | 'jpg' | 'webp';

/** Trust the bytes, not the declared type: a renamed HTML file must never be served from /uploads. */
export function sniffImage(bytes: Buffer): ImageKind | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

const PROFILE_DIR = 'profile';
const uploadsDirOf = (config: Config) => path.join(config.dataDir, 'uploads', PROFILE_DIR);

export async function currentUser(db: AppDeps['db'], id: number): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw new NotFound('User not found.');
  return user;
}

/** `emailChanged`: the account is unverified until the code mailed to the new address comes back. */
export async function updateProfile(
  deps: AppDeps,
  userId: number,
  input: ProfileUpdateBody,
): Promise<{ user: UserRow; emailChanged: boolean }> {
  const { db, config } = deps;
  const emailAddress = normalizeEmail(input.email);
  if (await emailTakenByOther(db, emailAddress, userId)) {
    throw new Invalid({ email: [PROFILE_MESSAGES.emailTaken] });
  }
  const current = await currentUser(db, userId);
  const emailChanged = current.email !== emailAddress;
  const changes: UserChanges = { name: input.name.trim(), email: emailAddress, updatedAt: config.now() };
  // A new address is unproven until its code comes back; otherwise anybody could claim a stranger's mailbox
  // and later be linked to the stranger's social sign-in.
  if (emailChanged) changes.emailVerifiedAt = null;
  // Blank optional fields leave the stored value alone.
  const phoneNumber = String(input.phone_number ?? '').trim();
  if (phoneNumber) changes.phoneNumber = phoneNumber;
  const phoneCode = input.phone_code?.trim();
  if (phoneCode) changes.phoneCode = phoneCode;
  const nationality = String(input.nationality ?? '').trim();
  if (nationality) changes.nationality = Number(nationality);
  let updated: UserRow | undefined;
  try {
    updated = await updateUser(db, userId, changes);
  } catch (error) {
    if (isUniqueViolation(error)) throw new Invalid({ email: [PROFILE_MESSAGES.emailTaken] });
    throw error;
  }
  if (!updated) throw new NotFound('User not found.');
  if (emailChanged) await issueCode(deps, updated, 'verify', { limitResends: false });
  return { user: updated, emailChanged };
}

/** Checks the picture's bytes, stores it under the data folder, and drops the previous one. */
export async function replaceProfilePicture(
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  userId: number,
  bytes: Buffer | null,
): Promise<UserRow> {
  if (!bytes || bytes.length === 0) throw new Invalid({ image: [PROFILE_MESSAGES.imageRequired] });
  const kind = sniffImage(bytes);
  if (!kind) throw new Invalid({ image: [PROFILE_MESSAGES.imageType] });
  const user = await currentUser(db, userId);
  const uploadsDir = uploadsDirOf(config);
  await mkdir(uploadsDir, { recursive: true });
  const fileName = `${user.id}-${randomBytes(8).toString('hex')}.${kind}`;
  await writeFile(path.join(uploadsDir, fileName), bytes);
  const updated = await updateUser(db, user.id, {
    profileImage: `/uploads/${PROFILE_DIR}/${fileName}`,
    updatedAt: config.now(),
  });
  await removeUpload(config, user.profileImage);
  if (!updated) throw new NotFound('User not found.');
  return updated;
}

export async function deleteAccount({ db, config }: Pick<AppDeps, 'db' | 'config'>, userId: number) {
  const user = await currentUser(db, userId);
  await deleteUser(db, user.id);
  await removeUpload(config, user.profileImage);
}

async function removeUpload(config: Config, publicPath: string | null): Promise<void> {
  const prefix = `/uploads/${PROFILE_DIR}/`;
  if (!publicPath?.startsWith(prefix)) return;
  await unlink(path.join(uploadsDirOf(config), path.basename(publicPath))).catch(() => undefined);
}
