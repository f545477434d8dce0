// The first "Add to cart" of a visit, as the shopper sees it answered: from the tap to the cart's count going up and
// to the "added" toast. Unlike the shopper bench's loads, the HTTP cache is on (a fresh context per tap, so empty at
// the start, as on a first visit): what the page fetched before the tap (a prefetched chunk) counts.
//   npx tsx bench/firstAdd.ts --base=after=http://127.0.0.1:8080 --base=before=http://127.0.0.1:8081 --runs=7
// [--add-first: the add is the visit's first touch, its choices picked without one]
import type { Browser } from '@playwright/test';

import { launchChromium } from './pageLoad';
import {
  CPU_SLOWDOWN,
  fingerOn,
  median,
  phoneTab,
  productWithMostStock,
  serversFromArgs,
} from './shopperView';

interface FirstAdd {
  /** The click's input to next paint (Event Timing). */
  nextPaintMs: number;
  countMs: number;
  toastMs: number;
}

// Runs in the page before its scripts: the click's Event Timing, the touch's own time (the first pointerdown after
// \`tapAt\` is reset), and when the count and the first toast appear.
const WATCH_ADD = `
  window.__firstAdd = { click: null, count: null, toast: null, tapAt: 0 };
  addEventListener('pointerdown', (event) => {
    if (window.__firstAdd.tapAt === null) window.__firstAdd.tapAt = event.timeStamp;
  }, { capture: true });
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

const ADD_FIRST = process.argv.includes('--add-first');

async function firstAddOnce(browser: Browser, base: string, page: string): Promise<FirstAdd | null> {
  const { tab, cdp } = await phoneTab(browser, 'en', CPU_SLOWDOWN, { cache: true });
  const tap = fingerOn(tab, cdp);
  try {
    await tab.context().addInitScript(WATCH_ADD);
    await tab.goto(`${base}${page}?lng=en`);
    await tab.waitForFunction(() => document.documentElement.dataset.pageReady === 'true');
    await tab.waitForLoadState('networkidle');
    // A colour and a size where the product has them, as the shopper bench's add does. With --add-first, picked by
    // the page's own click() (no touch, no key): the add is then the visit's first interaction.
    for (const group of await tab.getByRole('radiogroup').all()) {
      const choice = group.getByRole('radio', { disabled: false }).first();
      if (ADD_FIRST) await choice.evaluate((radio: HTMLElement) => radio.click());
      else await tap(choice);
    }
    await tab.evaluate(() => {
      (window as unknown as { __firstAdd: { tapAt: number | null } }).__firstAdd.tapAt = null;
    });
    await tap(tab.getByRole('button', { name: /^Add to cart$/ }).first());
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
      () =>
        (window as unknown as { __firstAdd: { click: number; count: number; toast: number; tapAt: number } })
          .__firstAdd,
    );
    return { nextPaintMs: seen.click, countMs: seen.count - seen.tapAt, toastMs: seen.toast - seen.tapAt };
  } catch (error) {
    console.warn(`first add at ${base}: ${String(error).split('\n')[0]}`);
    return null;
  } finally {
    await tab.context().close();
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
