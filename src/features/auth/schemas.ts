// The account rules. Every message is a translation key under `auth.validation.` (forms translate them on display).
import * as yup from 'yup';

import {
  PASSWORD_ALLOWED,
  PASSWORD_MIN,
  PASSWORD_STRONG,
  PHONE_NUMBER_MAX,
  PHONE_NUMBER_MIN,
} from '../../lib/accountRules';
import {
  confirmationRule,
  emailRule,
  passwordAtLeast8Rule,
  phoneNumberRule,
  strongPasswordRule,
} from '../../lib/accountSchemas';

export { PASSWORD_ALLOWED, PASSWORD_MIN, PASSWORD_STRONG, PHONE_NUMBER_MAX, PHONE_NUMBER_MIN };
export const NATIONALITY_MIN = 1;
export const NATIONALITY_MAX = 16;
export const CODE_LENGTH = 6;

export const loginSchema = yup.object({
  email: emailRule(),
  password: passwordAtLeast8Rule(),
});
export type LoginValues = yup.InferType<typeof loginSchema>;

export const registerSchema = yup.object({
  email: emailRule(),
  username: yup.string().trim().required('username_required'),
  phoneCode: yup.string().required('phone_code_required'),
  phoneNumber: phoneNumberRule(),
  nationality: yup
    .number()
    .typeError('nationality_required')
    .required('nationality_required')
    .integer('nationality_invalid')
    .min(NATIONALITY_MIN, 'nationality_invalid')
    .max(NATIONALITY_MAX, 'nationality_invalid'),
  password: strongPasswordRule(),
  confirmPassword: confirmationRule('password'),
});
export type RegisterValues = yup.InferType<typeof registerSchema>;

export const forgotPasswordSchema = yup.object({ email: emailRule() });

/** The six boxes of the reset and verification dialogs together. */
export const codeBoxesSchema = (incompleteMessage: 'invalid_code_length' | 'incomplete_code') =>
  yup
    .array(yup.string().defined().matches(/^\d?$/, 'code_digit'))
    .required()
    .test('complete', incompleteMessage, (boxes) => boxes.every((box) => box !== ''))
    .test('length', 'invalid_code_length', (boxes) => boxes.join('').length === CODE_LENGTH);

export const resetPasswordSchema = yup.object({
  code: codeBoxesSchema('invalid_code_length'),
  email: emailRule(),
  password: strongPasswordRule(),
  confirmPassword: confirmationRule('password'),
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
