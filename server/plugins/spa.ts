import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { pageAddress } from '../../shared/pageAddress';
import { PAGE_CHUNK_ATTRIBUTE, pageChunkGroups } from '../../shared/pageChunks';
import { firstSlidePictures } from '../db/slides';
import { isApiUrl } from '../lib/apiAddress';
import { clientAddressKey } from '../lib/clientAddress';
import { sendPage } from '../lib/encodedResponse';
import { attribute, escapeAttribute } from '../lib/htmlTags';
import { isKnownPath, pageHead, withPageHead, type PageHead } from '../services/pageHead';
import { searchApiAddress } from '../services/searchPageCount';
import { webpCopies } from '../routes/content';
import { heldFiles, inlineAssets, PAGE_CHUNK_TAG } from './inlineAssets';
import {
  holdsPersonalState,
  NOT_FOUND_ADDRESS,
  pageRenderer,
  rendersOnServer,
  withRenderedPage,
} from './pageRenderer';
import { policyAllowingScripts } from './security';

/** The product page's address (as react-router matches it, any case, an optional trailing slash). */
const PRODUCT_PATH = /^\/product\/[^/]+\/?$/i;

/** webpack's `[name].[contenthash].js`, `[id].[contenthash].js` and friends: 8+ hex characters just before the extension. */
const HASHED_FILE = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT_LIVED = 'public, max-age=3600';

export function cacheControlFor(filePath: string): string {
  // A precompressed sibling (main.3f9a1c2b7d.js.br) is cached like the file it stands for.
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  if (name.endsWith('.html')) return 'no-cache';
  return HASHED_FILE.test(name) ? IMMUTABLE : SHORT_LIVED;
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Storefront API</title></head>
<body><h1>The storefront is not built yet</h1>
<p>The API runs under <code>/api</code>. Run <code>npm run build</code> to build the shop, then restart the server.</p>
</body></html>`;

type Language = 'en' | 'ar';

function supported(value: string | undefined | null): Language | null {
  const code = value?.trim().toLowerCase() ?? '';
  if (code.startsWith('ar')) return 'ar';
  if (code.startsWith('en')) return 'en';
  return null;
}

/** A cookie's value as the browser's script wrote it; one no script wrote (bad percent-encoding) is taken as sent. */
function decodedCookie(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The page's language as the SPA's detector finds it first: `?lng`, then the `i18next` cookie it keeps, then the
 * browser's languages (Accept-Language, by preference). The SPA still decides in the end; this only lets the
 * HTML arrive in the right direction so the first paint needs no script.
 */
export function languageOf(request: FastifyRequest): Language {
  const query = (request.query as Record<string, unknown> | undefined)?.lng;
  const fromQuery = supported(typeof query === 'string' ? query : null);
  if (fromQuery) return fromQuery;
  const cookie = /(?:^|;\s*)i18next=([^;]*)/.exec(request.headers.cookie ?? '')?.[1];
  const fromCookie = supported(cookie ? decodedCookie(cookie) : null);
  if (fromCookie) return fromCookie;
  const accepted = (request.headers['accept-language'] ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of accepted) {
    const language = supported(tag);
    if (language) return language;
  }
  return 'en';
}

/** index.html for an Arabic page: `<html lang="ar" dir="rtl">` and the right-to-left stylesheet linked. */
export function arabicIndex(html: string): string {
  const rtl = attribute(html, 'data-rtl');
  return html
    .replace(/<html[^>]*>/i, '<html lang="ar" dir="rtl">')
    .replace(/<link[^>]*data-bootstrap="?ltr"?[^>]*>/i, (link) =>
      rtl ? `<link rel="stylesheet" href="${rtl}" data-bootstrap="rtl">` : link,
    );
}

/**
 * A `Link` header preloading what the built page's head loads first, its entry script and its stylesheets: the
 * browser asks for them as the answer's headers arrive, not once a phone's busy main thread has committed the page
 * and parsed its head (~0.25 s later on the phone row's line, where the entry's download is what the page waits
 * for: docs/performance.md). Each URL is the one the HTML links, so the browser uses the preloaded copy; what the
 * page carries inline (`carried`) is not asked for. sendIndex reads the page before its content goes in (a few KB).
 */
export function headPreloadHeader(html: string, carried: ReadonlySet<string> = new Set()): string | null {
  const headEnd = html.search(/<\/head>/i);
  const head = headEnd === -1 ? html : html.slice(0, headEnd);
  const links = [
    ...[...head.matchAll(/<script\b[^>]*>/gi)]
      // A page's first chunks download at the deferred scripts' low priority (withPagePreloads).
      .filter(([tag]) => !PAGE_CHUNK_TAG.test(tag))
      .map(([tag]) => attribute(tag, 'src'))
      .filter((src): src is string => src?.startsWith('/js/') === true && !carried.has(src))
      .map((src) => `<${src}>; rel=preload; as=script`),
    ...[...head.matchAll(/<link\b[^>]*>/gi)]
      .filter(([tag]) => attribute(tag, 'rel')?.toLowerCase() === 'stylesheet')
      .map(([tag]) => attribute(tag, 'href'))
      .filter((href): href is string => href?.startsWith('/') === true && !carried.has(href))
      .map((href) => `<${href}>; rel=preload; as=style`),
  ];
  return links.length > 0 ? links.join(', ') : null;
}

/**
 * Preloads for the home page's largest paint, the first slide's picture (the phone or the wide one, as the
 * slider's <picture> chooses), so it downloads with the HTML instead of after the script and the API answer.
 */
export function withSlidePreload(
  html: string,
  pictures: { image: string; image2: string | null } | null,
): string {
  if (!pictures) return html;
  const link = (href: string, media?: string) =>
    `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(href)}"${media ? ` media="${media}"` : ''}>`;
  const links = pictures.image2
    ? link(pictures.image2, '(max-width: 767.98px)') + link(pictures.image, '(min-width: 768px)')
    : link(pictures.image);
  return html.replace('</head>', `${links}</head>`);
}

/** The build's chunk groups and their files (`dist/chunk-manifest.json`, written by webpack.config.ts). */
export type ChunkManifest = Record<string, string[]>;

function readChunkManifest(spaDir: string): ChunkManifest {
  try {
    return JSON.parse(readFileSync(path.join(spaDir, 'chunk-manifest.json'), 'utf8')) as ChunkManifest;
  } catch {
    // A build without the manifest still works: its pages load their chunks after the entry, as from any host.
    return {};
  }
}

/**
 * What the page's first render needs beside the entry (its route's code and stylesheet, its language's texts), in
 * its HTML: they download alongside the entry instead of one round trip after it. The scripts go in as deferred
 * scripts just before the entry's, so they have run when it starts (the imports that ask for them are answered at
 * once, with no task hops in between) and, at the deferred scripts' low priority, they leave the line to the page's
 * largest picture (docs/performance.md). The entry removes them as it starts (src/app/boot.tsx): a chunk whose script
 * failed is then fetched anew by the import that needs it. Without the entry's tag in the HTML they are preloads.
 * Files the HTML already links are left out.
 */
export function withPagePreloads(
  html: string,
  manifest: ChunkManifest,
  pathname: string,
  language: Language,
  { rendered = false }: { rendered?: boolean } = {},
): string {
  const files = [
    ...new Set(pageChunkGroups(pathname, language).flatMap((group) => manifest[group] ?? [])),
  ].filter((file) => /\.(js|css)$/.test(file) && !html.includes(`/${file}`));
  const entryTag = (manifest.main ?? [])
    .filter((file) => file.endsWith('.js'))
    .map((file) => new RegExp(`<script[^>]*\\ssrc="?/${file.replace(/\./g, '\\.')}[\\s">]`).exec(html)?.index)
    .find((index) => index !== undefined);
  const scripts = files.filter((file) => file.endsWith('.js'));
  const beforeEntry =
    entryTag === undefined
      ? ''
      : scripts
          .map((file) => `<script defer src="/${escapeAttribute(file)}" ${PAGE_CHUNK_ATTRIBUTE}></script>`)
          .join('');
  const link = (file: string) => {
    const href = escapeAttribute(file);
    if (!file.endsWith('.css')) return `<link rel="preload" as="script" href="/${href}">`;
    // Markup rendered on the server is laid out with its route's styles from the first paint (the route's code
    // finds the sheet linked and does not add it again).
    return rendered
      ? `<link rel="stylesheet" href="/${href}">`
      : `<link rel="preload" as="style" href="/${href}">`;
  };
  const links = files
    .filter((file) => entryTag === undefined || file.endsWith('.css'))
    .map(link)
    .join('');
  const withScripts =
    entryTag === undefined ? html : html.slice(0, entryTag) + beforeEntry + html.slice(entryTag);
  return links ? withScripts.replace('</head>', `${links}</head>`) : withScripts;
}

/**
 * Link-preview bots and search crawlers (WhatsApp, Facebook, X, Telegram, Slack, Discord, LinkedIn, Snapchat,
 * Pinterest, Google, Bing…): they run no script, so they read what the server renders or nothing. Snapchat's and
 * Pinterest's bots by their bots' names: the apps' own browsers, where many Gulf shoppers open a shop's link, say
 * "Snapchat/12…" and "[Pinterest/iOS]" and are shoppers.
 */
const PREVIEW_BOT =
  /whatsapp|facebookexternalhit|facebot|twitterbot|telegrambot|slackbot|discordbot|linkedinbot|snap url preview|pinterestbot|pinterest\/0\.|skypeuripreview|applebot|googlebot|bingbot|yandex|duckduckbot|baiduspider|embedly|redditbot|iframely/i;

export function isPreviewBot(userAgent: string | undefined): boolean {
  return PREVIEW_BOT.test(userAgent ?? '');
}

/** Renders a minute for all the bots together (a forged user agent cannot buy more than this). */
const BOT_RENDERS_PER_MINUTE_FACTOR = 10;

/** What one address saying it is a bot may use of the bots' allowance a minute: a forged user agent does not get it all. */
const BOT_ADDRESS_PER_MINUTE_FACTOR = 3;

/**
 * Work a minute (a page rendered, a preview picture drawn) per client address, the preview bots counted together
 * under ten times as much instead (WhatsApp's servers fetch every link shoppers paste, from a few addresses), and
 * each bot address at most three times a client's (one address forging a bot's user agent cannot use up what the
 * real bots share): true while the request is within it. Throws when the counter cannot be read.
 */
export function perMinuteAllowance(app: FastifyInstance, group: string, max: number) {
  const perMinute = (limit: number, key: (request: FastifyRequest) => string) => {
    const check = app.createRateLimit({ max: limit, timeWindow: 60_000, keyGenerator: key });
    return async (request: FastifyRequest) => {
      const counted = await check(request);
      return counted.isAllowed || !counted.isExceeded;
    };
  };
  const perAddress = perMinute(max, (request) => `${group}|${clientAddressKey(request.ip)}`);
  const botAddress = perMinute(
    max * BOT_ADDRESS_PER_MINUTE_FACTOR,
    (request) => `${group}|preview-bot|${clientAddressKey(request.ip)}`,
  );
  const bots = perMinute(max * BOT_RENDERS_PER_MINUTE_FACTOR, () => `${group}|preview-bots`);
  return async (request: FastifyRequest): Promise<boolean> => {
    if (!isPreviewBot(request.headers['user-agent'])) return perAddress(request);
    // The address first: what it asks beyond its share is not taken from the bots' allowance.
    return (await botAddress(request)) && bots(request);
  };
}

function wantsHtml(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const accept = request.headers.accept ?? '';
  return accept === '' || accept.includes('text/html') || accept.includes('*/*');
}

/**
 * The built SPA from config.spaDir: hashed assets cached for a year, index.html revalidated every time, and the
 * history fallback (any GET for a page that is not a file and not /api answers index.html).
 */
export async function registerSpa(app: FastifyInstance, config: Config): Promise<void> {
  const indexFile = path.join(config.spaDir, 'index.html');
  const built = existsSync(indexFile);

  if (built) {
    await app.register(fastifyStatic, {
      root: config.spaDir,
      prefix: '/',
      index: false,
      // A route per built file, read once at start (the build does not change under a running server): a page's
      // address goes straight to the page, not first through a wildcard's directory reads and file checks for its
      // name and its .br and .gz (~1–2 ms of each page's event loop under load, docs/performance.md).
      wildcard: false,
      // /config.js is the server's own route; the page renderer is no file for browsers (allowedPath, below, too).
      // index.html is the template of every page, not a page of its own (the route below).
      globIgnore: ['config.js', 'ssr/**', 'index.html'],
      cacheControl: false,
      // The build writes .br and .gz beside each script and stylesheet (best compression, done once).
      preCompressed: true,
      // The page renderer is the server's code, not a file for browsers.
      allowedPath: (pathName) => !/^\/?ssr(\/|$)/.test(pathName),
      setHeaders: (reply, filePath) => {
        reply.header('Cache-Control', cacheControlFor(filePath));
      },
    });
  }

  // The home page under a second address (an old bookmark, a crawler's guess) is a duplicate page without its head:
  // sent to the one address.
  app.get('/index.html', (request, reply) => {
    const url = request.raw.url ?? request.url;
    const query = url.indexOf('?');
    return reply.redirect(query < 0 ? '/' : `/${url.slice(query)}`, 301);
  });

  const english = built ? readFileSync(indexFile, 'utf8') : NOT_BUILT_PAGE;
  const arabic = built ? arabicIndex(english) : NOT_BUILT_PAGE;
  const inline = inlineAssets(config.spaDir);
  const manifest = built ? readChunkManifest(config.spaDir) : {};
  const renderPage = built
    ? pageRenderer(app, config.spaDir, { now: () => app.deps.config.now().getTime() })
    : null;
  // Renders a minute per client address (a page in memory costs nothing and is not counted): beyond, the pages
  // go out without markup and the browser renders them, so a stream of new addresses cannot buy the server's CPU.
  const renderAllowed = perMinuteAllowance(app, 'page-render', config.perIpLimits.pageRenders);
  /** Calls back once the answer is out: a response closes when it is sent or the shopper is gone. */
  const afterSent = (reply: FastifyReply) => (callback: () => void) => {
    reply.raw.once('close', callback);
  };
  const mayRender = (request: FastifyRequest) => async () => {
    try {
      return await renderAllowed(request);
    } catch (error) {
      // Without its counter the server does not render: the page still works, rendered by the browser.
      request.log.warn({ err: error }, 'the page render limit could not be counted');
      return false;
    }
  };

  // Bots are given raster copies of the generated SVG pictures (link previews show no SVG).
  const pictureCopies = webpCopies();
  const pictureUrl = (picture: string) =>
    pictureCopies.has(picture) ? `${picture.slice(0, -'.svg'.length)}.webp` : picture;

  // A later search page's count is the search route's answer for the very address the page's render asks: kept by
  // the route, so the page is searched once for both (and once per few seconds for every visitor).
  const searchPageCount = async (params: URLSearchParams, language: Language) => {
    const answer = await app.inject({ method: 'GET', url: searchApiAddress(params, language) });
    const body = answer.json<{ page_count?: unknown }>();
    if ((answer.statusCode !== 200 && answer.statusCode !== 404) || typeof body.page_count !== 'number')
      throw new Error(`the search answered ${answer.statusCode}`);
    return body.page_count;
  };

  const headOf = async (
    request: FastifyRequest,
    url: string,
    language: Language,
  ): Promise<PageHead | null> => {
    try {
      return await pageHead(url, language, {
        db: app.deps.db,
        origin: config.publicUrl,
        pictureUrl,
        searchPageCount,
      });
    } catch (error) {
      // The page still works with the generic head.
      request.log.warn({ err: error }, 'the page head could not be read');
      return null;
    }
  };

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply, home = false) => {
    const language = languageOf(request);
    const url = request.raw.url ?? request.url;
    const pathname = url.split('?')[0] ?? '/';
    const head = built ? await headOf(request, url, language) : null;
    // A search page past the last is a 404 that is still rendered: it says so, with a link to the last page.
    const found = !head || head.status === 200 || head.noSuchPage === true;
    // An address the SPA has no page for shows its not-found page (with the footer's links): rendered too. So does a
    // product never made or gone (404 / 410): crawlers and script-less readers get the same page and links; every
    // such id shares the one render, so made-up ids cannot fill the renderer's memory.
    const missing =
      head?.status === 410 ||
      (head?.status === 404 && (!isKnownPath(pathname) || PRODUCT_PATH.test(pathname)));
    const notFoundPage = missing && !holdsPersonalState(request.headers.cookie);
    // The page's markup in the HTML: it paints before any script has run. Without it the SPA renders it. The page
    // is rendered and kept under its address reduced to what the page reads.
    const address = !renderPage
      ? null
      : notFoundPage
        ? NOT_FOUND_ADDRESS
        : found && rendersOnServer(pathname, request.headers.cookie)
          ? pageAddress(url)
          : null;
    const rendered =
      renderPage && address !== null
        ? await renderPage(address, language, mayRender(request), afterSent(reply))
        : null;
    // The head is finished on the built template (a few KB) before the page's markup, answers and carried files go in
    // (~170 KB): every edit of the whole page copies it, which made a new visitor's page ~15 ms of the event loop.
    let html = withPagePreloads(
      language === 'ar' ? arabic : english,
      manifest,
      // A product's address loads the product page's code whatever the markup (the browser's router picks it).
      notFoundPage && !PRODUCT_PATH.test(pathname) ? NOT_FOUND_ADDRESS : pathname,
      language,
      {
        rendered: rendered !== null,
      },
    );
    if (head) html = withPageHead(html, head);
    if (home && built) {
      try {
        html = withSlidePreload(html, await firstSlidePictures(app.deps.db));
      } catch (error) {
        // The page works without the hint; the slider asks for its pictures itself.
        request.log.warn({ err: error }, 'could not read the first slide for the preload');
      }
    }
    const pageBeforeContent = html;
    if (rendered) html = withRenderedPage(html, rendered);
    // A link-preview bot runs no script and keeps no cache: it gets the page's own bytes only.
    const inlined =
      built && !isPreviewBot(request.headers['user-agent'])
        ? inline(html, heldFiles(request.headers.cookie))
        : { html, scriptSources: [], carried: new Set<string>() };
    html = inlined.html;
    // What the head still links (files the browser holds, the entry): asked for as the answer's headers arrive.
    const preloads = headPreloadHeader(pageBeforeContent, inlined.carried);
    if (preloads) reply.header('Link', preloads);
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string')
      reply.header('content-security-policy', policyAllowingScripts(policy, inlined.scriptSources));
    reply
      // An unknown page or product: the SPA's HTML (the browser shows the not-found screen) with a real 404 (410
      // for a product that is gone).
      .status(head?.status ?? 200)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      // The same address answers either language's HTML, chosen by the cookie and Accept-Language.
      .header('Vary', 'Cookie, Accept-Language');
    return sendPage(request, reply, html);
  };

  app.get('/', (request, reply) => sendIndex(request, reply, true));

  app.setNotFoundHandler((request, reply) => {
    const url = request.raw.url ?? request.url;
    if (!isApiUrl(url) && wantsHtml(request) && !path.extname(url.split('?')[0] ?? '')) {
      return sendIndex(request, reply);
    }
    return reply.status(404).send({ message: 'Not Found.' });
  });
}
