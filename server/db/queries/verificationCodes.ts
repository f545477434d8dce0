// One-time codes mailed to an account (verify, reset, e-mail change): stored as HMACs, consumed once.
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { users, verificationCodes, type CodePurpose } from '../schema';

export type { CodePurpose };
export type VerificationCodeRow = typeof verificationCodes.$inferSelect;

/** Takes the account's row lock, so concurrent code requests for one account run one after another. */
export async function lockUserForCodes(tx: Db, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function countCodesSince(tx: Db, userId: number, since: Date): Promise<number> {
  const recent = await tx
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), gt(verificationCodes.createdAt, since)));
  return recent.length;
}

/** The account's open codes of this purpose die. */
export async function consumeOpenCodes(
  db: Db,
  userId: number,
  purpose: CodePurpose,
  now: Date,
): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
      ),
    );
}

export async function insertCode(db: Db, code: typeof verificationCodes.$inferInsert): Promise<void> {
  await db.insert(verificationCodes).values(code);
}

/** The newest open code of these purposes, locked for the check. */
export async function lockNewestOpenCode(
  tx: Db,
  userId: number,
  purposes: CodePurpose[],
): Promise<VerificationCodeRow | undefined> {
  const [open] = await tx
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, userId),
        inArray(verificationCodes.purpose, purposes),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1)
    .for('update');
  return open;
}

export async function countWrongCodeGuess(tx: Db, codeId: number): Promise<void> {
  await tx
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(eq(verificationCodes.id, codeId));
}

export async function markCodeConsumed(tx: Db, codeId: number, now: Date): Promise<void> {
  await tx.update(verificationCodes).set({ consumedAt: now }).where(eq(verificationCodes.id, codeId));
}
