import { waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';

import type { AppStore } from '../../../app/store';
import { fakeDateOnly } from '../../../testing/fakeDate';
import { server } from '../../../testing/server';
import { catalogApi } from '../catalogApi';
import { storeWithHomeData } from '../testing/homeDataCache';
import { makeCategory, sampleCoupons } from '../testing/fixtures';
import { catalogHandlers } from '../testing/handlers';
import { renderPage } from '../testing/renderPage';
import AllCategoriesPage from './AllCategoriesPage';
import HomePage from './HomePage';
import ProductPage from './ProductPage';
import SearchPage from './SearchPage';

const MINUTE = 60_000;
const args = { lang: 'en' as const, currency: 'KWD' };
const cachedCoupon = { id: 99, code: 'CACHED5', is_active: 1, end_date: '2099-12-31', discount: 5 };

// The home page's lists (GET /catalog/home) and the coupons (GET /coupons) are two queries, each kept 5
// minutes per language and currency (docs/spec/02-shopping.md §4): a mount within 5 minutes of the last fetch
// calls neither again.
describe('the 5-minute rule on the home page (home lists and coupons)', () => {
  let clock: number;
  let calls: string[];

  beforeEach(() => {
    clock = Date.now();
    fakeDateOnly(clock);
    calls = [];
    server.use(...catalogHandlers({}, calls));
  });
  /** A store whose cache got the home lists and coupons 4 minutes ago: still valid now, stale one minute from now. */
  const cachedStore = () =>
    storeWithHomeData('en', {
      categories: [makeCategory(9, 'Cached category', [])],
      bestSellers: [],
      coupons: [cachedCoupon],
      fetchedAt: clock - 4 * MINUTE,
      currency: 'KWD',
    });
  afterEach(() => jest.useRealTimers());

  const homeQuery = (store: AppStore) => catalogApi.endpoints.getHomeData.select(args)(store.getState());
  const couponsQuery = (store: AppStore) => catalogApi.endpoints.getCoupons.select(args)(store.getState());
  /** The calls of the two queries under the rule, in a stable order (they start together). */
  const homeCalls = () =>
    calls.filter((call) => call.startsWith('GET /catalog/home') || call.startsWith('GET /coupons')).sort();
  const BOTH = ['GET /catalog/home?currency_code=KWD', 'GET /coupons?currency_code=KWD'];

  const render = (store?: AppStore) => renderPage('/', <HomePage />, { route: '/', store });

  /** Mounts the page on the given store and waits until the runs of both queries started by this mount ended. */
  async function mount(store?: AppStore) {
    const mountedAt = clock;
    const view = render(store);
    for (const query of [homeQuery, couponsQuery]) {
      await waitFor(() => expect(query(view.store).startedTimeStamp).toBe(mountedAt));
      await waitFor(() => expect(query(view.store).status).toBe('fulfilled'));
    }
    return view;
  }

  it('a mount within 5 minutes of the last fetch shows the cached lists and coupons and calls nothing', async () => {
    const view = render(cachedStore());
    await waitFor(() => expect(homeQuery(view.store).data?.categories[0]?.name).toBe('Cached category'));
    clock += 30_000;
    jest.setSystemTime(clock);
    view.unmount();
    const again = render(view.store);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(homeCalls()).toEqual([]);
    expect(homeQuery(again.store).data?.categories[0]?.name).toBe('Cached category');
    expect(couponsQuery(again.store).data).toEqual([cachedCoupon]);
  });

  it('a remount within 5 minutes of a fetch from the API calls nothing again', async () => {
    const first = await mount();
    expect(homeCalls()).toEqual(BOTH);
    const fetched = homeQuery(first.store).data;
    const fetchedCoupons = couponsQuery(first.store).data;
    expect(fetchedCoupons).toEqual(sampleCoupons);
    first.unmount();
    clock += 4 * MINUTE;
    jest.setSystemTime(clock);
    const second = render(first.store);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(homeCalls()).toEqual(BOTH);
    expect(homeQuery(second.store).data).toBe(fetched);
    expect(couponsQuery(second.store).data).toBe(fetchedCoupons);
  });

  it('a mount more than 5 minutes after the last fetch asks again', async () => {
    const view = render(cachedStore());
    await waitFor(() => expect(homeQuery(view.store).data?.categories[0]?.name).toBe('Cached category'));
    view.unmount();
    clock += 2 * MINUTE;
    jest.setSystemTime(clock);
    const second = await mount(view.store);
    expect(homeCalls()).toEqual(BOTH);
    expect(homeQuery(second.store).data?.categories[0]?.name).not.toBe('Cached category');
    expect(couponsQuery(second.store).data).toEqual(sampleCoupons);
  });
});

// Since issue 48 these pages ask the server for what they show (a page of results, of categories, a product and its
// related lists): the home lists are not theirs to load, nor is the whole catalogue (GET /categories).
describe.each([
  ['search', '/search', '/search', () => <SearchPage />, 'GET /catalog/search'],
  [
    'all categories',
    '/all-categories',
    '/all-categories',
    () => <AllCategoriesPage />,
    'GET /catalog/categories',
  ],
  ['product detail', '/product/:id', '/product/1', () => <ProductPage />, 'GET /products/1/related'],
] as [string, string, string, () => ReactElement, string][])(
  'the %s page',
  (_name, path, route, page, own) => {
    it('loads what it shows and not the home lists or the whole catalogue', async () => {
      const calls: string[] = [];
      server.use(...catalogHandlers({}, calls));
      renderPage(path, page(), { route });
      await waitFor(() => expect(calls.some((call) => call.startsWith(own))).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(
        calls.filter((call) => /^GET \/(catalog\/home|categories|best_selling_products)\b/.test(call)),
      ).toEqual([]);
    });
  },
);
