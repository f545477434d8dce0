import { eq } from 'drizzle-orm';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { users } from '../db/schema';
import { createSocialVerifier, type FetchLike } from '../services/social';
import { authHeader, createTestApp, registerVerifiedUser, type TestApp } from '../testing/testApp';

const GOOGLE_CLIENT_ID = 'storefront-test.apps.googleusercontent.com';
const FACEBOOK_APP_ID = '1234567890';

let t: TestApp;
let privateKey: CryptoKey;
let strangerKey: CryptoKey;

/** Facebook accounts the fake Graph API knows: access token → (app it was issued to, the profile). */
const facebookTokens = new Map<
  string,
  { appId: string; valid: boolean; me: { id: string; email?: string; name?: string } }
>();

const fakeGraph: FetchLike = async (url) => {
  const parsed = new URL(url);
  const json = (body: unknown, status = 200) => ({ ok: status === 200, status, json: async () => body });
  if (parsed.pathname === '/debug_token') {
    expect(parsed.searchParams.get('access_token')).toBe(`${FACEBOOK_APP_ID}|fb-secret`);
    const known = facebookTokens.get(parsed.searchParams.get('input_token') ?? '');
    if (!known) return json({ data: { is_valid: false } });
    return json({ data: { is_valid: known.valid, app_id: known.appId, user_id: known.me.id } });
  }
  if (parsed.pathname === '/me') {
    const known = facebookTokens.get(parsed.searchParams.get('access_token') ?? '');
    return known ? json(known.me) : json({ error: { message: 'Invalid OAuth access token.' } }, 400);
  }
  return json({}, 404);
};

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const publicJwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const config = {
    googleClientId: GOOGLE_CLIENT_ID,
    facebookAppId: FACEBOOK_APP_ID,
    facebookAppSecret: 'fb-secret',
    now: () => new Date(),
  };
  t = await createTestApp({
    config,
    social: createSocialVerifier(config, {
      googleKeys: createLocalJWKSet({ keys: [publicJwk] }),
      fetch: fakeGraph,
    }),
  });
});
afterAll(async () => {
  await t.close();
});

interface GoogleClaims {
  sub?: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  aud?: string;
  iss?: string;
  expiresIn?: string | number;
  key?: CryptoKey;
}

async function googleToken(claims: GoogleClaims = {}): Promise<string> {
  const {
    aud = GOOGLE_CLIENT_ID,
    iss = 'https://accounts.google.com',
    expiresIn = '1h',
    key = privateKey,
  } = claims;
  const payload: Record<string, unknown> = {
    email: claims.email ?? 'layla@example.com',
    email_verified: claims.email_verified ?? true,
    name: claims.name ?? 'Layla Hassan',
  };
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setSubject(claims.sub ?? 'google-sub-1')
    .setIssuer(iss)
    .setAudience(aud)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(key);
}

const socialLogin = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/social-login', payload: payload as object });

describe('Google', () => {
  test('a valid ID token creates a verified account and answers token, id, email, name', async () => {
    const response = await socialLogin({ provider: 'google', token: await googleToken() });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      token: expect.stringMatching(/^[0-9a-f]{64}$/),
      id: expect.any(Number),
      email: 'layla@example.com',
      name: 'Layla Hassan',
      role: 'shopper',
    });
    const [user] = await t.db.select().from(users).where(eq(users.id, body.id));
    expect(user?.googleId).toBe('google-sub-1');
    expect(user?.emailVerifiedAt).not.toBeNull();
    expect(user?.passwordHash).toBeNull();
    // The token works on protected routes straight away.
    const me = await t.app.inject({ method: 'GET', url: '/api/users', headers: authHeader(body.token) });
    expect(me.json().user.email).toBe('layla@example.com');
  });

  test('signing in again finds the same account by its Google id, even after an e-mail change', async () => {
    const first = (
      await socialLogin({
        provider: 'google',
        token: await googleToken({ sub: 'sub-again', email: 'again@example.com' }),
      })
    ).json();
    const second = (
      await socialLogin({
        provider: 'google',
        token: await googleToken({ sub: 'sub-again', email: 'renamed@example.com' }),
      })
    ).json();
    expect(second.id).toBe(first.id);
  });

  test('an existing password account with the same e-mail is linked, not duplicated', async () => {
    const shopper = await registerVerifiedUser(t.app, { email: 'linked@example.com' });
    const response = await socialLogin({
      provider: 'google',
      token: await googleToken({ sub: 'sub-linked', email: 'Linked@Example.com' }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(shopper.id);
    // The password still works too.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: shopper.email, password: shopper.password },
    });
    expect(login.statusCode).toBe(200);
  });

  test('an unverified Google e-mail cannot take over an existing account', async () => {
    await registerVerifiedUser(t.app, { email: 'victim@example.com' });
    const response = await socialLogin({
      provider: 'google',
      token: await googleToken({ sub: 'sub-attacker', email: 'victim@example.com', email_verified: false }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Your social account did not share an email address.');
  });

  test('linking an unverified account drops the password and tokens whoever registered it set', async () => {
    // Someone registers the victim's address (never verified), then the victim signs in with Google.
    const squatter = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'Squatter',
        email: 'squatted@example.com',
        phone_code: '+965',
        phone_number: '55512345',
        nationality: 16,
        password: 'Squat@123',
        password_confirmation: 'Squat@123',
      },
    });
    expect(squatter.statusCode).toBe(201);
    const squatterToken = squatter.json<{ token: string }>().token;

    const response = await socialLogin({
      provider: 'google',
      token: await googleToken({ sub: 'sub-squatted', email: 'squatted@example.com' }),
    });
    expect(response.statusCode).toBe(200);
    const victimToken = response.json<{ token: string }>().token;

    const [user] = await t.db.select().from(users).where(eq(users.email, 'squatted@example.com'));
    expect(user?.passwordHash).toBeNull();
    const oldToken = await t.app.inject({
      method: 'GET',
      url: '/api/users',
      headers: authHeader(squatterToken),
    });
    expect(oldToken.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'squatted@example.com', password: 'Squat@123' },
    });
    expect(login.statusCode).toBe(422);
    // The Google sign-in's own token is the one that works.
    const me = await t.app.inject({ method: 'GET', url: '/api/users', headers: authHeader(victimToken) });
    expect(me.statusCode).toBe(200);
  });

  test("asking for a stranger's address does not put the account in the stranger's Google sign-in", async () => {
    const attacker = await registerVerifiedUser(t.app);
    const moved = await t.app.inject({
      method: 'PUT',
      url: '/api/profile_update',
      headers: authHeader(attacker.token),
      payload: { name: 'Attacker', email: 'stranger@example.com', current_password: attacker.password },
    });
    expect(moved.statusCode).toBe(200);
    // Only pending: the address is not the account's until the code mailed to it comes back.
    expect(moved.json().user).toMatchObject({ email: attacker.email, pending_email: 'stranger@example.com' });
    const response = await socialLogin({
      provider: 'google',
      token: await googleToken({ sub: 'sub-stranger', email: 'stranger@example.com' }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().id).not.toBe(attacker.id);
    expect(response.json().email).toBe('stranger@example.com');
  });

  test.each([
    ['wrong audience', { aud: 'someone-else.apps.googleusercontent.com' }],
    ['wrong issuer', { iss: 'https://evil.example.com' }],
    ['expired', { expiresIn: Math.floor(Date.now() / 1000) - 3600 }],
  ] as const)('%s is 422', async (_label, claims) => {
    const response = await socialLogin({ provider: 'google', token: await googleToken(claims) });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The social login token is invalid or expired.',
      errors: { token: ['The social login token is invalid or expired.'] },
    });
  });

  test('a token signed by another key is 422', async () => {
    const response = await socialLogin({
      provider: 'google',
      token: await googleToken({ key: strangerKey }),
    });
    expect(response.statusCode).toBe(422);
  });

  test('garbage is 422', async () => {
    const response = await socialLogin({ provider: 'google', token: 'not.a.jwt' });
    expect(response.statusCode).toBe(422);
  });
});

describe('Facebook', () => {
  test('a valid access token for this app signs in through debug_token and /me', async () => {
    facebookTokens.set('fb-good', {
      appId: FACEBOOK_APP_ID,
      valid: true,
      me: { id: 'fb-1', email: 'omar@example.com', name: 'Omar' },
    });
    const response = await socialLogin({ provider: 'facebook', token: 'fb-good' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: 'omar@example.com', name: 'Omar' });
    const [user] = await t.db.select().from(users).where(eq(users.email, 'omar@example.com'));
    expect(user?.facebookId).toBe('fb-1');
  });

  test('a token issued to another app is 422', async () => {
    facebookTokens.set('fb-other-app', {
      appId: '999',
      valid: true,
      me: { id: 'fb-2', email: 'x@example.com' },
    });
    expect((await socialLogin({ provider: 'facebook', token: 'fb-other-app' })).statusCode).toBe(422);
  });

  test('an invalid or unknown token is 422', async () => {
    facebookTokens.set('fb-expired', { appId: FACEBOOK_APP_ID, valid: false, me: { id: 'fb-3' } });
    expect((await socialLogin({ provider: 'facebook', token: 'fb-expired' })).statusCode).toBe(422);
    expect((await socialLogin({ provider: 'facebook', token: 'fb-unknown' })).statusCode).toBe(422);
  });

  test('an account without e-mail is refused with a clear message', async () => {
    facebookTokens.set('fb-no-mail', {
      appId: FACEBOOK_APP_ID,
      valid: true,
      me: { id: 'fb-4', name: 'No Mail' },
    });
    const response = await socialLogin({ provider: 'facebook', token: 'fb-no-mail' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Your social account did not share an email address.');
  });
});

describe('validation and configuration', () => {
  test('provider and token are required; unknown providers are rejected', async () => {
    const missing = await socialLogin({});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      token: ['The token field is required.'],
      provider: ['The provider field is required.'],
    });
    const unknown = await socialLogin({ provider: 'twitter', token: 'x' });
    expect(unknown.json().errors).toEqual({ provider: ['The selected provider is invalid.'] });
  });

  test('a provider without configuration answers 503, not 500', async () => {
    const bare = await createTestApp();
    try {
      const response = await bare.app.inject({
        method: 'POST',
        url: '/api/auth/social-login',
        payload: { provider: 'google', token: await googleToken() },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: 'This service is currently unavailable.' });
    } finally {
      await bare.close();
    }
  });
});
