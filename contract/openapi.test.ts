// The published API document is one the ecosystem's tools accept as the server behaves: Redocly's recommended
// rules pass, every schema is standard JSON Schema, and what it requires and allows is what the server does
// (server/routes/apiDocs.test.ts holds it against the running server).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { buildOpenApi, standardSchema } from './openapi';
import { RegisterBody } from './accounts';

type Json = Record<string, unknown>;
interface Operation {
  operationId: string;
  summary?: string;
  requestBody?: { required?: boolean; content: Record<string, { schema: Json; encoding?: Json }> };
  responses: Record<string, Json>;
}

const ROOT = path.join(__dirname, '..');
const document = buildOpenApi();
const paths = document.paths as Record<string, Record<string, Operation>>;
const operations = Object.entries(paths).flatMap(([url, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ url, method, operation })),
);
const components = document.components as { schemas: Record<string, Json>; responses: Record<string, Json> };

/** Every schema in the document, where it sits. */
function schemas(): { where: string; schema: Json }[] {
  const found: { where: string; schema: Json }[] = [];
  for (const { url, method, operation } of operations) {
    const at = `${method.toUpperCase()} ${url}`;
    for (const parameter of (operation as unknown as { parameters: { name: string; schema: Json }[] })
      .parameters) {
      found.push({ where: `${at} parameter ${parameter.name}`, schema: parameter.schema });
    }
    for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
      found.push({ where: `${at} body ${type}`, schema: media.schema });
    }
    for (const [status, response] of Object.entries(operation.responses)) {
      const content = response.content as Record<string, { schema: Json }> | undefined;
      for (const [type, media] of Object.entries(content ?? {})) {
        found.push({ where: `${at} ${status} ${type}`, schema: media.schema });
      }
    }
  }
  for (const [name, schema] of Object.entries(components.schemas)) found.push({ where: name, schema });
  return found;
}

/** A standard JSON Schema 2020-12 validator that refuses any keyword it does not know. */
function standardValidator(): Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    strictTypes: false,
    allowUnionTypes: true,
    validateFormats: false,
    logger: false,
  });
  for (const [name, schema] of Object.entries(components.schemas)) {
    ajv.addSchema(schema, `#/components/schemas/${name}`);
  }
  return ajv;
}

function bodySchema(url: string, method = 'post', type = 'application/json'): Json {
  const schema = paths[url]?.[method]?.requestBody?.content[type]?.schema;
  if (!schema) throw new Error(`no ${type} body on ${method} ${url}`);
  return schema;
}

test("Redocly's recommended rules find nothing (exceptions only with a reason in .redocly.lint-ignore.yaml)", () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'redocly-'));
  try {
    const out = path.join(dir, 'problems.json');
    // @redocly/openapi-core is an ES module, which jest's CommonJS runtime cannot load: it runs in its own process.
    try {
      execFileSync(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['server/testing/lintOpenApi.ts', out], {
        cwd: ROOT,
        stdio: 'pipe',
      });
    } catch {
      // exit code 1 with problems: they are read below
    }
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // a process of its own that loads TypeScript and Redocly: seconds, more on a busy machine
}, 120_000);

test('every schema is standard JSON Schema: a strict 2020-12 validator compiles each one', () => {
  const ajv = standardValidator();
  const refused = schemas().flatMap(({ where, schema }) => {
    try {
      ajv.compile(schema);
      return [];
    } catch (error) {
      return [`${where}: ${(error as Error).message}`];
    }
  });
  expect(refused).toEqual([]);
  expect(JSON.stringify(document)).not.toMatch(/"(bail|errorMessage|requiredByService|\$data)"/);
});

test('a standard validator accepts a valid registration and refuses what the server refuses', () => {
  const validate = standardValidator().compile(bodySchema('/api/register'));
  const valid = {
    name: 'Sara',
    email: 'sara@example.com',
    phone_code: '+965',
    phone_number: '55512345',
    nationality: 1,
    password: 'Secret1!x',
    password_confirmation: 'Secret1!x',
  };
  expect(validate(valid)).toBe(true);
  expect(validate({ ...valid, password: 'short' })).toBe(false);
  expect(validate({ ...valid, password_confirmation: undefined })).toBe(false);
  // the server's own schema still compares the confirmation (server/routes/auth.test.ts)
  expect(JSON.stringify(RegisterBody)).toContain('$data');
  for (const url of ['/api/password/reset', '/api/password/change']) {
    const confirmation = (bodySchema(url).properties as Record<string, Json>).password_confirmation;
    expect(JSON.stringify(confirmation)).not.toContain('$data');
    expect(confirmation?.description).toMatch(/password/);
  }
});

test('bodies the service checks itself list the fields it requires', () => {
  expect(bodySchema('/api/create-order').required).toEqual(
    expect.arrayContaining([
      'governorate_name',
      'area_name',
      'address',
      'payment_method',
      'shipping_cost',
      'total_price',
      'guest_phone',
    ]),
  );
  expect(bodySchema('/api/guest/create-order').required).toEqual(
    expect.arrayContaining(['guest_email', 'guest_country_code', 'guest_token', 'governorate_name']),
  );
  expect(bodySchema('/api/addresses').required).toEqual(
    expect.arrayContaining(['name', 'address', 'city', 'mobile_number', 'apartment_number']),
  );
  expect(bodySchema('/api/initiate-payment').required).toEqual(['order_id']);
  expect(bodySchema('/api/execute-payment').required).toEqual(
    expect.arrayContaining(['payment_method_id', 'order_id']),
  );
});

test('request schemas allow fields they do not name (the server drops them); answers name every field', () => {
  const requests = schemas().filter(({ where }) => / (body|parameter) /.test(where));
  expect(
    requests.filter(({ schema }) => JSON.stringify(schema).includes('"additionalProperties":false')),
  ).toEqual([]);
  const coupon = standardSchema(
    { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
    'response',
  );
  expect(coupon.additionalProperties).toBe(false);
});

test('every error status has a schema: { message, errors?, code? }', () => {
  expect(components.schemas.Error).toMatchObject({
    type: 'object',
    required: ['message'],
    properties: { message: { type: 'string' }, errors: { type: 'object' }, code: { type: 'string' } },
  });
  const missing = operations.flatMap(({ url, method, operation }) =>
    Object.entries(operation.responses)
      .filter(([status]) => status === 'default' || /^[45]/.test(status))
      .filter(([, response]) => {
        const ref = response.$ref as string | undefined;
        const resolved = ref ? components.responses[ref.split('/').pop() as string] : response;
        const content = resolved?.content as Record<string, { schema: Json }> | undefined;
        return content?.['application/json']?.schema.$ref !== '#/components/schemas/Error';
      })
      .map(([status]) => `${method} ${url} ${status}`),
  );
  expect(missing).toEqual([]);
  expect(paths['/api/addresses']?.post?.responses).toHaveProperty('422');
  expect(paths['/api/admin/orders/{id}']?.get?.responses).toEqual(
    expect.objectContaining({ '401': expect.anything(), '403': expect.anything(), '404': expect.anything() }),
  );
});

test('the uploads describe their bodies', () => {
  for (const url of ['/api/profile_update/picture', '/api/admin/products/pictures']) {
    const body = paths[url]?.post?.requestBody;
    expect(body?.required).toBe(true);
    expect(body?.content['multipart/form-data']).toMatchObject({
      schema: { type: 'object', required: ['image'], properties: { image: { type: 'string' } } },
      encoding: { image: { contentType: expect.stringContaining('image/webp') } },
    });
  }
  expect(paths['/api/admin/catalogue/imports']?.post?.requestBody?.content['text/csv']).toBeDefined();
  expect(paths['/api/cart/product/{product_id}']?.delete?.requestBody?.required).toBe(false);
});

test('operationIds are camelCase and unique; servers and a summary for every operation', () => {
  const ids = operations.map(({ operation }) => operation.operationId);
  expect(ids.filter((id) => !/^[a-z][A-Za-z\d]*$/.test(id))).toEqual([]);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids).toContain('backOfficeOrders');
  expect(operations.filter(({ operation }) => !operation.summary)).toEqual([]);
  expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
});
