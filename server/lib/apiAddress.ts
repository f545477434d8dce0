// Which requests are the API's, and the path under `/api` a route was found by. The SPA's fallback, the security
// headers and the no-store rule each ask; one answer keeps them agreeing on `/api` itself, `/api?…` and encoded paths.

/** Whether a request's URL (path and query, as received) addresses the API: `/api`, `/api/…` or `/api?…`. */
export function isApiUrl(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * The path under `/api` (without its query) as the router matched it: decoded, because the router decodes
 * `/api/%67uest/cart` to the guest cart's route. `undefined` when the URL is not the API's or cannot be decoded
 * (the router refuses it too).
 */
export function apiPathOf(url: string): string | undefined {
  if (!isApiUrl(url)) return undefined;
  const query = url.indexOf('?');
  const path = url.slice('/api'.length, query === -1 ? undefined : query);
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}
