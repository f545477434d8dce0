import {
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  verificationBoxesSchema,
  verificationFieldSchema,
} from './schemas';

/** The first validation message (a translation key) of `value`, or null when it is valid. */
function firstError(schema: { validateSync(value: unknown): unknown }, value: unknown): string | null {
  try {
    schema.validateSync(value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

function errorAt(
  schema: { validateSyncAt(path: string, value: unknown): unknown },
  path: string,
  value: unknown,
) {
  try {
    schema.validateSyncAt(path, value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

const validRegistration = {
  email: 'sara@example.com',
  username: 'sara',
  phoneCode: '+963',
  phoneNumber: '912345678',
  nationality: 1,
  password: 'Secret1!x',
  confirmPassword: 'Secret1!x',
};

describe('login schema (docs/spec/01-shell-and-account.md §5)', () => {
  it('accepts a valid e-mail and a password of 8', () => {
    expect(firstError(loginSchema, { email: 'a@shop.com', password: '12345678' })).toBeNull();
  });
  it.each([
    ['', 'email_required'],
    ['not-an-email', 'email_invalid'],
    ['a@b', 'email_invalid'],
  ])('e-mail %p → %s', (email, key) => {
    expect(errorAt(loginSchema, 'email', { email, password: '12345678' })).toBe(key);
  });
  it.each([
    ['', 'password_required'],
    ['1234567', 'password_min'],
  ])('password %p → %s', (password, key) => {
    expect(errorAt(loginSchema, 'password', { email: 'a@shop.com', password })).toBe(key);
  });
});

describe('registration schema (docs/spec/01-shell-and-account.md §5)', () => {
  it('accepts a complete registration', () => {
    expect(firstError(registerSchema, validRegistration)).toBeNull();
  });

  const cases: Array<[string, unknown, string]> = [
    ['email', '', 'email_required'],
    ['email', 'x@', 'email_invalid'],
    ['username', '  ', 'username_required'],
    ['phoneCode', '', 'phone_code_required'],
    ['phoneNumber', '', 'phone_number_required'],
    ['phoneNumber', '12a4567', 'phone_number_digits'],
    ['phoneNumber', '123456', 'phone_number_min'],
    ['phoneNumber', '1234567890123456', 'phone_number_max'],
    ['nationality', null, 'nationality_required'],
    ['nationality', 'abc', 'nationality_required'],
    ['nationality', 0, 'nationality_invalid'],
    ['nationality', 17, 'nationality_invalid'],
    ['nationality', 2.5, 'nationality_invalid'],
    ['password', '', 'password_required'],
    ['password', 'Ab1!', 'password_min'],
    ['password', 'Abcdef1!#', 'password_characters'],
    ['password', 'Abcdef1!ü', 'password_characters'],
    ['password', 'abcdefg1!', 'password_strength'],
    ['password', 'ABCDEFG1!', 'password_strength'],
    ['password', 'Abcdefgh!', 'password_strength'],
    ['password', 'Abcdefgh1', 'password_strength'],
    ['confirmPassword', '', 'confirm_password_required'],
    ['confirmPassword', 'Secret1!y', 'confirm_password_match'],
  ];
  it.each(cases)('%s = %p → %s', (field, value, key) => {
    expect(errorAt(registerSchema, field, { ...validRegistration, [field]: value })).toBe(key);
  });

  it.each([['1234567'], ['123456789012345']])('phone number of %s digits is within 7–15', (phoneNumber) => {
    expect(errorAt(registerSchema, 'phoneNumber', { ...validRegistration, phoneNumber })).toBeNull();
  });
  it.each([[1], [16]])('nationality %p is within 1–16', (nationality) => {
    expect(errorAt(registerSchema, 'nationality', { ...validRegistration, nationality })).toBeNull();
  });
  it('accepts every allowed symbol', () => {
    for (const symbol of '@$!%*?&') {
      expect(
        errorAt(registerSchema, 'password', { ...validRegistration, password: `Abcdef1${symbol}` }),
      ).toBeNull();
    }
  });
});

describe('forgot password schema', () => {
  it.each([
    ['', 'email_required'],
    ['nope', 'email_invalid'],
    ['a@shop.com', null],
  ])('%p → %p', (email, key) => {
    expect(firstError(forgotPasswordSchema, { email })).toBe(key);
  });
});

describe('reset password schema', () => {
  const valid = {
    code: ['1', '2', '3', '4', '5', '6'],
    email: 'a@shop.com',
    password: 'Secret1!',
    confirmPassword: 'Secret1!',
  };
  it('accepts six digits and a matching strong password of 8', () => {
    expect(firstError(resetPasswordSchema, valid)).toBeNull();
  });
  it.each<[string, unknown, string]>([
    ['code', ['1', '2', '3', '4', '5', ''], 'invalid_code_length'],
    ['code', ['', '', '', '', '', ''], 'invalid_code_length'],
    ['code', ['1', '2', '3', '4', '5', 'x'], 'code_digit'],
    ['code', ['1', '2', '3', '4', '5', '67'], 'invalid_code_length'],
    ['email', '', 'email_required'],
    ['email', 'bad', 'email_invalid'],
    ['password', '', 'password_required'],
    ['password', 'short', 'password_min'],
    // The same character rules as registration: the server refuses these passwords on reset too.
    ['password', '12345678', 'password_strength'],
    ['password', 'secret1!', 'password_strength'],
    ['password', 'Secret1!x#', 'password_characters'],
    ['password', 'Secret1! x', 'password_characters'],
    ['confirmPassword', '', 'confirm_password_required'],
    ['confirmPassword', '87654321', 'confirm_password_match'],
  ])('%s = %p → %s', (field, value, key) => {
    expect(errorAt(resetPasswordSchema, field, { ...valid, [field]: value })).toBe(key);
  });
});

describe('verification schemas', () => {
  it('the box dialog needs all six boxes', () => {
    expect(firstError(verificationBoxesSchema, { code: ['1', '2', '3', '', '5', '6'] })).toBe(
      'incomplete_code',
    );
    expect(firstError(verificationBoxesSchema, { code: ['1', '2', '3', '4', '5', '6'] })).toBeNull();
  });
  it('a joined code that is not 6 long is an invalid length', () => {
    expect(firstError(verificationBoxesSchema, { code: ['1', '2', '3', '4', '5'] })).toBe(
      'invalid_code_length',
    );
  });
  it.each([
    ['', 'code_required'],
    ['12345', 'code_min'],
    ['1234567', 'code_max'],
    ['123456', null],
  ])('the single field %p → %p', (code, key) => {
    expect(firstError(verificationFieldSchema, { code })).toBe(key);
  });
});
