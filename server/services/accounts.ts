// The signed-in shopper's own account: password change. Rules here; the route only parses and answers.
import type { Db } from '../db/client';
import { deleteTokensExcept, findUserById, updateUser } from '../db/queries/users';
import { hashPassword, verifyPassword } from '../lib/passwords';
import { Invalid, NotFound } from './errors';

export const ACCOUNT_MESSAGES = {
  passwordChanged: 'Password changed successfully.',
  currentPasswordWrong: 'The current password is incorrect.',
} as const;

export interface PasswordChange {
  userId: number;
  /** The session that asked: it stays, every other session of the account ends. */
  keepTokenId: number | undefined;
  currentPassword: string | undefined;
  newPassword: string;
  now: Date;
  bcryptCost: number;
}

export async function changePassword(db: Db, change: PasswordChange): Promise<void> {
  const user = await findUserById(db, change.userId);
  if (!user) throw new NotFound('User not found.');
  // An account made through social sign-in has no password yet: it sets its first one without a current one.
  if (user.passwordHash) {
    const matches = change.currentPassword
      ? await verifyPassword(change.currentPassword, user.passwordHash)
      : false;
    if (!matches) {
      throw new Invalid(
        { current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] },
        ACCOUNT_MESSAGES.currentPasswordWrong,
      );
    }
  }
  await updateUser(db, user.id, {
    passwordHash: await hashPassword(change.newPassword, change.bcryptCost),
    updatedAt: change.now,
  });
  // Whoever knew the old password is signed out everywhere else.
  await deleteTokensExcept(db, user.id, change.keepTokenId);
}
