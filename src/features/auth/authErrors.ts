// Account calls: how each failure of a call is told apart. Pure, so every row is tested alone.
import { errorMessage, fieldErrors, isNetworkError, statusOf } from '../../app/api';
import type { SignedInPayload } from '../../app/events';
import type { LoginResponse, RegisterResponse } from './authApi';
import type { RegisterValues } from './schemas';

export const EMAIL_NOT_VERIFIED = 'Email not verified.';
export const EMAIL_TAKEN = 'The email has already been taken.';
export const REGISTRATION_FAILED = 'User registration failed';
export const INVALID_RESPONSE_FORMAT = 'Invalid response format';

/**
 * The contract's known server messages (server/routes/auth.ts, server/lib/errors.ts) → keys present in both
 * languages, so an Arabic shopper never reads the server's English. The English texts of the keys that stand for
 * a server message keep its wording.
 */
const SERVER_MESSAGE_KEYS: Readonly<Record<string, string>> = {
  [EMAIL_NOT_VERIFIED]: 'auth.errors.email_not_verified',
  'These credentials do not match our records.': 'auth.errors.credentials_mismatch',
  'Invalid or expired verification code.': 'auth.errors.invalid_code',
  'No user found, please register first': 'auth.errors.no_user_found',
  'User not found.': 'auth.errors.user_not_registered',
  'Too many attempts. Please try again later.': 'auth.errors.too_many_attempts',
  [EMAIL_TAKEN]: 'auth.errors.email_already_registered',
  'This service is currently unavailable.': 'auth.errors.service_unavailable',
  [REGISTRATION_FAILED]: 'auth.errors.registration_error',
  [INVALID_RESPONSE_FORMAT]: 'auth.errors.invalid_response',
};

/** "The {field} field is required." per field, with the server's field names spelt as in its messages. */
const REQUIRED_KEYS: Readonly<Record<string, string>> = {
  name: 'username_required',
  email: 'email_required',
  'phone code': 'phone_code_required',
  'phone number': 'phone_number_required',
  nationality: 'nationality_required',
  password: 'password_required',
  'password confirmation': 'confirm_password_required',
  code: 'code_required',
};

/** The field rules' wording (server/lib/errors.ts, passwords.ts) → validation keys. */
const FIELD_MESSAGE_PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^The email field must be a valid email address\.$/, 'email_invalid'],
  [/^The phone number field must contain digits only\.$/, 'phone_number_digits'],
  [/^The phone number field must be between \d+ and \d+ digits\.$/, 'phone_number_length'],
  [/^The phone code field format is invalid\.$/, 'phone_code_invalid'],
  [
    /^The (selected )?nationality (field must be an integer|field must be between \d+ and \d+|is invalid)\.$/,
    'nationality_invalid',
  ],
  [/^The password field must be at least \d+ characters\.$/, 'password_min'],
  [/^The password field may only contain letters, numbers and the symbols /, 'password_characters'],
  [/^The password field must contain at least one /, 'password_strength'],
  [/^The password confirmation field must match password\.$/, 'confirm_password_match'],
];

/** Laravel's summary line adds ' (and N more errors)' to the first field message. */
const SUMMARY_SUFFIX = / \(and \d+ more errors?\)$/;

/** The translation key for a known server message, or undefined for one the SPA does not know. */
export function serverMessageKey(message: string): string | undefined {
  const first = message.replace(SUMMARY_SUFFIX, '');
  const known = SERVER_MESSAGE_KEYS[first];
  if (known) return known;
  const required = /^The (.+) field is required\.$/.exec(first)?.[1];
  if (required && REQUIRED_KEYS[required]) return `auth.validation.${REQUIRED_KEYS[required]}`;
  const pattern = FIELD_MESSAGE_PATTERNS.find(([test]) => test.test(first));
  return pattern ? `auth.validation.${pattern[1]}` : undefined;
}

type Translate = (key: string, options?: { count: number }) => string;

/** A lockout after wrong codes (server/lib/guessLockout.ts) says how long it lasts. */
const LOCKED_OUT = /^Too many attempts\. Try again in (\d+) minutes?\.$/;

/** The minutes a lockout answer asks to wait, or undefined for any other message. */
export function lockedOutMinutes(message: string | undefined): number | undefined {
  const minutes = message ? LOCKED_OUT.exec(message)?.[1] : undefined;
  return minutes ? Number(minutes) : undefined;
}

/** A server message in the interface's language; an unknown one is shown as the server wrote it. */
export function localizeServerMessage(t: Translate, message: string): string {
  const minutes = lockedOutMinutes(message);
  if (minutes !== undefined) return t('auth.errors.locked_out', { count: minutes });
  const key = serverMessageKey(message);
  return key ? t(key) : message;
}

/** The answer's message in the interface's language, or undefined when it has none. */
export function localizedErrorMessage(t: Translate, error: unknown): string | undefined {
  const message = errorMessage(error);
  // An account call answered 404 without a message: no account has that e-mail
  // (docs/spec/01-shell-and-account.md §8 'user not registered').
  if (message === undefined)
    return statusOf(error) === 404 ? t('auth.errors.user_not_registered') : undefined;
  return localizeServerMessage(t, message);
}

/** Per-field server messages, each in the interface's language where known. */
export function localizeFieldMessages<Field extends string>(
  t: Translate,
  fields: Partial<Record<Field, string>>,
): Partial<Record<Field, string>> {
  const localized: Partial<Record<Field, string>> = {};
  for (const [field, message] of Object.entries(fields) as Array<[Field, string | undefined]>) {
    if (message !== undefined) localized[field] = localizeServerMessage(t, message);
  }
  return localized;
}

/** Thrown when a success answer lacks what the SPA needs ('Invalid response format'). */
export class InvalidResponseError extends Error {
  constructor() {
    super(INVALID_RESPONSE_FORMAT);
    this.name = 'InvalidResponseError';
  }
}

/** An answer as it may arrive from a server that breaks the contract: any field may be missing. */
export type Untrusted<T> = { [K in keyof T]?: T[K] extends object ? Untrusted<T[K]> : T[K] };

/** A login (or social login) answer must carry a token and an id. */
export function sessionFromLogin(answer: Untrusted<LoginResponse>, typedEmail: string): SignedInPayload {
  if (!answer || typeof answer.token !== 'string' || !answer.token || typeof answer.id !== 'number') {
    throw new InvalidResponseError();
  }
  const session = { token: answer.token, userId: answer.id, email: answer.email ?? typedEmail };
  return typeof answer.role === 'string' ? { ...session, role: answer.role } : session;
}

/** A registration answer must carry a token and the user. */
export function assertRegistered(answer: Untrusted<RegisterResponse>): asserts answer is RegisterResponse {
  if (!answer || typeof answer.token !== 'string' || !answer.user || typeof answer.user.id !== 'number') {
    throw new InvalidResponseError();
  }
}

export type LoginFailure =
  | { kind: 'unverified'; message: string }
  | { kind: 'message'; message: string }
  | { kind: 'noMessage' }
  | { kind: 'noResponse' };

export function classifyLoginError(error: unknown): LoginFailure {
  if (error instanceof Error) return { kind: 'message', message: error.message || INVALID_RESPONSE_FORMAT };
  const status = statusOf(error);
  // A number is an HTTP answer; PARSING_ERROR an answer that is not JSON. Anything else never reached a server.
  if (isNetworkError(error) || (typeof status !== 'number' && status !== 'PARSING_ERROR')) {
    return { kind: 'noResponse' };
  }
  const message = errorMessage(error);
  if (message === EMAIL_NOT_VERIFIED) return { kind: 'unverified', message };
  if (message) return { kind: 'message', message };
  return { kind: 'noMessage' };
}

/** API field name → registration form field. */
const REGISTER_FIELDS: Record<string, keyof RegisterValues> = {
  name: 'username',
  username: 'username',
  email: 'email',
  phone_code: 'phoneCode',
  phone_number: 'phoneNumber',
  nationality: 'nationality',
  password: 'password',
  password_confirmation: 'confirmPassword',
};

export type RegistrationFailure =
  | { kind: 'mailExhausted' }
  | { kind: 'emailTaken'; fields: Partial<Record<keyof RegisterValues, string>> }
  | { kind: 'other'; fields: Partial<Record<keyof RegisterValues, string>> };

/** True when the answer says the mail sender for this address is disabled (its attempts are used up). */
function mentionsDisabledMailSender(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const { message: _message, ...details } = data as Record<string, unknown>;
  const text = JSON.stringify(details).toLowerCase();
  return /mail|sender|smtp/.test(text) && /disabled|exhausted|suspended|blocked/.test(text);
}

export function classifyRegistrationError(error: unknown): RegistrationFailure {
  const data = (error as { data?: unknown } | null)?.data;
  if (errorMessage(error) === REGISTRATION_FAILED && mentionsDisabledMailSender(data)) {
    return { kind: 'mailExhausted' };
  }
  const fields: Partial<Record<keyof RegisterValues, string>> = {};
  for (const [apiField, message] of Object.entries(fieldErrors(error))) {
    const field = REGISTER_FIELDS[apiField];
    if (field && !fields[field]) fields[field] = message;
  }
  if (fields.email === EMAIL_TAKEN || errorMessage(error) === EMAIL_TAKEN)
    return { kind: 'emailTaken', fields };
  return { kind: 'other', fields };
}
