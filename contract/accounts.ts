// Registration, verification codes, sign-in (password and social), password reset, sign-out, nationalities.
import { Type, type Static } from 'typebox';
import {
  ResponseObject,
  Email,
  endpoints,
  Form,
  Filled,
  IntegerBetween,
  LangQuery,
  Matching,
  MessageResponse,
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

export const AccountRef = ResponseObject({ id: Type.Integer(), email: Type.String(), name: Type.String() });

export const RegisterResponse = ResponseObject({
  message: Type.String(),
  token: Type.String(),
  user: AccountRef,
});
export type RegisterResponse = Static<typeof RegisterResponse>;

export const EmailBody = Form({ email: Email() });
export type EmailBody = Static<typeof EmailBody>;

export const VerifyCodeBody = Form({ email: Email(), code: Filled() });
export type VerifyCodeBody = Static<typeof VerifyCodeBody>;

export const VerifyCodeResponse = ResponseObject({
  message: Type.String(),
  token: Type.String(),
  id: Type.Integer(),
  email: Type.String(),
});
export type VerifyCodeResponse = Static<typeof VerifyCodeResponse>;

export const LoginBody = Form({ email: Email(), password: Secret() });
export type LoginBody = Static<typeof LoginBody>;

/** shopper, staff or owner: the SPA shows the back office's link to staff; the server decides every call. */
export const UserRole = Type.Unsafe<'shopper' | 'staff' | 'owner'>({
  type: 'string',
  enum: ['shopper', 'staff', 'owner'],
});
export type UserRole = Static<typeof UserRole>;

export const LoginResponse = ResponseObject({
  token: Type.String(),
  id: Type.Integer(),
  email: Type.String(),
  name: Type.String(),
  role: UserRole,
});
export type LoginResponse = Static<typeof LoginResponse>;

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

export const Nationality = ResponseObject({
  id: Type.Integer(),
  /** ISO 3166-1 alpha-2, lower case: the flag's name. */
  code: Type.String(),
  name: Type.String(),
});
export type Nationality = Static<typeof Nationality>;

export const NationalitiesResponse = ResponseObject({ data: Type.Array(Nationality) });
export type NationalitiesResponse = Static<typeof NationalitiesResponse>;

export const Accounts = endpoints({
  register: {
    method: 'POST',
    url: '/register',
    notes: "duplicate e-mail 422 `errors.email: ['The email has already been taken.']`; a code is mailed",
    schema: { body: RegisterBody, response: { 201: RegisterResponse } },
  },
  sendVerificationCode: {
    method: 'POST',
    url: '/send-verification-code',
    notes:
      "`message: 'Verification code sent.'`, the same for an address no account has (nothing is mailed to it: no enumeration); 429 when resent within the minute or past five codes an hour per e-mail, known or not",
    schema: { body: EmailBody, response: { 200: MessageResponse } },
  },
  verifyCode: {
    method: 'POST',
    url: '/verify-code',
    notes:
      "`message: 'Email verified successfully.'`; wrong/expired 422 `{ message: 'Invalid or expired verification code.' }`",
    schema: { body: VerifyCodeBody, response: { 200: VerifyCodeResponse } },
  },
  login: {
    method: 'POST',
    url: '/login',
    notes:
      "unverified 403 `{message:'Email not verified.'}`; wrong 422 `{message:'These credentials do not match our records.'}`; ten wrong for one address, from any client addresses, 429 `Too many attempts. Try again in N minutes.` with `Retry-After` (15 minutes, twice as long after each further ten, the right password waits too; an address no account has alike; a password reset or change ends it; a client address the account signed in or reset its password from within 90 days is not held by it: fifty wrong from those addresses lock them out apart); 10 a minute per client address and e-mail, 100 per client address, 429",
    schema: { body: LoginBody, response: { 200: LoginResponse } },
  },
  socialLogin: {
    method: 'POST',
    url: '/auth/social-login',
    notes:
      'provider google or facebook; a rejected provider token 422 `errors.token`; provider unreachable 503',
    schema: { body: SocialLoginBody, response: { 200: LoginResponse } },
  },
  resetPassword: {
    method: 'POST',
    url: '/password/reset',
    notes: "`message: 'Password has been reset successfully.'`; every token of the account ends",
    schema: { body: ResetPasswordBody, response: { 200: MessageResponse } },
  },
  logout: {
    method: 'POST',
    url: '/logout',
    auth: 'bearer',
    notes: "`message: 'Logged out successfully.'`; any live token may sign out, verified or not",
    schema: { response: { 200: MessageResponse } },
  },
  nationalities: {
    method: 'GET',
    url: '/nationalities',
    notes: '16; code = ISO 2-letter, lower case',
    schema: { querystring: LangQuery, response: { 200: NationalitiesResponse } },
  },
});
