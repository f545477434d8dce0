// An account's authenticator, its recovery codes, a session's second step and the shop's choice for staff
// (migrations/020).
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../client';
import { apiTokens, recoveryCodes, secondFactors, shopSecurity } from '../schema';

export type SecondFactorRow = typeof secondFactors.$inferSelect;

export async function findSecondFactor(db: Db, userId: number): Promise<SecondFactorRow | undefined> {
  const [row] = await db.select().from(secondFactors).where(eq(secondFactors.userId, userId)).limit(1);
  return row;
}

/** A new secret waiting for its first code; a waiting one is replaced, a confirmed one never (answers false). */
export async function startEnrolment(db: Db, userId: number, secret: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(secondFactors)
    .values({ userId, secret, createdAt: now })
    .onConflictDoUpdate({
      target: secondFactors.userId,
      set: { secret, createdAt: now, lastStep: null },
      where: isNull(secondFactors.confirmedAt),
    })
    .returning({ userId: secondFactors.userId });
  return rows.length > 0;
}

/** Enrolment confirmed with its first code: the recovery codes replace any older ones, in one transaction. */
export async function confirmEnrolment(
  db: Db,
  userId: number,
  step: number,
  recoveryHashes: string[],
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const confirmed = await tx
      .update(secondFactors)
      .set({ confirmedAt: now, lastStep: step })
      .where(and(eq(secondFactors.userId, userId), isNull(secondFactors.confirmedAt)))
      .returning({ userId: secondFactors.userId });
    if (confirmed.length === 0) return false;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(recoveryHashes.map((codeHash) => ({ userId, codeHash })));
    return true;
  });
}

/** A code's step is used: only a later one works from now on (a concurrent check of the same code loses). */
export async function useStep(
  db: Db,
  userId: number,
  step: number,
  seenStep: number | null,
): Promise<boolean> {
  const rows = await db
    .update(secondFactors)
    .set({ lastStep: step })
    .where(
      and(
        eq(secondFactors.userId, userId),
        seenStep === null ? isNull(secondFactors.lastStep) : eq(secondFactors.lastStep, seenStep),
      ),
    )
    .returning({ userId: secondFactors.userId });
  return rows.length > 0;
}

/** Spends an unused recovery code; false when there is none with this hash. */
export async function useRecoveryCode(db: Db, userId: number, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function unusedRecoveryCodes(db: Db, userId: number): Promise<number> {
  const rows = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return rows.length;
}

/**
 * The session passed its second step by setting the app up: no proof of who holds it (a session of any age can set an
 * app up on an account without one), so the recent proof sensitive actions ask for is left as it was.
 */
export async function markSecondStepPassed(db: Db, tokenId: number, now: Date): Promise<void> {
  await db.update(apiTokens).set({ secondFactorAt: now }).where(eq(apiTokens.id, tokenId));
}

/** The session passed its second step (and its holder just proved who they are). */
export async function markSessionProven(
  db: Db,
  tokenId: number,
  now: Date,
  secondStep: boolean,
): Promise<void> {
  await db
    .update(apiTokens)
    .set(secondStep ? { secondFactorAt: now, provenAt: now } : { provenAt: now })
    .where(eq(apiTokens.id, tokenId));
}

/** Drops an account's authenticator and recovery codes (the command line, for an owner who lost both). */
export async function deleteSecondFactor(db: Db, userId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    const rows = await tx
      .delete(secondFactors)
      .where(eq(secondFactors.userId, userId))
      .returning({ userId: secondFactors.userId });
    return rows.length > 0;
  });
}

export async function staffSecondFactorRequired(db: Db): Promise<boolean> {
  const [row] = await db.select().from(shopSecurity).where(eq(shopSecurity.id, 1)).limit(1);
  return row?.staffSecondFactor ?? false;
}

export async function setStaffSecondFactor(db: Db, required: boolean, now: Date): Promise<void> {
  await db
    .insert(shopSecurity)
    .values({ id: 1, staffSecondFactor: required, updatedAt: now })
    .onConflictDoUpdate({ target: shopSecurity.id, set: { staffSecondFactor: required, updatedAt: now } });
}
