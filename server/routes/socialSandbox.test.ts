// The sandbox's social sign-in: what browser journeys sign in "with Google or Facebook" through, never in production.
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import {
  createSocialVerifier,
  sandboxSocialToken,
  SocialProviderUnavailableError,
  SocialTokenError,
} from '../services/social';
import { authHeader, createTestApp, type TestApp } from '../testing/testApp';

const unconfigured = { googleClientId: undefined, facebookAppId: undefined, facebookAppSecret: undefined };
const now = () => new Date();

describe('sandbox social tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { env: 'development', paymentsSandbox: true } });
  });
  afterAll(async () => {
    await t.close();
  });

  test('with the sandbox on outside production, a sandbox token signs in to a new account without a password', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/social-login',
      payload: { provider: 'google', token: sandboxSocialToken('journey-1', 'social.one@example.com') },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ token: string; id: number; email: string }>();
    expect(body.email).toBe('social.one@example.com');
    const [user] = await t.db.select().from(users).where(eq(users.id, body.id));
    expect(user?.passwordHash).toBeNull();
    expect(user?.googleId).toBe('sandbox-journey-1');
    // The account sets its first password with the new one and its confirmation only.
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/password/change',
      headers: authHeader(body.token),
      payload: { password: 'Fresh@12345', password_confirmation: 'Fresh@12345' },
    });
    expect(first.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'social.one@example.com', password: 'Fresh@12345' },
    });
    expect(login.statusCode).toBe(200);
  });

  test('a malformed sandbox token is refused like any bad token (422)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/social-login',
      payload: { provider: 'facebook', token: 'sandbox:no-email' },
    });
    expect(response.statusCode).toBe(422);
  });
});

describe('where sandbox tokens are no tokens', () => {
  const token = sandboxSocialToken('intruder', 'owner@example.com');

  test('in production, even with the sandbox switched on', async () => {
    const verifier = createSocialVerifier({ ...unconfigured, now, env: 'production', paymentsSandbox: true });
    await expect(verifier.verify('google', token)).rejects.toBeInstanceOf(SocialProviderUnavailableError);
  });

  test('in development with the sandbox off', async () => {
    const verifier = createSocialVerifier({
      ...unconfigured,
      now,
      env: 'development',
      paymentsSandbox: false,
    });
    await expect(verifier.verify('google', token)).rejects.toBeInstanceOf(SocialProviderUnavailableError);
  });

  test('when the environment is not said (a caller that passes no env counts as production)', async () => {
    const verifier = createSocialVerifier({
      googleClientId: 'real-client.apps.googleusercontent.com',
      facebookAppId: undefined,
      facebookAppSecret: undefined,
      now,
      paymentsSandbox: true,
    });
    // The real verifier reads it, and it is no Google ID token.
    await expect(verifier.verify('google', token)).rejects.toBeInstanceOf(SocialTokenError);
  });
});
