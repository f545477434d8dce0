// The signed-in shopper's own account: password change. Rules here; the route only parses and answers.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import {
  deleteToken,
  deleteTokensExcept,
  findUserByEmail,
  findUserById,
  findUserBySocialId,
  insertApiToken,
  insertUser,
  isUniqueViolation,
  setFirstPassword,
  updateUser,
  updateUserDroppingTokens,
  type UserChanges,
  type UserRow,
} from '../db/queries/users';
import { normalizeEmail } from '../lib/accounts';
import { countCodeForNoAccount, dropOpenCodes, issueCode, type CodeDeps } from '../lib/codes';
import { EMAIL_NOT_VERIFIED } from '../lib/errors';
import { clearLockout } from '../db/queries/guessLockouts';
import {
  isKnownAddress,
  lockoutKey,
  PASSWORDS_FROM_KNOWN_BEFORE_LOCKOUT,
  passwordProvesHolder,
  rememberKnownAddress,
  signInGuess,
} from '../lib/guessLockout';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../lib/passwords';
import { provenRecently } from '../plugins/reauth';
import { newBearerToken, sha256Hex } from '../lib/tokens';
import type { AppDeps } from '../types';
import type { SocialIdentity } from './social';
import { Forbidden, Invalid, NotFound } from './errors';

export const ACCOUNT_MESSAGES = {
  passwordChanged: 'Password changed successfully.',
  currentPasswordWrong: 'The current password is incorrect.',
  signInAgainForPassword: 'Sign in again to set a password.',
} as const;

export interface PasswordChange {
  userId: number;
  /** The session that asked: it stays, every other session of the account ends. */
  keepTokenId: number | undefined;
  currentPassword: string | undefined;
  newPassword: string;
  now: Date;
  bcryptCost: number;
  /** When the session last proved who holds it (its sign-in): a first password asks for a recent one. */
  provenAt: Date | undefined;
}

export async function changePassword(db: Db, change: PasswordChange): Promise<void> {
  const user = await findUserById(db, change.userId);
  if (!user) throw new NotFound('User not found.');
  const wrongCurrent = () =>
    new Invalid(
      { current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] },
      ACCOUNT_MESSAGES.currentPasswordWrong,
    );
  const newHash = () => hashPassword(change.newPassword, change.bcryptCost);
  if (user.passwordHash) {
    const typed = change.currentPassword;
    // Left out (a form that did not know the account has one) is no guess: it counts nothing.
    if (!typed) throw wrongCurrent();
    if (!(await passwordProvesHolder(db, user.id, user.passwordHash, typed, change.now)))
      throw wrongCurrent();
    await updateUser(db, user.id, { passwordHash: await newHash(), updatedAt: change.now });
  } else {
    // An account made through social sign-in has no password yet: the bearer of one of its own sessions sets its
    // first one without a current one, if that session signed in within 15 minutes. Else a stolen or forgotten
    // session would set a password of its own and with it change the e-mail, which the password proves.
    if (!provenRecently(change.provenAt, change.now)) {
      throw new Forbidden(ACCOUNT_MESSAGES.signInAgainForPassword, undefined, 'reauth_required');
    }
    // Another request set one meanwhile: from now on the current password is asked for.
    if (!(await setFirstPassword(db, user.id, await newHash(), change.now))) throw wrongCurrent();
  }
  // Whoever knew the old password is signed out everywhere else, and wrong guesses of the old one count no more.
  await deleteTokensExcept(db, user.id, change.keepTokenId);
  await clearSignInLockouts(db, user.email);
}

export const AUTH_MESSAGES = {
  emailTaken: 'The email has already been taken.',
  badCredentials: 'These credentials do not match our records.',
  socialNoEmail: 'Your social account did not share an email address.',
  socialLinkedElsewhere: 'This email is already linked to another social account.',
} as const;

export interface Registration {
  name: string;
  email: string;
  password: string;
  phoneCode: string;
  phoneNumber: string;
  nationality: number;
}

/** A new, unverified account; a taken address (also when two registrations race for it) is Invalid. */
export async function registerUser(db: Db, input: Registration, bcryptCost: number): Promise<UserRow> {
  if (await findUserByEmail(db, input.email)) throw new Invalid({ email: [AUTH_MESSAGES.emailTaken] });
  let user: UserRow | undefined;
  try {
    user = await insertUser(db, {
      name: input.name,
      email: input.email,
      passwordHash: await hashPassword(input.password, bcryptCost),
      phoneCode: input.phoneCode,
      phoneNumber: input.phoneNumber,
      nationality: input.nationality,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new Invalid({ email: [AUTH_MESSAGES.emailTaken] });
    throw error;
  }
  if (!user) throw new Error('user insert returned nothing');
  return user;
}

/**
 * A social sign-in linked to an account whose address was never proven was not made by the owner of that address
 * (an account moved onto a stranger's address before e-mail changes needed a code): when the owner proves the
 * address, the link and every session end, so whoever made the link cannot sign back in.
 */
function unprovenLinks(user: UserRow): UserChanges {
  if (user.emailVerifiedAt) return {};
  return user.googleId !== null || user.facebookId !== null ? { googleId: null, facebookId: null } : {};
}

/** The code mailed to the account's address came back. */
export async function markVerified(db: Db, user: UserRow, now: Date): Promise<void> {
  if (user.emailVerifiedAt) return;
  const unlinked = unprovenLinks(user);
  const dropSessions = Object.keys(unlinked).length > 0;
  await updateUserDroppingTokens(
    db,
    user.id,
    { ...unlinked, emailVerifiedAt: now, updatedAt: now },
    dropSessions,
  );
}

/**
 * A new password through a code mailed to the account's address: the address is proven, every session ends, a
 * social link made before the address was proven goes, and a pending e-mail change (asked by whoever held a
 * session) is dropped with its code.
 */
export async function resetPassword(
  deps: Pick<AppDeps, 'db' | 'config'>,
  user: UserRow,
  password: string,
  options: { now: Date; bcryptCost: number },
): Promise<void> {
  const { db } = deps;
  await updateUserDroppingTokens(
    db,
    user.id,
    {
      ...unprovenLinks(user),
      passwordHash: await hashPassword(password, options.bcryptCost),
      emailVerifiedAt: user.emailVerifiedAt ?? options.now,
      pendingEmail: null,
      updatedAt: options.now,
    },
    true,
  );
  await dropOpenCodes(deps, user.id, 'email');
  // The mailbox's owner starts again: wrong guesses from a session the reset just ended no longer lock them out,
  // nor a stranger's wrong passwords at sign-in (a recovery is the way in while they lock the address).
  await clearLockout(db, lockoutKey('reauth', user.id));
  await clearSignInLockouts(db, user.email);
}

export async function signOut(db: Db, tokenId: number): Promise<void> {
  await deleteToken(db, tokenId);
}

/** Finds the account for a verified social identity, linking by e-mail or creating it (already verified). */
export async function accountForSocial(db: Db, identity: SocialIdentity, now: Date): Promise<UserRow> {
  const linked = await findUserBySocialId(db, identity.provider, identity.subject);
  if (linked) {
    // The provider vouches for its own address only: an account moved onto another, unproven address stays
    // unproven (its owner proves it with the mailed code, which also ends this link).
    if (identity.email && normalizeEmail(identity.email) === linked.email) {
      await updateUser(db, linked.id, { emailVerifiedAt: linked.emailVerifiedAt ?? now, updatedAt: now });
    }
    return linked;
  }
  if (!identity.email)
    throw new Invalid({ token: [AUTH_MESSAGES.socialNoEmail] }, AUTH_MESSAGES.socialNoEmail);
  const emailAddress = normalizeEmail(identity.email);
  const link =
    identity.provider === 'google' ? { googleId: identity.subject } : { facebookId: identity.subject };
  const existing = await findUserByEmail(db, emailAddress);
  if (existing) {
    const current = identity.provider === 'google' ? existing.googleId : existing.facebookId;
    if (current && current !== identity.subject) {
      throw new Invalid(
        { token: [AUTH_MESSAGES.socialLinkedElsewhere] },
        AUTH_MESSAGES.socialLinkedElsewhere,
      );
    }
    // Nobody proved the mailbox of an unverified account, so whoever registered it may be a stranger: the
    // password they chose and the tokens they hold must not become a verified account's keys.
    const unproven = existing.emailVerifiedAt === null;
    const updated = await updateUserDroppingTokens(
      db,
      existing.id,
      {
        ...link,
        ...(unproven ? { passwordHash: null } : {}),
        emailVerifiedAt: existing.emailVerifiedAt ?? now,
        updatedAt: now,
      },
      unproven,
    );
    return updated ?? existing;
  }
  const created = await insertUser(db, {
    name: identity.name?.trim() || emailAddress.split('@')[0] || emailAddress,
    email: emailAddress,
    emailVerifiedAt: now,
    ...link,
  });
  if (!created) throw new Error('user insert returned nothing');
  return created;
}

export { findUserByEmail };

/** A new bearer token for the user; only its hash is kept. `now` is the app's clock (tests move it). */
export async function issueToken(db: Db, userId: number, now: Date): Promise<string> {
  const token = newBearerToken();
  await insertApiToken(db, userId, sha256Hex(token), now);
  return token;
}

/**
 * "Send me a code": a verification code for an unverified account, a reset code for a verified one. An address no
 * account has gets the same answer and the same limits, and no mail (issue 47, finding 8: no enumeration).
 */
export async function sendAccountCode(deps: CodeDeps, email: string): Promise<void> {
  const address = normalizeEmail(email);
  const user = await findUserByEmail(deps.db, address);
  if (!user) return countCodeForNoAccount(deps, address);
  await issueCode(deps, user, user.emailVerifiedAt ? 'reset' : 'verify', { limitResends: true });
}

/** The sign-in lockout of an e-mail address, as typed at sign-in or as an account holds it. */
export const signInLockoutKey = (email: string) => lockoutKey('sign-in', normalizeEmail(email));
/**
 * A client address (lib/clientAddress's key) the holder of an account signed in from: by the account's id, so it
 * does not pass to the next holder of a changed or deleted account's address. An address no account has has none.
 */
const knownAddressKey = (userId: number | undefined, address: string) =>
  lockoutKey('sign-in-from', `${userId ?? 'none'}|${address}`);
/** The wrong passwords from an account's known addresses, counted apart (PASSWORDS_FROM_KNOWN_BEFORE_LOCKOUT). */
const knownAddressesLockoutKey = (email: string) => lockoutKey('sign-in-known', normalizeEmail(email));

/** The holder proved the account (a reset by the e-mailed code, a change with the password): both counts start again. */
async function clearSignInLockouts(db: Db, email: string): Promise<void> {
  await clearLockout(db, signInLockoutKey(email));
  await clearLockout(db, knownAddressesLockoutKey(email));
}

/**
 * E-mail and password → a new session. An unknown address costs the same hash check as a wrong password, and an
 * unverified account is told so only after its password matched, so answers do not tell strangers who exists.
 */
export async function logIn(
  db: Db,
  input: { email: string; password: string },
  {
    bcryptCost,
    now,
    log,
    address,
  }: { bcryptCost: number; now: Date; log?: FastifyBaseLogger; address?: string },
): Promise<{ user: UserRow; token: string }> {
  const email = normalizeEmail(input.email);
  const user = await findUserByEmail(db, email);
  const refused = () => new Invalid({ email: [AUTH_MESSAGES.badCredentials] }, AUTH_MESSAGES.badCredentials);
  const check = async () => {
    if (!user?.passwordHash) {
      await burnPasswordCheck(input.password, bcryptCost);
      return false;
    }
    return verifyPassword(input.password, user.passwordHash);
  };
  // Wrong passwords from any number of client addresses lock the typed address out, an address no account has
  // alike (the answers do not tell which have one). An address its holder signed in or reset the password from is
  // not held by that lockout (its own per-address limit still is): a stranger cannot keep the owner out.
  const known = address !== undefined && (await isKnownAddress(db, knownAddressKey(user?.id, address), now));
  const passwordRight = known
    ? await signInGuess(
        db,
        knownAddressesLockoutKey(email),
        now,
        check,
        log,
        PASSWORDS_FROM_KNOWN_BEFORE_LOCKOUT,
      )
    : await signInGuess(db, signInLockoutKey(email), now, check, log);
  if (!passwordRight || !user) throw refused();
  if (!user.emailVerifiedAt) throw new Forbidden(EMAIL_NOT_VERIFIED);
  if (address !== undefined) await rememberKnownAddress(db, knownAddressKey(user.id, address), now);
  return { user, token: await issueToken(db, user.id, now) };
}

/** After a password reset by the e-mailed code: the mailbox's holder signs in from where they reset it. */
export async function rememberResetAddress(
  db: Db,
  userId: number,
  address: string,
  now: Date,
): Promise<void> {
  await rememberKnownAddress(db, knownAddressKey(userId, address), now);
}
