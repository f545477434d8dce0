import { humanField, validationError, type FieldErrors } from './errors';

/**
 * Small rule-based validation with Laravel's wording, because the SPA shows the server's first message per
 * field. Each rule returns a message or null; the first failing rule of a field wins.
 */
export type Rule = (value: unknown, field: string, input: Record<string, unknown>) => string | null;

export function asObject(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

export const required: Rule = (value, field) =>
  isBlank(value) ? `The ${humanField(field)} field is required.` : null;

export const isString: Rule = (value, field) =>
  typeof value === 'string' ? null : `The ${humanField(field)} field must be a string.`;

export const maxLength =
  (limit: number): Rule =>
  (value, field) =>
    typeof value === 'string' && value.length > limit
      ? `The ${humanField(field)} field must not be greater than ${limit} characters.`
      : null;

export const minLength =
  (limit: number): Rule =>
  (value, field) =>
    typeof value === 'string' && value.length < limit
      ? `The ${humanField(field)} field must be at least ${limit} characters.`
      : null;

// Deliberately plain: one @, no spaces, a dot in the domain. Deliverability is proven by the mailed code.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const email: Rule = (value, field) =>
  typeof value === 'string' && EMAIL.test(value.trim())
    ? null
    : `The ${humanField(field)} field must be a valid email address.`;

export const matches =
  (pattern: RegExp): Rule =>
  (value, field) =>
    typeof value === 'string' && pattern.test(value)
      ? null
      : `The ${humanField(field)} field format is invalid.`;

export const oneOf =
  (choices: readonly string[]): Rule =>
  (value, field) =>
    typeof value === 'string' && choices.includes(value)
      ? null
      : `The selected ${humanField(field)} is invalid.`;

/** Digits given as a string or a JSON number. */
export function digitsOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return value.trim();
  return null;
}

export const digitsBetween =
  (min: number, max: number): Rule =>
  (value, field) => {
    const digits = digitsOf(value);
    if (digits === null) return `The ${humanField(field)} field must contain digits only.`;
    return digits.length < min || digits.length > max
      ? `The ${humanField(field)} field must be between ${min} and ${max} digits.`
      : null;
  };

/** An integer given as a JSON number or a numeric string. */
export function integerOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return null;
}

export const integerBetween =
  (min: number, max: number): Rule =>
  (value, field) => {
    const number = integerOf(value);
    if (number === null) return `The ${humanField(field)} field must be an integer.`;
    return number < min || number > max
      ? `The ${humanField(field)} field must be between ${min} and ${max}.`
      : null;
  };

export const sameAs =
  (other: string): Rule =>
  (value, field, input) =>
    value === input[other] ? null : `The ${humanField(field)} field must match ${humanField(other)}.`;

/**
 * Runs the rules; optional fields (no `required` rule) are skipped when absent. Throws the 422 on failure and
 * otherwise hands back the input as an object.
 */
export function validate(body: unknown, rules: Record<string, Rule[]>): Record<string, unknown> {
  const input = asObject(body);
  const errors: FieldErrors = {};
  for (const [field, fieldRules] of Object.entries(rules)) {
    const value = input[field];
    if (isBlank(value) && !fieldRules.includes(required)) continue;
    for (const rule of fieldRules) {
      const message = rule(value, field, input);
      if (message) {
        errors[field] = [message];
        break;
      }
    }
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return input;
}

export function normalizeEmail(value: unknown): string {
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}
