// Personal answers are never stored by a browser or a proxy (issue 47, finding 12): everything about the signed-in
// account, its cart, orders, addresses, profile and favourites, a guest's cart and orders, payment status, sign-in and
// the back office answers `Cache-Control: no-store`, errors included; so does any answer to a request that carries a
// bearer token, whatever its path, since it may be shaped by who asked.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routedApiPath } from '../lib/apiAddress';

/** The API paths whose answers are personal, under /api. */
export const PERSONAL_API_PATHS: readonly RegExp[] = [
  /^\/users(\/|$)/,
  /^\/cart(\/|$)/,
  /^\/guest\//,
  /^\/orders(\/|$)/,
  /^\/create-order$/,
  /^\/addresses(\/|$)/,
  /^\/profile/,
  /^\/profile_(update|delete)/,
  /^\/(user-)?wishlist(\/|$)/,
  /^\/payments\/[^/]+\/status$/,
  /^\/(execute|initiate)-payment$/,
  /^\/admin(\/|$)/,
  /^\/account(\/|$)/,
  /^\/(login|logout|register|verify-code|send-verification-code|password\/[\w-]+|auth\/[\w-]+)$/,
  /^\/refunds$/,
];

export function isPersonal(request: FastifyRequest): boolean {
  if (typeof request.headers.authorization === 'string' && request.headers.authorization !== '') return true;
  const path = routedApiPath(request);
  return path !== undefined && PERSONAL_API_PATHS.some((pattern) => pattern.test(path));
}

export function registerNoStore(app: FastifyInstance): void {
  // A callback hook: it runs on every answer, and an async one costs a promise each time.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isPersonal(request)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
