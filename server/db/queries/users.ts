// The users table (accounts and profiles).
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { apiTokens, users } from '../schema';

export type UserRow = typeof users.$inferSelect;
export type UserChanges = Partial<typeof users.$inferInsert>;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

/** Keeps a new session's token hash (never the token). */
export async function insertApiToken(db: Db, userId: number, tokenHash: string, now: Date): Promise<void> {
  await db.insert(apiTokens).values({ userId, tokenHash, createdAt: now, lastUsedAt: now });
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export async function emailTakenByOther(db: Db, email: string, userId: number): Promise<boolean> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .limit(1);
  return taken !== undefined;
}

export async function updateUser(db: Db, id: number, changes: UserChanges): Promise<UserRow | undefined> {
  const [updated] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  return updated;
}

/**
 * Sets the first password of an account that has none (social sign-in), in one statement: of two such requests at
 * once, only one finds the account still without a password. Answers whether this one set it.
 */
export async function setFirstPassword(
  db: Db,
  id: number,
  passwordHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ passwordHash, updatedAt: now })
    .where(and(eq(users.id, id), isNull(users.passwordHash)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Postgres' unique violation, on the error itself or on the cause Drizzle wraps it in. */
export function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return (error as { code?: unknown } | null)?.code === '23505' || cause?.code === '23505';
}

/** Ends every session of the account except `keepTokenId` (all of them when it is undefined). */
export async function deleteTokensExcept(
  db: Db,
  userId: number,
  keepTokenId: number | undefined,
): Promise<void> {
  await db
    .delete(apiTokens)
    .where(
      keepTokenId === undefined
        ? eq(apiTokens.userId, userId)
        : and(eq(apiTokens.userId, userId), ne(apiTokens.id, keepTokenId)),
    );
}

export async function findUserBySocialId(
  db: Db,
  provider: 'google' | 'facebook',
  subject: string,
): Promise<UserRow | undefined> {
  const idColumn = provider === 'google' ? users.googleId : users.facebookId;
  const [user] = await db.select().from(users).where(eq(idColumn, subject)).limit(1);
  return user;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow | undefined> {
  const [user] = await db.insert(users).values(values).returning();
  return user;
}

/** Changes the row and, when `dropTokens`, ends all its sessions, in one transaction. */
export async function updateUserDroppingTokens(
  db: Db,
  id: number,
  changes: UserChanges,
  dropTokens: boolean,
): Promise<UserRow | undefined> {
  return db.transaction(async (tx) => {
    if (dropTokens) await tx.delete(apiTokens).where(eq(apiTokens.userId, id));
    const [row] = await tx.update(users).set(changes).where(eq(users.id, id)).returning();
    return row;
  });
}

export async function deleteToken(db: Db, tokenId: number): Promise<void> {
  await db.delete(apiTokens).where(eq(apiTokens.id, tokenId));
}

export async function countOwners(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.role, 'owner'));
  return Number(row?.count ?? 0);
}

/** Remembers the language the account is using; the row is written only when it changed. */
export async function rememberLanguage(db: Db, id: number, language: 'en' | 'ar'): Promise<void> {
  await db
    .update(users)
    .set({ language })
    .where(and(eq(users.id, id), sql`${users.language} IS DISTINCT FROM ${language}`));
}
