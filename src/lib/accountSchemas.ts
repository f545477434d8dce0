// The account fields' rules as yup schemas, for the registration, login, reset and profile forms alike. Messages
// are translation keys: `prefix` + a leaf of `auth.validation` (the auth forms translate under that area
// themselves and pass '', others pass 'auth.validation.').
import * as yup from 'yup';

import {
  PASSWORD_ALLOWED,
  PASSWORD_MIN,
  PASSWORD_STRONG,
  PHONE_NUMBER_MAX,
  PHONE_NUMBER_MIN,
} from './accountRules';

// yup's own e-mail test accepts 'a@b'; a shop needs a domain with a dot to deliver the code.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const emailRule = (prefix = '') =>
  yup
    .string()
    .trim()
    .required(`${prefix}email_required`)
    .email(`${prefix}email_invalid`)
    .matches(EMAIL_PATTERN, { message: `${prefix}email_invalid`, excludeEmptyString: true });

export const phoneNumberRule = (prefix = '') =>
  yup
    .string()
    .required(`${prefix}phone_number_required`)
    .matches(/^\d+$/, { message: `${prefix}phone_number_digits`, excludeEmptyString: true })
    .min(PHONE_NUMBER_MIN, `${prefix}phone_number_min`)
    .max(PHONE_NUMBER_MAX, `${prefix}phone_number_max`);

export const passwordAtLeast8Rule = (prefix = '') =>
  yup.string().required(`${prefix}password_required`).min(PASSWORD_MIN, `${prefix}password_min`);

/** Registration, reset and change alike: the server refuses any other new password (server/lib/passwords.ts). */
export const strongPasswordRule = (prefix = '') =>
  passwordAtLeast8Rule(prefix)
    .matches(PASSWORD_ALLOWED, `${prefix}password_characters`)
    .matches(PASSWORD_STRONG, { message: `${prefix}password_strength`, excludeEmptyString: true });

// A test rather than oneOf: yup checks oneOf before required, which would hide 'confirm_password_required'.
export const confirmationRule = (of: string, prefix = '') =>
  yup
    .string()
    .required(`${prefix}confirm_password_required`)
    .test('match', `${prefix}confirm_password_match`, function matches(value) {
      return value === (this.parent as Record<string, unknown>)[of];
    });
