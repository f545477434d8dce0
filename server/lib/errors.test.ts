import Fastify from 'fastify';
import {
  HttpError,
  fieldErrorsFromValidation,
  registerErrorHandler,
  summarizeFieldErrors,
  validationError,
} from './errors';

describe('summarizeFieldErrors', () => {
  test("Laravel's summary: the first message and how many more", () => {
    expect(summarizeFieldErrors({ a: ['First.'] })).toBe('First.');
    expect(summarizeFieldErrors({ a: ['First.'], b: ['Second.'] })).toBe('First. (and 1 more error)');
    expect(summarizeFieldErrors({ a: ['First.', 'Also.'], b: ['Second.'] })).toBe(
      'First. (and 2 more errors)',
    );
    expect(summarizeFieldErrors({})).toBe('The given data was invalid.');
  });

  test('validationError is a 422 carrying the field errors', () => {
    const error = validationError({ email: ['Taken.'] });
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(422);
    expect(error.errors).toEqual({ email: ['Taken.'] });
    expect(validationError({ email: ['Taken.'] }, 'Custom.').message).toBe('Custom.');
  });
});

describe('fieldErrorsFromValidation', () => {
  test('maps ajv issues onto fields with readable messages', () => {
    expect(
      fieldErrorsFromValidation([
        { instancePath: '', keyword: 'required', params: { missingProperty: 'governorate_name' } },
        { instancePath: '/quantity', keyword: 'minimum', params: { limit: 1 } },
        { instancePath: '/quantity', keyword: 'type', params: { type: 'integer' } },
        { instancePath: '/email', keyword: 'format', params: { format: 'email' } },
        { instancePath: '/address/city', keyword: 'maxLength', params: { limit: 100 } },
        { instancePath: '/provider', keyword: 'enum', params: {} },
        { instancePath: '', keyword: 'type', params: { type: 'object' } },
      ]),
    ).toEqual({
      governorate_name: ['The governorate name field is required.'],
      quantity: ['The quantity field must be at least 1.', 'The quantity field must be an integer.'],
      email: ['The email field must be a valid email address.'],
      'address.city': ['The address city field must not be greater than 100 characters.'],
      provider: ['The selected provider is invalid.'],
      body: ['The request body must be a JSON object.'],
    });
  });
});

describe('the global handler on a route with a Fastify schema', () => {
  const app = Fastify({ ajv: { customOptions: { allErrors: true } } });
  registerErrorHandler(app);
  app.post(
    '/items',
    {
      schema: {
        body: {
          type: 'object',
          required: ['name', 'quantity'],
          properties: { name: { type: 'string', minLength: 1 }, quantity: { type: 'integer', minimum: 1 } },
        },
        querystring: { type: 'object', properties: { page: { type: 'integer' } } },
      },
    },
    async () => ({ ok: true }),
  );
  app.get('/teapot', async () => {
    throw Object.assign(new Error('I am a teapot'), { statusCode: 418 });
  });
  afterAll(() => app.close());

  test('schema failures are 422 with per-field errors', async () => {
    const response = await app.inject({ method: 'POST', url: '/items', payload: { quantity: 0 } });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The name field is required. (and 1 more error)',
      errors: {
        name: ['The name field is required.'],
        quantity: ['The quantity field must be at least 1.'],
      },
    });
  });

  test('a bad query parameter is a 422 too', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/items?page=first',
      payload: { name: 'a', quantity: 1 },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ page: ['The page field must be an integer.'] });
  });

  test('other client errors keep their status and message', async () => {
    const response = await app.inject({ method: 'GET', url: '/teapot' });
    expect(response.statusCode).toBe(418);
    expect(response.json()).toEqual({ message: 'I am a teapot' });
  });
});
