// Which requests are the API's, and the path under `/api` a route was found by. The SPA's fallback, the security
// headers and the no-store rule each ask; one answer keeps them agreeing on `/api` itself, `/api?…`, encoded paths
// and the request-line forms the router reads otherwise than the raw URL (`GET http://host/api/…`, a `#`).
import type { FastifyRequest } from 'fastify';

/** Whether a request's URL (path and query, as received) addresses the API: `/api`, `/api/…` or `/api?…`. */
export function isApiUrl(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * The path under `/api` (without its query) of a URL: decoded, as the router decodes `/api/%67uest/cart` to the
 * guest cart's route (one it cannot decode stays as sent: the router refuses it). `undefined` when the URL is not
 * the API's.
 */
export function apiPathOf(url: string): string | undefined {
  if (!isApiUrl(url)) return undefined;
  const end = url.search(/[?#]/);
  const path = url.slice('/api'.length, end === -1 ? undefined : end);
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * The path under `/api` a request was routed by: the matched route's own pattern (`/guest/cart`,
 * `/payments/:paymentId/status`), whatever form the request line took; for an address no route has, its own path.
 * `undefined` when the request is not the API's.
 */
export function routedApiPath(request: Pick<FastifyRequest, 'url' | 'routeOptions'>): string | undefined {
  const route = request.routeOptions.url;
  if (route) return isApiUrl(route) ? route.slice('/api'.length) : undefined;
  return apiPathOf(request.url);
}
