// The signed-in shopper's own account: read, update (a new e-mail waits for its code), picture, password, delete.
import { Type, type Static } from 'typebox';
import { PHONE_CODE_PATTERN, NATIONALITY_COUNT, UserRole } from './accounts';
import {
  ResponseObject,
  Digits,
  Email,
  endpoints,
  Filled,
  Form,
  IntegerBetween,
  OptionalMatching,
  PictureUpload,
  MessageResponse,
  Nullable,
  SameAs,
  StrongPassword,
  Text,
} from './common';

export const PublicUser = ResponseObject({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  phone_code: Nullable(Type.String()),
  phone_number: Nullable(Type.String()),
  nationality: Nullable(Type.Integer()),
  profile_image: Nullable(Type.String()),
  /** A new e-mail waiting for the code mailed to it; `email` stays the account's address until then. */
  pending_email: Nullable(Type.String()),
  role: UserRole,
  /** false for an account made by social sign-in that has not set a password yet */
  has_password: Type.Optional(Type.Boolean()),
});
export type PublicUser = Static<typeof PublicUser>;

export const UserResponse = ResponseObject({ user: PublicUser });
export type UserResponse = Static<typeof UserResponse>;

export const ProfileUpdateBody = Form({
  name: Text(255),
  email: Email(),
  phone_number: Type.Optional(Digits(7, 15, { optional: true })),
  phone_code: Type.Optional(OptionalMatching(PHONE_CODE_PATTERN)),
  nationality: Type.Optional(IntegerBetween(1, NATIONALITY_COUNT, { optional: true })),
  /** Asked for with a new e-mail only (an account that has a password); not in the spec. */
  current_password: Type.Optional(Type.String({ maxLength: 255 })),
});
export type ProfileUpdateBody = Static<typeof ProfileUpdateBody>;

export const ProfileResponse = ResponseObject({ message: Type.String(), user: PublicUser });
export type ProfileResponse = Static<typeof ProfileResponse>;

export const EmailConfirmBody = Form({ code: Filled() });
export type EmailConfirmBody = Static<typeof EmailConfirmBody>;

/** current_password may be left out by an account that has none yet (made through social sign-in). */
export const PasswordChangeBody = Form({
  current_password: Type.Optional(Type.String({ maxLength: 255 })),
  password: StrongPassword(),
  password_confirmation: SameAs('password'),
});
export type PasswordChangeBody = Static<typeof PasswordChangeBody>;

export const Profile = endpoints({
  me: {
    method: 'GET',
    url: '/users',
    auth: 'bearer',
    schema: { response: { 200: UserResponse } },
  },
  update: {
    method: 'PUT',
    url: '/profile_update',
    auth: 'bearer',
    notes:
      "a new e-mail is not the account's yet: it answers as `user.pending_email`, a code is mailed to it (429 when asked again within the minute or past five codes an hour) and `user.email` stays until POST /profile/email/confirm; the same or the pending address mails nothing; another account's address is answered the same (its owner is mailed a notice, no code, so it is never confirmed: no enumeration). A new e-mail asks who holds the session (not in the spec): an account with a password sends `current_password` (left out 422 `errors.current_password: ['Enter your current password to change your email.']`, wrong 422 `['The current password is incorrect.']`, five wrong 429 as POST /account/reauth), one without (social sign-in) must have signed in within 15 minutes, else 403 `code: 'reauth_required'` `'Sign in again to change your email.'`",
    schema: { body: ProfileUpdateBody, response: { 200: ProfileResponse } },
  },
  confirmEmail: {
    method: 'POST',
    url: '/profile/email/confirm',
    auth: 'bearer',
    notes:
      "path not in the spec; the code mailed to `pending_email` makes it the account's e-mail and tells the old address; wrong, expired or dead (5 wrong tries) 422 `errors.code: ['Invalid or expired verification code.']`; nothing pending 422 `errors.code`; the address taken meanwhile 422 `errors.email`",
    schema: { body: EmailConfirmBody, response: { 200: ProfileResponse } },
  },
  resendEmailCode: {
    method: 'POST',
    url: '/profile/email/resend',
    auth: 'bearer',
    notes:
      'path not in the spec; a new code to `pending_email` (the resend limits of every code: 429); nothing pending 422',
    schema: { response: { 200: ProfileResponse } },
  },
  cancelEmailChange: {
    method: 'DELETE',
    url: '/profile/email',
    auth: 'bearer',
    notes: 'path not in the spec; drops `pending_email` and its code',
    schema: { response: { 200: ProfileResponse } },
  },
  picture: {
    method: 'POST',
    url: '/profile_update/picture',
    auth: 'bearer',
    bodyNote: 'multipart `image` (png, jpeg or webp, at most 5 MB)',
    readBody: PictureUpload,
    notes:
      "path not in the spec; stored as the server's own WebP (at most 512 px); 422 when it does not decode as png, jpeg or webp or exceeds 4096 × 4096 pixels",
    schema: { response: { 200: ProfileResponse } },
  },
  changePassword: {
    method: 'POST',
    url: '/password/change',
    auth: 'bearer',
    notes:
      "path not in the spec; ends the account's other sessions; a wrong current password 422 `errors.current_password`, five wrong 429 (locked out, growing; one count with POST /account/reauth and a new e-mail's password); an account without a password (social sign-in) sets its first one without `current_password` from a session signed in within 15 minutes, else 403 `code: 'reauth_required'` `'Sign in again to set a password.'`",
    schema: { body: PasswordChangeBody, response: { 200: MessageResponse } },
  },
  remove: {
    method: 'DELETE',
    url: '/profile_delete',
    auth: 'bearer',
    notes:
      'tokens, codes, addresses, cart, favourites and the mail sent to the address go with the account; orders stay for the books without contact details (an unpaid, paid or refund-due order keeps them until it settles; an expired or declined one while a payment of it is still open at the gateway, at most a day); reviews stay without a name (`user_name` empty)',
    schema: { response: { 200: MessageResponse } },
  },
});
