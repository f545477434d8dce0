import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import {
  consumeOpenCodes,
  countCodesSince,
  countWrongCodeGuess,
  insertCode,
  lockNewestOpenCode,
  lockUserForCodes,
  markCodeConsumed,
  type CodePurpose,
} from '../db/queries/verificationCodes';
import { TooManyAttempts } from './domainErrors';
import { clientAddressKey } from './clientAddress';
import type { SharedCounter } from './rateLimitStore';
import { hashCode, newNumericCode, sameHash } from './tokens';

export type { CodePurpose };

export const CODE_TTL_MS = 15 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const RESEND_MIN_INTERVAL_MS = 60 * 1000;
export const RESEND_MAX_PER_HOUR = 5;

/** What a code needs of the mail service (services/mail's MailService is one): lib stays below the services. */
export interface CodeMailer {
  send(message: { to: string; subject: string; text: string; code?: string }): Promise<void>;
}

export interface CodeDeps {
  db: Db;
  config: Pick<Config, 'tokenSecret' | 'now'>;
  mail: CodeMailer;
  limits: SharedCounter;
}

function codeHash(
  config: Pick<Config, 'tokenSecret'>,
  userId: number,
  code: string,
  boundTo: string | undefined,
): string {
  // Bound to the user, so a code hash leaked from one row cannot be replayed for another account; an e-mail
  // change code also to the address it was mailed to, so it proves that address and no other.
  return hashCode(
    boundTo === undefined ? `${userId}:${code}` : `${userId}:${boundTo}:${code}`,
    config.tokenSecret,
  );
}

/** The address a code of this purpose is bound to: the pending e-mail it was mailed to. */
const bindingOf = (purpose: CodePurpose, recipient: string) =>
  purpose === 'email' ? recipient.toLowerCase() : undefined;

const MAIL_TEXT: Record<CodePurpose, { subject: string; lead: string; leadAr: string }> = {
  verify: {
    subject: 'Your verification code / رمز التحقق',
    lead: 'Your e-mail verification code is',
    leadAr: 'رمز التحقق من بريدك الإلكتروني هو',
  },
  reset: {
    subject: 'Your password reset code / رمز إعادة تعيين كلمة المرور',
    lead: 'Your password reset code is',
    leadAr: 'رمز إعادة تعيين كلمة المرور هو',
  },
  email: {
    subject: 'Confirm your new e-mail / تأكيد بريدك الإلكتروني الجديد',
    lead: 'Someone asked to use this address for an account at our shop. The code to confirm it is',
    leadAr: 'طُلب استخدام هذا العنوان لحساب في متجرنا. رمز التأكيد هو',
  },
};

/** Code mails asked from one client address in an hour (config.perIpLimits.codeSends overrides it). */
export const CODE_SENDS_PER_ADDRESS_HOUR = 10;

/**
 * "Send me a code" from this client address: at most perIpLimits.codeSends an hour from one address (an IPv6
 * client by its /64), and config.codeSendsPerHour over the whole shop, whatever the addresses, so neither one
 * address nor many can turn the shop into a mail cannon or a code-guessing machine. A request refused by its
 * address's cap does not count against the shop's. Reaching the shop's cap is logged: someone is at it.
 */
export async function capCodeSends(
  { limits, config }: { limits: SharedCounter; config: Pick<Config, 'perIpLimits' | 'codeSendsPerHour'> },
  ip: string,
  log?: FastifyBaseLogger,
): Promise<void> {
  const hour = 60 * 60 * 1000;
  const perAddress = config.perIpLimits.codeSends ?? CODE_SENDS_PER_ADDRESS_HOUR;
  const fromAddress = await limits.hit(`code-send-ip|${clientAddressKey(ip)}`, hour);
  if (fromAddress.count > perAddress) throw new TooManyAttempts();
  const overall = await limits.hit('code-send-shop', hour);
  if (overall.count > config.codeSendsPerHour) {
    if (overall.count === config.codeSendsPerHour + 1)
      log?.warn({ cap: config.codeSendsPerHour }, 'code mails: the shop-wide hourly cap is reached');
    throw new TooManyAttempts();
  }
}

/**
 * A code asked for an address no account has: nothing is mailed, but the request is counted as a real one is (one
 * a minute, RESEND_MAX_PER_HOUR an hour per e-mail), so the answer, 429s included, does not tell who has an account.
 */
export async function countCodeForNoAccount(
  { limits }: Pick<CodeDeps, 'limits'>,
  email: string,
): Promise<void> {
  const address = email.toLowerCase();
  const thisMinute = await limits.hit(`code|verify|${address}`, RESEND_MIN_INTERVAL_MS);
  if (thisMinute.count > 1) throw new TooManyAttempts();
  const thisHour = await limits.hit(`code-no-account|${address}`, 60 * 60 * 1000);
  if (thisHour.count > RESEND_MAX_PER_HOUR) throw new TooManyAttempts();
}

/**
 * Issues a fresh 6-digit code (older open codes of the same purpose die), stores only its HMAC and mails it.
 * With `limitResends`, at most one code per minute per address and purpose (a reset code right after the
 * registration code is fine, a second reset code is not) and five per hour per account, else 429.
 */
export async function issueCode(
  { db, config, mail, limits }: CodeDeps,
  user: { id: number; email: string },
  purpose: CodePurpose,
  /**
   * `notice`: mail this instead of the code (an address another account owns: its owner is told, the code stays
   * unsent, and the caller answers as for any address, limits included).
   */
  options: { limitResends: boolean; notice?: { subject: string; text: string } },
): Promise<void> {
  const now = config.now();
  const code = newNumericCode();
  // Counted in the shared store, so every server process sees it; a code sent without the limit (registration)
  // still counts, so an immediate "resend" of it waits its minute.
  const thisMinute = await limits.hit(`code|${purpose}|${user.email.toLowerCase()}`, RESEND_MIN_INTERVAL_MS);
  if (options.limitResends && thisMinute.count > 1) throw new TooManyAttempts();
  const limited = await db.transaction(async (tx) => {
    // Serialises concurrent requests for one account, so two clicks cannot both slip under the limits.
    await lockUserForCodes(tx, user.id);
    if (options.limitResends) {
      const hourAgo = new Date(now.getTime() - 60 * 60 * 1000);
      if ((await countCodesSince(tx, user.id, hourAgo)) >= RESEND_MAX_PER_HOUR) return true;
    }
    await consumeOpenCodes(tx, user.id, purpose, now);
    await insertCode(tx, {
      userId: user.id,
      purpose,
      codeHash: codeHash(config, user.id, code, bindingOf(purpose, user.email)),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      createdAt: now,
    });
    return false;
  });
  if (limited) throw new TooManyAttempts();

  if (options.notice) {
    await mail.send({ to: user.email, subject: options.notice.subject, text: options.notice.text });
    return;
  }
  const text = MAIL_TEXT[purpose];
  await mail.send({
    to: user.email,
    subject: text.subject,
    text: `${text.lead} ${code}. It expires in 15 minutes.\n${text.leadAr} ${code}. تنتهي صلاحيته خلال 15 دقيقة.\n\nIf you did not ask for it, ignore this message.`,
    code,
  });
}

/** A JSON number loses leading zeros ("012345" → 12345); the spec's reset payload sends the code as an integer. */
export function normalizeCode(value: unknown): string | null {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 1_000_000) {
    return String(value).padStart(6, '0');
  }
  if (typeof value === 'string' && /^\d{6}$/.test(value.trim())) return value.trim();
  return null;
}

/**
 * Checks the newest open code of the given purposes. A wrong guess counts against that code; after five the code
 * is dead even for the right digits. Returns whether the code was accepted (and consumes it).
 */
export async function consumeCode(
  { db, config }: Pick<CodeDeps, 'db' | 'config'>,
  userId: number,
  purposes: CodePurpose[],
  submitted: string | null,
  /** For an e-mail change code: the pending address it must have been mailed to. */
  boundTo?: string,
): Promise<boolean> {
  const now = config.now();
  return db.transaction(async (tx) => {
    const open = await lockNewestOpenCode(tx, userId, purposes);
    if (!open || open.expiresAt.getTime() <= now.getTime() || open.attempts >= CODE_MAX_ATTEMPTS)
      return false;
    if (
      submitted === null ||
      !sameHash(open.codeHash, codeHash(config, userId, submitted, boundTo?.toLowerCase()))
    ) {
      await countWrongCodeGuess(tx, open.id);
      return false;
    }
    await markCodeConsumed(tx, open.id, now);
    return true;
  });
}

/** Open codes of this purpose die (an e-mail change that was cancelled, or overtaken by a password reset). */
export async function dropOpenCodes(
  { db, config }: Pick<CodeDeps, 'db' | 'config'>,
  userId: number,
  purpose: CodePurpose,
): Promise<void> {
  await consumeOpenCodes(db, userId, purpose, config.now());
}
