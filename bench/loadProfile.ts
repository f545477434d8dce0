// Where a page's load spends the phone's main thread, by source file and function: one cold load under the phone
// row's throttling (bench/shopperView.ts: slow 4G, 4× CPU, 412 × 823, cache off), sampled by V8's profiler until the
// page works, each sample mapped through the build's source maps (dist/js/*.map) to the original file, a package
// counted as one. Self time, so a function that loads a locale's data (a first `Intl.NumberFormat`) or parses a
// large answer shows where it is called from. One load is noisy: compare functions, not the total.
//
// `npx tsx bench/loadProfile.ts http://127.0.0.1:8080/search?lng=ar [ar] [--top=25]` against a production build.
import { readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import path from 'node:path';

import { launchChromium } from './pageLoad';
import { CPU_SLOWDOWN, phoneTab } from './shopperView';

/** Microseconds between samples: fine enough for a 10 ms function at 4×. */
const SAMPLING_INTERVAL_US = 200;
const DIST_JS = path.join(__dirname, '..', 'dist', 'js');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

/** The build's source map of a script the page loaded, or null (an inline script, the browser's own). */
function sourceMapReader(): (url: string) => SourceMap | null {
  const maps = new Map<string, SourceMap | null>();
  return (url) => {
    if (!maps.has(url)) {
      const file = /\/js\/([^/?]+\.js)(?:\?|$)/.exec(url)?.[1];
      let map: SourceMap | null = null;
      if (file) {
        try {
          const payload = JSON.parse(
            readFileSync(path.join(DIST_JS, `${file}.map`), 'utf8'),
          ) as SourceMapPayload;
          map = new SourceMap(payload);
        } catch {
          map = null;
        }
      }
      maps.set(url, map);
    }
    return maps.get(url) ?? null;
  };
}

/** `node_modules/react-dom/cjs/…` → `react-dom`; our own files by their path under the project. */
function sourceName(source: string): string {
  const file = source.replace(/^webpack:\/\/[^/]*\//, '');
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  return inPackage ? `package ${inPackage[1]}` : file;
}

async function profileLoad(url: string, language: 'en' | 'ar') {
  const browser = await launchChromium();
  try {
    const { tab, cdp } = await phoneTab(browser, language, CPU_SLOWDOWN);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
    await cdp.send('Profiler.start');
    await tab.goto(url, { waitUntil: 'commit' });
    // Polled once a second: the page's own work is what is sampled, not the poll.
    await tab.waitForFunction(() => document.documentElement.dataset.pageReady === 'true', null, {
      timeout: 30_000,
      polling: 1_000,
    });
    return (await cdp.send('Profiler.stop')).profile;
  } finally {
    await browser.close();
  }
}

async function main() {
  const args = process.argv.slice(2);
  const [url, language = 'en'] = args.filter((arg) => !arg.startsWith('--'));
  if (!url || (language !== 'en' && language !== 'ar'))
    throw new Error('usage: npx tsx bench/loadProfile.ts <page URL> [en|ar] [--top=N]');
  const top = Number(args.find((arg) => arg.startsWith('--top='))?.slice('--top='.length) ?? 25);
  const profile = await profileLoad(url, language);

  const selfUs = new Map<number, number>();
  profile.samples?.forEach((node, index) =>
    selfUs.set(node, (selfUs.get(node) ?? 0) + (profile.timeDeltas?.[index] ?? 0)),
  );
  const mapOf = sourceMapReader();
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const add = (totals: Map<string, number>, key: string, ms: number) =>
    totals.set(key, (totals.get(key) ?? 0) + ms);
  for (const node of profile.nodes as ProfileNode[]) {
    const ms = (selfUs.get(node.id) ?? 0) / 1000;
    if (!ms) continue;
    const { url: script, functionName, lineNumber, columnNumber } = node.callFrame;
    // Both zero-based, as V8's call frames are.
    const original = mapOf(script)?.findEntry(lineNumber, columnNumber);
    if (original && 'originalSource' in original && original.originalSource) {
      const source = sourceName(original.originalSource);
      add(byFile, source, ms);
      add(
        byFunction,
        `${(original as { name?: string }).name ?? functionName} (${source}:${original.originalLine + 1})`,
        ms,
      );
    } else {
      const where = script ? path.basename(script) : functionName || '(program)';
      add(byFile, where, ms);
      add(byFunction, script && functionName ? `${functionName} (${where})` : where, ms);
    }
  }
  const table = (title: string, totals: Map<string, number>) => {
    console.log(`\n| ${title} | self time |\n|---|---|`);
    for (const [name, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, top))
      console.log(`| ${name} | ${ms.toFixed(0)} ms |`);
  };
  console.log(`${url} (${language}): one cold load at ${CPU_SLOWDOWN}× CPU, slow 4G, until the page works.`);
  table('source', byFile);
  table('function', byFunction);
}

if (require.main === module)
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
