import { waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';

import type { AppStore } from '../../../app/store';
import { server } from '../../../testing/server';
import { catalogApi } from '../catalogApi';
import { storeHomeCopies } from '../testing/storedHomeCopies';
import { makeCategory } from '../testing/fixtures';
import { catalogHandlers } from '../testing/handlers';
import { renderPage } from '../testing/renderPage';
import AllCategoriesPage from './AllCategoriesPage';
import HomePage from './HomePage';
import ProductPage from './ProductPage';
import SearchPage from './SearchPage';

const MINUTE = 60_000;
const args = { lang: 'en' as const, currency: 'KWD' };

const pages: [string, string, string, () => ReactElement][] = [
  ['home', '/', '/', () => <HomePage />],
  ['search', '/search', '/search', () => <SearchPage />],
  ['all categories', '/all-categories', '/all-categories', () => <AllCategoriesPage />],
  ['product detail', '/product/:id', '/product/1', () => <ProductPage />],
];

describe.each(pages)('the 5-minute rule on the %s page', (_name, path, route, page) => {
  let clock: number;
  let calls: string[];

  beforeEach(() => {
    clock = Date.now();
    jest.spyOn(Date, 'now').mockImplementation(() => clock);
    calls = [];
    server.use(...catalogHandlers({}, calls));
    // Stored 4 minutes ago: still valid now, stale one minute from now.
    storeHomeCopies('en', {
      categories: [makeCategory(9, 'Cached category', [])],
      bestSellers: [],
      coupons: [],
      storedAt: clock - 4 * MINUTE,
      currency: 'KWD',
    });
  });
  afterEach(() => jest.restoreAllMocks());

  /** The texts JSON.parse is given from now on. */
  function parsedTexts(): string[] {
    const texts: string[] = [];
    const parse = JSON.parse.bind(JSON);
    jest.spyOn(JSON, 'parse').mockImplementation((text: string, reviver) => {
      texts.push(String(text));
      return parse(text, reviver) as unknown;
    });
    return texts;
  }
  const homeQuery = (store: AppStore) => catalogApi.endpoints.getHomeData.select(args)(store.getState());
  const categoryCalls = () => calls.filter((call) => call.startsWith('GET /categories'));

  /** Mounts the page on the given store and waits until the home-data run started by this mount has ended. */
  async function mount(store?: AppStore) {
    const mountedAt = clock;
    const view = renderPage(path, page(), { route, store });
    await waitFor(() => expect(homeQuery(view.store).startedTimeStamp).toBe(mountedAt));
    await waitFor(() => expect(homeQuery(view.store).status).toBe('fulfilled'));
    return view;
  }

  it('a remount within 5 minutes of the stored fetch asks the stored copy, not the API', async () => {
    const first = await mount();
    const firstData = homeQuery(first.store).data;
    first.unmount();
    clock += 30_000;
    const parsed = parsedTexts();
    const second = await mount(first.store);
    expect(categoryCalls()).toEqual([]);
    expect(homeQuery(second.store).data?.categories[0]?.name).toBe('Cached category');
    // The same copy read again is the same data, not parsed anew (150 KB on a real shop, in a phone's first seconds).
    expect(homeQuery(second.store).data).toBe(firstData);
    expect(parsed.filter((text) => text.includes('Cached category'))).toEqual([]);
  });

  it('a remount within 5 minutes of a fetch from the API reads the copy that fetch stored, as the same data', async () => {
    clock += 2 * MINUTE;
    const first = await mount();
    expect(categoryCalls()).toEqual(['GET /categories?currency_code=KWD']);
    const fetched = homeQuery(first.store).data;
    expect(fetched?.categories[0]?.name).not.toBe('Cached category');
    first.unmount();
    clock += 30_000;
    const parsed = parsedTexts();
    const second = await mount(first.store);
    expect(categoryCalls()).toHaveLength(1);
    expect(homeQuery(second.store).data).toBe(fetched);
    expect(parsed.filter((text) => text.includes('storedAt'))).toEqual([]);
  });

  it('a remount after 5 minutes from the stored fetch refetches, though RTK Query fetched it lately', async () => {
    const first = await mount();
    expect(categoryCalls()).toEqual([]);
    first.unmount();
    clock += 2 * MINUTE;
    const second = await mount(first.store);
    expect(categoryCalls()).toEqual(['GET /categories?currency_code=KWD']);
    expect(homeQuery(second.store).data?.categories[0]?.name).not.toBe('Cached category');
  });
});
