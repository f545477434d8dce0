// Spec 01 §8, the account rows: how each failure of a call is told apart. Pure, so every row is tested alone.
import { errorMessage, fieldErrors, isNetworkError } from '../../app/api';
import type { SignedInPayload } from '../../app/events';
import type { LoginAnswer, RegisterAnswer } from './authApi';
import type { RegisterValues } from './schemas';

export const EMAIL_NOT_VERIFIED = 'Email not verified.';
export const EMAIL_TAKEN = 'The email has already been taken.';
export const REGISTRATION_FAILED = 'User registration failed';
export const INVALID_RESPONSE_FORMAT = 'Invalid response format';

/** Thrown when a success answer lacks what the SPA needs (spec 01 §7: 'Invalid response format'). */
export class InvalidResponseError extends Error {
  constructor() {
    super(INVALID_RESPONSE_FORMAT);
    this.name = 'InvalidResponseError';
  }
}

/** Spec 01 §7: a login (or social login) answer must carry a token and an id. */
export function sessionFromLogin(answer: LoginAnswer, typedEmail: string): SignedInPayload {
  if (!answer || typeof answer.token !== 'string' || !answer.token || typeof answer.id !== 'number') {
    throw new InvalidResponseError();
  }
  return { token: answer.token, userId: answer.id, email: answer.email ?? typedEmail };
}

/** Spec 01 §7: a registration answer must carry a token and the user. */
export function assertRegistered(answer: RegisterAnswer): asserts answer is Required<RegisterAnswer> {
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
  const status = (error as { status?: unknown } | null)?.status;
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
