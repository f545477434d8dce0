// Where the home page's main-thread time goes: a Chromium performance trace under 4x CPU slowdown, split into
// script evaluation/compilation per chunk, other script work per chunk (React rendering, rehydration, i18n run
// inside the entry's functions), style and layout, paint; plus the app's own User Timing mark (shop:shell-rendered,
// the shell's first commit) and FCP/LCP.
// `npx tsx bench/trace.ts [--runs=5] [--url=http://127.0.0.1:8130/] [--lng=en] [--cpu=1] [--stacks] [--network] [--after-entry] [--lines]` against a running server;
// prints medians. The machine is shared: always quote medians of several runs.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { SourceMapConsumer } from 'source-map-js';

import { launchChromium } from './pageLoad';
import { SLOW_4G } from './shopperView';

const dist = path.resolve(__dirname, '..', 'dist');

const args = process.argv.slice(2);
/**
 * `--cpu=1`: no CPU slowdown, as Lighthouse records a page (it then multiplies each task by 4); the long tasks listed
 * are then those over 12.5 ms, which its simulation makes over 50. Default 4.
 */
const cpuSlowdown = Number(args.find((a) => a.startsWith('--cpu='))?.slice('--cpu='.length) ?? 4);
/** `--network`: also the shopper bench's slow 4G (bench/shopperView.ts), to see the tasks in a phone's order. */
const slowNetwork = args.includes('--network');
/** `--stacks`: each long task also lists its costliest call paths. */
const withPaths = args.includes('--stacks');
/**
 * `--after-entry`: the self times (by package, by function, under our functions) count only the main thread's
 * samples of the 900 ms from the entry's evaluation on: what the page does between its code's arrival and working.
 */
const afterEntryOnly = args.includes('--after-entry');
/** `--lines`: a function is also named by its file and line (a minified package's functions are mostly anonymous). */
const withLines = args.includes('--lines');
/** The windows after the entry's evaluation starts in which the main thread's busy time is summed (ms). */
const AFTER_ENTRY_WINDOWS_MS = [400, 700, 1000] as const;
const arg = (name: string, fallback: string) =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; stackTrace?: { url?: string }[] }; name?: string };
}

/** A production chunk's file carries its number only: the chunk groups' names by file, from the build's manifest. */
const groupOfFile = new Map<string, string>();
try {
  const groups = JSON.parse(readFileSync(path.join(dist, 'chunk-manifest.json'), 'utf8')) as Record<
    string,
    string[]
  >;
  for (const [group, files] of Object.entries(groups))
    for (const file of files) if (!groupOfFile.has(file)) groupOfFile.set(file, group);
} catch {
  // Not built: files keep their own names.
}

const chunkOf = (url: string | undefined) => {
  if (!url) return '(other)';
  const pathname = new URL(url, 'http://x').pathname;
  const name = pathname.split('/').pop() ?? url;
  return groupOfFile.get(pathname.slice(1)) ?? (name.replace(/\.[0-9a-f]{8,}\.js$/, '') || '(document)');
};

interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { url: string; lineNumber: number; columnNumber: number; functionName: string };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

const consumers = new Map<string, SourceMapConsumer | null>();
function consumerFor(url: string): SourceMapConsumer | null {
  const file = new URL(url).pathname.slice(1);
  if (!consumers.has(file)) {
    try {
      consumers.set(
        file,
        new SourceMapConsumer(JSON.parse(readFileSync(path.join(dist, `${file}.map`), 'utf8'))),
      );
    } catch {
      consumers.set(file, null);
    }
  }
  return consumers.get(file) ?? null;
}

type CallFrame = CpuProfile['nodes'][number]['callFrame'];

/**
 * Where a frame of one of our chunks comes from, through the chunk's source map: the file (without webpack's
 * prefix), its package when it is in node_modules, and the function's name there. Null for other frames.
 */
function originalOf(frame: CallFrame): { source: string; pkg?: string; name: string } | null {
  if (!frame.url || !/\/js\//.test(frame.url)) return null;
  const position = consumerFor(frame.url)?.originalPositionFor({
    line: frame.lineNumber + 1,
    column: frame.columnNumber,
  });
  if (!position?.source) return null;
  const source = position.source.replace(/^webpack:\/\/[^/]+\//, '');
  const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  const name = position.name ?? frame.functionName;
  return {
    source,
    ...(pkg && { pkg }),
    name: withLines ? `${name}:${source.split('/').pop()}:${position.line}` : name,
  };
}

/** Each sample of the profile between `from` and `to` (trace clock, µs), with the milliseconds it stands for. */
function forEachSample(
  profile: CpuProfile,
  from: number,
  to: number,
  visit: (nodeId: number, ms: number) => void,
): void {
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    if (at >= from && at <= to) visit(id, (profile.timeDeltas[index + 1] ?? 0) / 1000);
  });
}

/** A sample's node and its callers, innermost first. */
function stackOf(profile: CpuProfile): (nodeId: number) => number[] {
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  return (nodeId) => {
    const stack: number[] = [];
    for (let node: number | undefined = nodeId; node !== undefined; node = parentOf.get(node))
      stack.push(node);
    return stack;
  };
}

/**
 * Self time of the sampled profile per package (node_modules) or source file, through the chunks' source maps;
 * `from`/`to` (trace clock, µs) keep only the samples of one task.
 */
function selfTimeBySource(
  profile: CpuProfile,
  from = -Infinity,
  to = Infinity,
  byFunction = false,
): Record<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals: Record<string, number> = {};
  forEachSample(profile, from, to, (id, ms) => {
    const frame = byId.get(id)?.callFrame;
    let key = frame?.functionName ? `(${frame.functionName})` : '(idle/other)';
    if (frame?.url && /\/js\//.test(frame.url)) {
      const original = originalOf(frame);
      key = original?.pkg ?? original?.source ?? chunkOf(frame.url);
      if (byFunction) key = `${key} ${original?.name ?? frame.functionName}`;
    } else if (frame?.url) key = chunkOf(frame.url);
    totals[key] = (totals[key] ?? 0) + ms;
  });
  return totals;
}

/**
 * Time of the sampled profile under each of the shop's own functions (`src/`, through the source maps), callers
 * included: which of our calls a long task of library or browser work ran inside. `from`/`to` as above.
 */
function timeUnderOurFunctions(profile: CpuProfile, from: number, to: number): Record<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const stack = stackOf(profile);
  const nameOf = new Map<number, string | null>();
  const ourName = (id: number): string | null => {
    if (!nameOf.has(id)) {
      const frame = byId.get(id)?.callFrame;
      const original = frame && originalOf(frame);
      nameOf.set(
        id,
        original?.source.startsWith('src/')
          ? `${original.source.replace(/^src\//, '')} ${original.name}`.trim()
          : null,
      );
    }
    return nameOf.get(id) ?? null;
  };
  const totals: Record<string, number> = {};
  forEachSample(profile, from, to, (id, ms) => {
    const seen = new Set<string>();
    for (const node of stack(id)) {
      const name = ourName(node);
      if (name && !seen.has(name)) {
        seen.add(name);
        totals[name] = (totals[name] ?? 0) + ms;
      }
    }
  });
  return totals;
}

/**
 * The task's samples by call path, each path cut to where it crosses from one package or file into another
 * (`react-dom > features/catalog/pages/HomePage.tsx ProductSection > react-dom`): which chain of calls the time
 * went to, when the functions alone do not say (`--stacks`).
 */
function timeByCallPath(profile: CpuProfile, from: number, to: number): Record<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const stack = stackOf(profile);
  const placeOf = new Map<number, string>();
  const place = (id: number): string => {
    let name = placeOf.get(id);
    if (name === undefined) {
      const frame = byId.get(id)?.callFrame;
      const original = frame && originalOf(frame);
      name = frame?.functionName ? `(${frame.functionName})` : '';
      if (original) name = original.pkg ?? `${original.source.replace(/^src\//, '')} ${original.name}`;
      else if (frame?.url) name = chunkOf(frame.url);
      placeOf.set(id, name);
    }
    return name;
  };
  const totals: Record<string, number> = {};
  forEachSample(profile, from, to, (id, ms) => {
    const path: string[] = [];
    for (const node of stack(id)) {
      const name = place(node);
      if (name && name !== '(root)' && path[0] !== name) path.unshift(name);
    }
    const key = path.join(' > ') || '(idle)';
    totals[key] = (totals[key] ?? 0) + ms;
  });
  return totals;
}

const SCRIPT_EVENTS = new Set(['EvaluateScript', 'v8.compile', 'v8.compileModule', 'FunctionCall', 'v8.run']);
const STYLE_EVENTS = new Set(['UpdateLayoutTree', 'RecalculateStyles', 'ParseAuthorStyleSheet']);
const LAYOUT_EVENTS = new Set(['Layout']);
const PAINT_EVENTS = new Set(['Paint', 'PrePaint', 'Layerize', 'Commit', 'CompositeLayers']);

/**
 * The trace events inside one task, summed by name, longest first: what a task the profile shows as "(program)"
 * (the browser's own work: style, layout, parsing, paint) did. Nested events overlap; the sums only rank.
 */
function eventsWithin(onMain: TraceEvent[], task: TraceEvent): string {
  const end = task.ts + (task.dur ?? 0);
  const byName: Record<string, number> = {};
  for (const e of onMain) {
    if (e === task || e.ts < task.ts || e.ts >= end || /RunTask|ThreadController/.test(e.name)) continue;
    byName[e.name] = (byName[e.name] ?? 0) + (e.dur ?? 0) / 1000;
  }
  return Object.entries(byName)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([name, ms]) => `${name} ${Math.round(ms)}`)
    .join(', ');
}

export async function traceOnce(url: string, language: string) {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({
      locale: language === 'ar' ? 'ar-KW' : 'en-US',
      viewport: { width: 412, height: 823 },
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    if (slowNetwork) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    }
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', ({ value }) => {
      events.push(...(value as unknown as TraceEvent[]));
    });
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', {
      categories:
        'devtools.timeline,disabled-by-default-devtools.timeline,v8,v8.execute,blink.user_timing,loading',
      transferMode: 'ReportEvents',
    });
    const separator = url.includes('?') ? '&' : '?';
    await page.goto(`${url}${separator}lng=${language}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    const timings = await page.evaluate(() => {
      const marks = Object.fromEntries(
        performance.getEntriesByType('mark').map((m) => [m.name.replace('shop:', ''), m.startTime]),
      );
      const paints = Object.fromEntries(
        performance.getEntriesByType('paint').map((p) => [p.name, p.startTime]),
      );
      return { marks, paints };
    });
    const lcp = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve(entries[entries.length - 1]?.startTime ?? 0);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => resolve(0), 1000);
        }),
    );
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    await cdp.send('Tracing.end');
    await done;
    await context.close();

    // The renderer's main thread: where CrRendererMain runs.
    // (the renderer whose main thread evaluated the entry chunk: a navigation may switch processes).
    const entry = events.find(
      (e) => e.name === 'EvaluateScript' && /\/js\/main\./.test(e.args?.data?.url ?? ''),
    );
    const onMain = events.filter((e) => entry && e.pid === entry.pid && e.tid === entry.tid && e.ph === 'X');
    onMain.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const buckets: Record<string, number> = {};
    const addTo = (key: string, us: number) => {
      buckets[key] = (buckets[key] ?? 0) + us / 1000;
    };
    // Top-level script events only (a FunctionCall inside an EvaluateScript is not counted twice).
    let scriptEnd = 0;
    let taskEnd = 0;
    let total = 0;
    const longTasks: {
      at: number;
      ms: number;
      top: string;
      functions: string;
      events: string;
      within: string;
      paths?: string[];
    }[] = [];
    const navigationStart = events.find((e) => e.name === 'navigationStart' && e.pid === entry?.pid)?.ts ?? 0;
    for (const e of onMain) {
      const dur = e.dur ?? 0;
      if (e.name === 'RunTask' && e.ts >= taskEnd) {
        taskEnd = e.ts + dur;
        total += dur / 1000;
        // What a task over 50 ms (the part Total Blocking Time counts) spent its time on, biggest first.
        if (dur * (4 / cpuSlowdown) > 50_000) {
          const top = Object.entries(selfTimeBySource(profile, e.ts, e.ts + dur))
            .filter(([key]) => key !== '(idle)')
            .sort((a, b) => b[1] - a[1])
            .slice(0, 6)
            .map(([key, ms]) => `${key} ${Math.round(ms)}`)
            .join(', ');
          longTasks.push({
            at: Math.round((e.ts - navigationStart) / 1000),
            ms: Math.round(dur / 1000),
            top,
            // The same samples by function: which library call it was.
            functions: Object.entries(selfTimeBySource(profile, e.ts, e.ts + dur, true))
              .sort((a, b) => b[1] - a[1])
              .slice(0, 6)
              .map(([key, ms]) => `${key} ${Math.round(ms)}`)
              .join(', '),
            events: eventsWithin(onMain, e),
            within: Object.entries(timeUnderOurFunctions(profile, e.ts, e.ts + dur))
              .sort((a, b) => b[1] - a[1])
              .slice(0, 6)
              .map(([name, ms]) => `${name} ${Math.round(ms)}`)
              .join(', '),
            ...(withPaths && {
              paths: Object.entries(timeByCallPath(profile, e.ts, e.ts + dur))
                .sort((a, b) => b[1] - a[1])
                .slice(0, 12)
                .map(([name, ms]) => `${Math.round(ms * 10) / 10} ms: ${name}`),
            }),
          });
        }
      }
      if (SCRIPT_EVENTS.has(e.name) && e.ts >= scriptEnd) {
        scriptEnd = e.ts + dur;
        const kind = e.name === 'EvaluateScript' || e.name.startsWith('v8.compile') ? 'evaluate' : 'run';
        addTo(`script ${kind}: ${chunkOf(e.args?.data?.url)}`, dur);
      } else if (e.ts >= scriptEnd) {
        if (STYLE_EVENTS.has(e.name)) addTo('style', dur);
        else if (LAYOUT_EVENTS.has(e.name)) addTo('layout', dur);
        else if (PAINT_EVENTS.has(e.name)) addTo('paint/composite', dur);
        else if (e.name === 'ParseHTML') addTo('parse HTML', dur);
      }
    }
    // The main thread's busy time (its tasks, cut at the window's end) in each window from the entry's evaluation
    // on: a page's work before it works, without the waits for the network that a long task count leaves out.
    const entryStart = entry?.ts ?? 0;
    const afterEntry = Object.fromEntries(
      AFTER_ENTRY_WINDOWS_MS.map((windowMs) => {
        const end = entryStart + windowMs * 1000;
        const busy = onMain
          .filter((e) => e.name === 'RunTask' && e.ts >= entryStart && e.ts < end)
          .reduce((sum, e) => sum + Math.min(e.dur ?? 0, end - e.ts), 0);
        return [windowMs, busy / 1000];
      }),
    );
    const [from, to] = afterEntryOnly ? [entryStart, entryStart + 900_000] : [-Infinity, Infinity];
    return {
      buckets,
      total,
      afterEntry,
      marks: timings.marks,
      paints: timings.paints,
      lcp,
      sources: selfTimeBySource(profile, from, to),
      functions: selfTimeBySource(profile, from, to, true),
      under: timeUnderOurFunctions(profile, from, to),
      longTasks,
    };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

export async function traceMedians(url: string, language: string, runs: number) {
  const results: Awaited<ReturnType<typeof traceOnce>>[] = [];
  for (let i = 0; i < runs; i += 1) results.push(await traceOnce(url, language));
  const keys = new Set(results.flatMap((r) => Object.keys(r.buckets)));
  const buckets: Record<string, number> = {};
  for (const key of keys) buckets[key] = Math.round(median(results.map((r) => r.buckets[key] ?? 0)));
  const markNames = new Set(results.flatMap((r) => Object.keys(r.marks)));
  const marks: Record<string, number> = {};
  for (const name of markNames) marks[name] = Math.round(median(results.map((r) => r.marks[name] ?? 0)));
  const sourceNames = new Set(results.flatMap((r) => Object.keys(r.sources)));
  const sources: Record<string, number> = {};
  for (const name of sourceNames)
    sources[name] = Math.round(median(results.map((r) => r.sources[name] ?? 0)));
  return {
    runs,
    // Per run, not medians: the tasks of different runs do not line up.
    longTasksOfFirstRun: results[0]?.longTasks ?? [],
    mainThreadTasksMs: Math.round(median(results.map((r) => r.total))),
    // Busy ms within 400 / 700 / 1000 ms of the entry's evaluation starting (medians).
    mainThreadAfterEntryMs: Object.fromEntries(
      AFTER_ENTRY_WINDOWS_MS.map((windowMs) => [
        windowMs,
        Math.round(median(results.map((r) => r.afterEntry[windowMs] ?? 0))),
      ]),
    ),
    fcpMs: Math.round(median(results.map((r) => r.paints['first-contentful-paint'] ?? 0))),
    lcpMs: Math.round(median(results.map((r) => r.lcp))),
    marks,
    buckets: Object.fromEntries(Object.entries(buckets).sort((a, b) => b[1] - a[1])),
    selfTimeBySource: Object.fromEntries(
      Object.entries(sources)
        .filter(([, ms]) => ms >= 5)
        .sort((a, b) => b[1] - a[1]),
    ),
    // The first run's time under each of our own functions (callers included): which of our calls to look at.
    underOurFunctionsOfFirstRun: Object.fromEntries(
      Object.entries(results[0]?.under ?? {})
        .sort((a, b) => b[1] - a[1])
        .slice(0, 40)
        .map(([name, ms]) => [name, Math.round(ms)]),
    ),
    // The first run's forty costliest functions by self time (two hundred with `--lines`): which call of a package to look at.
    selfTimeByFunctionOfFirstRun: Object.fromEntries(
      Object.entries(results[0]?.functions ?? {})
        .sort((a, b) => b[1] - a[1])
        .slice(0, withLines ? 200 : 40)
        .map(([name, ms]) => [name, Math.round(ms * 10) / 10]),
    ),
  };
}

if (require.main === module && process.argv[1]?.endsWith('trace.ts')) {
  const url = arg('url', 'http://127.0.0.1:8130/');
  const runs = Number(arg('runs', '5'));
  void traceMedians(url, arg('lng', 'en'), runs).then((result) => {
    console.log(JSON.stringify(result, null, 2));
  });
}
