// Wrong-guess counters per account (migrations/020), shared by every server process on the database.
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { guessLockouts } from '../schema';

export type LockoutRow = typeof guessLockouts.$inferSelect;

export async function findLockout(db: Db, key: string): Promise<LockoutRow | undefined> {
  const [row] = await db.select().from(guessLockouts).where(eq(guessLockouts.key, key)).limit(1);
  return row;
}

/**
 * One more wrong guess on `key`, under the row's lock so concurrent guesses all count: `decide` gets the row as it
 * was and answers what it becomes.
 */
export async function countWrongGuess(
  db: Db,
  key: string,
  now: Date,
  decide: (row: LockoutRow) => Pick<LockoutRow, 'failures' | 'lockouts' | 'lockedUntil'>,
): Promise<LockoutRow> {
  return db.transaction(async (tx) => {
    // A right guess or a reset may delete the row between the insert and the lock: it is written again.
    for (let tries = 0; tries < 3; tries += 1) {
      await tx.insert(guessLockouts).values({ key, updatedAt: now }).onConflictDoNothing();
      const [row] = await tx.select().from(guessLockouts).where(eq(guessLockouts.key, key)).for('update');
      if (!row) continue;
      const next = { ...decide(row), updatedAt: now };
      await tx.update(guessLockouts).set(next).where(eq(guessLockouts.key, key));
      return { ...row, ...next };
    }
    throw new Error('guess lockout row vanished');
  });
}

/** Notes that `key` was seen at `now` (a client address that signed in to an account). */
export async function touchLockoutRow(db: Db, key: string, now: Date): Promise<void> {
  await db
    .insert(guessLockouts)
    .values({ key, updatedAt: now })
    .onConflictDoUpdate({ target: guessLockouts.key, set: { updatedAt: now } });
}

export async function clearLockout(db: Db, key: string): Promise<void> {
  await db.delete(guessLockouts).where(eq(guessLockouts.key, key));
}
