import {
  assertRegistered,
  classifyLoginError,
  classifyRegistrationError,
  InvalidResponseError,
  sessionFromLogin,
} from './authErrors';

describe('login answers (spec 01 §7)', () => {
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

describe('login errors (spec 01 §8)', () => {
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

describe('registration errors (spec 01 §8)', () => {
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
