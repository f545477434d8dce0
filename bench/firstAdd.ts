// The first "Add to cart" of a visit, as the shopper sees it answered: from the tap to the cart's count going up and
// to the "added" toast. Unlike the shopper bench's loads, the HTTP cache is on (a fresh context per tap, so empty at
// the start, as on a first visit): what the page fetched before the tap (a prefetched chunk) counts.
//   npx tsx bench/firstAdd.ts --base=after=http://127.0.0.1:8080 --base=before=http://127.0.0.1:8081 --runs=7
import type { Browser } from '@playwright/test';

import { launchChromium } from './pageLoad';
import { CPU_SLOWDOWN, SLOW_4G, median, productWithMostStock, serversFromArgs } from './shopperView';

interface FirstAdd {
  /** The click's input to next paint (Event Timing). */
  nextPaintMs: number;
  countMs: number;
  toastMs: number;
}

// Runs in the page before its scripts: the click's Event Timing, and when the count and the first toast appear.
const WATCH_ADD = `
  window.__firstAdd = { click: null, count: null, toast: null };
  new PerformanceObserver((list) => {
    for (const event of list.getEntries())
      if (event.interactionId && event.name === 'click') window.__firstAdd.click = event.duration;
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
  new MutationObserver(() => {
    const seen = window.__firstAdd;
    const count = document.querySelector('[data-testid=cart-count]');
    if (seen.count === null && count && /^[1-9]/.test(count.textContent || '')) seen.count = performance.now();
    if (seen.toast === null && document.querySelector('.Toastify__toast')) seen.toast = performance.now();
  }).observe(document, { subtree: true, childList: true, characterData: true });
`;

async function firstAddOnce(browser: Browser, base: string, page: string): Promise<FirstAdd | null> {
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 2.625,
    isMobile: true,
    hasTouch: true,
  });
  try {
    await context.addInitScript(WATCH_ADD);
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await tab.goto(`${base}${page}?lng=en`);
    await tab.waitForFunction(() => document.documentElement.dataset.pageReady === 'true');
    await tab.waitForLoadState('networkidle');
    const touch = async (x: number, y: number) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    const centre = async (target: ReturnType<typeof tab.locator>) => {
      await target.scrollIntoViewIfNeeded();
      const box = await target.boundingBox();
      if (!box) throw new Error('nothing to tap');
      await tab.waitForTimeout(300);
      return [box.x + box.width / 2, box.y + box.height / 2] as const;
    };
    // A colour and a size where the product has them, as the shopper bench's add does.
    for (const group of await tab.getByRole('radiogroup').all())
      await touch(...(await centre(group.getByRole('radio', { disabled: false }).first())));
    const [x, y] = await centre(tab.getByRole('button', { name: /^Add to cart$/ }).first());
    const tappedAt = await tab.evaluate(() => performance.now());
    await touch(x, y);
    await tab.waitForFunction(
      () => {
        const seen = (window as unknown as { __firstAdd: { count: number | null; toast: number | null } })
          .__firstAdd;
        return seen.count !== null && seen.toast !== null;
      },
      null,
      { timeout: 15_000 },
    );
    await tab.waitForTimeout(300);
    const seen = await tab.evaluate(
      () => (window as unknown as { __firstAdd: { click: number; count: number; toast: number } }).__firstAdd,
    );
    return { nextPaintMs: seen.click, countMs: seen.count - tappedAt, toastMs: seen.toast - tappedAt };
  } catch (error) {
    console.warn(`first add at ${base}: ${String(error).split('\n')[0]}`);
    return null;
  } finally {
    await context.close();
  }
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const servers = serversFromArgs(args);
  const runs = Number(args.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 7);
  void (async () => {
    const browser = await launchChromium();
    const pages = await Promise.all(servers.map((server) => productWithMostStock(server.base)));
    const results = servers.map(() => [] as FirstAdd[]);
    // The servers alternate tap by tap: the host's speed drifts within minutes.
    for (let run = 0; run < runs; run++)
      for (const [index, server] of servers.entries()) {
        const result = await firstAddOnce(browser, server.base, pages[index] ?? '/');
        if (result) results[index]?.push(result);
      }
    await browser.close();
    console.log('| server | tap → next paint | tap → cart count | tap → toast | taps |');
    console.log('|---|---|---|---|---|');
    for (const [index, server] of servers.entries()) {
      const rows = results[index] ?? [];
      const ms = (pick: (row: FirstAdd) => number) => `${Math.round(median(rows.map(pick)))} ms`;
      console.log(
        `| ${server.name} | ${ms((r) => r.nextPaintMs)} | ${ms((r) => r.countMs)} | ${ms((r) => r.toastMs)} | ${rows.length} |`,
      );
    }
  })();
}
