/** The shop's two languages (spelled here: shared/ imports nothing from the SPA). */
type PageLanguage = 'en' | 'ar';

/** Pages whose first render speaks the cart's texts (the `shop` namespace): the cart and the checkout. */
const SHOP_TEXT_PAGES = new Set(['cart', 'checkout']);

/**
 * The chunk groups (webpack chunk names) a page's first render needs beside the entry: its route's code and its
 * language's texts. The server links them as preloads in the HTML, so they download with the entry instead of
 * after it. A route's chunk is named after the path's first segment, `home` for `/` (routes.test.tsx holds
 * routes.tsx to that); names that are no chunk are ignored by whoever reads the build's chunk manifest.
 */
export function pageChunkGroups(pathname: string, language: PageLanguage): string[] {
  const segment = pathname.split(/[/?#]/)[1] ?? '';
  const page = segment === '' ? 'home' : segment;
  // The back office loads only once the store says the visitor is staff: a stranger's /admin fetches none of it.
  if (page === 'admin') return [`locale-${language}`];
  return [
    `locale-${language}`,
    page,
    `locale-${language}-${page}`,
    ...(SHOP_TEXT_PAGES.has(page) ? [`locale-${language}-shop`] : []),
  ];
}

/**
 * Marks the deferred scripts of a page's first chunks in its HTML (server/plugins/spa.ts): the entry removes them as it
 * starts, so webpack, which reuses a script element of the same address, fetches a failed one anew.
 */
export const PAGE_CHUNK_ATTRIBUTE = 'data-page-chunk';

/** The id of the JSON block a server-rendered page carries: what its markup was rendered from. */
export const SERVER_PAGE_ID = 'shop-first-render';

/**
 * The cookie the SPA keeps while the shopper's stored state is not a new visitor's (a session, a cart, saved
 * products, a currency, filters): the server then sends pages without server-rendered markup.
 */
export const PERSONAL_COOKIE = 'shop_personal';

/**
 * The cookie naming the built files (by content hash, `~`-separated) the browser holds in its cache: the server links
 * those instead of carrying them in the page (server/plugins/inlineAssets.ts, src/app/heldFiles.ts).
 */
export const HELD_FILES_COOKIE = 'shop_held';

/** At most this many names in it (the cookie goes with every request): the latest build's files of a few pages. */
export const HELD_FILES_LIMIT = 12;

/** The content hash in a built file's name (`/css/main.cc1961c1.css` → `cc1961c1`): what the held files' cookie names. */
export function contentHashOf(href: string): string | null {
  return /\.([0-9a-f]{8,})\.(?:css|js)$/.exec(href)?.[1] ?? null;
}
