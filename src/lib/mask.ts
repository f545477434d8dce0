/** The verification dialog shows the e-mail with only its first 3 characters visible. */
export const VISIBLE_EMAIL_CHARS = 3;

/** Always the same few marks: a mark per hidden character would give the length away and run off a phone screen. */
export const EMAIL_MASK = '•••••';

export function maskEmail(email: string, visible: number = VISIBLE_EMAIL_CHARS): string {
  return `${Array.from(email).slice(0, visible).join('')}${EMAIL_MASK}`;
}
