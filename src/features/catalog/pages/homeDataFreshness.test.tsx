import { waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';

import type { AppStore } from '../../../app/store';
import { fakeDateOnly } from '../../../testing/fakeDate';
import { server } from '../../../testing/server';
import { catalogApi } from '../catalogApi';
import { storeWithHomeData } from '../testing/homeDataCache';
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
    fakeDateOnly(clock);
    calls = [];
    server.use(...catalogHandlers({}, calls));
  });
  /** A store whose cache got the home data 4 minutes ago: still valid now, stale one minute from now. */
  const cachedStore = () =>
    storeWithHomeData('en', {
      categories: [makeCategory(9, 'Cached category', [])],
      bestSellers: [],
      coupons: [],
      fetchedAt: clock - 4 * MINUTE,
      currency: 'KWD',
    });
  afterEach(() => jest.useRealTimers());

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

  it('a mount within 5 minutes of the last fetch shows the cached home data and calls nothing', async () => {
    const view = renderPage(path, page(), { route, store: cachedStore() });
    await waitFor(() => expect(homeQuery(view.store).data?.categories[0]?.name).toBe('Cached category'));
    clock += 30_000;
    jest.setSystemTime(clock);
    view.unmount();
    const again = renderPage(path, page(), { route, store: view.store });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(categoryCalls()).toEqual([]);
    expect(homeQuery(again.store).data?.categories[0]?.name).toBe('Cached category');
  });

  it('a remount within 5 minutes of a fetch from the API calls nothing again', async () => {
    const first = await mount();
    expect(categoryCalls()).toEqual(['GET /categories?currency_code=KWD']);
    const fetched = homeQuery(first.store).data;
    first.unmount();
    clock += 4 * MINUTE;
    jest.setSystemTime(clock);
    const second = renderPage(path, page(), { route, store: first.store });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(categoryCalls()).toHaveLength(1);
    expect(homeQuery(second.store).data).toBe(fetched);
  });

  it('a mount more than 5 minutes after the last fetch asks again', async () => {
    const view = renderPage(path, page(), { route, store: cachedStore() });
    await waitFor(() => expect(homeQuery(view.store).data?.categories[0]?.name).toBe('Cached category'));
    view.unmount();
    clock += 2 * MINUTE;
    jest.setSystemTime(clock);
    const second = await mount(view.store);
    expect(categoryCalls()).toEqual(['GET /categories?currency_code=KWD']);
    expect(homeQuery(second.store).data?.categories[0]?.name).not.toBe('Cached category');
  });
});
