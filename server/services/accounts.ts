// The signed-in shopper's own account: password change. Rules here; the route only parses and answers.
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiTokens, users } from '../db/schema';
import { notFound, validationError } from '../lib/errors';
import { hashPassword, verifyPassword } from '../lib/passwords';

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
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, change.userId))
    .limit(1);
  if (!user) throw notFound('User not found.');
  // An account made through social sign-in has no password yet: it sets its first one without a current one.
  if (user.passwordHash) {
    const matches = change.currentPassword
      ? await verifyPassword(change.currentPassword, user.passwordHash)
      : false;
    if (!matches) {
      throw validationError(
        { current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] },
        ACCOUNT_MESSAGES.currentPasswordWrong,
      );
    }
  }
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(change.newPassword, change.bcryptCost), updatedAt: change.now })
    .where(eq(users.id, user.id));
  // Whoever knew the old password is signed out everywhere else.
  await db
    .delete(apiTokens)
    .where(
      change.keepTokenId === undefined
        ? eq(apiTokens.userId, user.id)
        : and(eq(apiTokens.userId, user.id), ne(apiTokens.id, change.keepTokenId)),
    );
}
