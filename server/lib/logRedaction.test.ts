import { createTestApp, registerVerifiedUser, type TestApp } from '../testing/testApp';
import { REDACTED, redactedUrl } from './logRedaction';

jest.setTimeout(30_000);

describe('a secret in an address is redacted', () => {
  test('guest_token, token and code lose their values; everything else stays as sent', () => {
    expect(redactedUrl('/api/guest/cart?guest_token=abc123&lang=ar')).toBe(
      `/api/guest/cart?guest_token=${REDACTED}&lang=ar`,
    );
    expect(redactedUrl('/reset?email=a%40b.c&code=123456&TOKEN=x#top')).toBe(
      `/reset?email=a%40b.c&code=${REDACTED}&TOKEN=${REDACTED}#top`,
    );
    // Spelled in percent-encoding, as an array, or twice: still the same parameter to the server.
    expect(redactedUrl('/x?guest%5Ftoken=s1&guest_token[]=s2&token=s3&token=s4')).toBe(
      `/x?guest%5Ftoken=${REDACTED}&guest_token[]=${REDACTED}&token=${REDACTED}&token=${REDACTED}`,
    );
    expect(redactedUrl('/x?%E0%A4%A=1&code')).toBe('/x?%E0%A4%A=1&code');
    expect(redactedUrl('/search?q=token')).toBe('/search?q=token');
    expect(redactedUrl('/plain/path')).toBe('/plain/path');
  });
});

describe('the server log', () => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      logger: {
        level: 'info',
        stream: {
          write(line: string) {
            lines.push(line);
          },
        },
      },
    });
  });

  afterAll(async () => {
    await t.close();
  });

  test("never holds a guest token, a code or a shopper's bearer token; the requests are still logged", async () => {
    const shopper = await registerVerifiedUser(t.app);
    lines.length = 0;
    const guestToken = 'guest-secret-4f1c9a7e2b';
    await t.app.inject({ method: 'GET', url: `/api/guest/cart?guest_token=${guestToken}` });
    await t.app.inject({ method: 'GET', url: '/api/users?token=token-secret-77aa&code=code-secret-918273' });
    await t.app.inject({
      method: 'GET',
      url: '/api/users',
      headers: { authorization: `Bearer ${shopper.token}`, cookie: 'session=cookie-secret-5150' },
    });
    const log = lines.join('');
    expect(log).toContain('/api/guest/cart?guest_token=[redacted]');
    expect(log).toContain('/api/users?token=[redacted]&code=[redacted]');
    for (const secret of [
      guestToken,
      'token-secret-77aa',
      'code-secret-918273',
      shopper.token,
      'cookie-secret-5150',
    ])
      expect(log).not.toContain(secret);
  });
});
