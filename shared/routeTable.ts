// The shop's pages: the one list the SPA's router is built from (src/app/routes.tsx adds each page's code) and the
// server reads to know which pages it renders for a new visitor (shared/pageAddress.ts). Paths are react-router's.

export interface RouteEntry {
  readonly path: string;
  /** The server renders it for a new visitor: a page that shows everybody the same. */
  readonly serverRendered?: true;
  /** Only for a signed-in shopper. */
  readonly signedIn?: true;
  /** Staff only: anyone else gets the not-found page, and the page's code is not fetched for them. */
  readonly staff?: true;
}

export const ROUTE_TABLE = [
  { path: '/', serverRendered: true },
  { path: '/search', serverRendered: true },
  { path: '/all-categories', serverRendered: true },
  { path: '/product/:id', serverRendered: true },
  { path: '/cart', serverRendered: true },
  { path: '/checkout' },
  { path: '/payment' },
  { path: '/orders', signedIn: true },
  { path: '/favorites', signedIn: true },
  { path: '/profile', signedIn: true },
  { path: '/profile-password', signedIn: true },
  { path: '/profile-orders', signedIn: true },
  { path: '/profile-country', signedIn: true },
  { path: '/profile-shipping', signedIn: true },
  { path: '/policy', serverRendered: true },
  { path: '/privacy', serverRendered: true },
  { path: '/who-we-are', serverRendered: true },
  { path: '/admin/*', staff: true },
  { path: '*' },
] as const satisfies readonly RouteEntry[];

export type RoutePath = (typeof ROUTE_TABLE)[number]['path'];

/**
 * A server-rendered route's path as a pattern for the addresses spelled exactly as the route: a parameter is one
 * segment, nothing else varies (a trailing slash, capitals or a deeper path are rendered by the browser instead).
 */
const serverRenderedPattern = new RegExp(
  `^(?:${ROUTE_TABLE.filter((route: RouteEntry) => route.serverRendered)
    .map((route) =>
      route.path
        .split('/')
        .map((segment) =>
          segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'),
        )
        .join('/'),
    )
    .join('|')})$`,
);

/** Whether the server renders the page at this path for a new visitor. */
export function isServerRenderedPath(pathname: string): boolean {
  return serverRenderedPattern.test(pathname);
}
