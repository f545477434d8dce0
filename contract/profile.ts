// The signed-in shopper's own account: read, update, picture, password, delete.
import { Type, type Static } from 'typebox';
import { PHONE_CODE_PATTERN, NATIONALITY_COUNT } from './accounts';
import {
  Answer,
  Digits,
  Email,
  endpoints,
  Form,
  IntegerBetween,
  OptionalMatching,
  MessageAnswer,
  Nullable,
  SameAs,
  StrongPassword,
  Text,
} from './common';

export const PublicUser = Answer({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  phone_code: Nullable(Type.String()),
  phone_number: Nullable(Type.String()),
  nationality: Nullable(Type.Integer()),
  profile_image: Nullable(Type.String()),
  /** false for an account made by social sign-in that has not set a password yet */
  has_password: Type.Optional(Type.Boolean()),
});
export type PublicUser = Static<typeof PublicUser>;

export const UserAnswer = Answer({ user: PublicUser });
export type UserAnswer = Static<typeof UserAnswer>;

export const ProfileUpdateBody = Form({
  name: Text(255),
  email: Email(),
  phone_number: Type.Optional(Digits(7, 15, { optional: true })),
  phone_code: Type.Optional(OptionalMatching(PHONE_CODE_PATTERN)),
  nationality: Type.Optional(IntegerBetween(1, NATIONALITY_COUNT, { optional: true })),
});
export type ProfileUpdateBody = Static<typeof ProfileUpdateBody>;

export const ProfileAnswer = Answer({ message: Type.String(), user: PublicUser });
export type ProfileAnswer = Static<typeof ProfileAnswer>;

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
    schema: { response: { 200: UserAnswer } },
  },
  update: {
    method: 'PUT',
    url: '/profile_update',
    auth: 'bearer',
    notes:
      'a new e-mail makes the account unverified until the code mailed to it comes back through POST /verify-code',
    schema: { body: ProfileUpdateBody, response: { 200: ProfileAnswer } },
  },
  picture: {
    method: 'POST',
    url: '/profile_update/picture',
    auth: 'bearer',
    bodyNote: 'multipart `image` (png, jpeg or webp, at most 5 MB)',
    notes:
      "path not in the spec; stored as the server's own WebP (at most 512 px); 422 when it does not decode as png, jpeg or webp or exceeds 4096 × 4096 pixels",
    schema: { response: { 200: ProfileAnswer } },
  },
  changePassword: {
    method: 'POST',
    url: '/password/change',
    auth: 'bearer',
    notes:
      "path not in the spec; ends the account's other sessions; a wrong current password 422 `errors.current_password`",
    schema: { body: PasswordChangeBody, response: { 200: MessageAnswer } },
  },
  remove: {
    method: 'DELETE',
    url: '/profile_delete',
    auth: 'bearer',
    notes: 'tokens and codes go with the account; orders stay without it',
    schema: { response: { 200: MessageAnswer } },
  },
});
