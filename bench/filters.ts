// Filter-change measurement (issue 5, reworked for issues 48 and 50): the search page rendered in jsdom through the
// real store and router, its answers (a page of 12 of a 10 000-product catalogue, with 40 brands' and 12 collections'
// facets) in RTK Query's cache as if the server had answered; one tap on a brand's checkbox (the tapped box shown →
// the address → the page's query for the new search → React commit of the grid) is timed on the main thread, the
// network left out. Self-contained: no server, no browser; bench/run.ts calls measureFilterChange().
import { readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

import { JSDOM } from 'jsdom';

export const PRODUCTS = 10_000;
const RUNS = 7;

// The app imports its stylesheets; in Node they are nothing.
const extensions = (
  Module as unknown as { _extensions: Record<string, (module: { exports: unknown }) => void> }
)._extensions;
extensions['.css'] = (module) => {
  module.exports = {};
};

function installDom(): JSDOM {
  const dom = new JSDOM(
    '<!doctype html><html lang="en" dir="ltr"><body><div id="root"></div></body></html>',
    {
      url: 'http://localhost/search',
      pretendToBeVisual: true,
      // The stored home copy of 10 000 products is larger than jsdom's default 5 M code units.
      storageQuota: 100_000_000,
    },
  );
  const target = globalThis as Record<string, unknown>;
  const source = dom.window as unknown as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(dom.window)) {
    if (key in target) continue;
    try {
      target[key] = source[key];
    } catch {
      // A few window properties are read-only accessors; the app does not need them.
    }
  }
  target.window = dom.window;
  target.document = dom.window.document;
  return dom;
}

/**
 * Milliseconds this thread has spent on a CPU (Linux's schedstat), or null elsewhere. On the shared machine the
 * wall-clock figure also counts the time other processes held the cores; this one does not.
 */
function threadCpuMs(): number | null {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

export async function measureFilterChange(): Promise<{
  products: number;
  scriptMs: number;
  mainThreadCpuMs: number | null;
  /** the tap's own render: the tapped checkbox shown as chosen (wall clock, and the thread's CPU time) */
  tapMs: number;
  tapCpuMs: number | null;
}> {
  // Measured as shipped: React's production build and no development-only store checks.
  process.env.NODE_ENV = 'production';
  const dom = installDom();
  const load = createRequire(path.join(__dirname, '..', 'package.json'));
  const src = (file: string) => load(path.join(__dirname, '..', 'src', file));

  const React = load('react') as typeof import('react');
  const { flushSync } = load('react-dom') as typeof import('react-dom');
  // Commits synchronously inside the call, so the timing covers the whole re-render.
  const act = (fn: () => void) => flushSync(fn);
  const { createRoot } = load('react-dom/client') as typeof import('react-dom/client');
  const { Provider } = load('react-redux') as typeof import('react-redux');
  const { I18nextProvider } = load('react-i18next') as typeof import('react-i18next');
  const { MemoryRouter, useLocation } = load('react-router-dom') as typeof import('react-router-dom');
  const { installMatchMedia } = src('testing/matchMedia.ts') as typeof import('../src/testing/matchMedia');
  installMatchMedia({ width: 1280 });
  const { makeStore } = src('app/store.ts') as typeof import('../src/app/store');
  const { i18n, initI18nWithResources } = src('i18n/i18n.ts') as typeof import('../src/i18n/i18n');
  const { allResources } = src('i18n/resources.ts') as typeof import('../src/i18n/resources');
  const { catalogApi } = src(
    'features/catalog/catalogApi.ts',
  ) as typeof import('../src/features/catalog/catalogApi');
  const { DEFAULT_FILTERS } = src(
    'features/catalog/catalogSlice.ts',
  ) as typeof import('../src/features/catalog/catalogSlice');
  const { searchArgsOf } = src(
    'features/catalog/searchSelectors.ts',
  ) as typeof import('../src/features/catalog/searchSelectors');
  const { selectHomeArgs } = src(
    'features/catalog/catalogSelectors.ts',
  ) as typeof import('../src/features/catalog/catalogSelectors');
  const { makeProduct } = src(
    'features/catalog/testing/fixtures.ts',
  ) as typeof import('../src/features/catalog/testing/fixtures');
  const SearchPage = (src('features/catalog/pages/SearchPage.tsx') as { default: () => React.ReactElement })
    .default;

  initI18nWithResources(allResources, 'en');
  const brands = Array.from({ length: 40 }, (_, index) => `Brand ${index + 1}`);
  const page = Array.from({ length: 12 }, (_, index) =>
    makeProduct({
      id: index + 1,
      name: `Product ${index + 1}`,
      category: `Category ${(index % 20) + 1}`,
      brand: brands[index % brands.length],
      collection: `Collection ${index % 12}`,
      price: 1 + index,
      rating: (index % 50) / 10,
    }),
  );
  const answerFor = (brand: string | null) => ({
    data: page,
    total: brand ? PRODUCTS / brands.length : PRODUCTS,
    page: 1,
    per_page: 12,
    page_count: Math.ceil((brand ? PRODUCTS / brands.length : PRODUCTS) / 12),
    sort: 'relevance' as const,
    category: null,
    facets: {
      categories: Array.from({ length: 20 }, (_, c) => ({
        id: c + 1,
        name: `Category ${c + 1}`,
        count: 500,
      })),
      brands: brands.map((value) => ({ value, count: PRODUCTS / brands.length })),
      collections: Array.from({ length: 12 }, (_, c) => ({ value: `Collection ${c}`, count: 833 })),
      ratings: [4, 3, 2, 1].map((min_rating) => ({ min_rating, count: 2000 * (5 - min_rating) })),
      price: { min: 1, max: 500 },
    },
  });

  const store = makeStore({ settings: { language: 'en', currency: 'KWD' } });
  // Every search the run makes, answered as the server would (the network is not what this row measures).
  const base = searchArgsOf(selectHomeArgs(store.getState()), {
    filters: DEFAULT_FILTERS,
    text: '',
    page: 1,
  });
  await store.dispatch(
    catalogApi.util.upsertQueryEntries([
      { endpointName: 'searchProducts', arg: base, value: answerFor(null) },
      ...brands.map((brand) => ({
        endpointName: 'searchProducts' as const,
        arg: { ...base, brands: [brand] },
        value: answerFor(brand),
      })),
    ]),
  );

  // The address as the page last rendered it: the search on screen lives there.
  let address = '';
  function AddressProbe() {
    const { search } = useLocation();
    address = search;
    return null;
  }

  const container = document.getElementById('root') as HTMLElement;
  const root = createRoot(container);
  act(() => {
    const page = React.createElement(
      MemoryRouter,
      { initialEntries: ['/search'] },
      React.createElement(SearchPage),
      React.createElement(AddressProbe),
    );
    root.render(
      React.createElement(Provider, {
        store,
        children: React.createElement(I18nextProvider, { i18n }, page),
      }),
    );
  });
  act(() => undefined);
  const cards = () => container.querySelectorAll('[data-testid="product-card"]').length;
  if (cards() === 0) throw new Error('the search grid did not render');

  const panel = container.querySelector('[data-testid="filter-brands"]') as HTMLElement;
  const checkbox = (brand: string) => {
    const label = [...panel.querySelectorAll('label')].find((node) => node.textContent?.startsWith(brand));
    return document.getElementById(label?.htmlFor ?? '') as HTMLInputElement;
  };
  const stated = (brand: string) =>
    new URLSearchParams(address).get('brands')?.split(',').includes(brand) ?? false;
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  /** A tap on the brand's box: its own render, then the router's (a transition) until the address shows it. */
  async function tap(
    brand: string,
    on: boolean,
  ): Promise<{ tapMs: number; tapCpuMs: number | null; totalMs: number }> {
    const start = performance.now();
    const cpuStart = threadCpuMs();
    act(() => checkbox(brand).click());
    const tapMs = performance.now() - start;
    const cpuEnd = threadCpuMs();
    const tapCpuMs = cpuStart !== null && cpuEnd !== null ? cpuEnd - cpuStart : null;
    if (checkbox(brand).checked !== on)
      throw new Error(`the tapped box did not show at once ${brand} ${on} ${address} ${checkbox(brand).id}`);
    for (let turns = 0; stated(brand) !== on; turns += 1) {
      if (turns > 1000) throw new Error(`the filter did not reach the address ${brand} ${on} ${address}`);
      await turn();
    }
    return { tapMs, tapCpuMs, totalMs: performance.now() - start };
  }

  // Warm-up (JIT, first selector run), then timed changes: toggle a brand on, then off again.
  await tap(brands[0] as string, true);
  await tap(brands[0] as string, false);
  const timings: number[] = [];
  const tapTimings: number[] = [];
  const tapCpuTimes: number[] = [];
  const cpuTimes: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const brand = brands[(run % (brands.length - 1)) + 1] as string;
    const cpuStart = threadCpuMs();
    const { tapMs, tapCpuMs, totalMs } = await tap(brand, true);
    const cpuEnd = threadCpuMs();
    timings.push(totalMs);
    tapTimings.push(tapMs);
    if (tapCpuMs !== null) tapCpuTimes.push(tapCpuMs);
    if (cpuStart !== null && cpuEnd !== null) cpuTimes.push(cpuEnd - cpuStart);
    const count = container.querySelector('[data-testid="result-count"]')?.textContent ?? '';
    if (!count.startsWith(String(PRODUCTS / brands.length)))
      throw new Error(`the grid did not follow: ${count}`);
    await tap(brand, false);
  }
  act(() => root.unmount());
  // Clears RTK Query's cache timers (5 minutes for the home data), so the process can end.
  store.dispatch(catalogApi.util.resetApiState());
  dom.window.close();
  return {
    products: PRODUCTS,
    scriptMs: Math.round(median(timings) * 10) / 10,
    mainThreadCpuMs: cpuTimes.length ? Math.round(median(cpuTimes) * 10) / 10 : null,
    tapMs: Math.round(median(tapTimings) * 10) / 10,
    tapCpuMs: tapCpuTimes.length ? Math.round(median(tapCpuTimes) * 10) / 10 : null,
  };
}

// `npx tsx bench/filters.ts` prints the figure on its own.
if (require.main === module) {
  void measureFilterChange().then((result) => console.log(result));
}
