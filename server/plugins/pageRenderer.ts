import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { redactedUrl } from '../lib/logRedaction';
import { couponDayOf } from '../services/coupons';
import { isPublicPage } from '../../shared/pageAddress';
import { PERSONAL_COOKIE, SERVER_PAGE_ID } from '../../shared/pageChunks';

/** The shop's two languages (as shared/pageChunks.ts spells them). */
type Language = 'en' | 'ar';

/** What `dist/ssr/render.js` (src/app/renderPage.tsx) answers; typed here, the bundle is plain JavaScript. */
export interface RenderedPage {
  html: string;
  page: { personal: string; answers: unknown };
}

interface PageRendererModule {
  renderPage(request: {
    url: string;
    language: Language;
    apiBaseUrl: string;
    fetch: typeof fetch;
    /** What /config.js publishes that a page shows (the footer's contact address). */
    config?: { contactEmail?: string };
  }): Promise<RenderedPage>;
}

/**
 * Renders a page (its address as `pageAddress` reduces it) or answers it from memory; null: the page goes out
 * without markup. `mayRender` is asked before a new render (not for a page in memory): false sends the page
 * without markup instead. A kept page past its fresh time is rendered again once `afterSent` calls back (the answer
 * that served it is out): a render's first pass holds the thread for tens of milliseconds, which the shopper who
 * asked for the kept page would otherwise wait for.
 */
export interface RenderPage {
  (
    address: string,
    language: Language,
    mayRender?: () => Promise<boolean>,
    afterSent?: (refresh: () => void) => void,
  ): Promise<RenderedPage | null>;
  /** Pages held in memory. */
  readonly cachedPages: () => number;
}

/**
 * Whether this page is rendered on the server: a public page, for a shopper whose browser holds nothing that
 * would make it theirs (a session, a cart, saved products, a currency: they get the page rendered in the browser,
 * never somebody else's for a moment).
 */
export function rendersOnServer(pathname: string, cookieHeader: string | undefined): boolean {
  return isPublicPage(pathname) && !holdsPersonalState(cookieHeader);
}

/** Whether the shopper's browser holds a state of their own (the SPA's cookie says so). */
export function holdsPersonalState(cookieHeader: string | undefined): boolean {
  const personal = new RegExp(`(?:^|;\\s*)${PERSONAL_COOKIE}=([^;]*)`).exec(cookieHeader ?? '')?.[1];
  return personal === '1';
}

/**
 * The address the SPA's not-found page is rendered under: it is the same at every address the SPA has no page for
 * (react-router's `*`), so one render per language serves them all. Its first segment names its code's chunk.
 */
export const NOT_FOUND_ADDRESS = '/not-found';

/**
 * Puts the rendered markup into `#root` and what it was made from (the API answers the browser hydrates with) into
 * a JSON block after it (not a script: it runs nothing, so the content security policy is untouched).
 */
export function withRenderedPage(html: string, rendered: RenderedPage): string {
  const data = JSON.stringify(rendered.page).replace(/</g, '\\u003c');
  return html
    .replace(/<div id="?root"?><\/div>/, () => `<div id="root">${rendered.html}</div>`)
    .replace(
      '</body>',
      () => `<script type="application/json" id="${SERVER_PAGE_ID}">${data}</script></body>`,
    );
}

/** The API reached in process (no socket): what the renderer's base query fetches. */
export function inProcessFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const body =
      request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const answer = await app.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { ...headers, 'accept-encoding': 'identity' },
      ...(body ? { payload: Buffer.from(body) } : {}),
    });
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (typeof value === 'string') answerHeaders.set(name, value);
      else if (typeof value === 'number') answerHeaders.set(name, String(value));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: answerHeaders,
    });
  };
}

/** A rendered page is served from memory this long, then rendered again in the background on the next request. */
const FRESH_MS = 10_000;
/**
 * ... and served at all this long, and never on another coupon day than the one it was rendered on. What it shows is
 * current whatever its age (the catalogue's and the content's versions are read before a kept page is served, and a
 * moved one drops them all, whoever wrote: another instance, an order, SQL); what moves with time alone is which
 * coupons work, at midnight UTC, hence the day. A minute made the first visitor of every page of a quiet shop wait for
 * its render (50–100 ms on the demo shop).
 */
const STALE_MS = 5 * 60_000;
const sameCouponDay = (a: number, b: number) => couponDayOf(new Date(a)) === couponDayOf(new Date(b));
/**
 * Pages kept at most; the least recently asked for goes first. Addresses are reduced to what their page reads
 * (`pageAddress`), so this is room for the products and searches people actually open, in both languages.
 */
export const MAX_PAGES = 500;
/** A render slower than this is not waited for: the page goes out without markup (the render still fills the cache). */
const RENDER_WAIT_MS = 1_500;

/**
 * Renders under way at most (a render holds a core for up to a few hundred milliseconds): more pages asked for at
 * once (a crawler, a flood of new addresses) go out without markup, as from a static host, instead of queueing.
 */
const MAX_RENDERS_AT_ONCE = 2;

interface CachedPage {
  at: number;
  rendered: Promise<RenderedPage | null>;
}

export interface PageRendererOptions {
  now?: () => number;
  maxPages?: number;
}

/**
 * The page renderer of the SPA build in `spaDir` (`ssr/render.js`), or null when the build has none. Rendered
 * pages are kept briefly per language and address: they are a new visitor's, the same for everybody.
 */
export function pageRenderer(
  app: FastifyInstance,
  spaDir: string,
  { now = () => Date.now(), maxPages = MAX_PAGES }: PageRendererOptions = {},
): RenderPage | null {
  const file = path.join(spaDir, 'ssr', 'render.js');
  if (!existsSync(file)) return null;
  let module: PageRendererModule;
  try {
    module = createRequire(__filename)(file) as PageRendererModule;
  } catch (error) {
    app.log.warn({ err: error }, 'the page renderer could not be loaded; pages render in the browser');
    return null;
  }
  const fetchApi = inProcessFetch(app);
  // In the order of use: a Map iterates in insertion order, and a page asked for is put back at the end.
  const cache = new Map<string, CachedPage>();
  // A page rendered before the catalogue changed (a stock of 0, a new rating) or what it shows beside it (a withdrawn
  // coupon, a slide, the footer's about texts) is not served again.
  app.deps.catalogue.onChange(() => cache.clear(), { showsContent: true });

  let rendering = 0;

  const keep = (key: string, entry: CachedPage) => {
    cache.delete(key);
    cache.set(key, entry);
    while (cache.size > maxPages) cache.delete(cache.keys().next().value as string);
  };

  const render = (key: string, url: string, language: Language): CachedPage => {
    rendering += 1;
    const entry: CachedPage = {
      at: now(),
      rendered: module
        .renderPage({
          url,
          language,
          apiBaseUrl: 'http://in-process/api',
          fetch: fetchApi,
          config: { contactEmail: app.deps.config.contactEmail },
        })
        .catch((error: unknown) => {
          app.log.warn({ err: error, url: redactedUrl(url) }, 'a page could not be rendered on the server');
          if (cache.get(key) === entry) cache.delete(key);
          return null;
        })
        .finally(() => {
          rendering -= 1;
        }),
    };
    keep(key, entry);
    return entry;
  };

  const fresh = (key: string) => {
    const entry = cache.get(key);
    const at = now();
    return entry && at - entry.at <= STALE_MS && sameCouponDay(entry.at, at) ? entry : undefined;
  };

  const renderPage = async (
    url: string,
    language: Language,
    mayRender: () => Promise<boolean> = () => Promise.resolve(true),
    afterSent: (refresh: () => void) => void = (refresh) => setImmediate(refresh),
  ): Promise<RenderedPage | null> => {
    const key = `${language} ${url}`;
    // Another writer's change (an instance, an order's stock, a coupon, SQL) drops the kept pages before one is served.
    await app.deps.catalogue.fresh();
    let entry = fresh(key);
    if (entry) {
      keep(key, entry);
      if (now() - entry.at > FRESH_MS) {
        const kept = entry;
        // Once: the first of the requests that served this page starts the render; a dropped page is not redone.
        // It counts as that client's render: a client past its limit asking for kept pages renders none.
        afterSent(() => {
          void (async () => {
            if (cache.get(key) !== kept || rendering >= MAX_RENDERS_AT_ONCE || !(await mayRender())) return;
            if (cache.get(key) === kept && rendering < MAX_RENDERS_AT_ONCE)
              void render(key, url, language).rendered;
          })();
        });
      }
    } else {
      if (rendering >= MAX_RENDERS_AT_ONCE || !(await mayRender())) return null;
      // Another request may have started this page while the limit was being counted.
      entry = fresh(key);
      if (!entry) {
        if (rendering >= MAX_RENDERS_AT_ONCE) return null;
        entry = render(key, url, language);
      }
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), RENDER_WAIT_MS);
    });
    try {
      return await Promise.race([entry.rendered, late]);
    } finally {
      clearTimeout(timer);
    }
  };
  return Object.assign(renderPage, { cachedPages: () => cache.size });
}
