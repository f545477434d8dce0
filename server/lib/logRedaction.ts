// What the server writes to its log never carries a secret a client sent: the guest token is a cart's (and a guest
// order's) only key, and a code or token in an address opens an account or a payment. Logs are read by more people,
// kept longer and shipped further than the database.
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Query parameters whose values are secrets (compared without case; `name[]` counts as `name`). */
export const SECRET_QUERY_PARAMS: ReadonlySet<string> = new Set([
  'guest_token',
  'token',
  'code',
  'signature',
]);

/** Headers that carry a credential, should anything log a request's headers. */
export const SECRET_HEADERS = ['authorization', 'cookie', 'x-guest-token', 'proxy-authorization'] as const;

export const REDACTED = '[redacted]';

function parameterName(raw: string): string {
  let name = raw.replace(/\+/g, ' ');
  try {
    name = decodeURIComponent(name);
  } catch {
    // Malformed percent-encoding: compared as sent.
  }
  return name.replace(/\[.*$/, '').trim().toLowerCase();
}

/** The address with the value of every secret query parameter replaced; everything else as sent. */
export function redactedUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const hash = url.indexOf('#', mark);
  const query = url.slice(mark + 1, hash === -1 ? undefined : hash);
  const redacted = query
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      const name = equals === -1 ? part : part.slice(0, equals);
      return equals !== -1 && SECRET_QUERY_PARAMS.has(parameterName(name)) ? `${name}=${REDACTED}` : part;
    })
    .join('&');
  return `${url.slice(0, mark + 1)}${redacted}${hash === -1 ? '' : url.slice(hash)}`;
}

/**
 * Fastify's request serializer (what "incoming request" lines show), with the address redacted: method, address,
 * host and client, never headers or body.
 */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}

/**
 * The logger options with the redacting serializer and pino's own redaction of credential headers (for a header
 * object logged under `req` or `headers`). `false` stays false (tests are silent by default).
 */
export function redactingLogger(
  logger: boolean | FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (logger === false || logger === undefined) return false;
  const options = logger === true ? {} : (logger as Record<string, unknown>);
  const serializers = (options.serializers ?? {}) as Record<string, unknown>;
  const headerPaths = SECRET_HEADERS.flatMap((name) => [`req.headers["${name}"]`, `headers["${name}"]`]);
  return {
    ...options,
    serializers: { ...serializers, req: serializeRequest },
    redact: { paths: headerPaths, censor: REDACTED },
  } as FastifyServerOptions['logger'];
}
