import Fastify from 'fastify';
import { registerErrorHandler } from '../lib/errors';
import { call, createShopper, type Shopper } from '../routes/testSupport';
import { createTestApp, type TestApp } from '../testing/testApp';
import { fieldsWithInvalidCharacters } from './invalidCharacters';

// The demo shop's seed takes a few seconds on a busy machine.
jest.setTimeout(30_000);

let t: TestApp;
let shopper: Shopper;
let productId: number;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  shopper = await createShopper(t.db);
  const categories = (await call(t.app, 'GET', '/api/categories')).json<{ products: { id: number }[] }[]>();
  const first = categories.flatMap((category) => category.products)[0];
  if (!first) throw new Error('the seed has no products');
  productId = first.id;
});
afterAll(async () => {
  await t.close();
});

const NUL = '\u0000';
const invalid = (field: string) => `The ${field} field contains invalid characters.`;

describe('a NUL character anywhere in the input is 422 before it reaches PostgreSQL', () => {
  test.each([
    ['login', '/api/login', { email: `a${NUL}@example.com`, password: 'x' }, 'email', 'email'],
    [
      'register',
      '/api/register',
      {
        name: `Bad${NUL}Name`,
        email: 'nul-register@example.com',
        phone_code: '+965',
        phone_number: '55512345',
        nationality: 16,
        password: 'Secret@123',
        password_confirmation: 'Secret@123',
      },
      'name',
      'name',
    ],
    [
      'guest create-order',
      '/api/guest/create-order',
      {
        governorate_name: 'Ahmadi',
        area_name: 'Fahaheel',
        address: `Block 5${NUL}`,
        payment_method: 'online',
        shipping_cost: 0,
        total_price: 1,
        guest_phone: '55512345',
        guest_email: 'buyer@example.com',
        guest_country_code: '+965',
        guest_token: 'abc',
      },
      'address',
      'address',
    ],
    [
      'initiate-payment',
      '/api/initiate-payment',
      { invoice_value: 10, currency_iso: `KW${NUL}`, country_code: 'KWT' },
      'currency_iso',
      'currency iso',
    ],
  ])('%s', async (_label, url, payload, field, human) => {
    const response = await call(t.app, 'POST', url, payload);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: invalid(human), errors: { [field]: [invalid(human)] } });
  });

  test('signed-in routes: cart add, apply-coupon, addresses, profile, reviews', async () => {
    const requests: [string, string, object, string][] = [
      ['POST', '/api/cart/add', { product_id: productId, quantity: 1, color: `red${NUL}` }, 'color'],
      ['POST', '/api/cart/apply-coupon', { coupon_code: `SAVE${NUL}`, cart_total: 10 }, 'coupon_code'],
      [
        'POST',
        '/api/addresses',
        {
          name: 'Home',
          address: 'Block 1',
          apartment_number: '2',
          city: `Kuwait${NUL}`,
          mobile_number: '55512345',
          code_number: '+965',
          country_code: 'KWT',
        },
        'city',
      ],
      ['PUT', '/api/profile_update', { name: `N${NUL}`, email: shopper.email }, 'name'],
      ['POST', '/api/reviews/add', { product_id: productId, rating: 5, review: `Nice${NUL}` }, 'review'],
    ];
    for (const [method, url, payload, field] of requests) {
      const response = await call(t.app, method as 'POST' | 'PUT', url, payload, shopper.token);
      expect({ url, status: response.statusCode, errors: response.json().errors }).toEqual({
        url,
        status: 422,
        errors: { [field]: [expect.stringContaining('contains invalid characters')] },
      });
    }
  });

  test('nested fields are named by their path, and several are reported at once', async () => {
    const response = await call(t.app, 'POST', '/api/login', {
      email: `x${NUL}`,
      password: { inner: [`p${NUL}`] },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      email: [invalid('email')],
      'password.inner.0': [invalid('password inner 0')],
    });
  });

  test('the query string and path parameters too', async () => {
    const mail = await call(t.app, 'GET', '/api/dev/mail?to=%00');
    expect(mail.statusCode).toBe(422);
    expect(mail.json().errors).toEqual({ to: [invalid('to')] });
    const status = await call(t.app, 'GET', '/api/governorates/1%00/areas');
    expect(status.statusCode).toBe(422);
  });

  test('a deeply nested value does not overflow the stack', () => {
    let deep: unknown = NUL;
    for (let depth = 0; depth < 100_000; depth += 1) deep = [deep];
    expect(fieldsWithInvalidCharacters({ email: deep })).toEqual([`email${'.0'.repeat(100_000)}`]);
  });

  test('ordinary text, Arabic included, passes', async () => {
    const response = await call(t.app, 'POST', '/api/login', { email: 'سارة@example.com', password: 'x' });
    expect(response.json().message).not.toMatch(/invalid characters/);
  });
});

describe('the error handler as a backstop', () => {
  const app = Fastify();
  registerErrorHandler(app);
  app.get('/pg/:code', async (request) => {
    const { code } = request.params as { code: string };
    // Drizzle wraps the driver's error; the SQLSTATE sits on the cause.
    throw Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('pg'), { code }) });
  });
  afterAll(() => app.close());

  test.each(['22021', '22P05'])('PostgreSQL %s (bad characters) is 422, not 500', async (code) => {
    const response = await app.inject({ method: 'GET', url: `/pg/${code}` });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'The request contains invalid characters.' });
  });

  test('other database errors stay 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/pg/23503' });
    expect(response.statusCode).toBe(500);
  });
});
