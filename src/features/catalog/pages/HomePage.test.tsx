import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';

import { makeStore } from '../../../app/store';
import { resizeScreen } from '../../../testing/matchMedia';
import { server } from '../../../testing/server';
import { catalogApi } from '../catalogApi';
import { CouponCard } from '../components/CouponCard';
import { storeHomeCopies } from '../testing/storedHomeCopies';
import { makeCategory, makeProduct, sampleCategories, sampleCoupons } from '../testing/fixtures';
import { catalogHandlers, failing } from '../testing/handlers';
import { renderPage } from '../testing/renderPage';
import HomePage from './HomePage';

// Counted, not replaced: which width changes render the coupons again.
jest.mock('../components/CouponCard', () => {
  const actual = jest.requireActual<typeof import('../components/CouponCard')>('../components/CouponCard');
  return { ...actual, CouponCard: jest.fn(actual.CouponCard) };
});

/** The home page inside React's Profiler: `commits` counts the times React has committed it so far. */
function renderCountingCommits(options: Parameters<typeof renderPage>[2]) {
  const counter = { commits: 0 };
  renderPage(
    '/',
    <Profiler id="home" onRender={() => (counter.commits += 1)}>
      <HomePage />
    </Profiler>,
    options,
  );
  return counter;
}

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
    expect(screen.getAllByTestId('coupon-card')).toHaveLength(3);
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

  it('a change of width cuts the two-row lists to the new columns without rendering the rest of the page again', async () => {
    server.use(...catalogHandlers());
    render('en', 1280);
    const best = await screen.findByRole('region', { name: 'Best sellers' });
    expect(await within(best).findAllByTestId('product-card')).toHaveLength(4);
    expect(screen.getAllByTestId('coupon-card')).toHaveLength(3);
    const couponRenders = jest.mocked(CouponCard).mock.calls.length;
    // Taking over a page the server rendered for four columns is such a change, in one task on a phone.
    act(() => resizeScreen(400));
    expect(within(best).getAllByTestId('product-card')).toHaveLength(2);
    expect(screen.getAllByTestId('coupon-card')).toHaveLength(3);
    expect(jest.mocked(CouponCard).mock.calls.length).toBe(couponRenders);
  });

  it("a change of width does not render today's deals again: that list is not cut to rows", async () => {
    server.use(...catalogHandlers());
    const home = renderCountingCommits({ route: '/', screen: { width: 1280 } });
    await screen.findByRole('region', { name: 'Best sellers' });
    await userEvent.click(screen.getByRole('tab', { name: "Today's deals" }));
    const deals = await screen.findByRole('region', { name: "Today's deals" });
    expect((await within(deals).findAllByTestId('product-card')).length).toBeGreaterThan(0);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const rendered = home.commits;
    act(() => resizeScreen(400));
    expect(home.commits).toBe(rendered);
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

  it('reuses the session cache for 5 minutes instead of calling the API', async () => {
    const calls: string[] = [];
    server.use(...catalogHandlers({}, calls));
    storeHomeCopies('en', {
      categories: [makeCategory(9, 'Cached category', [])],
      bestSellers: [],
      coupons: [],
      storedAt: Date.now() - 60_000,
      currency: 'KWD',
    });
    render();
    expect(await screen.findByText('Cached category')).toBeInTheDocument();
    expect(calls.filter((call) => !call.includes('sliders'))).toEqual([]);
  });

  it('refetches all three lists when the cache is older than 5 minutes, with lang and currency', async () => {
    const calls: string[] = [];
    server.use(...catalogHandlers({}, calls));
    storeHomeCopies('ar', {
      categories: [makeCategory(9, 'قديم', [])],
      bestSellers: [],
      coupons: [],
      storedAt: Date.now() - 300_001,
      currency: 'KWD',
    });
    render('ar');
    await screen.findAllByTestId('category-tile');
    expect(screen.queryByText('قديم')).not.toBeInTheDocument();
    expect(calls).toEqual(
      expect.arrayContaining([
        'GET /categories?lang=ar&currency_code=KWD',
        'GET /best_selling_products?lang=ar&currency_code=KWD',
        'GET /coupons?lang=ar&currency_code=KWD',
      ]),
    );
    // The new answers replace the stale copies, dated now (in storage a task after each answer).
    await waitFor(() => {
      for (const key of ['catalog:ar:KWD:categories', 'catalog:ar:KWD:bestSellers', 'catalog:ar:KWD:coupons'])
        expect(
          (JSON.parse(window.sessionStorage.getItem(key) ?? '{}') as { storedAt?: number }).storedAt,
        ).toBeGreaterThan(Date.now() - 60_000);
    });
  });

  it('shows only active slides, and "failed to load slides" when they fail with nothing cached', async () => {
    server.use(...catalogHandlers());
    const { unmount } = render();
    expect(await screen.findByAltText('Eid offers')).toBeInTheDocument();
    expect(screen.queryByAltText('Hidden')).not.toBeInTheDocument();
    unmount();
    window.sessionStorage.clear();
    server.use(failing('sliders'));
    render();
    expect(await screen.findByText('Failed to load slides')).toBeInTheDocument();
  });

  it('falls back to the cached slides when loading them fails', async () => {
    server.use(failing('sliders'), ...catalogHandlers());
    window.sessionStorage.setItem(
      'catalog:en:sliders',
      JSON.stringify({ data: [{ id: 7, title: 'Cached slide', image: '/s.svg', image2: null, status: 1 }] }),
    );
    render();
    expect(await screen.findByAltText('Cached slide')).toBeInTheDocument();
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

  it('shows an error when all home data fails', async () => {
    server.use(
      failing('categories'),
      failing('best_selling_products'),
      failing('coupons'),
      ...catalogHandlers(),
    );
    render();
    expect(await screen.findByText(/No products found/)).toBeInTheDocument();
  });

  describe('when loading fails with a stale stored copy', () => {
    const storeStale = (currency: string) =>
      storeHomeCopies('en', {
        categories: [makeCategory(9, 'Stale category', [])],
        bestSellers: [],
        coupons: sampleCoupons,
        storedAt: Date.now() - 600_000,
        currency,
      });
    let warn: jest.SpyInstance;
    beforeEach(() => {
      warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    });
    afterEach(() => warn.mockRestore());

    it('shows the stale lists instead of "no products found" when every call fails', async () => {
      storeStale('KWD');
      server.use(
        failing('categories'),
        failing('best_selling_products'),
        failing('coupons'),
        ...catalogHandlers(),
      );
      render();
      expect(await screen.findByText('Stale category')).toBeInTheDocument();
      expect(screen.getAllByTestId('coupon-card')).toHaveLength(sampleCoupons.length);
      expect(screen.queryByText(/No products found/)).not.toBeInTheDocument();
    });

    it('fills only the failed part from the stale copy', async () => {
      storeStale('KWD');
      server.use(failing('categories'), ...catalogHandlers());
      render();
      expect(await screen.findByText('Stale category')).toBeInTheDocument();
      const best = screen.getByRole('region', { name: 'Best sellers' });
      expect(within(best).getAllByTestId('product-card')).toHaveLength(4);
    });

    it('does not show stored prices of another currency', async () => {
      storeStale('USD');
      server.use(
        failing('categories'),
        failing('best_selling_products'),
        failing('coupons'),
        ...catalogHandlers(),
      );
      render();
      // Coupons carry prices too (an amount coupon's figures come converted): no list comes from the copy.
      expect(await screen.findByText(/No products found/)).toBeInTheDocument();
      expect(screen.queryByTestId('coupon-card')).not.toBeInTheDocument();
      expect(screen.queryByText('Stale category')).not.toBeInTheDocument();
    });
  });

  it('the category area says so once loading ended without categories, instead of a skeleton forever', async () => {
    server.use(failing('categories'), ...catalogHandlers());
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    render();
    await screen.findByRole('region', { name: 'Best sellers' });
    expect(await screen.findByTestId('category-tiles-empty')).toHaveTextContent(
      'Categories could not be loaded',
    );
    expect(screen.queryByTestId('category-skeleton')).not.toBeInTheDocument();
    warn.mockRestore();
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

describe('HomePage taking over lists it already has', () => {
  it('the re-run each mount makes, answered by the same fresh stored copy, renders nothing again', async () => {
    const calls: string[] = [];
    server.use(...catalogHandlers({}, calls));
    storeHomeCopies('en', {
      categories: sampleCategories,
      bestSellers: sampleCategories[0]?.products ?? [],
      coupons: sampleCoupons,
      storedAt: Date.now(),
      currency: 'KWD',
    });
    const store = makeStore({ settings: { language: 'en', currency: 'KWD' } });
    const args = { lang: 'en' as const, currency: 'KWD' };
    // As after the start asked for a rendered page's answers: the lists are in the store before the page mounts.
    const asked = store.dispatch(catalogApi.endpoints.getHomeData.initiate(args));
    const slides = store.dispatch(catalogApi.endpoints.getSliders.initiate({ lang: 'en' }));
    await Promise.all([asked.unwrap(), slides.unwrap()]);
    const firstRun = catalogApi.endpoints.getHomeData.select(args)(store.getState()).fulfilledTimeStamp;
    const home = renderCountingCommits({ route: '/', store });
    const rendered = home.commits;
    await waitFor(() =>
      expect(
        catalogApi.endpoints.getHomeData.select(args)(store.getState()).fulfilledTimeStamp,
      ).toBeGreaterThan(firstRun ?? 0),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls).toEqual(['GET /sliders']);
    expect(screen.getAllByTestId('coupon-card')).toHaveLength(sampleCoupons.length);
    expect(home.commits).toBe(rendered);
    asked.unsubscribe();
    slides.unsubscribe();
  });
});
