// Issue 48's rows at several catalogue sizes (`npm run bench -- --only=scale --sizes=150,10000,100000`): the demo's
// 150 products on PGlite, a seeded catalogue on PGlite (`npm run seed` into a fresh folder), and 100 000 on
// PostgreSQL (BENCH_DATABASE_URL, seeded beforehand: `DATABASE_URL=… npm run seed -- --products 100000`). Per size:
// the HTML (gzip) of home, /search, a product and /all-categories and the largest API answer each fetches (real
// Chromium, bench/pageLoad.ts), the search API and the suggestions at 20 concurrent clients (p95), a product's
// answer at 20 clients (req/s); then when each page works on the real-phone row (bench/shopperView.ts, at the
// issue's 412 × 823 and DPR 1.75), every size's server in turn, load by load. The CSV import and export figures
// (bench/catalogueCsv.ts) are the `csv` part.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
  latencyUnderLoad,
  load,
  startServer,
  stopServer,
  type LatencyFigures,
  type LoadRequest,
} from './benchServer';
import { fetchedByPage, launchChromium, type PageFetch } from './pageLoad';
import { PHONE_DPR, shopperView, SHOPPER_LANGUAGES, type ShopperRow } from './shopperView';

const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'dist');

type Row = (figure: string, value: string, target: string, ok: boolean | null) => void;

export const HTML_BUDGET_GZIP = 30 * 1024;
export const API_ANSWER_BUDGET_GZIP = 100 * 1024;
export const SEARCH_P95_MS = 50;
export const SUGGESTIONS_P95_MS = 30;
export const PRODUCT_REQUESTS_PER_SEC = 10_000;
export const PAGE_WORKS_MS = 1800;
const CLIENTS = 20;
const PRODUCT_WARM_UP_SECONDS = 3;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '—');

/** Words shoppers type (the demo shop's and the seeded catalogue's), in both languages. */
const WORDS = [
  'perfume',
  'oud',
  'musk',
  'watch',
  'abaya',
  'dress',
  'incense',
  'thobe',
  'lipstick',
  'dates',
  'saffron',
  'عطر',
  'عود',
  'ساعة',
  'عباية',
  'فستان',
  'مبخرة',
  'تمر',
];
/** Two letters swapped: a typo the similarity search must forgive. */
const mistyped = (word: string) =>
  word.length < 5 ? word : `${word.slice(0, 2)}${word[3] ?? ''}${word[2] ?? ''}${word.slice(4)}`;

function pick<T>(list: readonly T[], index: number, salt: number): T {
  return list[(index * 7919 + salt * 104_729) % list.length] as T;
}

/**
 * A different search each request (words + a rating and a price limit, with facets): every answer is computed, none
 * comes from the server's few seconds of memory (the `n` parameter, which the server ignores, makes each address
 * new), so the figure is the database's and the service's work.
 */
const searchAddress = (index: number) => {
  const word = pick(WORDS, index, 1);
  const query = index % 5 === 4 ? mistyped(word) : word;
  const rating = 1 + (index % 4);
  const price = 20 + ((index * 37) % 480);
  const lang = /[a-z]/.test(word) ? 'en' : 'ar';
  return `/api/catalog/search?q=${encodeURIComponent(query)}&min_rating=${rating}&max_price=${price}&lang=${lang}&n=${index}`;
};

/** What the header's box asks as a shopper types: the first letters of a word, now and then mistyped. */
const suggestionAddress = (index: number) => {
  const word = pick(WORDS, index, 2);
  const typed = [...(index % 6 === 5 ? mistyped(word) : word)];
  const letters = Math.min(typed.length, 2 + (index % Math.max(1, typed.length - 1)));
  const lang = /[a-z]/.test(word) ? 'en' : 'ar';
  return `/api/catalog/suggestions?q=${encodeURIComponent(typed.slice(0, letters).join(''))}&lang=${lang}&n=${index}`;
};

interface Catalogue {
  url: string;
  label: string;
  productId: number;
  stop: () => Promise<void>;
}

async function answer<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** The server on a catalogue of about `size` products (see the head of this file); null when it cannot be had. */
async function openCatalogue(
  size: number,
  postgresUrl: string | undefined,
  photographs: boolean,
): Promise<Catalogue | null> {
  let server: Awaited<ReturnType<typeof startServer>>;
  let database = 'PGlite';
  if (size >= 100_000) {
    if (!postgresUrl) {
      console.error(
        `scale: ${size} products need BENCH_DATABASE_URL (a PostgreSQL database seeded with them)`,
      );
      return null;
    }
    database = 'PostgreSQL';
    // A PostgreSQL catalogue seeded with `--photographs` keeps its pictures in the data folder of that seed (DATA_DIR):
    // the server must serve that folder, or every picture is a 404 and the phone row measures pages without them.
    const picturesDir = process.env.BENCH_DATA_DIR;
    if (photographs && !picturesDir)
      console.error(
        'scale: --photographs on PostgreSQL needs BENCH_DATA_DIR, the DATA_DIR its seed wrote the pictures to; measured without them',
      );
    if (photographs && picturesDir) database += ', photographs';
    server = await startServer({ databaseUrl: postgresUrl, ...(picturesDir && { dataDir: picturesDir }) });
  } else if (size > 150) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-scale-'));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const started = Date.now();
    const seedArgs = ['tsx', 'server/seedCatalogue.ts', '--products', String(size - 150)];
    execFileSync('npx', photographs ? [...seedArgs, '--photographs'] : seedArgs, {
      cwd: root,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (photographs) database += ', photographs';
    console.error(
      `scale: seeded ${size - 150} products on PGlite in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    server = await startServer({ dataDir });
  } else {
    server = await startServer();
  }
  const { total, data } = await answer<{ total: number; data: { id: number }[] }>(
    `${server.url}/api/catalog/search?sort=newest&per_page=1`,
  );
  if (size >= 100_000 && total < size * 0.95)
    console.error(
      `scale: the PostgreSQL database holds ${total} products, not ${size}: DATABASE_URL=… npm run seed -- --products ${size}`,
    );
  return {
    url: server.url,
    label: `${total.toLocaleString('en')} products, ${database}`,
    // The demo's product 1, as the issue measured it; the newest (a seeded one) in a large catalogue.
    productId: size <= 150 ? 1 : (data[0]?.id ?? 1),
    stop: () => stopServer(server.child),
  };
}

const latency = (figures: LatencyFigures) =>
  `p95 ${figures.p95Ms} ms (p50 ${figures.p50Ms} ms, ${figures.requestsPerSec} req/s${figures.failed ? `, ${figures.failed} failed` : ''})`;

/** The API rows of one server (also run on a compared server: `--compare-api=URL`). */
async function apiRows(row: Row, url: string, label: string, productId: number, loadSeconds: number) {
  const search = await latencyUnderLoad(url, searchAddress, { clients: CLIENTS, seconds: loadSeconds });
  row(
    `${label}: search API, words + rating + price + facets, ${CLIENTS} clients, each answer computed`,
    latency(search),
    `p95 ≤ ${SEARCH_P95_MS} ms`,
    search.failed === 0 && search.p95Ms <= SEARCH_P95_MS,
  );
  const suggestions = await latencyUnderLoad(url, suggestionAddress, {
    clients: CLIENTS,
    seconds: loadSeconds,
  });
  row(
    `${label}: suggestions as one types, ${CLIENTS} clients, each answer computed`,
    latency(suggestions),
    `p95 ≤ ${SUGGESTIONS_P95_MS} ms`,
    suggestions.failed === 0 && suggestions.p95Ms <= SUGGESTIONS_P95_MS,
  );
  const productRequest: LoadRequest[] = [
    { method: 'GET', path: `/api/products/${productId}?currency_code=KWD` },
  ];
  // Not counted: the route's first thousands of answers run before V8 has compiled it (the first second of a cold
  // load reads about half the rate of the next), and the row is the rate a server under steady load keeps.
  await load(url, productRequest, {}, { connections: CLIENTS, seconds: PRODUCT_WARM_UP_SECONDS });
  const product = await load(url, productRequest, {}, { connections: CLIENTS, seconds: loadSeconds });
  row(
    `${label}: GET /api/products/${productId}, ${CLIENTS} clients (gzip)`,
    `${product.requestsPerSec} req/s, p50 ${product.p50Ms} ms, p99 ${product.p99Ms} ms${product.non2xx ? `, ${product.non2xx} non-2xx` : ''}`,
    `≥ ${PRODUCT_REQUESTS_PER_SEC.toLocaleString('en')} req/s`,
    product.non2xx === 0 && product.errors === 0 && product.requestsPerSec >= PRODUCT_REQUESTS_PER_SEC,
  );
  return { search, suggestions, product };
}

async function pageBytes(row: Row, catalogue: Catalogue) {
  const pages = ['/', '/search', `/product/${catalogue.productId}`, '/all-categories'];
  const browser = await launchChromium();
  const fetched: PageFetch[] = [];
  try {
    for (const page of pages) fetched.push(await fetchedByPage(browser, catalogue.url, dist, page, 'en'));
  } finally {
    await browser.close();
  }
  // The budget holds the page's own bytes, what grows with a catalogue: a browser's first page also carries the
  // head's stylesheets and first chunks (in brackets), bytes that otherwise come as files (docs/performance.md).
  const largestHtml = Math.max(...fetched.map((page) => page.htmlOwnGzip));
  row(
    `${catalogue.label}: HTML gzip, home / search / product / all-categories (en); a first page with its head's files`,
    fetched.map((page) => `${kb(page.htmlOwnGzip)} (${kb(page.htmlGzip)})`).join(' / '),
    `each ≤ ${kb(HTML_BUDGET_GZIP)}`,
    largestHtml <= HTML_BUDGET_GZIP,
  );
  const answers = fetched.map((page) => ({ page: page.page, largest: page.api[0] }));
  const largest = Math.max(0, ...answers.map((entry) => entry.largest?.gzip ?? 0));
  row(
    `${catalogue.label}: largest API answer a page fetches (gzip), per page`,
    answers
      .map((entry) =>
        entry.largest ? `${kb(entry.largest.gzip)} ${entry.largest.file.split('?')[0]}` : 'none',
      )
      .join(' / '),
    `≤ ${kb(API_ANSWER_BUDGET_GZIP)}`,
    largest <= API_ANSWER_BUDGET_GZIP,
  );
  return fetched.map(({ page, htmlGzip, htmlOwnGzip, api }) => ({ page, htmlGzip, htmlOwnGzip, api }));
}

/** Every catalogue's product page is named so in the phone rows' loads (each catalogue has its own product). */
const PRODUCT_PAGE = '/product';

/**
 * The phone rows of every catalogue, their servers alternating load by load (`shopperView`): this host's speed
 * drifts by a third within an hour, and catalogues measured one after the other compared its moments as much as
 * their sizes.
 */
async function phoneRows(row: Row, catalogues: Catalogue[], runs: number) {
  const pages = ['/', '/search', PRODUCT_PAGE, '/cart'];
  const result = await shopperView(
    catalogues.map((catalogue) => ({
      name: catalogue.label,
      base: catalogue.url,
      paths: { [PRODUCT_PAGE]: `/product/${catalogue.productId}` },
    })),
    runs,
    { interactions: false, pages, dpr: PHONE_DPR },
  );
  const byCatalogue = new Map<string, ShopperRow[]>();
  for (const catalogue of catalogues) {
    const rows = result.pages.filter((p) => p.server === catalogue.label);
    byCatalogue.set(catalogue.label, rows);
    for (const page of pages) {
      const measured = SHOPPER_LANGUAGES.map(
        (language) => rows.find((p) => p.page === page && p.language === language) ?? null,
      );
      const failed = measured.reduce((sum, p) => sum + (p?.failed ?? runs), 0);
      const worst = Math.max(...measured.map((p) => p?.worksMs ?? Number.POSITIVE_INFINITY));
      const shown = page === PRODUCT_PAGE ? `/product/${catalogue.productId}` : page;
      row(
        `${catalogue.label}: ${shown} works on the phone (slow 4G, 4× CPU, 412×823 @${PHONE_DPR}), en / ar, median of ${runs}`,
        `${measured.map((p) => seconds(p?.worksMs ?? Number.NaN)).join(' / ')}${failed ? ` (${failed} never worked)` : ''}`,
        `≤ ${seconds(PAGE_WORKS_MS)}`,
        failed === 0 && worst <= PAGE_WORKS_MS,
      );
    }
  }
  return { cpu: result.cpu, host: result.host, byCatalogue };
}

export interface ScaleOptions {
  sizes: number[];
  runs: number;
  loadSeconds: number;
  postgresUrl?: string;
  /** another build's server on the largest catalogue: its API rows are measured right after this one's */
  compareApi?: string;
  /** `phone` off: the real-phone loads are the longest part */
  phone: boolean;
  /**
   * the seeded PGlite catalogues with pictures of a photograph's weight (`npm run seed -- --photographs`); the
   * PostgreSQL one has the pictures it was seeded with, served from the bench server's own folder (drawings)
   */
  photographs?: boolean;
}

export async function scaleRows(row: Row, options: ScaleOptions): Promise<Record<string, unknown>> {
  const results: Record<string, Record<string, unknown>> = {};
  const largest = Math.max(...options.sizes);
  // Every catalogue stays open until the phone rows, which load them all in turn.
  const open: Catalogue[] = [];
  try {
    for (const size of options.sizes) {
      const catalogue = await openCatalogue(size, options.postgresUrl, options.photographs ?? false);
      if (!catalogue) continue;
      open.push(catalogue);
      const bytes = await pageBytes(row, catalogue);
      const api = await apiRows(
        row,
        catalogue.url,
        catalogue.label,
        catalogue.productId,
        options.loadSeconds,
      );
      const compared =
        options.compareApi && size === largest
          ? await apiRows(
              row,
              options.compareApi,
              `compared (${options.compareApi})`,
              catalogue.productId,
              options.loadSeconds,
            )
          : undefined;
      results[catalogue.label] = { bytes, api, compared };
    }
    if (options.phone && open.length > 0) {
      const phone = await phoneRows(row, open, options.runs);
      for (const catalogue of open)
        (results[catalogue.label] as Record<string, unknown>).phone = {
          cpu: phone.cpu,
          host: phone.host,
          pages: phone.byCatalogue.get(catalogue.label),
        };
    }
  } finally {
    await Promise.all(open.map((catalogue) => catalogue.stop()));
  }
  return results;
}

/** The CSV rows: bench/catalogueCsv.ts in a process of its own (its resident memory is the figure). */
/** Where a process's resident memory stands now (Linux's /proc), in bytes; null elsewhere. */
function residentBytes(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}

/**
 * The export of a PostgreSQL catalogue by the server as `npm start` runs it (its own process, the database outside
 * it, the demo owner signed in), the server's resident memory sampled every 20 ms while a client reads the file.
 * The server's figure is the one the issue bounds: in one process with PGlite, the database's own pages count too.
 */
async function exportOnServer(postgresUrl: string) {
  const server = await startServer({ databaseUrl: postgresUrl });
  try {
    const pid = server.child.pid ?? 0;
    const signedIn = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ email: 'owner@shop.test', password: 'Owner@12345' }),
    });
    if (!signedIn.ok) throw new Error(`the demo owner's sign-in: ${signedIn.status}`);
    const { token } = (await signedIn.json()) as { token: string };
    const before = residentBytes(pid) ?? Number.NaN;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentBytes(pid) ?? Number.NaN);
    }, 20);
    const started = performance.now();
    let bytes = 0;
    let lines = 0;
    try {
      const answer = await fetch(`${server.url}/api/admin/catalogue/export`, {
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
      });
      if (!answer.ok || !answer.body) throw new Error(`export: ${answer.status}`);
      const reader = answer.body.getReader();
      for (;;) {
        const part = await reader.read();
        if (part.done) break;
        bytes += part.value.length;
        for (const byte of part.value) if (byte === 10) lines += 1;
      }
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, residentBytes(pid) ?? Number.NaN);
    return {
      lines,
      megabytes: bytes / 1024 / 1024,
      seconds: (performance.now() - started) / 1000,
      beforeMb: before / 1024 / 1024,
      peakMb: peak / 1024 / 1024,
    };
  } finally {
    await stopServer(server.child);
  }
}

/**
 * The CSV rows: the 10 000-row import (bench/catalogueCsv.ts, a process of its own, PGlite in a folder), and the
 * export of 100 000 products by the server on the PostgreSQL catalogue (BENCH_DATABASE_URL); without one, the export
 * runs in bench/catalogueCsv.ts's process, where PGlite's pages of the whole catalogue count in its memory.
 */
export async function csvRows(row: Row, postgresUrl?: string): Promise<Record<string, number>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-csv-'));
  const output = execFileSync(
    'npx',
    [
      'tsx',
      'bench/catalogueCsv.ts',
      '--rows=10000',
      `--export=${postgresUrl ? 0 : 100_000}`,
      `--data-dir=${dataDir}`,
      '--json',
    ],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 16 * 1024 * 1024 },
  );
  const lines = output.trim().split('\n');
  for (const line of lines.slice(0, -1)) console.error(line);
  const figures = JSON.parse(lines.at(-1) ?? '{}') as Record<string, number>;
  const importSeconds = figures.importSeconds ?? Number.NaN;
  row(
    `CSV import of ${figures.importRows ?? '?'} rows (dry run + import, PGlite, no pictures)`,
    `${importSeconds.toFixed(1)} s`,
    '≤ 60 s',
    importSeconds <= 60,
  );
  if (postgresUrl) {
    const exported = await exportOnServer(postgresUrl);
    figures.exportLines = exported.lines;
    figures.exportSeconds = exported.seconds;
    figures.exportBeforeMb = exported.beforeMb;
    figures.exportPeakMb = exported.peakMb;
    row(
      `CSV export of the PostgreSQL catalogue (${exported.lines.toLocaleString('en')} lines, ${exported.megabytes.toFixed(0)} MB in ${exported.seconds.toFixed(1)} s), the server's peak resident memory (${exported.beforeMb.toFixed(0)} MB before)`,
      `${exported.peakMb.toFixed(0)} MB`,
      '< 300 MB',
      exported.lines > 100_000 && exported.peakMb < 300,
    );
    return figures;
  }
  const peak = figures.exportPeakMb ?? Number.NaN;
  row(
    `CSV export of ${figures.exportProducts ?? '?'} products, peak resident memory (server, PGlite and reader in one process)`,
    `${peak.toFixed(0)} MB`,
    '< 300 MB',
    peak < 300,
  );
  return figures;
}
