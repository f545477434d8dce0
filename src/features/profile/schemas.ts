// The profile form's rules, and the registration rules for a new password. Messages are
// translation keys, translated on display.
import * as yup from 'yup';

import { confirmationRule, emailRule, phoneNumberRule, strongPasswordRule } from '../../lib/accountSchemas';

const AUTH = 'auth.validation.';

/** The account's address and the one waiting for its code: typing either asks for no new e-mail. */
export interface SavedEmails {
  email: string;
  pending_email?: string | null;
}

/** The typed address is a new e-mail for the account (compared as the server stores addresses). */
export function asksNewEmail(typed: string, saved: SavedEmails): boolean {
  const address = typed.trim().toLowerCase();
  return address !== saved.email.toLowerCase() && address !== (saved.pending_email ?? '').toLowerCase();
}

/**
 * The profile form's rules. A new e-mail asks for the current password of an account that has one (the server
 * refuses it without: a session alone must not move the account to another mailbox).
 */
export function profileSchemaFor(saved: SavedEmails, hasPassword: boolean) {
  return yup.object({
    name: yup.string().trim().required('profile.validation.name_required'),
    email: emailRule(AUTH),
    phone_number: phoneNumberRule(AUTH),
    current_password: yup
      .string()
      .default('')
      .when('email', {
        is: (email: string | undefined) => hasPassword && asksNewEmail(email ?? '', saved),
        then: (rule) => rule.required('profile.email_change.password_required'),
      }),
  });
}
export type ProfileValues = yup.InferType<ReturnType<typeof profileSchemaFor>>;

export const passwordSchema = yup.object({
  current_password: yup.string().required('profile.password.current_required'),
  password: strongPasswordRule(AUTH),
  password_confirmation: confirmationRule('password', AUTH),
});
export type PasswordValues = yup.InferType<typeof passwordSchema>;

/**
 * An account made by social sign-in has no password: its first one needs no current one
 * (docs/spec/02-shopping.md §2).
 */
export const firstPasswordSchema = yup.object({
  current_password: yup.string().default(''),
  password: strongPasswordRule(AUTH),
  password_confirmation: confirmationRule('password', AUTH),
});

/** What the server accepts as a picture (its types and its 5 MB limit), checked before any upload. */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

const SIGNATURES: ReadonlyArray<{ type: (typeof AVATAR_TYPES)[number]; test: (b: Uint8Array) => boolean }> = [
  {
    type: 'image/png',
    test: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => b[i] === byte),
  },
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'image/webp',
    test: (b) =>
      String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' &&
      String.fromCharCode(...b.subarray(8, 12)) === 'WEBP',
  },
];

export type AvatarProblem = 'not_image' | 'too_large';

/**
 * The declared type, the size and the first bytes: an SVG or HTML file renamed to .png is refused here, before
 * the upload (the server sniffs the bytes again).
 */
export async function avatarProblem(file: File): Promise<AvatarProblem | null> {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'not_image';
  if (file.size > AVATAR_MAX_BYTES) return 'too_large';
  const head = new Uint8Array(await readHead(file, 12));
  return SIGNATURES.some((signature) => signature.test(head)) ? null : 'not_image';
}

function readHead(file: File, length: number): Promise<ArrayBuffer> {
  const slice = file.slice(0, length);
  if (typeof slice.arrayBuffer === 'function') return slice.arrayBuffer();
  // jsdom's Blob has no arrayBuffer().
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(slice);
  });
}
