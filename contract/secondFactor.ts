// The back office's second factor: an authenticator app (TOTP) for staff and the owner, its recovery codes, the
// sign-in's second step, and the owner's choice to require it of staff. Every call needs a staff member's or the
// owner's verified token, whether or not its second step has passed yet.
import { Type, type Static } from 'typebox';
import { ResponseObject, endpoints, Filled, Form, MessageResponse } from './common';

/**
 * Why the back office refused a session (403, `code` beside the English `message`), for the SPA to show the right
 * screen: the account's authenticator code has not been entered in this session, or the account must set one up
 * first (the owner of a real shop; staff when the owner requires it).
 */
export const SECOND_FACTOR_REFUSALS = {
  second_factor_required: 'Enter the code from your authenticator app to use the back office.',
  second_factor_enrolment: 'Set up an authenticator app to use the back office.',
  already_enrolled: 'This account already uses an authenticator app.',
  no_enrolment: 'Start the set-up first.',
} as const;
export type SecondFactorRefusal = keyof typeof SECOND_FACTOR_REFUSALS;

export const WRONG_SECOND_FACTOR_CODE = 'The code is wrong or has expired.';

/**
 * A sensitive back office action (staff changes, refunds, coupons of 50 % or 20 KWD and more) whose session last
 * proved its holder more than 15 minutes ago: 403 with `code: 'reauth_required'`; POST /account/reauth, then the
 * same call again.
 */
export const REAUTH_REFUSAL = 'Confirm it is you: enter your password or a code from your app again.';
export const WRONG_PASSWORD = 'The password is incorrect.';

export const SecondFactorStatus = ResponseObject({
  /** the account has a confirmed authenticator */
  enrolled: Type.Boolean(),
  /** the account must have one to use the back office */
  required: Type.Boolean(),
  /** this session may use the back office as far as the second factor goes */
  passed: Type.Boolean(),
  /** the demo shop's owner may go without one (DEMO_SHOP=on): the back office says so */
  demo_exempt: Type.Boolean(),
  recovery_codes_left: Type.Integer(),
});
export type SecondFactorStatus = Static<typeof SecondFactorStatus>;

export const EnrolmentResponse = ResponseObject({
  /** base32, for typing into the app by hand; never answered again once the enrolment is confirmed */
  secret: Type.String(),
  otpauth_url: Type.String(),
  /** the same as a QR code (an SVG data URL) */
  qr_code: Type.String(),
});
export type EnrolmentResponse = Static<typeof EnrolmentResponse>;

export const CodeBody = Form({ code: Filled() });
export type CodeBody = Static<typeof CodeBody>;

export const RecoveryCodesResponse = ResponseObject({
  message: Type.String(),
  recovery_codes: Type.Array(Type.String()),
});
export type RecoveryCodesResponse = Static<typeof RecoveryCodesResponse>;

/** The password, or (for an account with an app) a code from it or a recovery code: one of the two. */
export const ReauthBody = Type.Object(
  {
    password: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    code: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  },
  { additionalProperties: false, minProperties: 1, maxProperties: 1 },
);
export type ReauthBody = Static<typeof ReauthBody>;

export const ShopSecurity = ResponseObject({ staff_second_factor: Type.Boolean() });
export type ShopSecurity = Static<typeof ShopSecurity>;

export const ShopSecurityBody = Type.Object(
  { staff_second_factor: Type.Boolean() },
  { additionalProperties: false },
);
export type ShopSecurityBody = Static<typeof ShopSecurityBody>;

export const SecondFactor = endpoints({
  status: {
    method: 'GET',
    url: '/account/second-factor',
    auth: 'bearer',
    notes: 'staff and owner only (a shopper 403 `not_staff`)',
    schema: { response: { 200: SecondFactorStatus } },
  },
  enrol: {
    method: 'POST',
    url: '/account/second-factor/enrolment',
    auth: 'bearer',
    notes: 'a new secret waiting for its first code (a waiting one is replaced); 409 `already_enrolled`',
    schema: { response: { 200: EnrolmentResponse } },
  },
  confirm: {
    method: 'POST',
    url: '/account/second-factor/enrolment/confirm',
    auth: 'bearer',
    notes:
      'the first code from the app: the enrolment holds, this session has passed its second step, and the ten recovery codes are answered this once; wrong 422; five wrong 429 (locked out, growing)',
    schema: { body: CodeBody, response: { 200: RecoveryCodesResponse } },
  },
  check: {
    method: 'POST',
    url: '/account/second-factor/check',
    auth: 'bearer',
    notes:
      "the sign-in's second step: a code from the app (each once) or an unused recovery code; wrong 422; five wrong 429 (locked out, growing)",
    schema: { body: CodeBody, response: { 200: MessageResponse } },
  },
  reauth: {
    method: 'POST',
    url: '/account/reauth',
    auth: 'staff',
    notes:
      'proves again who holds the session (the password, or a code from the app or a recovery code): sensitive back office actions go through for 15 minutes; wrong 422; five wrong 429 (locked out, growing)',
    schema: { body: ReauthBody, response: { 200: MessageResponse } },
  },
  security: {
    method: 'GET',
    url: '/admin/security',
    auth: 'owner',
    notes: 'whether staff must use an authenticator app',
    schema: { response: { 200: ShopSecurity } },
  },
  setSecurity: {
    method: 'PUT',
    url: '/admin/security',
    auth: 'owner',
    notes: 'staff without an app are sent to set one up before their next back office call',
    schema: { body: ShopSecurityBody, response: { 200: ShopSecurity } },
  },
});
