// What a page's cold load fetches, and when, on the phone row's line (bench/shopperView.ts: slow 4G shared by every
// request as DevTools throttles it, 4× CPU, 412 × 823, cache off): each request's start, first byte and last byte in
// ms from the page's request, its bytes on the wire and Chromium's priority, then when the page worked. Shows what
// shares the line with the entry script while it downloads (docs/performance.md, "home's later slides").
//
// `npx tsx bench/waterfall.ts http://127.0.0.1:8080/search [en|ar] [--runs=5]` against a production build: with
// several runs, one line per run (works, the entry's download) and their medians. Its tab is Playwright's, with the
// inspector's Runtime domain on: the page works ~0.15–0.25 s later than in the phone row's bare tabs
// (bench/bareChromium.ts); the requests' times are the same.
import type { CDPSession } from 'playwright';

import { launchChromium } from './pageLoad';
import { CPU_SLOWDOWN, pageWorks, phoneTab } from './shopperView';

interface Fetch {
  url: string;
  priority: string;
  start: number;
  firstByte?: number;
  end?: number;
  bytes?: number;
}

interface RequestWillBeSent {
  requestId: string;
  timestamp: number;
  request: { url: string; initialPriority: string };
}
interface ResponseReceived {
  requestId: string;
  timestamp: number;
}
interface LoadingFinished {
  requestId: string;
  timestamp: number;
  encodedDataLength: number;
}

function watchFetches(cdp: CDPSession) {
  const fetches = new Map<string, Fetch>();
  let origin = 0;
  cdp.on('Network.requestWillBeSent', (event: RequestWillBeSent) => {
    if (!origin) origin = event.timestamp;
    fetches.set(event.requestId, {
      url: event.request.url.replace(/^https?:\/\/[^/]+/, ''),
      priority: event.request.initialPriority,
      start: event.timestamp,
    });
  });
  cdp.on('Network.responseReceived', (event: ResponseReceived) => {
    const fetch = fetches.get(event.requestId);
    if (fetch) fetch.firstByte = event.timestamp;
  });
  cdp.on('Network.loadingFinished', (event: LoadingFinished) => {
    const fetch = fetches.get(event.requestId);
    if (fetch) {
      fetch.end = event.timestamp;
      fetch.bytes = event.encodedDataLength;
    }
  });
  const ms = (at: number | undefined) => (at ? Math.round((at - origin) * 1000) : NaN);
  return () =>
    [...fetches.values()]
      .sort((a, b) => a.start - b.start)
      .map((fetch) => ({
        ...fetch,
        start: ms(fetch.start),
        firstByte: ms(fetch.firstByte),
        end: ms(fetch.end),
      }));
}

async function load(url: string, language: 'en' | 'ar') {
  const browser = await launchChromium();
  try {
    const { tab, cdp } = await phoneTab(browser, language, CPU_SLOWDOWN);
    const fetched = watchFetches(cdp);
    await pageWorks(tab, url);
    // As the page's watcher saw it (a string: tsx's helpers do not exist in the page).
    const works = Number(await tab.evaluate('window.__shopper.readyAt'));
    // What the page fetches once it works (pictures held back until then) is part of the picture too.
    await tab.waitForTimeout(1500);
    const fetches = fetched();
    const entry = fetches.find((fetch) => /\/js\/main\.[0-9a-f]+\.js$/.test(fetch.url));
    return { works, fetches, entryDownload: entry ? entry.end - entry.start : NaN };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
};

async function main() {
  const args = process.argv.slice(2);
  const url = args.find((arg) => /^https?:/.test(arg));
  if (!url) throw new Error('usage: npx tsx bench/waterfall.ts http://127.0.0.1:8080/ [en|ar] [--runs=5]');
  const language = args.includes('ar') ? 'ar' : 'en';
  const runs = Number(args.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 1);
  const works: number[] = [];
  const downloads: number[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const result = await load(url, language);
    works.push(result.works);
    downloads.push(result.entryDownload);
    if (run === 1) {
      console.log('| start | first byte | last byte | bytes | priority | url |\n|---|---|---|---|---|---|');
      for (const fetch of result.fetches)
        console.log(
          `| ${fetch.start} | ${fetch.firstByte} | ${fetch.end} | ${fetch.bytes ?? ''} | ${fetch.priority} | ${fetch.url.slice(0, 90)} |`,
        );
    }
    console.log(
      `run ${run}: works ${Math.round(result.works)} ms, the entry's download ${result.entryDownload} ms`,
    );
  }
  if (runs > 1)
    console.log(
      `medians of ${runs}: works ${Math.round(median(works))} ms, the entry's download ${median(downloads)} ms`,
    );
}

void main();
