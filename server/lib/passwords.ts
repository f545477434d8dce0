import bcrypt from 'bcryptjs';
import { humanField } from './errors';
import type { Rule } from './validation';

export function hashPassword(password: string, cost: number): Promise<string> {
  return bcrypt.hash(password, cost);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}

const dummyHashes = new Map<number, Promise<string>>();

/** Compares against a throw-away hash when no account exists, so a wrong e-mail costs as much as a wrong password. */
export async function burnPasswordCheck(password: string, cost: number): Promise<void> {
  let dummy = dummyHashes.get(cost);
  if (!dummy) {
    dummy = bcrypt.hash('no account has this password', cost);
    dummyHashes.set(cost, dummy);
  }
  await bcrypt.compare(password, await dummy);
}

export const PASSWORD_MIN = 8;
const PASSWORD_ALPHABET = /^[A-Za-z\d@$!%*?&]+$/;

/** Spec 01 §5: letters, digits and @$!%*?& only, with an upper, a lower, a digit and a symbol. */
export const strongPassword: Rule = (value, field) => {
  const name = humanField(field);
  if (typeof value !== 'string') return `The ${name} field must be a string.`;
  if (value.length < PASSWORD_MIN) return `The ${name} field must be at least ${PASSWORD_MIN} characters.`;
  if (value.length > 72) return `The ${name} field must not be greater than 72 characters.`;
  if (!PASSWORD_ALPHABET.test(value)) {
    return `The ${name} field may only contain letters, numbers and the symbols @$!%*?&.`;
  }
  if (!/[a-z]/.test(value) || !/[A-Z]/.test(value)) {
    return `The ${name} field must contain at least one uppercase and one lowercase letter.`;
  }
  if (!/\d/.test(value)) return `The ${name} field must contain at least one number.`;
  if (!/[@$!%*?&]/.test(value)) return `The ${name} field must contain at least one symbol.`;
  return null;
};
