// The profile area's server side beyond the profile form: password change, what a deleted account can do, how
// pictures are refused and served, favorites in the shopper's currency.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { apiTokens } from '../db/schema';
import { findUserById } from '../db/queries/users';
import { resetPassword } from '../services/accounts';
import { authHeader, createTestApp, registerVerifiedUser, type TestApp } from '../testing/testApp';
import { createShopper } from './testSupport';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => {
  await t.close();
});

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });

const changePassword = (token: string, payload: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/password/change',
    payload,
    headers: authHeader(token),
    remoteAddress,
  });

describe('POST /password/change', () => {
  test('changes the password, keeps this session and ends the others', async () => {
    const shopper = await registerVerifiedUser(t.app);
    const other = (await login(shopper.email, shopper.password)).json<{ token: string }>().token;
    const response = await changePassword(shopper.token, {
      current_password: shopper.password,
      password: 'Newpass@456',
      password_confirmation: 'Newpass@456',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password changed successfully.' });
    const mine = await t.app.inject({ method: 'GET', url: '/api/users', headers: authHeader(shopper.token) });
    expect(mine.statusCode).toBe(200);
    const theirs = await t.app.inject({ method: 'GET', url: '/api/users', headers: authHeader(other) });
    expect(theirs.statusCode).toBe(401);
    expect(await t.db.select().from(apiTokens).where(eq(apiTokens.userId, shopper.id))).toHaveLength(1);
    expect((await login(shopper.email, shopper.password)).statusCode).toBe(422);
    expect((await login(shopper.email, 'Newpass@456')).statusCode).toBe(200);
  });

  test('a wrong current password is 422 on current_password and changes nothing', async () => {
    const shopper = await registerVerifiedUser(t.app);
    const response = await changePassword(shopper.token, {
      current_password: 'Wrong@1234',
      password: 'Newpass@456',
      password_confirmation: 'Newpass@456',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The current password is incorrect.',
      errors: { current_password: ['The current password is incorrect.'] },
    });
    expect((await login(shopper.email, shopper.password)).statusCode).toBe(200);
  });

  test('the registration rules apply to the new password', async () => {
    const shopper = await registerVerifiedUser(t.app);
    const weak = await changePassword(shopper.token, {
      current_password: shopper.password,
      password: 'weakpassword',
      password_confirmation: 'different',
    });
    expect(weak.statusCode).toBe(422);
    expect(Object.keys(weak.json<{ errors: object }>().errors).sort()).toEqual([
      'password',
      'password_confirmation',
    ]);
  });

  test('an account with no password (social sign-in) sets its first one with new + confirmation only', async () => {
    // createShopper makes an account as social sign-in does: verified, no password.
    const social = await createShopper(t.db);
    const profile = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/users', headers: authHeader(social.token) })).json<{
        user: { has_password: boolean };
      }>().user;
    expect((await profile()).has_password).toBe(false);
    const first = await changePassword(social.token, {
      password: 'First@2345',
      password_confirmation: 'First@2345',
    });
    expect(first.statusCode).toBe(200);
    expect((await profile()).has_password).toBe(true);
    expect((await login(social.email, 'First@2345')).statusCode).toBe(200);
    // From now on the current password is asked for: a second "first" password is refused.
    const again = await changePassword(social.token, {
      password: 'Other@23456',
      password_confirmation: 'Other@23456',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json<{ errors: object }>().errors).toEqual({
      current_password: ['The current password is incorrect.'],
    });
    expect((await login(social.email, 'First@2345')).statusCode).toBe(200);
  });

  test('an account with a password cannot leave the current one out', async () => {
    const shopper = await registerVerifiedUser(t.app);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/users',
      headers: authHeader(shopper.token),
    });
    expect(profile.json<{ user: { has_password: boolean } }>().user.has_password).toBe(true);
    const response = await changePassword(shopper.token, {
      password: 'Newpass@456',
      password_confirmation: 'Newpass@456',
    });
    expect(response.statusCode).toBe(422);
    expect((await login(shopper.email, shopper.password)).statusCode).toBe(200);
  });

  test('a session that signed in over 15 minutes ago sets no first password, so it cannot move the e-mail with one', async () => {
    const social = await createShopper(t.db);
    await t.db
      .update(apiTokens)
      .set({ createdAt: new Date(Date.now() - 16 * 60 * 1000), provenAt: null })
      .where(eq(apiTokens.userId, social.id));
    const first = await changePassword(social.token, {
      password: 'Taker@2345',
      password_confirmation: 'Taker@2345',
    });
    expect(first.statusCode).toBe(403);
    expect(first.json()).toMatchObject({
      message: 'Sign in again to set a password.',
      code: 'reauth_required',
    });
    const moved = await t.app.inject({
      method: 'PUT',
      url: '/api/profile_update',
      headers: authHeader(social.token),
      payload: { name: 'Taker', email: 'taker.social@example.com', current_password: 'Taker@2345' },
    });
    expect(moved.statusCode).toBe(403);
    expect((await login(social.email, 'Taker@2345')).statusCode).toBe(422);
  });

  test('five wrong current passwords lock the change out, the right one too, as re-authentication does', async () => {
    const shopper = await registerVerifiedUser(t.app);
    // From an address of its own: the route's limit a minute per address is not what this counts.
    const attempt = (current: string) =>
      changePassword(
        shopper.token,
        { current_password: current, password: 'Newpass@456', password_confirmation: 'Newpass@456' },
        '203.0.113.61',
      );
    for (let guess = 0; guess < 4; guess += 1)
      expect((await attempt(`Wrong@${guess}000`)).statusCode).toBe(422);
    const locked = await attempt('Wrong@9000');
    expect([locked.statusCode, locked.json<{ message: string }>().message]).toEqual([
      429,
      'Too many attempts. Try again in 15 minutes.',
    ]);
    expect((await attempt(shopper.password)).statusCode).toBe(429);
    expect((await login(shopper.email, shopper.password)).statusCode).toBe(200);
  });

  test('a current password left out counts as no guess; a password reset lifts a lockout its ended sessions caused', async () => {
    const shopper = await registerVerifiedUser(t.app);
    // Each round from an address of its own: the route's limit a minute per address is not what this counts.
    const attempt = (current: string | undefined, remoteAddress: string) =>
      changePassword(
        shopper.token,
        {
          ...(current === undefined ? {} : { current_password: current }),
          password: 'Newpass@456',
          password_confirmation: 'Newpass@456',
        },
        remoteAddress,
      );
    for (let tries = 0; tries < 6; tries += 1) {
      expect((await attempt(undefined, '203.0.113.62')).statusCode).toBe(422);
    }
    for (let guess = 0; guess < 4; guess += 1) {
      expect((await attempt(`Wrong@${guess}000`, '203.0.113.65')).statusCode).toBe(422);
    }
    const locked = await attempt('Wrong@9000', '203.0.113.65');
    expect(locked.json()).toMatchObject({ message: 'Too many attempts. Try again in 15 minutes.' });
    // The mailbox's owner resets the password (the reset code's own route: server/routes/auth.test.ts): the lockout
    // goes with the sessions the reset ends.
    const user = await findUserById(t.db, shopper.id);
    if (!user) throw new Error('the shopper is there');
    await resetPassword(t.app.deps, user, 'Reset@4567', { now: new Date(), bcryptCost: 4 });
    const signedIn = (await login(shopper.email, 'Reset@4567')).json<{ token: string }>().token;
    const changed = await changePassword(
      signedIn,
      { current_password: 'Reset@4567', password: 'Newpass@456', password_confirmation: 'Newpass@456' },
      '203.0.113.64',
    );
    expect(changed.statusCode).toBe(200);
  });

  test('two first passwords sent at once: one is set, the other is refused', async () => {
    const social = await createShopper(t.db);
    const answers = await Promise.all(
      ['One@234567', 'Two@234567'].map((password) =>
        changePassword(social.token, { password, password_confirmation: password }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
  });

  test('without a token is 401', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/password/change',
      payload: { current_password: 'x', password: 'Newpass@456', password_confirmation: 'Newpass@456' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('a deleted account', () => {
  test('cannot log in again', async () => {
    const shopper = await registerVerifiedUser(t.app);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile_delete',
      headers: authHeader(shopper.token),
    });
    expect(deleted.statusCode).toBe(200);
    const again = await login(shopper.email, shopper.password);
    expect(again.statusCode).toBe(422);
    expect(again.json<{ token?: string }>().token).toBeUndefined();
  });
});

function multipart(fileName: string, contentType: string, bytes: Buffer) {
  const boundary = '----account-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${fileName}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('profile pictures', () => {
  let PNG: Buffer;
  beforeAll(async () => {
    PNG = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#c81e3c' } })
      .png()
      .toBuffer();
  });

  test.each([
    ['an SVG', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'],
    ['an HTML page', '<!doctype html><script>alert(1)</script>'],
  ])('%s renamed to .png is refused with 422', async (_kind, text) => {
    const shopper = await registerVerifiedUser(t.app);
    const { payload, headers } = multipart('me.png', 'image/png', Buffer.from(text));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/profile_update/picture',
      payload,
      headers: { ...headers, ...authHeader(shopper.token) },
    });
    expect(response.statusCode).toBe(422);
    const user = await t.app.inject({ method: 'GET', url: '/api/users', headers: authHeader(shopper.token) });
    expect(user.json<{ user: { profile_image: unknown } }>().user.profile_image).toBeNull();
  });

  test('a stored picture is served as an image, never sniffed as anything else', async () => {
    const shopper = await registerVerifiedUser(t.app);
    const { payload, headers } = multipart('me.html', 'text/html', PNG);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/profile_update/picture',
      payload,
      headers: { ...headers, ...authHeader(shopper.token) },
    });
    expect(response.statusCode).toBe(200);
    const stored = response.json<{ user: { profile_image: string } }>().user.profile_image;
    // Whatever name and type it came with, the server stores its own WebP.
    expect(stored).toMatch(/\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: stored });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('GET /user-wishlist', () => {
  test('prices the favorites in the asked currency', async () => {
    const shopper = await registerVerifiedUser(t.app);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/wishlist',
      payload: { user_id: shopper.id, product_id: 1 },
      headers: authHeader(shopper.token),
    });
    expect(added.statusCode).toBe(201);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/user-wishlist?currency_code=SAR',
      headers: authHeader(shopper.token),
    });
    expect(list.statusCode).toBe(200);
    const [favorite] =
      list.json<
        Array<{ product_id: number; product_details: { converted_products?: { currency_code: string } } }>
      >();
    expect(favorite?.product_id).toBe(1);
    expect(favorite?.product_details.converted_products?.currency_code).toBe('SAR');
  });
});
