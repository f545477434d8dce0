// What the shop's rules refuse, in the shop's terms. Services throw these, never HTTP errors; the one error
// handler (lib/errors.ts) decides each one's HTTP answer.

export type FieldErrors = Record<string, string[]>;

/** Laravel's summary line: the first message, plus how many more there are. */
export function summarizeFieldErrors(errors: FieldErrors): string {
  const messages = Object.values(errors).flat();
  const [first = 'The given data was invalid.'] = messages;
  const more = messages.length - 1;
  if (more <= 0) return first;
  return `${first} (and ${more} more ${more === 1 ? 'error' : 'errors'})`;
}

export abstract class DomainError extends Error {
  constructor(
    message: string,
    /** Which fields of the request the refusal is about, when it is about fields. */
    public readonly fields?: FieldErrors,
    /** A stable word for the refusal the SPA translates (the back office's: contract/admin ADMIN_REFUSALS). */
    public readonly code?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The request breaks a rule of the shop (a taken e-mail, an invalid coupon, an unknown size). */
export class Invalid extends DomainError {
  constructor(fields: FieldErrors, message?: string, code?: string) {
    super(message ?? summarizeFieldErrors(fields), fields, code);
  }
}

/** More than the stock. */
export class OutOfStock extends Invalid {}

export class NotFound extends DomainError {
  constructor(message = 'Not Found.', code?: string) {
    super(message, undefined, code);
  }
}

/** The state changed under the request (a cart line went away, an order is already paid). */
export class Conflict extends DomainError {}

/** Known, but not allowed (a review without a completed order, an unverified account). */
export class Forbidden extends DomainError {}

export const UNAUTHENTICATED = 'Unauthenticated.';
export const EMAIL_NOT_VERIFIED = 'Email not verified.';
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please try again later.';

/** Nobody the shop knows (no or an unknown token, a guest cart that does not exist). */
export class NotSignedIn extends DomainError {
  constructor() {
    super(UNAUTHENTICATED);
  }
}

export class TooManyAttempts extends DomainError {
  constructor(message = TOO_MANY_ATTEMPTS) {
    super(message);
  }
}

/** A service the shop depends on (payment gateway, social provider) cannot be used now. */
export class Unavailable extends DomainError {}

/** A service the shop depends on answered, but not usably (a wrong key, a server error, silence). */
export class UpstreamFailed extends DomainError {}
