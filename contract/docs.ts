// Renders docs/api-contract.md from the endpoint maps, so the document cannot drift from what the server checks.
import type { TSchema } from 'typebox';
import { Address } from './addresses';
import { CartItem } from './cart';
import { CatalogueImport } from './catalogueImport';
import { Product } from './catalog';
import type { Endpoint } from './common';
import { Order, OrderItem } from './orders';
import { PaymentMethod } from './payments';
import { PublicUser } from './profile';
import { AREAS } from './index';

/** Shapes named once below the tables and referred to by name inside them. */
const NAMED: readonly [string, TSchema][] = [
  ['Product', Product],
  ['CartItem', CartItem],
  ['Address', Address],
  ['User', PublicUser],
  ['Order', Order],
  ['OrderItem', OrderItem],
  ['PaymentMethod', PaymentMethod],
  ['CatalogueImport', CatalogueImport],
];

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  /** fields the service requires in its own words (contract/common.ts CheckedByService) */
  requiredByService?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
}

/** By identity, or by content: Type.Optional wraps a copy of the schema. */
function nameOf(schema: unknown, except?: unknown): string | undefined {
  const text = JSON.stringify(schema);
  return NAMED.find(
    ([, named]) => (named === schema || JSON.stringify(named) === text) && named !== except,
  )?.[0];
}

/** Required by the schema or by the service: no `?`. */
const isRequired = (schema: Schema, key: string) =>
  (schema.required?.includes(key) ?? false) || (schema.requiredByService?.includes(key) ?? false);

/** `{ a, b?, c: { d } }` for people: field names, nesting, `?` for optional, named shapes by name. */
function shape(schema: Schema, except?: unknown): string {
  const named = nameOf(schema, except);
  if (named) return named;
  if (schema.type === 'array' && schema.items) return `[${shape(schema.items)}]`;
  if (schema.anyOf) {
    const options = schema.anyOf.filter((option) => option.type !== 'null');
    if (options.length === 1 && options[0]) return shape(options[0]);
  }
  if (schema.type === 'object' && schema.properties) {
    const fields = Object.entries(schema.properties).map(([key, value]) => {
      const optional = isRequired(schema, key) ? '' : '?';
      const inner = shape(value);
      return inner ? `${key}${optional}: ${inner}` : `${key}${optional}`;
    });
    return `{ ${fields.join(', ')} }`;
  }
  return '';
}

/** `integer`, `string|null`, `'a'|'b'`, nested objects with their field types: for the named shapes. */
function typed(schema: Schema): string {
  if (schema.anyOf) return schema.anyOf.map(typed).join('|');
  if (schema.enum) return schema.enum.map((value) => `'${String(value)}'`).join('|');
  if (schema.const !== undefined) return `'${String(schema.const)}'`;
  if (schema.type === 'array' && schema.items) return `[${nameOf(schema.items) ?? typed(schema.items)}]`;
  if (schema.type === 'object' && schema.properties) {
    const fields = Object.entries(schema.properties).map(([key, value]) => {
      const optional = isRequired(schema, key) ? '' : '?';
      return `${key}${optional}: ${nameOf(value) ?? typed(value)}`;
    });
    return `{ ${fields.join(', ')} }`;
  }
  return Array.isArray(schema.type) ? schema.type.join('|') : (schema.type ?? 'any');
}

function bodyOf(endpoint: Endpoint): string {
  const parts: string[] = [];
  if (endpoint.schema.body) parts.push(shape(endpoint.schema.body as Schema).replace(/^\{ | \}$/g, ''));
  if (endpoint.bodyNote) parts.push(endpoint.bodyNote);
  const query = endpoint.schema.querystring as Schema | undefined;
  const queryFields = Object.keys(query?.properties ?? {}).filter((key) => key !== 'lang');
  if (queryFields.length > 0) {
    parts.push(
      `query: ${queryFields.map((key) => `${key}${query?.required?.includes(key) ? '' : '?'}`).join(', ')}`,
    );
  }
  return parts.join('; ');
}

function answerOf(endpoint: Endpoint): string {
  const answers = Object.entries(endpoint.schema.response).map(([status, schema]) => {
    const text = `\`${shape(schema as Schema)}\``;
    return status === '200' ? text : `${status} ${text}`;
  });
  return [answers.join(' / '), endpoint.notes].filter(Boolean).join('; ');
}

const AUTH_NOTES: Record<NonNullable<Endpoint['auth']>, string> = {
  bearer: ' (bearer)',
  optional: ' (optional bearer)',
  staff: ' (bearer, staff)',
  owner: ' (bearer, owner)',
};

function callOf(endpoint: Endpoint): string {
  const url = endpoint.url.replace(/:(\w+)/g, '{$1}');
  const auth = endpoint.auth ? AUTH_NOTES[endpoint.auth] : '';
  return `${endpoint.method} ${url}${auth}`;
}

const escapeCell = (text: string) => text.replace(/\|/g, '\\|');

/** A Markdown table with padded columns, as Prettier would lay it out. */
function table(header: string[], rows: string[][]): string {
  const cells = [header, ...rows].map((row) => row.map(escapeCell));
  const widths = header.map((_, column) => Math.max(3, ...cells.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const [head, ...body] = cells;
  return [
    line(head ?? []),
    `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`,
    ...body.map(line),
  ].join('\n');
}

const INTRO = `# API contract (binding for \`server/\` and the SPA)

<!-- Generated from contract/*.ts by \`npm run contract:docs\`; a test fails when this file differs. Edit the schemas. -->

The specs' call tables (docs/spec/01-shell-and-account.md §7, docs/spec/02-shopping.md §7) name the calls; this
page fixes the exact bodies. It is generated from the TypeBox schemas in \`contract/\`, the same ones the server
validates requests and serializes answers with. Everything lives under \`/api\` (the SPA's base URL is \`<apiBaseUrl>\` = \`/api\` by default). In the tables, \`x?\` is an
optional field; named shapes (Product, CartItem, …) are spelled out below them.

Common rules

- Requests and answers are JSON. \`Authorization: Bearer <token>\` when signed in. \`?lang=ar\` switches the
  language of names/texts (default English). Money is a JSON number with 3 decimals at most (KWD has 3).
- Bearer tokens end after 30 days without use (each use extends them); an ended token answers 401.
- Errors: 422 \`{ "message": "...", "errors": { "field": ["msg", ...] } }\`; 401 \`{ "message": "Unauthenticated." }\`;
  403 \`{ "message": "Email not verified." }\` (unverified account); 404 \`{ "message": "..." }\`;
  429 \`{ "message": "Too many attempts. Please try again later." }\`. Bad input never yields 500. A bearer call
  without a valid token answers 401 before its body is checked.
- 422 messages are Laravel's wording (\`The email field is required.\`); form fields report their first failing
  rule only.`;

const OUTSIDE = `## Outside the specs

- GET /config.js → \`window.__SHOP_CONFIG__ = { apiBaseUrl, googleClientId, facebookAppId }\` (from env; the SPA reads it at run time).
- Outside production: GET /dev/mail → the outbox as an HTML page.
- A NUL character (U+0000) in any parameter, query or body string → 422 \`{ message, errors: { <field>: ['The <field>
field contains invalid characters.'] } }\` (nested fields by dotted path), before authentication and validation.
- PUT /profile_update to a different e-mail: the account becomes unverified until the code mailed to the new address
  comes back through POST /verify-code (its tokens answer 403 \`Email not verified.\` meanwhile); the answer's message is
  \`Profile updated successfully. Please check your new email for the verification code.\`
- Social login linking an existing account whose e-mail was never verified drops that account's password and tokens.
- Without a gateway and without \`PAYMENTS_SANDBOX=on\` (the default): initiate-payment, execute-payment, create-order and guest/create-order → 503
  \`{ message: 'This service is currently unavailable.' }\` (no order is stored).
- Payment sandbox: GET /pay/sandbox/{paymentId} (hosted page with Pay / Decline) → redirects to
  \`<SPA>/payment?paymentId=…&status=paid|failed\` (the page's decision is the sandbox's callback: the order follows it
  at once; the redirect's \`status\` is never read); GET /api/payments/{paymentId}/status asks the gateway: \`status\`
  is the order's (pending / paid / failed …), \`payment_status\` the gateway's.
- An unpaid order holds its stock for \`UNPAID_ORDER_MINUTES\` (30 by default), then expires (status \`expired\`, stock
  back on sale; execute-payment → 409 \`{ message: 'This order expired unpaid and its items went back on sale.' }\`); a
  payment still arriving for it takes the stock again if it is there, else the order is \`refund_due\`.
- Guest cart: update and delete act on the product's cart line; an optional \`size\`/\`color\` in the body picks one line
  when the product is in the cart with several choices.
- Picture URLs in catalogue answers are site-relative (\`/media/...\`, served by the API server); payment \`ImageUrl\`s are absolute.
- Product attribute names: 'size'/'color' (English) or 'المقاس'/'اللون' (lang=ar).`;

/** The whole document, as committed in docs/api-contract.md. */
export function renderApiContract(): string {
  const sections = AREAS.map((area) => {
    const rows = Object.values(area.endpoints).map((endpoint) => [
      callOf(endpoint),
      bodyOf(endpoint),
      answerOf(endpoint),
    ]);
    return `## ${area.title}\n\n${table(['call', 'body', 'answer'], rows)}`;
  });
  const shapes = NAMED.map(([name, schema]) => `- ${name} = \`${typed(schema as Schema)}\``).join('\n');
  return `${[INTRO, ...sections, `## Shapes\n\n${shapes}`, OUTSIDE].join('\n\n')}\n`;
}
