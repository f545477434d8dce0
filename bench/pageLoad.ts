// What a page really fetches, as Chromium loads it: every script and stylesheet requested until the network is
// idle (deferred chunks too), each counted at its gzip -9 size from dist/ so the figure does not depend on the
// server's compression settings; the API answers it asks for and the page's HTML, at their gzip size.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import { chromium, type Browser } from '@playwright/test';

import { CHROMIUM_ARGS } from '../e2e/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

export interface FetchedFile {
  file: string;
  gzip: number;
}

export interface PageFetch {
  page: string;
  language: 'en' | 'ar';
  js: FetchedFile[];
  css: FetchedFile[];
  jsGzip: number;
  cssGzip: number;
  /** the API answers the page asked for (address and query), each at its gzip size */
  api: FetchedFile[];
  /** the page's HTML, gzip, as a browser's first page (its head's stylesheets and first chunks inline) */
  htmlGzip: number;
  /** the same HTML without the files it carries: what a browser that holds them gets (server/plugins/inlineAssets.ts) */
  htmlOwnGzip: number;
}

const gzipCache = new Map<string, number>();
function gzipSizeOf(dist: string, file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** The built files a first page carries inline (`data-href`): counted as those files, once. */
const CARRIED = /<(style|script) data-href="\/((?:js|css)\/[^"]+)"[^>]*>[\s\S]*?<\/\1>/g;

/** Any other inline `<style>` counts as CSS of the page. */
function inlineCss(html: string): number {
  const styles = [...html.replace(CARRIED, '').matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(
    (m) => m[1] ?? '',
  );
  return styles.length ? gzipSync(styles.join(''), { level: 9 }).length : 0;
}

/**
 * Opens `page` in a fresh context (empty cache, English or Arabic), waits until the network has been idle for
 * 2 s after load (so deferred chunks that start on idle callbacks are counted) and lists every JS/CSS file.
 */
export async function fetchedByPage(
  browser: Browser,
  base: string,
  dist: string,
  page: string,
  language: 'en' | 'ar',
): Promise<PageFetch> {
  const context = await browser.newContext({
    locale: language === 'ar' ? 'ar-KW' : 'en-US',
    viewport: { width: 412, height: 823 },
  });
  const tab = await context.newPage();
  const files = new Set<string>();
  const api: Promise<FetchedFile | null>[] = [];
  let html = '';
  tab.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== base) return;
    // The SPA's fetch of the files its first page carried, for the next pages: counted once, as carried.
    if (/^\/(js|css)\//.test(url.pathname) && response.request().resourceType() !== 'fetch')
      files.add(url.pathname.slice(1));
    if (url.pathname.startsWith('/api/'))
      api.push(
        response.body().then(
          (body) => ({ file: `${url.pathname}${url.search}`, gzip: gzipSync(body).length }),
          () => null,
        ),
      );
  });
  const separator = page.includes('?') ? '&' : '?';
  const response = await tab.goto(`${base}${page}${separator}lng=${language}`, { waitUntil: 'networkidle' });
  html = (await response?.text()) ?? '';
  for (const [, , file] of html.matchAll(CARRIED)) if (file) files.add(file);
  // Idle callbacks and timers may start more chunks after the first quiet moment.
  await tab.waitForTimeout(2000);
  await tab.waitForLoadState('networkidle');
  const answers = (await Promise.all(api)).filter((answer): answer is FetchedFile => answer !== null);
  await context.close();
  const list = (ext: string) =>
    [...files]
      .filter((f) => f.endsWith(ext))
      .sort()
      .map((file) => ({ file, gzip: gzipSizeOf(dist, file) }));
  const js = list('.js');
  const css = list('.css');
  return {
    page,
    language,
    js,
    css,
    jsGzip: js.reduce((sum, f) => sum + f.gzip, 0),
    cssGzip: css.reduce((sum, f) => sum + f.gzip, 0) + inlineCss(html),
    api: answers.sort((a, b) => b.gzip - a.gzip),
    htmlGzip: gzipSync(html).length,
    htmlOwnGzip: gzipSync(html.replace(CARRIED, '')).length,
  };
}
