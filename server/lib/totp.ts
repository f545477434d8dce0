// Authenticator codes (TOTP, RFC 6238: 6 digits, 30-second steps, SHA-1, as every authenticator app reads them)
// through otpauth, and the QR code that carries an enrolment to the app through qrcode.
import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { sha256Hex } from './tokens';

const PERIOD_SECONDS = 30;
/** A code of the step before or after is taken too: a phone's clock a little off, a code typed as it turned. */
const WINDOW = 1;

/** The name the authenticator app lists the account under, beside its e-mail. */
export const TOTP_ISSUER = 'Gulf Store';

export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (secret: string, label = '', issuer = '') =>
  new TOTP({ issuer, label, secret: Secret.fromBase32(secret), digits: 6, period: PERIOD_SECONDS });

/** What the authenticator app reads from the QR code. */
export const otpauthUrl = (secret: string, account: string, issuer: string): string =>
  totpOf(secret, account, issuer).toString();

/** The QR code of an otpauth URL, as an SVG data URL the SPA shows as an image (the CSP allows data: images). */
export async function qrCodeDataUrl(url: string): Promise<string> {
  const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * The time step a right code belongs to, or null. A step at or before `usedStep` is refused: a code works once,
 * so one seen over a shoulder or in a log cannot be used again.
 */
export function acceptedStep(
  secret: string,
  code: string,
  now: Date,
  usedStep: number | null,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  if (delta === null) return null;
  const step = Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
  return usedStep !== null && step <= usedStep ? null : step;
}

/** The code of this moment (tests, and the journey that signs in as a person with an app would). */
export const currentCode = (secret: string, now: Date): string =>
  totpOf(secret).generate({ timestamp: now.getTime() });

// Recovery codes: ten groups of characters that cannot be misread (no 0/O, 1/I/L), 50 bits each.
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const RECOVERY_CODE_COUNT = 10;

export function newRecoveryCode(): string {
  const pick = () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)] ?? 'A';
  const group = () => Array.from({ length: 5 }, pick).join('');
  return `${group()}-${group()}`;
}

/** What a typed recovery code is compared as: upper case, no spaces or dashes. */
export const normalizeRecoveryCode = (typed: string): string => typed.toUpperCase().replace(/[\s-]+/g, '');

/** Only this is stored: bound to the account, so a hash from one row proves nothing for another. */
export const recoveryCodeHash = (userId: number, code: string): string =>
  sha256Hex(`recovery:${userId}:${normalizeRecoveryCode(code)}`);
