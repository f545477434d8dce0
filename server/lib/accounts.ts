import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiTokens, users } from '../db/schema';
import { newBearerToken, sha256Hex } from './tokens';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

/** A new bearer token for the user; only its hash is kept. `now` is the app's clock (tests move it). */
export async function issueToken(db: Db, userId: number, now: Date = new Date()): Promise<string> {
  const token = newBearerToken();
  await db.insert(apiTokens).values({ userId, tokenHash: sha256Hex(token), createdAt: now, lastUsedAt: now });
  return token;
}

export async function revokeAllTokens(db: Db, userId: number): Promise<void> {
  await db.delete(apiTokens).where(eq(apiTokens.userId, userId));
}

/** The contract's user object (GET /users, profile answers). */
export function publicUser(user: UserRow) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone_code: user.phoneCode,
    phone_number: user.phoneNumber,
    nationality: user.nationality,
    profile_image: user.profileImage,
  };
}

/** E-mail addresses are compared trimmed and in lower case. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
