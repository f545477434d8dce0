// The contract as an OpenAPI 3.1 document, built from the same endpoint maps the server validates with and
// docs/api-contract.md is written from, so other clients (a mobile app, an integration) read what the server checks.
// The server's schemas carry annotations for its own validator (contract/common.ts); the document is standard JSON
// Schema 2020-12 only, so any standard tool (Redocly, Prism, a generated client) reads it as the server behaves.
import type { TSchema } from 'typebox';
import { ErrorResponse, type Endpoint } from './common';
import { AREAS, type Area } from './index';

type Json = Record<string, unknown>;

/** Which side of the wire a schema describes: requests are read leniently, answers are written exactly. */
type Side = 'request' | 'response';

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A contract schema as standard JSON Schema: typebox's symbol keys dropped, and the validator's annotations turned
 * into what they mean for a client.
 * - `bail`, `errorMessage` choose the wording of a 422: not JSON Schema, left out.
 * - `const: { $data }` (ajv's reference to a sibling field, a password confirmation) is not JSON Schema: a standard
 *   validator would compare the text with that object and refuse every valid request. It becomes a description.
 * - `requiredByService` names fields the service requires with its own words: they are `required`.
 * - `additionalProperties: false` on a request: the server drops unknown fields and goes on (Fastify's ajv
 *   `removeAdditional`), so the document allows them. Answers keep it: the serializer writes only named fields.
 */
export function standardSchema(schema: unknown, side: Side): Json {
  return convert(JSON.parse(JSON.stringify(schema ?? {})), side) as Json;
}

function convert(node: unknown, side: Side): unknown {
  if (Array.isArray(node)) return node.map((item) => convert(item, side));
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'bail' || key === 'errorMessage' || key === 'requiredByService') continue;
    if (key === 'const' && isObject(value) && typeof value.$data === 'string') {
      out.description = `equal to the \`${value.$data.replace(/^\d+\//, '')}\` field`;
      continue;
    }
    if (key === 'additionalProperties' && value === false && side === 'request') continue;
    // Keys of `properties` and `patternProperties` are field names, not keywords.
    if ((key === 'properties' || key === 'patternProperties') && isObject(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, inner]) => [name, convert(inner, side)]),
      );
      continue;
    }
    out[key] = convert(value, side);
  }
  // A rule left with only its description (the confirmation's) describes the field itself.
  if (Array.isArray(out.allOf)) {
    const rules = out.allOf as Json[];
    const said = rules.filter((rule) => Object.keys(rule).length === 1 && 'description' in rule);
    for (const rule of said) out.description ??= rule.description;
    out.allOf = rules.filter((rule) => !said.includes(rule));
    if ((out.allOf as Json[]).length === 0) delete out.allOf;
  }
  const byService = node.requiredByService;
  if (Array.isArray(byService) && byService.length > 0) {
    const required = new Set([...((out.required as string[] | undefined) ?? []), ...(byService as string[])]);
    out.required = [...required];
  }
  return out;
}

/** Fastify's `/orders/:id` as OpenAPI's `/orders/{id}`, under /api. */
export function openApiPath(url: string): string {
  return `/api${url.replace(/:(\w+)/g, '{$1}')}`;
}

/** `send verification code`, `sendVerificationCode`, `Back office` → camelCase words joined. */
function camel(...parts: string[]): string {
  const words = parts
    .join(' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z\d]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
  return words
    .map((word, index) => (index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join('');
}

/** `sendVerificationCode` → `Send verification code`. */
function sentence(id: string): string {
  const words = id.replace(/([a-z\d])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function parameters(endpoint: Endpoint, where: 'path' | 'query'): Json[] {
  const schema = standardSchema(
    where === 'path' ? endpoint.schema.params : endpoint.schema.querystring,
    'request',
  );
  const properties = (schema.properties as Record<string, Json> | undefined) ?? {};
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const names =
    where === 'path'
      ? [...endpoint.url.matchAll(/:(\w+)/g)].map((match) => match[1] as string)
      : Object.keys(properties);
  return names.map((name) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: properties[name] ?? { type: 'string' },
  }));
}

/** Every error answer is `ErrorResponse`; these are the statuses an operation names, each said once. */
const ERROR_RESPONSES: Record<string, { name: string; description: string }> = {
  '400': { name: 'BadRequest', description: 'The body is not valid JSON.' },
  '401': { name: 'Unauthorized', description: 'No valid token (or guest token) where one is needed.' },
  '403': {
    name: 'Forbidden',
    description: 'The token does not carry the role or the right this call needs.',
  },
  '404': { name: 'NotFound', description: 'Nothing with that id that this caller may see.' },
  '409': { name: 'Conflict', description: 'The thing is not in a state that allows this (see `code`).' },
  '413': { name: 'PayloadTooLarge', description: 'The body is larger than this call accepts.' },
  '422': {
    name: 'UnprocessableEntity',
    description: 'A field is refused: `errors` names each field with its messages.',
  },
  '429': { name: 'TooManyRequests', description: 'Too many attempts; try again later.' },
  '502': { name: 'BadGateway', description: 'The payment gateway failed.' },
  '503': {
    name: 'ServiceUnavailable',
    description: 'A service this call needs (the payment gateway) is not set up.',
  },
};

/** The error statuses an operation can answer: from what it takes and its auth, and those its notes name. */
function errorStatuses(endpoint: Endpoint): string[] {
  const statuses = new Set<string>();
  const readsBody = endpoint.schema.body !== undefined || endpoint.readBody?.mediaType === 'application/json';
  if (readsBody) statuses.add('400');
  if (readsBody || endpoint.readBody || endpoint.schema.querystring || endpoint.schema.params)
    statuses.add('422');
  if (endpoint.auth === 'bearer' || endpoint.auth === 'staff' || endpoint.auth === 'owner')
    statuses.add('401');
  if (endpoint.auth === 'staff' || endpoint.auth === 'owner') statuses.add('403');
  if (endpoint.schema.params) statuses.add('404');
  const words = `${endpoint.notes ?? ''} ${endpoint.bodyNote ?? ''}`;
  for (const match of words.matchAll(/\b([45]\d\d)\b/g)) {
    if (ERROR_RESPONSES[match[1] as string]) statuses.add(match[1] as string);
  }
  return [...statuses].sort();
}

function requestBody(endpoint: Endpoint): Json | undefined {
  const description = endpoint.bodyNote ? { description: endpoint.bodyNote } : {};
  if (endpoint.schema.body) {
    return {
      required: true,
      ...description,
      content: { 'application/json': { schema: standardSchema(endpoint.schema.body, 'request') } },
    };
  }
  const read = endpoint.readBody;
  if (!read) return undefined;
  const encoding = read.partTypes
    ? {
        encoding: Object.fromEntries(
          Object.entries(read.partTypes).map(([part, contentType]) => [part, { contentType }]),
        ),
      }
    : {};
  return {
    required: read.required,
    ...description,
    content: { [read.mediaType]: { schema: standardSchema(read.schema, 'request'), ...encoding } },
  };
}

function operation(area: Area, id: string, endpoint: Endpoint, used: Set<string>): Json {
  const responses: Json = {};
  for (const [status, schema] of Object.entries(endpoint.schema.response) as [string, TSchema][]) {
    responses[status] = {
      description: endpoint.notes ?? 'success',
      content: { 'application/json': { schema: standardSchema(schema, 'response') } },
    };
  }
  if (Object.keys(responses).length === 0) {
    // An answer the route streams itself (the catalogue CSV): its notes say what it is.
    responses['200'] = { description: endpoint.notes ?? 'success' };
  }
  for (const status of errorStatuses(endpoint)) {
    const name = ERROR_RESPONSES[status]?.name;
    if (!name) continue;
    used.add(name);
    responses[status] = { $ref: `#/components/responses/${name}` };
  }
  responses.default = { $ref: '#/components/responses/Error' };
  const body = requestBody(endpoint);
  return {
    operationId: camel(area.name, id),
    summary: sentence(id),
    tags: [area.title],
    ...(endpoint.notes ? { description: endpoint.notes } : {}),
    parameters: [...parameters(endpoint, 'path'), ...parameters(endpoint, 'query')],
    ...(body ? { requestBody: body } : {}),
    ...(endpoint.auth === 'bearer'
      ? { security: [{ bearer: [] }] }
      : endpoint.auth === 'staff' || endpoint.auth === 'owner'
        ? // OpenAPI has no word for a role: a bearer token, and the role it must carry as an extension.
          { security: [{ bearer: [] }], 'x-role': endpoint.auth }
        : endpoint.auth === 'optional'
          ? { security: [{}, { bearer: [] }] }
          : // Said, not left out: a call anyone may make.
            { security: [] }),
    responses,
  };
}

export function buildOpenApi(version = '0.1.0'): Json {
  const paths: Record<string, Json> = {};
  const used = new Set<string>();
  for (const area of AREAS) {
    for (const [id, endpoint] of Object.entries(area.endpoints)) {
      const path = openApiPath(endpoint.url);
      paths[path] = {
        ...paths[path],
        [endpoint.method.toLowerCase()]: operation(area, id, endpoint, used),
      };
    }
  }
  const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
  const responses: Json = {
    Error: { description: 'Any other error, e.g. 500 `Server Error`.', content: errorContent },
  };
  for (const { name, description } of Object.values(ERROR_RESPONSES)) {
    if (used.has(name)) responses[name] = { description, content: errorContent };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Gulf Store API',
      version,
      description: 'The storefront API (see docs/api-contract.md). Generated from contract/.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    // The shop's own origin: the API is served beside the storefront, every path under /api.
    servers: [{ url: '/', description: 'the shop itself' }],
    tags: AREAS.map((area) => ({ name: area.title, description: area.description })),
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { Error: standardSchema(ErrorResponse, 'response') },
      responses,
    },
    paths,
  };
}
