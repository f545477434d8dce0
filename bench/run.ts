// `npm run bench`: bundle sizes per route chunk and for the home page's first load, Lighthouse (mobile, on
// Debian's Chromium) on the main pages, API load on 127.0.0.1, and the catalog's filter-change script time.
// Prints a table and writes bench/results.json. Flags: --no-build, --only=sizes,lighthouse,api,filters
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'dist');
const args = process.argv.slice(2);
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const wants = (part: string) => !only || only.includes(part);

export const HOME_JS_BUDGET_GZIP = 135 * 1024;
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}

function measure(file: string): Size {
  const data = readFileSync(file);
  return {
    raw: data.length,
    gzip: gzipSync(data, { level: 9 }).length,
    brotli: brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const add = (a: Size, b: Size): Size => ({
  raw: a.raw + b.raw,
  gzip: a.gzip + b.gzip,
  brotli: a.brotli + b.brotli,
});
const zero: Size = { raw: 0, gzip: 0, brotli: 0 };
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function chunkName(file: string) {
  return path.basename(file).replace(/\.[0-9a-f]{10}\.(js|css)$/, '');
}

function bundleSizes() {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]+src="?\/(js\/[^"\s>]+)/g)].map((m) => m[1] as string);
  const css = [...html.matchAll(/<link[^>]+href="?\/(css\/[^"\s>]+)/g)].map((m) => m[1] as string);
  const bootstrapLtr = /data-ltr="?\/?([^"\s>]+)/.exec(html)?.[1];
  const chunks: Record<string, { js: Size; css: Size }> = {};
  for (const dir of ['js', 'css']) {
    for (const file of readdirSync(path.join(dist, dir))) {
      if (!/\.(js|css)$/.test(file)) continue;
      const name = chunkName(file);
      const entry = (chunks[name] ??= { js: zero, css: zero });
      const size = measure(path.join(dist, dir, file));
      if (file.endsWith('.js')) entry.js = add(entry.js, size);
      else entry.css = add(entry.css, size);
    }
  }
  // What the browser must run before the home page shows: the entry, the home route's chunk group (with the
  // shared chunks it pulls in) and the English texts.
  const manifest = JSON.parse(readFileSync(path.join(dist, 'chunk-manifest.json'), 'utf8')) as Record<
    string,
    string[]
  >;
  const firstLoad = new Set([
    ...scripts,
    ...css,
    ...['main', 'home', 'locale-en'].flatMap((g) => manifest[g] ?? []),
  ]);
  const homeJsFiles = [...firstLoad].filter((f) => f.endsWith('.js'));
  const homeJs = homeJsFiles.reduce((sum, f) => add(sum, measure(path.join(dist, f))), zero);
  const homeCssFiles = [
    ...[...firstLoad].filter((f) => f.endsWith('.css')),
    ...(bootstrapLtr ? [bootstrapLtr] : []),
  ];
  const homeCss = homeCssFiles.reduce((sum, f) => add(sum, measure(path.join(dist, f))), zero);
  return { chunks, home: { js: homeJs, css: homeCss, jsFiles: homeJsFiles, cssFiles: homeCssFiles } };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startServer(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  // The compiled server, as in production: the bench builds first (or, with --no-build, uses the last build).
  const child = spawn(process.execPath, [path.join(root, 'build/server/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-')),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error('the server did not start');
}

async function lighthouseRuns(url: string) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROMIUM_ARGS,
  });
  const results: Record<string, Record<string, number | null>> = {};
  try {
    // The first run of a fresh Chromium pays for its own start-up; it is not a figure of the shop.
    await lighthouse(`${url}/`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    for (const page of ['/', '/search', '/product/1', '/?lng=ar']) {
      const run = await lighthouse(`${url}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      if (!run) continue;
      const { categories, audits } = run.lhr;
      const score = (key: string) =>
        (categories[key]?.score ?? null) === null ? null : Math.round((categories[key]?.score ?? 0) * 100);
      results[page] = {
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
        lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
        tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
        cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
      };
      if (run.lhr.runtimeError) console.error(`Lighthouse ${page}: ${run.lhr.runtimeError.message}`);
    }
  } finally {
    chrome.kill();
  }
  return results;
}

async function apiLoad(url: string) {
  const { default: autocannon } = await import('autocannon');
  const paths = [
    '/api/health',
    '/api/categories',
    '/api/best_selling_products',
    '/api/products/1?currency_code=KWD',
  ];
  const results: Record<
    string,
    { requestsPerSec: number; p50Ms: number; p99Ms: number; errors: number; non2xx: number }
  > = {};
  for (const p of paths) {
    const result = await autocannon({ url: `${url}${p}`, connections: 20, duration: 8 });
    results[p] = {
      requestsPerSec: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      errors: result.errors,
      non2xx: result.non2xx,
    };
  }
  return results;
}

async function filters() {
  const file = path.join(__dirname, 'filters.ts');
  if (!existsSync(file)) return null;
  // Loaded by path: the catalog's measurement may not exist in every checkout.
  const mod = (await import(file)) as { measureFilterChange?: () => Promise<unknown> };
  return mod.measureFilterChange ? mod.measureFilterChange() : null;
}

async function main() {
  if (!args.includes('--no-build')) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}`,
  };

  if (wants('sizes')) {
    const sizes = bundleSizes();
    results.sizes = sizes;
    console.log('\nBundle sizes (raw / gzip / brotli)');
    for (const [name, { js, css }] of Object.entries(sizes.chunks).sort()) {
      if (name.startsWith('bootstrap-') && js.raw === 0 && css.raw === 0) continue;
      const parts = [
        js.raw ? `JS ${kb(js.raw)} / ${kb(js.gzip)} / ${kb(js.brotli)}` : '',
        css.raw ? `CSS ${kb(css.raw)} / ${kb(css.gzip)} / ${kb(css.brotli)}` : '',
      ];
      console.log(`  ${name.padEnd(20)} ${parts.filter(Boolean).join('   ')}`);
    }
    const { js, css } = sizes.home;
    const verdict = js.gzip <= HOME_JS_BUDGET_GZIP ? 'within' : 'OVER';
    console.log(
      `  home first load: JS ${kb(js.raw)} / ${kb(js.gzip)} / ${kb(js.brotli)} (${verdict} the 135 KB gzip budget)`,
    );
    console.log(`                   CSS ${kb(css.raw)} / ${kb(css.gzip)} / ${kb(css.brotli)}`);
  }

  if (wants('lighthouse') || wants('api')) {
    const { url, child } = await startServer();
    try {
      if (wants('lighthouse')) {
        try {
          results.lighthouse = await lighthouseRuns(url);
          console.log('\nLighthouse (mobile emulation, simulated slow 4G, 4x CPU slowdown)');
          console.table(results.lighthouse);
        } catch (error) {
          results.lighthouse = { error: String(error) };
          console.error('Lighthouse failed:', error);
        }
      }
      if (wants('api')) {
        results.api = await apiLoad(url);
        console.log('\nAPI load (autocannon, 20 connections, 8 s each, 127.0.0.1)');
        console.table(results.api);
      }
    } finally {
      child.kill('SIGTERM');
    }
  }

  if (wants('filters')) {
    results.filters = await filters();
    if (results.filters) {
      console.log('\nCatalog filter change');
      console.table(results.filters);
    }
  }

  writeFileSync(path.join(__dirname, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log('\nwritten bench/results.json');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
