import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { makeStore, type AppStore } from '../../../app/store';
import { resizeScreen } from '../../../testing/matchMedia';
import { apiUrl, server } from '../../../testing/server';
import { catalogApi } from '../catalogApi';
import { storeWithHomeData } from '../testing/homeDataCache';
import { makeCategory, makeProduct, sampleCategories, sampleCoupons } from '../testing/fixtures';
import { catalogHandlers, failing } from '../testing/handlers';
import { renderPage } from '../testing/renderPage';
import type { Coupon } from '../types';
import HomePage from './HomePage';

const render = (language: 'en' | 'ar' = 'en', width = 1280) =>
  renderPage('/', <HomePage />, { route: '/', language, screen: { width } });

describe('HomePage', () => {
  it('shows skeletons while loading, then best sellers, coupons, newly added and category tiles', async () => {
    server.use(...catalogHandlers());
    render();
    expect(screen.getAllByTestId('skeleton-grid').length).toBeGreaterThan(0);
    expect(screen.getByTestId('category-skeleton').querySelectorAll('li')).toHaveLength(6);
    const best = await screen.findByRole('region', { name: 'Best sellers' });
    expect(await within(best).findAllByTestId('product-card')).toHaveLength(4);
    // The coupons are a query of their own (GET /coupons): they may arrive just after the home lists.
    expect(await screen.findAllByTestId('coupon-card')).toHaveLength(3);
    const tiles = screen.getAllByTestId('category-tile');
    expect(tiles[0]).toHaveAttribute('href', '/search?category=Perfumes');
    expect(screen.getByRole('link', { name: 'View more' })).toHaveAttribute('href', '/all-categories');
    expect(screen.getByRole('link', { name: 'Shop now' })).toHaveAttribute('href', '/search');
  });

  it('newly added holds only products rated 3 or more, in whole rows of the column count', async () => {
    server.use(...catalogHandlers());
    render('en', 800);
    const section = await screen.findByRole('region', { name: 'Newly added' });
    // 3 columns at 800 px, 2 rows → at most 6; 4 of the 5 sample products are rated 3 or more.
    const names = (await within(section).findAllByTestId('product-card')).map(
      (card) => within(card).getByRole('heading').textContent,
    );
    expect(names).toHaveLength(4);
    expect(names).not.toContain('Amber Nights');
  });

  it('the coupons answering after the home lists keep their skeleton meanwhile, not "no coupons"', async () => {
    let answerCoupons = () => undefined as void;
    const couponsAsked = new Promise<void>((resolve) => {
      answerCoupons = resolve;
    });
    server.use(
      http.get(apiUrl('coupons'), async () => {
        await couponsAsked;
        return HttpResponse.json(sampleCoupons);
      }),
      ...catalogHandlers(),
    );
    render();
    const best = await screen.findByRole('region', { name: 'Best sellers' });
    expect(await within(best).findAllByTestId('product-card')).toHaveLength(4);
    const coupons = screen.getByRole('region', { name: 'Gift vouchers and coupons' });
    expect(within(coupons).getByTestId('skeleton-grid')).toBeInTheDocument();
    expect(screen.queryByText('No coupons at the moment.')).not.toBeInTheDocument();
    answerCoupons();
    expect(await within(coupons).findAllByTestId('coupon-card')).toHaveLength(3);
  });

  it('a change of width cuts the two-row lists to the new columns and keeps the coupons', async () => {
    server.use(...catalogHandlers());
    render('en', 1280);
    const best = await screen.findByRole('region', { name: 'Best sellers' });
    expect(await within(best).findAllByTestId('product-card')).toHaveLength(4);
    expect(await screen.findAllByTestId('coupon-card')).toHaveLength(3);
    act(() => resizeScreen(400));
    expect(within(best).getAllByTestId('product-card')).toHaveLength(2);
    expect(screen.getAllByTestId('coupon-card')).toHaveLength(3);
  });

  it('best sellers (at the top) load at once the pictures every screen shows; the rest and newly added lazily', async () => {
    const products = Array.from({ length: 6 }, (_, index) => makeProduct({ id: 20 + index, rating: 4 }));
    server.use(
      ...catalogHandlers({ categories: [makeCategory(1, 'Perfumes', products)], bestSellers: products }),
    );
    render();
    const loadingOf = (section: HTMLElement) =>
      within(section)
        .getAllByTestId('product-card')
        .map((card) => card.querySelector('img')?.getAttribute('loading'));
    const best = await screen.findByRole('region', { name: 'Best sellers' });
    await within(best).findAllByTestId('product-card');
    // A phone shows two of them (two rows of one column); the grid's CSS hides the rest, and a hidden picture that is
    // not lazy is fetched all the same.
    expect(loadingOf(best)).toEqual(['eager', 'eager', 'lazy', 'lazy', 'lazy', 'lazy']);
    const newlyAdded = screen.getByRole('region', { name: 'Newly added' });
    expect(loadingOf(newlyAdded)).toEqual(['lazy', 'lazy', 'lazy', 'lazy', 'lazy', 'lazy']);
    const pictures = within(newlyAdded)
      .getAllByTestId('product-card')
      .map((card) => card.querySelector('img'));
    for (const picture of pictures) {
      expect(picture).toHaveAttribute('width', '400');
      expect(picture).toHaveAttribute('height', '400');
    }
  });

  it('reuses the cached home data for 5 minutes instead of calling the API', async () => {
    const calls: string[] = [];
    server.use(...catalogHandlers({}, calls));
    const store = storeWithHomeData('en', {
      categories: [makeCategory(9, 'Cached category', [])],
      bestSellers: [],
      coupons: [],
      fetchedAt: Date.now() - 60_000,
      currency: 'KWD',
    });
    renderPage('/', <HomePage />, { route: '/', store });
    expect(await screen.findByText('Cached category')).toBeInTheDocument();
    expect(calls.filter((call) => !call.includes('sliders'))).toEqual([]);
  });

  it('asks again for the home lists and the coupons when the cache is older than 5 minutes, with lang and currency', async () => {
    const calls: string[] = [];
    server.use(...catalogHandlers({}, calls));
    const store = storeWithHomeData('ar', {
      categories: [makeCategory(9, 'قديم', [])],
      bestSellers: [],
      coupons: [],
      fetchedAt: Date.now() - 300_001,
      currency: 'KWD',
    });
    renderPage('/', <HomePage />, { route: '/', store });
    // The stale lists show while the new ones load, then give way.
    await waitFor(() => expect(screen.queryByText('قديم')).not.toBeInTheDocument());
    expect(screen.getAllByTestId('category-tile').length).toBeGreaterThan(0);
    await waitFor(() =>
      expect(calls).toEqual(
        expect.arrayContaining([
          'GET /catalog/home?lang=ar&currency_code=KWD',
          'GET /coupons?lang=ar&currency_code=KWD',
        ]),
      ),
    );
    // One bounded answer for the home lists (issue 48): never the whole catalogue.
    expect(calls.filter((call) => /^GET \/(categories|best_selling_products)\b/.test(call))).toEqual([]);
  });

  it('shows only active slides, and "failed to load slides" when they fail with nothing cached', async () => {
    server.use(...catalogHandlers());
    const { unmount } = render();
    expect(await screen.findByAltText('Eid offers')).toBeInTheDocument();
    expect(screen.queryByAltText('Hidden')).not.toBeInTheDocument();
    unmount();
    server.use(failing('sliders'));
    render();
    expect(await screen.findByText('Failed to load slides')).toBeInTheDocument();
  });

  it('keeps showing the slides it has when asking for them again fails', async () => {
    server.use(...catalogHandlers());
    const { store } = render();
    expect(await screen.findByAltText('Eid offers')).toBeInTheDocument();
    server.use(failing('sliders'));
    const again = store.dispatch(
      catalogApi.endpoints.getSliders.initiate({ lang: 'en' }, { forceRefetch: true }),
    );
    await again;
    again.unsubscribe();
    expect(catalogApi.endpoints.getSliders.select({ lang: 'en' })(store.getState()).isError).toBe(true);
    expect(screen.getByAltText('Eid offers')).toBeInTheDocument();
  });

  it('tabs switch between gift vouchers, today deals and best sellers', async () => {
    server.use(...catalogHandlers());
    const { user } = render();
    await screen.findByRole('region', { name: 'Best sellers' });
    await user.click(screen.getByRole('tab', { name: 'Gift vouchers' }));
    expect(screen.queryByRole('region', { name: 'Best sellers' })).not.toBeInTheDocument();
    expect(screen.getAllByTestId('coupon-card')).toHaveLength(3);
    await user.click(screen.getByRole('tab', { name: "Today's deals" }));
    const deals = screen.getByRole('region', { name: "Today's deals" });
    expect(await within(deals).findAllByTestId('product-card')).toHaveLength(1);
  });

  it('shows an error when the home lists and the coupons fail with nothing cached', async () => {
    server.use(failing('catalog/home'), failing('coupons'), ...catalogHandlers());
    render();
    expect(await screen.findByText(/No products found/)).toBeInTheDocument();
    expect(screen.queryByTestId('coupon-card')).not.toBeInTheDocument();
  });

  describe('when loading fails with stale home data in the cache', () => {
    const enKwd = { lang: 'en' as const, currency: 'KWD' };
    const storeStale = (currency: string) =>
      storeWithHomeData(
        'en',
        {
          categories: [makeCategory(9, 'Stale category', [])],
          bestSellers: [],
          coupons: sampleCoupons,
          fetchedAt: Date.now() - 600_000,
          currency,
        },
        makeStore({ settings: { language: 'en', currency: 'KWD' } }),
      );
    /** Waits until the page's new try of that query (the cache is 10 minutes old) has ended in a failure. */
    const failedAgain = (store: AppStore, endpoint: 'getHomeData' | 'getCoupons') =>
      waitFor(() =>
        expect(catalogApi.endpoints[endpoint].select(enKwd)(store.getState()).isError).toBe(true),
      );

    it('shows the stale lists instead of "no products found" when every call fails', async () => {
      const store = storeStale('KWD');
      server.use(failing('catalog/home'), failing('coupons'), ...catalogHandlers());
      renderPage('/', <HomePage />, { route: '/', store });
      await failedAgain(store, 'getHomeData');
      await failedAgain(store, 'getCoupons');
      expect(await screen.findByText('Stale category')).toBeInTheDocument();
      expect(screen.getAllByTestId('coupon-card')).toHaveLength(sampleCoupons.length);
      expect(screen.queryByText(/No products found/)).not.toBeInTheDocument();
    });

    it('the home lists failing keep their stale answer while the coupons are renewed', async () => {
      const store = storeStale('KWD');
      server.use(failing('catalog/home'), ...catalogHandlers({ coupons: [sampleCoupons[0] as Coupon] }));
      renderPage('/', <HomePage />, { route: '/', store });
      await failedAgain(store, 'getHomeData');
      await waitFor(() => expect(screen.getAllByTestId('coupon-card')).toHaveLength(1));
      expect(screen.getByText('Stale category')).toBeInTheDocument();
      expect(screen.queryByText(/No products found/)).not.toBeInTheDocument();
    });

    it('the coupons failing keep their stale answer while the home lists are renewed', async () => {
      const store = storeStale('KWD');
      server.use(failing('coupons'), ...catalogHandlers());
      renderPage('/', <HomePage />, { route: '/', store });
      const best = screen.getByRole('region', { name: 'Best sellers' });
      expect(await within(best).findAllByTestId('product-card')).toHaveLength(4);
      await failedAgain(store, 'getCoupons');
      expect(screen.queryByText('Stale category')).not.toBeInTheDocument();
      expect(screen.getAllByTestId('coupon-card')).toHaveLength(sampleCoupons.length);
    });

    it('does not show stored prices of another currency', async () => {
      const store = storeStale('USD');
      server.use(failing('catalog/home'), failing('coupons'), ...catalogHandlers());
      renderPage('/', <HomePage />, { route: '/', store });
      // The cache holds home data per currency: prices of another currency are never shown as these.
      expect(await screen.findByText(/No products found/)).toBeInTheDocument();
      expect(screen.queryByTestId('coupon-card')).not.toBeInTheDocument();
      expect(screen.queryByText('Stale category')).not.toBeInTheDocument();
    });
  });

  it('the category area says so once loading ended without categories, instead of a skeleton forever', async () => {
    // The categories come with the home lists (GET /catalog/home): they fail together.
    server.use(failing('catalog/home'), ...catalogHandlers());
    render();
    expect(await screen.findByTestId('category-tiles-empty')).toHaveTextContent(
      'Categories could not be loaded',
    );
    expect(screen.queryByTestId('category-skeleton')).not.toBeInTheDocument();
  });

  it('the category area says there are none when the shop has no categories', async () => {
    server.use(...catalogHandlers({ categories: [] }));
    render();
    expect(await screen.findByTestId('category-tiles-empty')).toHaveTextContent(
      'There are no categories yet.',
    );
    expect(screen.queryByTestId('category-skeleton')).not.toBeInTheDocument();
  });
});

describe('coupon cards', () => {
  afterEach(() => jest.useRealTimers());

  it('an active coupon copies its code and says "Copied" for 2 seconds', async () => {
    server.use(...catalogHandlers({ categories: sampleCategories }));
    render();
    const card = (await screen.findAllByTestId('coupon-card'))[0] as HTMLElement;
    // Fake time moves only when the test says so (never with the machine's speed); user-event moves it for its
    // own small waits. Its setup installs a clipboard stub: watch what is written to it.
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    expect(within(card).getByText('EID20')).toBeInTheDocument();
    const clickedAt = jest.now();
    await user.click(within(card).getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenCalledWith('EID20');
    // Waiting for the copy to settle may move the fake clock a little: the 2 seconds count from somewhere in
    // between, so "Copied" still shows 1.9 s after the click and is gone 2 s after it appeared.
    expect(await within(card).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    const waited = jest.now() - clickedAt;
    act(() => jest.advanceTimersByTime(1900 - waited));
    expect(within(card).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(100 + waited));
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Copy code' })).toBeInTheDocument());
  });

  it('a past or inactive coupon is expired and cannot be copied', async () => {
    server.use(...catalogHandlers());
    render();
    const cards = await screen.findAllByTestId('coupon-card');
    for (const card of cards.slice(1)) {
      expect(within(card).getByText('Expired')).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: 'Copy code' })).toBeDisabled();
    }
    expect(within(cards[0] as HTMLElement).queryByText('Expired')).not.toBeInTheDocument();
  });
});
