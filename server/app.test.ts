import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { buildApp, configJs } from './app';
import { DEFAULT_ORDER_LIMITS } from './config';
import { createTestApp, type TestApp } from './testing/testApp';

let t: TestApp;
let spaDir: string;

const INDEX_HTML =
  '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>';
const BUNDLE = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  spaDir = mkdtempSync(path.join(tmpdir(), 'storefront-spa-'));
  writeFileSync(path.join(spaDir, 'index.html'), INDEX_HTML);
  mkdirSync(path.join(spaDir, 'static'));
  writeFileSync(path.join(spaDir, 'static', 'main.3f9a1c2b7d.js'), BUNDLE);
  writeFileSync(path.join(spaDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({
    config: {
      spaDir,
      googleClientId: 'google-id.apps.googleusercontent.com',
      facebookAppId: '42',
      corsOrigins: ['https://shop.example.com'],
      orderLimits: { ...DEFAULT_ORDER_LIMITS, maxQuantityPerProduct: 12 },
    },
  });
});
afterAll(async () => {
  await t.close();
  rmSync(spaDir, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml' };

/**
 * The built page without the head each page gets (its title, and the description and tags added before </head>:
 * server/plugins/pageHead.test.ts).
 */
const withoutPageHead = (body: string) =>
  body
    .replace(/<title>[^<]*<\/title>/, '<title>Shop</title>')
    .replace(/<meta name="description".*<\/head>/, '</head>');

describe('health and runtime config', () => {
  test('GET /api/health answers ok', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  test('GET /config.js publishes the API base URL, the sign-in ids and the quantity cap', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/config.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/javascript');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(
      'window.__SHOP_CONFIG__ = {"apiBaseUrl":"/api","googleClientId":"google-id.apps.googleusercontent.com","facebookAppId":"42","maxQuantityPerProduct":12};\n',
    );
  });

  test('unset values are left out so the SPA defaults apply; CONTACT_EMAIL is published when set', () => {
    const base = { ...t.app.deps.config, googleClientId: undefined, facebookAppId: undefined };
    expect(configJs(base)).toBe(
      'window.__SHOP_CONFIG__ = {"apiBaseUrl":"/api","maxQuantityPerProduct":12};\n',
    );
    expect(configJs({ ...base, contactEmail: 'hi@shop.example.com' })).toContain(
      '"contactEmail":"hi@shop.example.com"',
    );
  });

  test('configJs cannot be broken out of by a hostile value', () => {
    const script = configJs({ ...t.app.deps.config, apiBaseUrl: '</script><script>alert(1)//' });
    expect(script).not.toContain('</script>');
    expect(script).toContain('\\u003c/script>');
  });
});

describe('security headers', () => {
  test('the CSP of the SPA and the usual hardening headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: html });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://accounts.google.com https://connect.facebook.net");
    expect(csp).toContain("style-src 'self' 'unsafe-inline' https://accounts.google.com");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self' https://accounts.google.com https://graph.facebook.com");
    expect(csp).toContain('frame-src https://accounts.google.com https://www.facebook.com');
    expect(csp).toContain("font-src 'self' data:");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  test("an API answer carries the API's headers: nothing in it runs, loads or is framed, and none of the page's", async () => {
    // `/api` itself and `/api?…` are the API's too (JSON 404s), as the SPA's fallback reads them.
    for (const url of ['/api/health', '/api/products/1', '/api/no-such-call', '/api', '/api?page=2']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
      for (const pageOnly of [
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-xss-protection',
        'x-permitted-cross-domain-policies',
      ])
        expect(response.headers[pageOnly]).toBeUndefined();
    }
  });

  test('an address the router cannot decode is refused as a bad request, under the API headers, without echoing it', async () => {
    for (const url of ['/api/guest/%E0%A4%A/cart', '/product/%E0%A4%A']) {
      const response = await t.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'This address is not valid.' });
      expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  test("the API's documentation page, an HTML page under /api, keeps the page's headers (its styles load)", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['content-security-policy'])).toContain("style-src 'self' 'unsafe-inline'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  test('a page whose address merely begins like the API keeps the page headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/apiary', headers: html });
    expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
  });
});

describe('CORS', () => {
  test('a configured origin is allowed, with the Authorization header', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/login',
      headers: {
        origin: 'https://shop.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('https://shop.example.com');
    expect(String(response.headers['access-control-allow-headers'])).toContain('Authorization');
  });

  test('other origins get no CORS headers', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example.com' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('the SPA', () => {
  test('/ answers index.html, revalidated every time', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(withoutPageHead(response.body)).toBe(INDEX_HTML);
  });

  test.each(['/cart', '/profile?tab=orders', '/who-we-are'])(
    'history fallback: %s answers index.html',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(withoutPageHead(response.body)).toBe(INDEX_HTML);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  test('history fallback: an unknown product (this shop is empty) is index.html with a 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/product/12', headers: html });
    expect(response.statusCode).toBe(404);
    expect(withoutPageHead(response.body)).toBe(INDEX_HTML);
  });

  test('hashed assets are cached for a year, immutable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/static/main.3f9a1c2b7d.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(BUNDLE);
  });

  test('files without a hash are cached briefly', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  test('compressed with gzip or brotli when asked', async () => {
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/static/main.3f9a1c2b7d.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(BUNDLE);
    const br = await t.app.inject({
      method: 'GET',
      url: '/static/main.3f9a1c2b7d.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
  });

  test('a missing asset is a 404, not index.html', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/static/missing.0123abcd.js' });
    expect(response.statusCode).toBe(404);
  });

  test('unknown /api paths are JSON 404 even for browsers', async () => {
    for (const url of ['/api/nope', '/api/', '/api/products/1/unknown/deeper']) {
      const response = await t.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not Found.' });
    }
  });

  test('non-GET requests to pages are 404 JSON', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/cart', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not Found.' });
  });

  test('without a build, / says to run npm run build', async () => {
    const bare = await createTestApp();
    try {
      const response = await bare.app.inject({ method: 'GET', url: '/', headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('npm run build');
      const deep = await bare.app.inject({ method: 'GET', url: '/cart', headers: html });
      expect(deep.body).toContain('npm run build');
    } finally {
      await bare.close();
    }
  });
});

describe('bad input never becomes a 500', () => {
  test('broken JSON is 400 with a JSON message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '{"email": "a@example.com", ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  test('an empty JSON body is a 400 or a 422, never a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '',
      headers: { 'content-type': 'application/json' },
    });
    expect([400, 422]).toContain(response.statusCode);
    expect(response.json().message).toEqual(expect.any(String));
  });

  test('a body over 1 MB is 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The request body is too large.' });
  });

  test('an unsupported content type is 415 JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '<xml/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toEqual(expect.any(String));
  });

  test.each([
    ['numbers for strings', { email: 12, password: 34 }],
    ['objects for strings', { email: { $gt: '' }, password: ['a'] }],
    ['nulls', { email: null, password: null }],
    ['booleans', { email: true, password: false }],
  ])('login with %s is 422', async (_label, payload) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login', payload });
    expect(response.statusCode).toBe(422);
  });

  test('prototype-polluting keys are rejected or ignored', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '{"__proto__": {"admin": true}, "email": "a@example.com", "password": "Secret@123"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBeLessThan(500);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

describe('error handler', () => {
  test('a real failure is a logged 500 with a bland body', async () => {
    // A second app on the same database, with one route that fails the way a bug would.
    const app = await buildApp({ db: t.db, config: t.app.deps.config });
    app.get('/api/boom', async () => {
      throw new Error('database exploded: secret details');
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/boom' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: 'Server Error' });
    } finally {
      await app.close();
    }
  });
});
