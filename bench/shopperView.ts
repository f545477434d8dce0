// What a shopper on a mid-range phone sees and can do, measured in a real Chromium: DevTools throttling (slow 4G:
// 150 ms, 1.6 Mbit/s down, 750 kbit/s up; CPU 4× slower), a 412 × 823 touch screen, an empty cache each load.
// Per page: the first contentful paint, the largest contentful paint (the page's main picture, as the real
// browser paints it, beside Lighthouse's simulated one), the moment the page works (`<html data-page-ready>`, set once the page's
// handlers are attached: src/shell/RouteBoundary.tsx) and the long-task time until then; medians of --runs loads.
// With several servers (`--base=name=url,...`), their loads alternate page by page, so "before" and "after" share
// the machine's moments.
//
// Before the loads and after the taps it measures the host (Lighthouse's BenchmarkIndex, unthrottled and slowed):
// DevTools calls 1000 a mid-tier phone and 264 a low-tier one, so `--cpu=N` (default 4) can run as either.
//
// `npx tsx bench/shopperView.ts --base=after=http://127.0.0.1:8080 [--base=before=http://127.0.0.1:8081] [--runs=5]
// [--cpu=4] [--dpr=1.75]` or through `npm run bench -- --only=shopper`.
import type { Browser, CDPSession, Locator, Page } from '@playwright/test';

import { BareChromium } from './bareChromium';
import { launchChromium } from './pageLoad';

export const SHOPPER_PAGES = ['/', '/search', '/product/1', '/cart'] as const;
export const SHOPPER_LANGUAGES = ['en', 'ar'] as const;
const READY_TIMEOUT_MS = 30_000;

/**
 * DevTools' throttling as the issue fixes it: Lighthouse's mobile profile applied for real, with the 0.9 that
 * Lighthouse's DevTools throttling puts on the throughputs (1.6 Mbit/s × 0.9 down, 750 kbit/s × 0.9 up, 150 ms).
 */
const DEVTOOLS_THROUGHPUT_FACTOR = 0.9;
export const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024 * DEVTOOLS_THROUGHPUT_FACTOR) / 8,
  uploadThroughput: (750 * 1024 * DEVTOOLS_THROUGHPUT_FACTOR) / 8,
};
export const CPU_SLOWDOWN = 4;

/**
 * The phones DevTools calibrates its CPU presets to (its CalibrationController), by Lighthouse's BenchmarkIndex: a
 * mid-tier phone (a Pixel 5) scores 1000, a low-tier one (a Moto G4 Power 2022) 264.
 */
export const MID_TIER_PHONE_INDEX = 1000;
export const LOW_TIER_PHONE_INDEX = 264;

/** Lighthouse's BenchmarkIndex of this host's Chromium, as it is and at the bench's slowdown. */
export interface HostSpeed {
  unthrottled: number;
  throttled: number;
}

/**
 * How fast this host is, by the figure DevTools calibrates its phone presets with: a fixed slowdown on a shared
 * machine is a different phone from one hour to the next, so each run says which phone it was. Medians of 3 after a
 * warm-up run (V8's first runs of the benchmark score low).
 */
export async function hostSpeed(browser: Browser, cpu: number): Promise<HostSpeed> {
  const { pageFunctions } = await import('lighthouse/core/lib/page-functions.js');
  const benchmark = `(${pageFunctions.computeBenchmarkIndex.toString()})()`;
  const context = await browser.newContext();
  try {
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    const index = async (rate: number, runs: number) => {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const scores: number[] = [];
      for (let run = 0; run < runs; run += 1) scores.push(Number(await tab.evaluate(benchmark)));
      return Math.round(median(scores));
    };
    await index(1, 1);
    return { unthrottled: await index(1, 3), throttled: await index(cpu, 3) };
  } finally {
    await context.close();
  }
}

export interface ShopperLoad {
  /** The page's first byte (navigation timing's responseStart): the server's part, latency included. */
  firstByteMs: number;
  firstPaintMs: number;
  /** Largest contentful paint: the page's main picture or text as the real browser paints it. */
  largestPaintMs: number;
  worksMs: number;
  longTaskMs: number;
}

export interface ShopperRow {
  server: string;
  page: string;
  language: 'en' | 'ar';
  firstByteMs: number;
  firstPaintMs: number;
  largestPaintMs: number;
  worksMs: number;
  longTaskMs: number;
  /** Loads whose page never reported working within READY_TIMEOUT_MS. */
  failed: number;
}

export interface InteractionRow {
  server: string;
  interaction: string;
  /** The slowest event of the interaction (Event Timing's duration: input to next paint), median of the runs. */
  nextPaintMs: number;
}

export const median = (values: number[]) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** What the page watcher logs once the page works: the bench waits for this message (see `pageWorks`). */
const READY_MESSAGE = 'shopper-bench:page-ready';

// Runs in the page before its own scripts: records long tasks, the largest contentful paint and the moment
// `data-page-ready` appears.
const WATCH_PAGE = `
  window.__shopper = { longTasks: [], largestPaint: null, readyAt: null, events: [], since: 0 };
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) window.__shopper.longTasks.push([task.startTime, task.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const paint of list.getEntries()) window.__shopper.largestPaint = paint.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const event of list.getEntries())
      // Only the measured taps' events: an earlier tap that changed nothing on screen is reported late, when some
      // later frame is presented, with that whole wait as its duration.
      if (event.interactionId && event.startTime >= window.__shopper.since)
        window.__shopper.events.push([event.name, event.duration]);
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
  new MutationObserver(() => {
    if (window.__shopper.readyAt === null && document.documentElement.dataset.pageReady === 'true') {
      window.__shopper.readyAt = performance.now();
      console.debug('${READY_MESSAGE}');
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-page-ready'] });
`;

/**
 * The screen's density of the bench's phone: Lighthouse's Moto G Power (1.75), as the issues' and the developers'
 * guide's phone row fixes it. Rows measured before 2026-12-02 evening used 2.625 (a Pixel's), which picks larger
 * pictures; `--dpr=` measures at another density.
 */
export const PHONE_DPR = 1.75;

/** A phone's tab under the bench's throttling; the HTTP cache is off unless `cache` (each context starts empty). */
export async function phoneTab(
  browser: Browser,
  language: 'en' | 'ar',
  cpu: number,
  { cache = false, dpr = PHONE_DPR }: { cache?: boolean; dpr?: number } = {},
): Promise<{ tab: Page; cdp: CDPSession }> {
  const context = await browser.newContext({
    locale: language === 'ar' ? 'ar-KW' : 'en-US',
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: dpr,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript(WATCH_PAGE);
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.enable');
  if (!cache) await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  return { tab, cdp };
}

/**
 * Opens a page and resolves once it works. The page's own watcher says so on the console: Playwright's
 * `waitForFunction` would inject its script into the page and poll it while the page loads, main-thread work a
 * shopper's phone never does (on a 4x slower CPU it moved first paint 0.4 s and "works" 0.2-0.4 s later).
 */
export async function pageWorks(tab: Page, url: string): Promise<void> {
  const ready = tab.waitForEvent('console', {
    predicate: (message) => message.text() === READY_MESSAGE,
    timeout: READY_TIMEOUT_MS,
  });
  await tab.goto(url, { waitUntil: 'commit' });
  await ready;
}

/** The page's figures once it works, read from the watcher (a string: tsx's helpers do not exist in the page). */
const READ_LOAD = `(() => {
  const watch = window.__shopper;
  const readyAt = watch.readyAt ?? performance.now();
  const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? readyAt;
  const longTaskMs = watch.longTasks.filter(([start]) => start < readyAt).reduce((sum, [, duration]) => sum + duration, 0);
  const navigation = performance.getEntriesByType('navigation')[0];
  return {
    firstByteMs: Math.round(navigation?.responseStart ?? 0),
    firstPaintMs: Math.round(paint),
    largestPaintMs: Math.round(watch.largestPaint ?? paint),
    worksMs: Math.round(readyAt),
    longTaskMs: Math.round(longTaskMs),
  };
})()`;

/** How often a bare tab is asked whether its page works, once the page has loaded: a tiny task each time. */
const READY_POLL_MS = 100;

/**
 * One cold load of a page in a tab without the inspector's Runtime domain (bench/bareChromium.ts), as a phone's
 * browser runs it: the same throttling, screen, language and watcher as `phoneTab`. Null when it never worked.
 */
export async function loadBare(
  browser: BareChromium,
  base: string,
  page: string,
  language: 'en' | 'ar',
  cpu = CPU_SLOWDOWN,
  dpr = PHONE_DPR,
): Promise<ShopperLoad | null> {
  const tab = await browser.newTab();
  try {
    const locale = language === 'ar' ? 'ar-KW' : 'en-US';
    await tab.send('Page.enable');
    await tab.send('Network.enable');
    await tab.send('Network.setCacheDisabled', { cacheDisabled: true });
    await tab.send('Network.emulateNetworkConditions', SLOW_4G);
    await tab.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    await tab.send('Emulation.setDeviceMetricsOverride', {
      width: 412,
      height: 823,
      deviceScaleFactor: dpr,
      mobile: true,
    });
    await tab.send('Emulation.setTouchEmulationEnabled', { enabled: true });
    await tab.send('Emulation.setLocaleOverride', { locale });
    await tab.send('Emulation.setUserAgentOverride', {
      userAgent: browser.userAgent,
      acceptLanguage: locale,
    });
    await tab.send('Page.addScriptToEvaluateOnNewDocument', { source: WATCH_PAGE });
    const separator = page.includes('?') ? '&' : '?';
    const loaded = tab.next('Page.loadEventFired');
    await tab.send('Page.navigate', { url: `${base}${page}${separator}lng=${language}` });
    const deadline = Date.now() + READY_TIMEOUT_MS;
    let gaveUp: NodeJS.Timeout | undefined;
    await Promise.race([loaded, new Promise((resolve) => (gaveUp = setTimeout(resolve, READY_TIMEOUT_MS)))]);
    // A pending timer per load would keep the bench's process alive after its last load.
    clearTimeout(gaveUp);
    while (!(await tab.evaluate<boolean>('window.__shopper.readyAt !== null'))) {
      if (Date.now() > deadline) return null;
      await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
    }
    // Long tasks are reported when they end: a moment for the last one before the page worked.
    await new Promise((resolve) => setTimeout(resolve, 200));
    return await tab.evaluate<ShopperLoad>(READ_LOAD);
  } catch {
    return null;
  } finally {
    await tab.close();
  }
}

/**
 * One cold load of a page in a Playwright tab: null when it never reported working. Playwright's Runtime domain makes
 * V8 collect every thrown exception's stack with its source positions (bench/bareChromium.ts), so this measures the
 * page later than a phone sees it; `--inspected` loads this way, as the phone row did before 2026-12-04.
 */
export async function loadOnce(
  browser: Browser,
  base: string,
  page: string,
  language: 'en' | 'ar',
  cpu = CPU_SLOWDOWN,
  dpr = PHONE_DPR,
): Promise<ShopperLoad | null> {
  const { tab } = await phoneTab(browser, language, cpu, { dpr });
  try {
    const separator = page.includes('?') ? '&' : '?';
    await pageWorks(tab, `${base}${page}${separator}lng=${language}`);
    // Long tasks are reported when they end: a moment for the last one before the page worked.
    await tab.waitForTimeout(200);
    return await tab.evaluate<ShopperLoad>(READ_LOAD);
  } catch {
    return null;
  } finally {
    await tab.context().close();
  }
}

/** A tap on what a locator finds, as the interactions make it. */
export type Tap = (target: Locator) => Promise<void>;

/** The pause between finding what to tap and the touch: the page is idle, as under a shopper's finger. */
const TAP_REST_MS = 300;

/**
 * A finger's tap on what `target` finds: the element is found and scrolled to first (Playwright's own script does
 * that in the page), then, once the page has painted twice and rested, one touch goes down and up at its centre
 * through DevTools. Playwright's `tap()` would run its checks in the page right up to the touch, main-thread work
 * a shopper's phone never does, landing in the tap's input delay.
 */
export function fingerOn(tab: Page, cdp: CDPSession): Tap {
  return async (target) => {
    await target.scrollIntoViewIfNeeded();
    const box = await target.boundingBox();
    if (!box) throw new Error('nothing to tap: the element has no box');
    await tab.evaluate(
      () => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))),
    );
    await tab.waitForTimeout(TAP_REST_MS);
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  };
}

/**
 * The product page an "Add to cart" tap really adds from: the demo shop's product 1 is sold out (the tap showed the
 * refusal), and every tap's guest cart holds a unit of stock for a while, so a product with little stock would run
 * out during a run. Both servers of a comparison have the same seed, so the same product.
 */
export async function productWithMostStock(base: string): Promise<string> {
  const answer = await fetch(`${base}/api/categories?lang=en`);
  const categories = (await answer.json()) as { products: { id: number; stock_quantity: number }[] }[];
  const products = categories.flatMap((category) => category.products);
  const [best] = products.sort((a, b) => b.stock_quantity - a.stock_quantity);
  if (!best?.stock_quantity) throw new Error(`no product in stock at ${base}`);
  return `/product/${best.id}`;
}

/** What a tap does, on a page that works: the slowest of its events' input-to-next-paint durations. */
const INTERACTIONS: {
  name: string;
  /** The page's address, or how to find it on a server. */
  page: string | ((base: string) => Promise<string>);
  /** Steps before the measured tap (not measured). */
  prepare?: (tab: Page, tap: Tap) => Promise<void>;
  act: (tab: Page, tap: Tap) => Promise<void>;
  /** What the tap must have done, checked after it was measured (a tap that did something else is no figure). */
  check?: (tab: Page) => Promise<void>;
}[] = [
  {
    name: 'add to cart (the product with the most stock)',
    page: productWithMostStock,
    prepare: async (tab, tap) => {
      // A colour and a size where the product has them (each radio group's first choice that is in stock).
      for (const group of await tab.getByRole('radiogroup').all())
        await tap(group.getByRole('radio', { disabled: false }).first());
    },
    act: (tab, tap) =>
      tap(tab.getByRole('button', { name: /^(Add to cart|أضف إلى السلة|إضافة إلى السلة)$/ }).first()),
    // Added, not refused: the cart's count is no longer 0.
    check: (tab) =>
      tab
        .getByTestId('cart-count')
        .filter({ hasText: /^[1-9]/ })
        .waitFor({ timeout: 10_000 }),
  },
  {
    name: 'filter change (/search, a rating)',
    page: '/search',
    act: async (tab, tap) => {
      await tap(tab.getByRole('button', { name: /Filter|فلتر|تصفية/ }).first());
      await tap(tab.getByRole('dialog').getByRole('button', { name: /4/ }).first());
    },
  },
  {
    name: 'account dialog (home)',
    page: '/',
    act: async (tab, tap) => {
      // On a phone the account button sits in the collapsed menu: opening it is part of the way there.
      await tap(tab.getByRole('button', { name: 'Toggle navigation' }));
      await tap(tab.getByRole('button', { name: 'Account' }));
    },
  },
];

async function interactOnce(
  browser: Browser,
  base: string,
  interaction: (typeof INTERACTIONS)[number],
  cpu: number,
): Promise<number | null> {
  const { tab, cdp } = await phoneTab(browser, 'en', cpu);
  const tap = fingerOn(tab, cdp);
  try {
    const page = typeof interaction.page === 'string' ? interaction.page : await interaction.page(base);
    await pageWorks(tab, `${base}${page}?lng=en`);
    await tab.waitForLoadState('networkidle');
    await interaction.prepare?.(tab, tap);
    await tab.waitForTimeout(300);
    await tab.evaluate(() => {
      const watch = (window as unknown as { __shopper: { events: unknown[]; since: number } }).__shopper;
      watch.events = [];
      watch.since = performance.now();
    });
    await interaction.act(tab, tap);
    await tab.waitForTimeout(1_000);
    const durations = await tab.evaluate(() =>
      (window as unknown as { __shopper: { events: [string, number][] } }).__shopper.events.map(
        ([, duration]) => duration,
      ),
    );
    await interaction.check?.(tab);
    return durations.length ? Math.max(...durations) : 0;
  } catch (error) {
    console.warn(`${interaction.name}: ${String(error).split('\n')[0]}`);
    return null;
  } finally {
    await tab.context().close();
  }
}

export interface ShopperViewResult {
  /** The CPU slowdown the loads and taps ran at. */
  cpu: number;
  /** The host's speed just before the loads and just after the taps. */
  host: { before: HostSpeed; after: HostSpeed };
  pages: ShopperRow[];
  interactions: InteractionRow[];
}

/**
 * A server the loads are measured on. `paths`: where a page is on this server when it differs (a product page: each
 * catalogue has its own product); the page's name stays the row's.
 */
export interface ShopperServer {
  name: string;
  base: string;
  paths?: Readonly<Record<string, string>>;
}

/** Every page and language, `runs` times, the servers alternating load by load. */
export async function shopperView(
  servers: ShopperServer[],
  runs: number,
  {
    interactions = true,
    pages: chosenPages = SHOPPER_PAGES,
    cpu = CPU_SLOWDOWN,
    dpr = PHONE_DPR,
    inspected = false,
  }: {
    interactions?: boolean;
    pages?: readonly string[];
    cpu?: number;
    dpr?: number;
    /** Loads in Playwright tabs, with the inspector's stack traces (`loadOnce`), instead of bare ones. */
    inspected?: boolean;
  } = {},
): Promise<ShopperViewResult> {
  const browser = await launchChromium();
  const bare = inspected || chosenPages.length === 0 ? null : await BareChromium.launch();
  const loads = new Map<string, ShopperLoad[]>();
  const failures = new Map<string, number>();
  const taps = new Map<string, number[]>();
  let host: ShopperViewResult['host'];
  try {
    const before = await hostSpeed(browser, cpu);
    for (let run = 0; run < runs; run += 1) {
      for (const page of chosenPages)
        for (const language of SHOPPER_LANGUAGES)
          for (const server of run % 2 ? [...servers].reverse() : servers) {
            const key = `${server.name}|${page}|${language}`;
            const address = server.paths?.[page] ?? page;
            const load = bare
              ? await loadBare(bare, server.base, address, language, cpu, dpr)
              : await loadOnce(browser, server.base, address, language, cpu, dpr);
            if (load) loads.set(key, [...(loads.get(key) ?? []), load]);
            else failures.set(key, (failures.get(key) ?? 0) + 1);
          }
      if (interactions)
        for (const interaction of INTERACTIONS)
          for (const server of run % 2 ? [...servers].reverse() : servers) {
            const key = `${server.name}|${interaction.name}`;
            const duration = await interactOnce(browser, server.base, interaction, cpu);
            if (duration !== null) taps.set(key, [...(taps.get(key) ?? []), duration]);
          }
    }
    host = { before, after: await hostSpeed(browser, cpu) };
  } finally {
    await browser.close();
    await bare?.close();
  }
  const pages: ShopperRow[] = [];
  for (const server of servers)
    for (const page of chosenPages)
      for (const language of SHOPPER_LANGUAGES) {
        const key = `${server.name}|${page}|${language}`;
        const measured = loads.get(key) ?? [];
        pages.push({
          server: server.name,
          page,
          language,
          firstByteMs: median(measured.map((load) => load.firstByteMs)),
          firstPaintMs: median(measured.map((load) => load.firstPaintMs)),
          largestPaintMs: median(measured.map((load) => load.largestPaintMs)),
          worksMs: median(measured.map((load) => load.worksMs)),
          longTaskMs: median(measured.map((load) => load.longTaskMs)),
          failed: failures.get(key) ?? 0,
        });
      }
  const interactionRows: InteractionRow[] = [];
  for (const server of servers)
    for (const interaction of INTERACTIONS) {
      const measured = taps.get(`${server.name}|${interaction.name}`) ?? [];
      interactionRows.push({
        server: server.name,
        interaction: interaction.name,
        nextPaintMs: median(measured),
      });
    }
  return { cpu, host, pages, interactions: interactionRows };
}

/** `--base=name=url` arguments (the servers compared, in turn), or the shop on :8080. */
export function serversFromArgs(args: readonly string[]): { name: string; base: string }[] {
  const servers = args
    .filter((arg) => arg.startsWith('--base='))
    .map((arg) => {
      const [name = '', base = ''] = arg.slice('--base='.length).split(/=(.*)/s);
      return { name, base };
    });
  return servers.length ? servers : [{ name: 'shop', base: 'http://127.0.0.1:8080' }];
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const servers = serversFromArgs(args);
  const runs = Number(args.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 5);
  const withTaps = !args.includes('--no-interactions');
  // --pages=none: the interactions only; --pages=/,/cart: these pages only.
  const pagesArg = args.find((arg) => arg.startsWith('--pages='))?.slice('--pages='.length);
  const pages = pagesArg === undefined ? SHOPPER_PAGES : pagesArg === 'none' ? [] : pagesArg.split(',');
  const cpu = Number(args.find((arg) => arg.startsWith('--cpu='))?.slice('--cpu='.length) ?? CPU_SLOWDOWN);
  const dpr = Number(args.find((arg) => arg.startsWith('--dpr='))?.slice('--dpr='.length) ?? PHONE_DPR);
  const inspected = args.includes('--inspected');
  void shopperView(servers, runs, { interactions: withTaps, pages, cpu, dpr, inspected }).then(
    ({ host, pages, interactions }) => {
      const s = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '—');
      console.log(
        `Host (Lighthouse's BenchmarkIndex; DevTools: mid-tier phone ${MID_TIER_PHONE_INDEX}, low-tier ${LOW_TIER_PHONE_INDEX}): ` +
          `${host.before.unthrottled} unthrottled, ${host.before.throttled} at ${cpu}× CPU before the loads; ` +
          `${host.after.unthrottled} and ${host.after.throttled} after.\n` +
          `Phone: 412×823 at DPR ${dpr}, ${cpu}× CPU, ${SLOW_4G.latency} ms and ` +
          `${((SLOW_4G.downloadThroughput * 8) / 1024 / 1024).toFixed(2)} Mbit/s down, cache off, medians of ${runs}; ` +
          `loads in ${inspected ? "Playwright's tabs (the inspector's Runtime domain on)" : 'bare tabs (no inspector)'}.\n`,
      );
      console.log(
        '| server | page | lang | first byte | first paint | largest paint | works | long tasks until then | failed |',
      );
      console.log('|---|---|---|---|---|---|---|---|---|');
      for (const row of pages)
        console.log(
          `| ${row.server} | ${row.page} | ${row.language} | ${s(row.firstByteMs)} | ${s(row.firstPaintMs)} | ${s(row.largestPaintMs)} | ${s(row.worksMs)} | ${row.longTaskMs} ms | ${row.failed} |`,
        );
      if (!withTaps) return;
      console.log('\n| server | interaction | input to next paint |');
      console.log('|---|---|---|');
      for (const row of interactions)
        console.log(`| ${row.server} | ${row.interaction} | ${Math.round(row.nextPaintMs)} ms |`);
    },
  );
}
