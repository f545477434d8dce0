/** The verification dialog shows the e-mail with only its first 3 characters visible. */
export const VISIBLE_EMAIL_CHARS = 3;

export function maskEmail(email: string, visible: number = VISIBLE_EMAIL_CHARS): string {
  const shown = Array.from(email).slice(0, visible).join('');
  const hidden = Math.max(Array.from(email).length - visible, 0);
  return `${shown}${'*'.repeat(hidden)}`;
}
