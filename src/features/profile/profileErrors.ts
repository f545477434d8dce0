// A failed profile call shows the server message, else the first field error, else a default text.
import type { TFunction } from 'i18next';

import { errorMessage, fieldErrors, isNetworkError } from '../../app/api';
import { lockedOutMinutes } from '../auth/public';

export const EMAIL_TAKEN = 'The email has already been taken.';

/** Server messages the shop knows, shown in the shopper's language instead of the server's English. */
const KNOWN: Readonly<Record<string, string>> = {
  [EMAIL_TAKEN]: 'profile.messages.email_already_registered',
  // A new e-mail's code was asked for again within the minute (or too often this hour).
  'Too many attempts. Please try again later.': 'profile.email_change.too_many',
  'The current password is incorrect.': 'profile.password.current_wrong',
  // A new e-mail asks who holds the session (server/services/profile.ts).
  'Enter your current password to change your email.': 'profile.email_change.password_required',
  'Sign in again to change your email.': 'profile.email_change.sign_in_again',
  'Sign in again to set a password.': 'profile.password.sign_in_again',
  'The image field must be a file of type: png, jpeg, webp.': 'profile.avatar.not_image',
  'The image field must be an image.': 'profile.avatar.unreadable',
  'The image field has invalid image dimensions.': 'profile.avatar.too_many_pixels',
  'The image field must not be greater than 5120 kilobytes.': 'profile.avatar.too_large',
  // Account deletion of staff or an owner (server/services/profile.ts STAFF_ACCOUNT_KEPT).
  'A staff or owner account cannot be deleted. Ask the owner to take the staff role away first.':
    'profile.delete.staff_kept',
};

function known(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  // Wrong passwords lock the check out for a while (server/lib/guessLockout.ts): say how long.
  const minutes = lockedOutMinutes(message);
  if (minutes !== undefined) return t('auth.errors.locked_out', { count: minutes });
  const key = KNOWN[message];
  return key ? t(key) : message;
}

export function profileErrorText(t: TFunction, error: unknown, fallbackKey: string): string {
  if (isNetworkError(error)) return t(fallbackKey);
  const fields = Object.values(fieldErrors(error));
  // A known field message (the e-mail is taken) says more than the generic "given data was invalid".
  const knownField = fields.find((message) => KNOWN[message]);
  if (knownField) return known(t, knownField) ?? t(fallbackKey);
  return known(t, errorMessage(error)) ?? known(t, fields[0]) ?? t(fallbackKey);
}

/** Per-field server messages for the form, translated when known. */
export function profileFieldErrors(t: TFunction, error: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fieldErrors(error)).map(([field, message]) => [field, known(t, message) ?? message]),
  );
}
