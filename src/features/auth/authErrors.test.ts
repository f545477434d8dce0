import arAuth from '../../i18n/locales/ar/auth.json';
import enAuth from '../../i18n/locales/en/auth.json';
import {
  assertRegistered,
  classifyLoginError,
  classifyRegistrationError,
  InvalidResponseError,
  localizedErrorMessage,
  localizeFieldMessages,
  localizeServerMessage,
  serverMessageKey,
  sessionFromLogin,
} from './authErrors';

describe('login answers (docs/spec/01-shell-and-account.md §7)', () => {
  it('needs a token and an id', () => {
    expect(sessionFromLogin({ token: 't', id: 3, email: 'a@shop.com' }, 'typed@shop.com')).toEqual({
      token: 't',
      userId: 3,
      email: 'a@shop.com',
    });
    expect(sessionFromLogin({ token: 't', id: 3 }, 'typed@shop.com').email).toBe('typed@shop.com');
    expect(() => sessionFromLogin({ id: 3 }, 'x')).toThrow('Invalid response format');
    expect(() => sessionFromLogin({ token: 't' }, 'x')).toThrow(InvalidResponseError);
  });
  it('registration needs a token and the user', () => {
    expect(() => assertRegistered({ token: 't', user: { id: 1, email: 'a@shop.com' } })).not.toThrow();
    expect(() => assertRegistered({ token: 't' })).toThrow('Invalid response format');
    expect(() => assertRegistered({ user: { id: 1, email: 'a' } })).toThrow('Invalid response format');
  });
});

describe('login errors (docs/spec/01-shell-and-account.md §8)', () => {
  it("'Email not verified.' starts the verification", () => {
    expect(classifyLoginError({ status: 403, data: { message: 'Email not verified.' } })).toEqual({
      kind: 'unverified',
      message: 'Email not verified.',
    });
  });
  it('an answer with a message', () => {
    expect(
      classifyLoginError({ status: 422, data: { message: 'These credentials do not match our records.' } }),
    ).toEqual({
      kind: 'message',
      message: 'These credentials do not match our records.',
    });
    expect(classifyLoginError(new InvalidResponseError())).toEqual({
      kind: 'message',
      message: 'Invalid response format',
    });
  });
  it('an answer without a message', () => {
    expect(classifyLoginError({ status: 500, data: {} })).toEqual({ kind: 'noMessage' });
    expect(classifyLoginError({ status: 502, data: '<html>', error: 'SyntaxError' })).toEqual({
      kind: 'noMessage',
    });
    expect(classifyLoginError({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>' })).toEqual({
      kind: 'noMessage',
    });
  });
  it('no answer at all', () => {
    expect(classifyLoginError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toEqual({
      kind: 'noResponse',
    });
    expect(classifyLoginError({ status: 'TIMEOUT_ERROR', error: 'timeout' })).toEqual({ kind: 'noResponse' });
  });
});

describe('registration errors (docs/spec/01-shell-and-account.md §8)', () => {
  it('the exhausted mail sender', () => {
    expect(
      classifyRegistrationError({
        status: 500,
        data: { message: 'User registration failed', error: 'Mail sender is disabled for this address' },
      }),
    ).toEqual({ kind: 'mailExhausted' });
  });
  it("'User registration failed' for another reason is an ordinary failure", () => {
    expect(
      classifyRegistrationError({
        status: 500,
        data: { message: 'User registration failed', error: 'database down' },
      }),
    ).toEqual({ kind: 'other', fields: {} });
  });
  it('the e-mail already taken', () => {
    expect(
      classifyRegistrationError({
        status: 422,
        data: {
          message: 'The email has already been taken.',
          errors: { email: ['The email has already been taken.'] },
        },
      }),
    ).toMatchObject({ kind: 'emailTaken' });
  });
  it('per-field errors, first message each, on the form fields', () => {
    expect(
      classifyRegistrationError({
        status: 422,
        data: {
          message: 'The given data was invalid.',
          errors: {
            name: ['The name field is required.'],
            phone_number: ['The phone number must be 7–15 digits.', 'second'],
            password_confirmation: ['The confirmation does not match.'],
            nationality: ['The selected nationality is invalid.'],
            unknown_field: ['ignored'],
          },
        },
      }),
    ).toEqual({
      kind: 'other',
      fields: {
        username: 'The name field is required.',
        phoneNumber: 'The phone number must be 7–15 digits.',
        confirmPassword: 'The confirmation does not match.',
        nationality: 'The selected nationality is invalid.',
      },
    });
  });
});

describe('server messages in the interface language (docs/spec/01-shell-and-account.md §8)', () => {
  const texts = { en: enAuth as unknown, ar: arAuth as unknown };
  /** Looks a key up in one language's auth.json, as i18next does through the `auth` namespace. */
  const lookUp = (language: 'en' | 'ar', key: string): unknown =>
    key
      .replace(/^auth\./, '')
      .split('.')
      .reduce<unknown>(
        (node, part) => (node as Record<string, unknown> | undefined)?.[part],
        texts[language],
      );

  it.each([
    ['Email not verified.', 'auth.errors.email_not_verified'],
    ['These credentials do not match our records.', 'auth.errors.credentials_mismatch'],
    ['Invalid or expired verification code.', 'auth.errors.invalid_code'],
    ['No user found, please register first', 'auth.errors.no_user_found'],
    ['Too many attempts. Please try again later.', 'auth.errors.too_many_attempts'],
    ['The email has already been taken.', 'auth.errors.email_already_registered'],
    ['This service is currently unavailable.', 'auth.errors.service_unavailable'],
    ['Invalid response format', 'auth.errors.invalid_response'],
    ['The email field is required.', 'auth.validation.email_required'],
    ['The name field is required.', 'auth.validation.username_required'],
    ['The phone code field is required.', 'auth.validation.phone_code_required'],
    ['The password confirmation field is required.', 'auth.validation.confirm_password_required'],
    ['The email field must be a valid email address.', 'auth.validation.email_invalid'],
    ['The phone number field must contain digits only.', 'auth.validation.phone_number_digits'],
    ['The phone number field must be between 7 and 15 digits.', 'auth.validation.phone_number_length'],
    ['The phone code field format is invalid.', 'auth.validation.phone_code_invalid'],
    ['The nationality field must be between 1 and 16.', 'auth.validation.nationality_invalid'],
    ['The nationality field must be an integer.', 'auth.validation.nationality_invalid'],
    ['The password field must be at least 8 characters.', 'auth.validation.password_min'],
    [
      'The password field may only contain letters, numbers and the symbols @$!%*?&.',
      'auth.validation.password_characters',
    ],
    [
      'The password field must contain at least one uppercase and one lowercase letter.',
      'auth.validation.password_strength',
    ],
    ['The password field must contain at least one symbol.', 'auth.validation.password_strength'],
    ['The password confirmation field must match password.', 'auth.validation.confirm_password_match'],
    ['The email field is required. (and 3 more errors)', 'auth.validation.email_required'],
  ])('%s → %s, a text in both languages', (message, key) => {
    expect(serverMessageKey(message)).toBe(key);
    expect(typeof lookUp('en', key)).toBe('string');
    expect(typeof lookUp('ar', key)).toBe('string');
  });

  it('an unknown message stays as the server wrote it', () => {
    const t = (key: string) => `translated:${key}`;
    expect(serverMessageKey('The name has already been taken.')).toBeUndefined();
    expect(serverMessageKey('The foo field is required.')).toBeUndefined();
    expect(localizeServerMessage(t, 'Something odd happened')).toBe('Something odd happened');
    expect(localizeServerMessage(t, 'Email not verified.')).toBe('translated:auth.errors.email_not_verified');
  });

  it('reads the message of an error answer and each field message', () => {
    const t = (key: string) => `translated:${key}`;
    expect(
      localizedErrorMessage(t, { status: 404, data: { message: 'No user found, please register first' } }),
    ).toBe('translated:auth.errors.no_user_found');
    expect(localizedErrorMessage(t, { status: 500, data: {} })).toBeUndefined();
    expect(
      localizeFieldMessages(t, { email: 'The email field is required.', username: 'The name is odd.' }),
    ).toEqual({ email: 'translated:auth.validation.email_required', username: 'The name is odd.' });
  });
});

describe('a lockout after wrong codes (issue 47, finding 5)', () => {
  const texts = { en: enAuth, ar: arAuth };
  // i18next's plural rule picks the suffix from the count; the suffixes exist in both languages.
  const t = (language: 'en' | 'ar') => (key: string, options?: { count: number }) => {
    const count = options?.count ?? 0;
    const rule = new Intl.PluralRules(language).select(count);
    const leaf = key.split('.').slice(1);
    const node = leaf
      .slice(0, -1)
      .reduce<unknown>((at, part) => (at as Record<string, unknown>)[part], texts[language]) as Record<
      string,
      string
    >;
    const text = node[`${leaf[leaf.length - 1]}_${rule}`] ?? node[`${leaf[leaf.length - 1]}_other`] ?? key;
    return text.replace('{{count}}', String(count));
  };

  it.each([
    ['en', 'Too many attempts. Try again in 15 minutes.', 'Too many attempts. Try again in 15 minutes.'],
    ['en', 'Too many attempts. Try again in 1 minute.', 'Too many attempts. Try again in 1 minute.'],
    ['ar', 'Too many attempts. Try again in 30 minutes.', 'محاولات كثيرة جدًا. حاول مرة أخرى بعد 30 دقيقة.'],
    ['ar', 'Too many attempts. Try again in 2 minutes.', 'محاولات كثيرة جدًا. حاول مرة أخرى بعد دقيقتين.'],
  ] as const)('%s: %s', (language, message, shown) => {
    expect(localizeServerMessage(t(language), message)).toBe(shown);
  });
});
