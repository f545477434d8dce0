// The OpenAPI document: valid by a standard validator, and the same calls as docs/api-contract.md.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/testApp';
import { call, createShopper, GUEST_CHECKOUT } from './testSupport';

/**
 * @seriousme/openapi-schema-validator (the OpenAPI Initiative's schemas) is an ES module that finds its schema files
 * through import.meta, which jest's CommonJS runtime cannot run: it runs in a Node process of its own.
 */
function validateOpenApi(document: object): { valid: boolean; errors: unknown[] } {
  const dir = mkdtempSync(path.join(tmpdir(), 'openapi-'));
  try {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const script = `
      import { Validator } from '@seriousme/openapi-schema-validator';
      import { readFileSync } from 'node:fs';
      const result = await new Validator().validate(JSON.parse(readFileSync(process.argv[1], 'utf8')));
      console.log(JSON.stringify({ valid: result.valid, errors: result.errors ?? [] }));`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script, file], {
      cwd: path.join(__dirname, '..', '..'),
      encoding: 'utf8',
    });
    return JSON.parse(output) as { valid: boolean; errors: unknown[] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

test('GET /api/openapi.json is a valid OpenAPI 3 document', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  const document = response.json<{ openapi: string }>();
  expect(document.openapi).toMatch(/^3\./);
  expect(validateOpenApi(document)).toEqual({ valid: true, errors: [] });
});

test('it lists exactly the calls of docs/api-contract.md, with the same auth', async () => {
  const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
    paths: Record<string, Record<string, { security?: object[]; 'x-role'?: string }>>;
  }>();
  const fromOpenApi = Object.entries(document.paths)
    .flatMap(([url, methods]) =>
      Object.entries(methods).map(([method, operation]) => {
        // `security: []` says in so many words that anyone may call it
        const auth = operation.security?.length
          ? operation.security.length > 1
            ? ' (optional bearer)'
            : operation['x-role']
              ? ` (bearer, ${operation['x-role']})`
              : ' (bearer)'
          : '';
        return `${method.toUpperCase()} ${url.replace(/^\/api/, '')}${auth}`;
      }),
    )
    .sort();
  const markdown = readFileSync(path.join(__dirname, '..', '..', 'docs', 'api-contract.md'), 'utf8');
  const fromMarkdown = [...markdown.matchAll(/^\| `?((?:GET|POST|PUT|PATCH|DELETE) [^|`]+?)`? \|/gm)]
    .map((match) => (match[1] as string).trim())
    .sort();
  expect(fromMarkdown.length).toBeGreaterThan(30);
  expect(fromOpenApi).toEqual(fromMarkdown);
});

test('GET /api/docs shows it in a browser outside production, without anything from elsewhere', async () => {
  const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toMatch(/text\/html/);
  expect(page.body).toContain('POST /api/initiate-payment');
  expect(page.body).not.toMatch(/<script|https?:\/\/(?!localhost)/);
});

type Body = { required?: string[]; properties?: Record<string, unknown>; additionalProperties?: unknown };

async function documentBody(url: string): Promise<Body> {
  const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
    paths: Record<string, { post: { requestBody: { content: { 'application/json': { schema: Body } } } } }>;
  }>();
  const schema = document.paths[url]?.post.requestBody.content['application/json'].schema;
  if (!schema) throw new Error(`no JSON body on POST ${url}`);
  return schema;
}

test('what the document requires, the server requires: an empty body is refused naming each field', async () => {
  const shopper = await createShopper(t.db);
  const cases: { url: string; token?: string; body?: object }[] = [
    { url: '/api/create-order', token: shopper.token },
    { url: '/api/guest/create-order' },
    { url: '/api/addresses', token: shopper.token },
    { url: '/api/initiate-payment' },
    { url: '/api/execute-payment', body: { payment_method_id: 1 } },
  ];
  for (const { url, token, body } of cases) {
    const required = (await documentBody(url)).required ?? [];
    expect(required.length).toBeGreaterThan(0);
    const answer = await call(t.app, 'POST', url, body ?? {}, token);
    expect({ url, status: answer.statusCode }).toEqual({ url, status: 422 });
    const named = Object.keys(answer.json<{ errors: object }>().errors);
    // a guest's cart token is looked at once the fields are right (below)
    const expected = required.filter((field) => field !== 'guest_token' && !(field in (body ?? {})));
    expect({ url, missing: expected.filter((field) => !named.includes(field)) }).toEqual({
      url,
      missing: [],
    });
  }
  const { guest_token: _none, ...withoutToken } = { ...GUEST_CHECKOUT, guest_token: undefined };
  expect((await call(t.app, 'POST', '/api/guest/create-order', withoutToken)).statusCode).toBe(422);
});

test('a field the document does not name is dropped, not refused, as the document allows', async () => {
  const staff = await createShopper(t.db);
  await t.db.update(users).set({ role: 'staff' }).where(eq(users.id, staff.id));
  const schema = await documentBody('/api/admin/coupons');
  expect(schema.additionalProperties).toBeUndefined();
  expect(schema.properties).not.toHaveProperty('surprise');
  const created = await call(
    t.app,
    'POST',
    '/api/admin/coupons',
    { code: 'EXTRA5', kind: 'percent', value: 5, end_date: '2099-01-01', surprise: 'ignored' },
    staff.token,
  );
  expect(created.statusCode).toBe(201);
  expect(created.json<{ coupon: object }>().coupon).not.toHaveProperty('surprise');
});
