import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';
import { routedApiPath } from '../lib/apiAddress';
import { clientAddressKey } from '../lib/clientAddress';
import { HttpError, TOO_MANY_ATTEMPTS } from '../lib/errors';
import { COMPRESS_THRESHOLD } from '../lib/limits';

/** The CSP the built SPA passes: its own bundles plus Google and Facebook sign-in. */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", 'https://accounts.google.com', 'https://connect.facebook.net'],
  styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com'],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'", 'https://accounts.google.com', 'https://graph.facebook.com'],
  frameSrc: ['https://accounts.google.com', 'https://www.facebook.com'],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
  // Would turn the plain-http local and CI runs (http://127.0.0.1) into broken https requests.
  upgradeInsecureRequests: null,
};

/** Kept answers are sent by the same rule (lib/encodedResponse sendEncoded). */
export { COMPRESS_THRESHOLD } from '../lib/limits';

export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  // Google's sign-in popup talks back to the opener window.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  // Uploaded pictures and product images may be shown by an SPA hosted on another origin (CORS_ORIGINS);
  // the API uses bearer tokens, not cookies, so nothing ambient leaks.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
};

/**
 * What a JSON answer of the API carries (OWASP's REST cheat sheet): a policy under which nothing in it runs, loads or
 * is framed, and the headers that hold for any answer. The page-only ones (the opener policy, origin-agent-cluster,
 * DNS prefetch, IE's download and XSS-filter switches) say nothing to a fetch: the page's 1 KB of headers on every
 * answer cost a phone bytes and the server a fifth of a small answer's throughput (docs/performance.md).
 */
export const API_HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  xFrameOptions: { action: 'deny' },
  crossOriginResourcePolicy: HELMET_OPTIONS.crossOriginResourcePolicy,
  crossOriginOpenerPolicy: false,
  crossOriginEmbedderPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xXssProtection: false,
  xPermittedCrossDomainPolicies: false,
};

/** The API's headers, worked out once: also for the answers Fastify gives before routing (`frameworkErrors`). */
export const API_ANSWER_HEADERS = securityHeaders(API_HELMET_OPTIONS);

/** An HTML page served under /api (the API's own documentation): it takes the page's headers. */
export const DOCUMENT_ROUTE = { documentPage: true } as const;

/**
 * The headers helmet sets with these options, worked out once: none of them depends on the request (the CSP has
 * no per-request values). @fastify/helmet built helmet's middleware again on every request, parsing the CSP
 * each time (≈ 3–4 % of the server's CPU under cart load).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: unknown) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
  });
  return Object.fromEntries(headers);
}

/**
 * The page's policy with the inline scripts it carries allowed by their hashes (server/plugins/inlineAssets.ts): only
 * those exact texts run, as the files they stand for would.
 */
export function policyAllowingScripts(policy: string, sources: string[]): string {
  if (sources.length === 0) return policy;
  return policy.replace(
    /(^|;)\s*script-src\b([^;]*)/,
    (_all, start: string, list: string) => `${start}script-src${list} ${sources.join(' ')}`,
  );
}

/** `store`: counters shared by every server process (lib/rateLimitStore), so limits hold behind a load balancer. */
export async function registerSecurity(
  app: FastifyInstance,
  config: Config,
  store?: FastifyRateLimitStoreCtor,
): Promise<void> {
  const pageHeaders = securityHeaders(HELMET_OPTIONS);
  app.addHook('onRequest', (request, reply, done) => {
    const apiAnswer =
      routedApiPath(request) !== undefined &&
      (request.routeOptions.config as { documentPage?: boolean } | undefined)?.documentPage !== true;
    reply.headers(apiAnswer ? API_ANSWER_HEADERS : pageHeaders);
    done();
  });
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'Accept-Language', 'Cache-Control'],
    maxAge: 600,
  });
  // Answers are compressed as they go, so brotli runs at a fast level (its default, 11, costs milliseconds per
  // answer for a few per cent); the big lists are compressed once per cached answer instead (lib/encodedResponse.ts).
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(rateLimit, {
    global: false,
    // A route without its own key counts by the client's address (an IPv6 client by its /64).
    keyGenerator: (request: FastifyRequest) => clientAddressKey(request.ip),
    ...(store ? { store } : {}),
    errorResponseBuilder: () => new HttpError(429, TOO_MANY_ATTEMPTS),
  });
}

function emailOf(request: FastifyRequest): string {
  const body = request.body;
  if (typeof body !== 'object' || body === null) return '';
  const email = (body as Record<string, unknown>).email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

/** A route-level rate limit per minute, keyed by the group, the client address and `keyOf(request)`. */
export function limitPerIpAnd(max: number, group: string, keyOf: (request: FastifyRequest) => string) {
  return {
    rateLimit: {
      max,
      timeWindow: 60_000,
      hook: 'preValidation' as const,
      groupId: group,
      keyGenerator: (request: FastifyRequest) => `${group}|${clientAddressKey(request.ip)}|${keyOf(request)}`,
    },
  };
}

/**
 * Route-level rate limit keyed by client address and the e-mail in the body, so one attacker cannot lock out
 * everybody behind the same address and one address cannot hammer an account. Counted once the body is parsed.
 */
export function limitPerIpAndEmail(max: number, group: string) {
  return limitPerIpAnd(max, group, emailOf);
}

/**
 * A per-address cap on one route group, whatever the e-mails (spraying many accounts from one address), for the
 * route's preValidation next to its per-address-and-e-mail limit. Built on createRateLimit because the plugin's
 * own hook runs only once per request: a second limit through it would silently never count.
 */
export function limitPerIp(app: FastifyInstance, max: number, group: string) {
  const check = app.createRateLimit({
    max,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `${group}|${clientAddressKey(request.ip)}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new HttpError(429, TOO_MANY_ATTEMPTS);
    }
  };
}
