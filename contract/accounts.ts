// Registration, verification codes, sign-in (password and social), password reset, sign-out, nationalities.
import { Type, type Static } from 'typebox';
import {
  Answer,
  Email,
  endpoints,
  Form,
  Filled,
  IntegerBetween,
  LangQuery,
  Matching,
  MessageAnswer,
  OneOf,
  SameAs,
  Secret,
  StrongPassword,
  Text,
  Digits,
} from './common';

export const NATIONALITY_COUNT = 16;
export const PHONE_CODE_PATTERN = '^\\+?\\d{1,4}$';
export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;

export const RegisterBody = Form({
  name: Text(255),
  email: Email(),
  phone_code: Matching(PHONE_CODE_PATTERN),
  phone_number: Digits(7, 15),
  nationality: IntegerBetween(1, NATIONALITY_COUNT),
  password: StrongPassword(),
  password_confirmation: SameAs('password'),
});
export type RegisterBody = Static<typeof RegisterBody>;

export const AccountRef = Answer({ id: Type.Integer(), email: Type.String(), name: Type.String() });

export const RegisterAnswer = Answer({ message: Type.String(), token: Type.String(), user: AccountRef });
export type RegisterAnswer = Static<typeof RegisterAnswer>;

export const EmailBody = Form({ email: Email() });
export type EmailBody = Static<typeof EmailBody>;

export const VerifyCodeBody = Form({ email: Email(), code: Filled() });
export type VerifyCodeBody = Static<typeof VerifyCodeBody>;

export const VerifyCodeAnswer = Answer({
  message: Type.String(),
  token: Type.String(),
  id: Type.Integer(),
  email: Type.String(),
});
export type VerifyCodeAnswer = Static<typeof VerifyCodeAnswer>;

export const LoginBody = Form({ email: Email(), password: Secret() });
export type LoginBody = Static<typeof LoginBody>;

/** shopper, staff or owner: the SPA shows the back office's link to staff; the server decides every call. */
export const UserRole = Type.Unsafe<'shopper' | 'staff' | 'owner'>({
  type: 'string',
  enum: ['shopper', 'staff', 'owner'],
});
export type UserRole = Static<typeof UserRole>;

export const LoginAnswer = Answer({
  token: Type.String(),
  id: Type.Integer(),
  email: Type.String(),
  name: Type.String(),
  role: UserRole,
});
export type LoginAnswer = Static<typeof LoginAnswer>;

export const SocialProvider = OneOf(SOCIAL_PROVIDERS);
export type SocialProvider = Static<typeof SocialProvider>;

export const SocialLoginBody = Form({ token: Text(8192), provider: SocialProvider });
export type SocialLoginBody = Static<typeof SocialLoginBody>;

export const ResetPasswordBody = Form({
  email: Email(),
  code: Filled(),
  password: StrongPassword(),
  password_confirmation: SameAs('password'),
});
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

export const Nationality = Answer({
  id: Type.Integer(),
  /** ISO 3166-1 alpha-2, lower case: the flag's name. */
  code: Type.String(),
  name: Type.String(),
});
export type Nationality = Static<typeof Nationality>;

export const NationalitiesAnswer = Answer({ data: Type.Array(Nationality) });
export type NationalitiesAnswer = Static<typeof NationalitiesAnswer>;

export const Accounts = endpoints({
  register: {
    method: 'POST',
    url: '/register',
    notes: "duplicate e-mail 422 `errors.email: ['The email has already been taken.']`; a code is mailed",
    schema: { body: RegisterBody, response: { 201: RegisterAnswer } },
  },
  sendVerificationCode: {
    method: 'POST',
    url: '/send-verification-code',
    notes:
      "`message: 'Verification code sent.'`, the same for an address no account has (nothing is mailed to it: no enumeration); 429 when resent within the minute or past five codes an hour per e-mail, known or not",
    schema: { body: EmailBody, response: { 200: MessageAnswer } },
  },
  verifyCode: {
    method: 'POST',
    url: '/verify-code',
    notes:
      "`message: 'Email verified successfully.'`; wrong/expired 422 `{ message: 'Invalid or expired verification code.' }`",
    schema: { body: VerifyCodeBody, response: { 200: VerifyCodeAnswer } },
  },
  login: {
    method: 'POST',
    url: '/login',
    notes:
      "unverified 403 `{message:'Email not verified.'}`; wrong 422 `{message:'These credentials do not match our records.'}`",
    schema: { body: LoginBody, response: { 200: LoginAnswer } },
  },
  socialLogin: {
    method: 'POST',
    url: '/auth/social-login',
    notes:
      'provider google or facebook; a rejected provider token 422 `errors.token`; provider unreachable 503',
    schema: { body: SocialLoginBody, response: { 200: LoginAnswer } },
  },
  resetPassword: {
    method: 'POST',
    url: '/password/reset',
    notes: "`message: 'Password has been reset successfully.'`; every token of the account ends",
    schema: { body: ResetPasswordBody, response: { 200: MessageAnswer } },
  },
  logout: {
    method: 'POST',
    url: '/logout',
    auth: 'bearer',
    notes: "`message: 'Logged out successfully.'`; any live token may sign out, verified or not",
    schema: { response: { 200: MessageAnswer } },
  },
  nationalities: {
    method: 'GET',
    url: '/nationalities',
    notes: '16; code = ISO 2-letter, lower case',
    schema: { querystring: LangQuery, response: { 200: NationalitiesAnswer } },
  },
});
