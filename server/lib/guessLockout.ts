// Wrong guesses of a code (an e-mailed code, an authenticator code, a recovery code) per account: five, then the
// account's checks are refused for 15 minutes, twice as long after each further five, until a right guess. A
// stranger thus gets ~35 guesses in the first day instead of ~25 an hour forever. Kept in the database, so every
// server process counts the same guesses; an address no account has is counted alike (the answers do not tell).
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { clearLockout, countWrongGuess, findLockout, touchLockoutRow } from '../db/queries/guessLockouts';
import { TooManyAttempts } from './domainErrors';
import { verifyPassword } from './passwords';

export const GUESSES_BEFORE_LOCKOUT = 5;
/**
 * Wrong passwords at sign-in, from every client address together, before the typed e-mail address is locked out
 * (the per-address limit alone let anyone with many addresses guess one account's password without end). More than
 * a code's five: a shopper who forgot which password they used tries several.
 */
export const PASSWORDS_BEFORE_LOCKOUT = 10;
/**
 * How long a client address stays one the account's holder signs in from (a sign-in or a password reset from it):
 * such an address is not held by the lockout a stranger's guesses set, so a stranger cannot keep the owner out.
 */
export const KNOWN_ADDRESS_MS = 90 * 24 * 60 * 60 * 1000;
/**
 * Wrong passwords from the holder's known addresses before those are locked out too: counted apart, so the people
 * who share an address with the owner (a home's or a carrier's NAT, an office) cannot guess without end either.
 */
export const PASSWORDS_FROM_KNOWN_BEFORE_LOCKOUT = 50;
export const FIRST_LOCKOUT_MS = 15 * 60 * 1000;
/** The longest a lockout grows to: a day. */
export const LONGEST_LOCKOUT_MS = 24 * 60 * 60 * 1000;

/** "Try again in N minutes": the SPA reads N from the message (auth.errors.locked_out) and the Retry-After header. */
export const lockedOutMessage = (minutes: number) =>
  `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;

export class LockedOut extends TooManyAttempts {
  constructor(public readonly retryAfterSeconds: number) {
    super(lockedOutMessage(Math.max(1, Math.ceil(retryAfterSeconds / 60))));
  }
}

/** What a lockout key is made of: a purpose and an account (or the e-mail address typed). */
export const lockoutKey = (
  kind:
    'email-code' | 'second-factor' | 'email-change' | 'reauth' | 'sign-in' | 'sign-in-from' | 'sign-in-known',
  who: string | number,
) => `${kind}|${String(who).toLowerCase()}`;

export function lockoutLength(lockouts: number): number {
  return Math.min(FIRST_LOCKOUT_MS * 2 ** Math.max(0, lockouts - 1), LONGEST_LOCKOUT_MS);
}

/** Refuses while `key` is locked out, before the code is even looked at (a right code waits too). */
export async function refuseWhileLocked(db: Db, key: string, now: Date): Promise<void> {
  const row = await findLockout(db, key);
  const left = row?.lockedUntil ? row.lockedUntil.getTime() - now.getTime() : 0;
  if (left > 0) throw new LockedOut(Math.ceil(left / 1000));
}

/**
 * Counts a wrong guess; the fifth locks `key` out and answers LockedOut at once. The log line is the alarm an
 * operator can watch for.
 */
export async function wrongGuess(db: Db, key: string, now: Date, log?: FastifyBaseLogger): Promise<void> {
  const row = await countWrongGuess(db, key, now, (was) => {
    const failures = was.failures + 1;
    if (failures < GUESSES_BEFORE_LOCKOUT)
      return { failures, lockouts: was.lockouts, lockedUntil: was.lockedUntil };
    const lockouts = was.lockouts + 1;
    return { failures: 0, lockouts, lockedUntil: new Date(now.getTime() + lockoutLength(lockouts)) };
  });
  if (row.failures === 0 && row.lockedUntil) {
    log?.warn({ lockout: key, lockouts: row.lockouts, until: row.lockedUntil }, 'code guesses locked out');
    throw new LockedOut(Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000));
  }
}

/** A right guess: the count and the lockout growth start again. */
export async function rightGuess(db: Db, key: string): Promise<void> {
  await clearLockout(db, key);
}

/**
 * Checks one guess under the lockout: refused while locked, `check` otherwise; a false answer counts as wrong.
 */
export async function guarded(
  db: Db,
  key: string,
  now: Date,
  check: () => Promise<boolean>,
  log?: FastifyBaseLogger,
): Promise<boolean> {
  await refuseWhileLocked(db, key, now);
  if (await check()) {
    await rightGuess(db, key);
    return true;
  }
  await wrongGuess(db, key, now, log);
  return false;
}

/**
 * The account's password, typed to prove who holds a session (re-authentication, a new e-mail, a password change):
 * one lockout count for all of them, so a session cannot guess it through one and use it in another. An account
 * without a password is a wrong guess.
 */
export function passwordProvesHolder(
  db: Db,
  userId: number,
  passwordHash: string | null | undefined,
  typed: string,
  now: Date,
  log?: FastifyBaseLogger,
): Promise<boolean> {
  return guarded(
    db,
    lockoutKey('reauth', userId),
    now,
    async () => Boolean(passwordHash) && (await verifyPassword(typed, passwordHash ?? '')),
    log,
  );
}

/**
 * One password typed at sign-in for `key` (the typed e-mail address's), counted before it is checked, under the
 * row's lock: parallel guesses cannot all pass a look made before any of them counted, so at most ten are checked
 * before the lockout. The tenth sets it, and still signs in if it is right; while locked, even the right one waits.
 */
export async function signInGuess(
  db: Db,
  key: string,
  now: Date,
  check: () => Promise<boolean>,
  log?: FastifyBaseLogger,
  allowed = PASSWORDS_BEFORE_LOCKOUT,
): Promise<boolean> {
  // While locked, a look answers without a write (a flood of guesses is a flood of reads).
  await refuseWhileLocked(db, key, now);
  const state = { lockedBefore: false };
  const row = await countWrongGuess(db, key, now, (was) => {
    if (was.lockedUntil && was.lockedUntil.getTime() > now.getTime()) {
      state.lockedBefore = true;
      return { failures: was.failures, lockouts: was.lockouts, lockedUntil: was.lockedUntil };
    }
    // A lockout that ended more than a day ago no longer makes the next one longer.
    const stale = was.lockedUntil !== null && now.getTime() - was.lockedUntil.getTime() > LONGEST_LOCKOUT_MS;
    const lockoutsSoFar = stale ? 0 : was.lockouts;
    const failures = was.failures + 1;
    if (failures < allowed) return { failures, lockouts: lockoutsSoFar, lockedUntil: was.lockedUntil };
    const lockouts = lockoutsSoFar + 1;
    return { failures: 0, lockouts, lockedUntil: new Date(now.getTime() + lockoutLength(lockouts)) };
  });
  const secondsLeft = () => Math.ceil(((row.lockedUntil?.getTime() ?? 0) - now.getTime()) / 1000);
  if (state.lockedBefore) throw new LockedOut(secondsLeft());
  if (await check()) {
    await rightGuess(db, key);
    return true;
  }
  if (row.failures === 0 && row.lockedUntil) {
    log?.warn({ lockout: key, lockouts: row.lockouts, until: row.lockedUntil }, 'sign-in locked out');
    throw new LockedOut(secondsLeft());
  }
  return false;
}

/** Whether the holder of `key`'s account signed in (or reset its password) from this one within KNOWN_ADDRESS_MS. */
export async function isKnownAddress(db: Db, key: string, now: Date): Promise<boolean> {
  const row = await findLockout(db, key);
  return row !== undefined && now.getTime() - row.updatedAt.getTime() < KNOWN_ADDRESS_MS;
}

/** Notes a client address the account's holder signed in from. */
export async function rememberKnownAddress(db: Db, key: string, now: Date): Promise<void> {
  await touchLockoutRow(db, key, now);
}
