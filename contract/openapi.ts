// The contract as an OpenAPI 3.1 document, built from the same endpoint maps the server validates with and
// docs/api-contract.md is written from, so other clients (a mobile app, an integration) read what the server checks.
import type { Endpoint } from './common';
import { AREAS } from './index';

type Json = Record<string, unknown>;

/** A typebox schema as plain JSON Schema (2020-12, which OpenAPI 3.1 uses): typebox's own symbol keys dropped. */
function plain(schema: unknown): Json {
  return JSON.parse(JSON.stringify(schema)) as Json;
}

/** Fastify's `/orders/:id` as OpenAPI's `/orders/{id}`, under /api. */
export function openApiPath(url: string): string {
  return `/api${url.replace(/:(\w+)/g, '{$1}')}`;
}

function parameters(endpoint: Endpoint, where: 'path' | 'query'): Json[] {
  const schema = where === 'path' ? endpoint.schema.params : endpoint.schema.querystring;
  const names =
    where === 'path'
      ? [...endpoint.url.matchAll(/:(\w+)/g)].map((match) => match[1] as string)
      : Object.keys((plain(schema ?? {}).properties as Json | undefined) ?? {});
  const properties = (plain(schema ?? {}).properties as Record<string, Json> | undefined) ?? {};
  const required = new Set((plain(schema ?? {}).required as string[] | undefined) ?? []);
  return names.map((name) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: properties[name] ?? { type: 'string' },
  }));
}

function operation(area: string, id: string, endpoint: Endpoint): Json {
  const responses: Json = {};
  for (const [status, schema] of Object.entries(endpoint.schema.response)) {
    responses[status] = {
      description: endpoint.notes ?? 'success',
      content: { 'application/json': { schema: plain(schema) } },
    };
  }
  responses.default = {
    description: 'an error: `{ message, errors? }` (422 per field, 401 without a valid token, 404, 429, 503)',
  };
  const body = endpoint.schema.body;
  return {
    operationId: `${area.toLowerCase()}.${id}`,
    tags: [area],
    ...(endpoint.notes ? { description: endpoint.notes } : {}),
    parameters: [...parameters(endpoint, 'path'), ...parameters(endpoint, 'query')],
    ...(body
      ? {
          requestBody: {
            required: true,
            ...(endpoint.bodyNote ? { description: endpoint.bodyNote } : {}),
            content: {
              [endpoint.bodyNote ? 'multipart/form-data' : 'application/json']: { schema: plain(body) },
            },
          },
        }
      : {}),
    ...(endpoint.auth === 'bearer'
      ? { security: [{ bearer: [] }] }
      : endpoint.auth === 'staff' || endpoint.auth === 'owner'
        ? // OpenAPI has no word for a role: a bearer token, and the role it must carry as an extension.
          { security: [{ bearer: [] }], 'x-role': endpoint.auth }
        : endpoint.auth === 'optional'
          ? { security: [{}, { bearer: [] }] }
          : {}),
    responses,
  };
}

export function buildOpenApi(version = '0.1.0'): Json {
  const paths: Record<string, Json> = {};
  for (const area of AREAS) {
    for (const [id, endpoint] of Object.entries(area.endpoints)) {
      const path = openApiPath(endpoint.url);
      paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operation(area.title, id, endpoint) };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Gulf Store API',
      version,
      description: 'The storefront API (see docs/api-contract.md). Generated from contract/.',
    },
    tags: AREAS.map((area) => ({ name: area.title })),
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
