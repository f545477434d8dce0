import type { UserRow } from '../db/queries/users';

/** The contract's user object (GET /users, profile answers). */
export function publicUser(user: UserRow) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone_code: user.phoneCode,
    phone_number: user.phoneNumber,
    nationality: user.nationality,
    profile_image: user.profileImage,
    pending_email: user.pendingEmail,
    role: user.role,
    // An account made by social sign-in has none: its change-password screen asks for no current one.
    has_password: user.passwordHash !== null,
  };
}

/** E-mail addresses are compared trimmed and in lower case. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
