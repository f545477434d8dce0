// The account rules. Every message is a translation key under `auth.validation.` (forms translate them on display).
import * as yup from 'yup';

import {
  PASSWORD_ALLOWED,
  PASSWORD_MIN,
  PASSWORD_STRONG,
  PHONE_NUMBER_MAX,
  PHONE_NUMBER_MIN,
} from '../../lib/accountRules';

export { PASSWORD_ALLOWED, PASSWORD_MIN, PASSWORD_STRONG, PHONE_NUMBER_MAX, PHONE_NUMBER_MIN };
export const NATIONALITY_MIN = 1;
export const NATIONALITY_MAX = 16;
export const CODE_LENGTH = 6;

// yup's own e-mail test accepts 'a@b'; a shop needs a domain with a dot to deliver the code.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

const email = () =>
  yup
    .string()
    .trim()
    .required('email_required')
    .email('email_invalid')
    .matches(EMAIL_PATTERN, { message: 'email_invalid', excludeEmptyString: true });

const passwordAtLeast8 = () => yup.string().required('password_required').min(PASSWORD_MIN, 'password_min');

/** Registration and reset alike: the server refuses any other password for both (server/lib/passwords.ts). */
const strongPassword = () =>
  passwordAtLeast8()
    .matches(PASSWORD_ALLOWED, 'password_characters')
    .matches(PASSWORD_STRONG, { message: 'password_strength', excludeEmptyString: true });

// A test rather than oneOf: yup checks oneOf before required, which would hide 'confirm_password_required'.
const confirmation = (of: string) =>
  yup
    .string()
    .required('confirm_password_required')
    .test('match', 'confirm_password_match', function matches(value) {
      return value === (this.parent as Record<string, unknown>)[of];
    });

export const loginSchema = yup.object({
  email: email(),
  password: passwordAtLeast8(),
});
export type LoginValues = yup.InferType<typeof loginSchema>;

export const registerSchema = yup.object({
  email: email(),
  username: yup.string().trim().required('username_required'),
  phoneCode: yup.string().required('phone_code_required'),
  phoneNumber: yup
    .string()
    .required('phone_number_required')
    .matches(/^\d+$/, { message: 'phone_number_digits', excludeEmptyString: true })
    .min(PHONE_NUMBER_MIN, 'phone_number_min')
    .max(PHONE_NUMBER_MAX, 'phone_number_max'),
  nationality: yup
    .number()
    .typeError('nationality_required')
    .required('nationality_required')
    .integer('nationality_invalid')
    .min(NATIONALITY_MIN, 'nationality_invalid')
    .max(NATIONALITY_MAX, 'nationality_invalid'),
  password: strongPassword(),
  confirmPassword: confirmation('password'),
});
export type RegisterValues = yup.InferType<typeof registerSchema>;

export const forgotPasswordSchema = yup.object({ email: email() });

/** The six boxes of the reset and verification dialogs together. */
export const codeBoxesSchema = (incompleteMessage: 'invalid_code_length' | 'incomplete_code') =>
  yup
    .array(yup.string().defined().matches(/^\d?$/, 'code_digit'))
    .required()
    .test('complete', incompleteMessage, (boxes) => boxes.every((box) => box !== ''))
    .test('length', 'invalid_code_length', (boxes) => boxes.join('').length === CODE_LENGTH);

export const resetPasswordSchema = yup.object({
  code: codeBoxesSchema('invalid_code_length'),
  email: email(),
  password: strongPassword(),
  confirmPassword: confirmation('password'),
});
export type ResetPasswordValues = yup.InferType<typeof resetPasswordSchema>;

/** The box dialog after registration: all six filled, else 'please enter complete code'. */
export const verificationBoxesSchema = yup.object({ code: codeBoxesSchema('incomplete_code') });

/** The single field after a login of an unverified account: required, 6 characters, no more. */
export const verificationFieldSchema = yup.object({
  code: yup
    .string()
    .trim()
    .required('code_required')
    .min(CODE_LENGTH, 'code_min')
    .max(CODE_LENGTH, 'code_max'),
});

/** Formik's validation errors hold keys; this shows them in the current language. */
export const validationKey = (key: string) => `auth.validation.${key}`;
