import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Link, Route, Routes, useNavigate, useNavigationType } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { currencyChanged, languageChanged } from '../../../app/events';
import { useAppDispatch } from '../../../app/hooks';
import { installMatchMedia } from '../../../testing/matchMedia';
import { apiUrl, EMPTY_SEARCH_ANSWER, server } from '../../../testing/server';
import { DEFAULT_FILTERS, selectSavedFilters, selectSearchText } from '../catalogSlice';
import { makeCategory, makeProduct, sampleCategories } from '../testing/fixtures';
import { catalogHandlers, failing } from '../testing/handlers';
import { renderPage } from '../testing/renderPage';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import SearchPage from './SearchPage';

const render = (route = '/search', language: 'en' | 'ar' = 'en') =>
  renderPage('/search', <SearchPage />, { route, language });

/** How the router reached the current entry: PUSH adds to the history, REPLACE does not. */
function NavigationTypeProbe() {
  return <output data-testid="navigation-type">{useNavigationType()}</output>;
}

/** Navigates somewhere else inside the app, as a link or the history would. */
function GoTo({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(to)}>
      go
    </button>
  );
}

const userEventClick = (element: HTMLElement) => userEvent.setup().click(element);

const cardNames = () =>
  screen.queryAllByTestId('product-card').map((card) => within(card).getByRole('heading').textContent);

describe('SearchPage', () => {
  it('shows a skeleton while loading, then the products', async () => {
    const calls: string[] = [];
    server.use(...catalogHandlers({}, calls));
    render();
    expect(screen.getByTestId('skeleton-grid')).toBeInTheDocument();
    expect(await screen.findByText('Royal Oud')).toBeInTheDocument();
    expect(cardNames()).toHaveLength(5);
    expect(screen.getByTestId('result-count')).toHaveTextContent('5 products');
    // A page of results from the server (issue 48), not the whole catalogue filtered here.
    expect(calls).toEqual(['GET /catalog/search?currency_code=KWD']);
  });

  it('card pictures have an explicit size; the first 4 load at once, those below the fold lazily', async () => {
    server.use(...catalogHandlers());
    render();
    await screen.findByText('Royal Oud');
    const pictures = screen
      .getAllByTestId('product-card')
      .map((card) => card.querySelector('img') as HTMLImageElement);
    expect(pictures).toHaveLength(5);
    expect(pictures.map((picture) => picture.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'eager',
      'lazy',
    ]);
    for (const picture of pictures) {
      expect(picture).toHaveAttribute('width', '400');
      expect(picture).toHaveAttribute('height', '400');
      // One picture size on the server: sizes without srcset would be ignored.
      expect(picture).not.toHaveAttribute('sizes');
    }
  });

  it('shows the no-products picture and message when nothing matches', async () => {
    server.use(...catalogHandlers({ categories: [makeCategory(1, 'Empty', [])] }));
    render();
    expect(await screen.findByText(/No products found/)).toBeInTheDocument();
    expect(document.querySelector('img[src="/images/no-products.svg"]')).not.toBeNull();
  });

  it.each([
    ['/search?q=qqxxzzy', 'Clear the search', /^\/search$/],
    ['/search?q=qqxxzzy&brands=Nasma', 'Reset filters', /^\/search\?q=qqxxzzy$/],
  ])('words that found nothing: %s offers "%s", the one thing to undo', async (route, action, after) => {
    server.use(...catalogHandlers());
    const { user } = render(route);
    expect(await screen.findByText(/No products found/)).toBeInTheDocument();
    const main = screen.getByText(/No products found/).closest('div') as HTMLElement;
    const button = within(main.parentElement ?? main).getByRole('button', { name: action });
    await user.click(button);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(after));
  });

  it.each(['en', 'ar'] as const)(
    '%s: text with no word of two letters (the server says words_too_short) says what to type',
    async (language) => {
      server.use(
        http.get(apiUrl('catalog/search'), () =>
          HttpResponse.json({ ...EMPTY_SEARCH_ANSWER, words_too_short: true }),
        ),
        ...catalogHandlers(),
      );
      const { user } = render('/search?q=!!&brands=Nasma', language);
      expect(
        await screen.findByText(
          language === 'en'
            ? 'Type a word of at least two letters or digits to search.'
            : 'اكتب كلمة من حرفين أو رقمين على الأقل للبحث.',
        ),
      ).toBeInTheDocument();
      // the words are what to undo, whatever the filters: without them the filters alone find nothing either way
      await user.click(
        screen.getByRole('button', { name: language === 'en' ? 'Clear the search' : 'مسح البحث' }),
      );
      await waitFor(() =>
        expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?brands=Nasma$/),
      );
    },
  );

  it('words that found nothing say no more than that', async () => {
    server.use(...catalogHandlers());
    render('/search?q=qqxxzzy');
    expect(await screen.findByText(/No products found/)).toBeInTheDocument();
    expect(screen.queryByText(/at least two letters/)).not.toBeInTheDocument();
  });

  it('shows no_products_found when loading fails with nothing cached', async () => {
    server.use(failing('catalog/search'), ...catalogHandlers());
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent(/No products found/);
    expect(screen.queryByTestId('skeleton-grid')).not.toBeInTheDocument();
  });

  it('a filter change filters the grid, goes to page 1 and is mirrored into the URL (replace)', async () => {
    const calls: string[] = [];
    server.use(...catalogHandlers({}, calls));
    const { user, store } = renderPage(
      '/search',
      <>
        <SearchPage />
        <NavigationTypeProbe />
      </>,
      { route: '/search' },
    );
    await screen.findByText('Royal Oud');
    const panel = screen.getAllByTestId('filter-panel')[0] as HTMLElement;
    // The panel's choices carry the server's facet counts: "Nasma (2)".
    await user.click(within(within(panel).getByTestId('filter-brands')).getByLabelText(/^Nasma/));
    expect(screen.getByTestId('location')).toHaveTextContent('/search?brands=Nasma');
    expect(screen.getByTestId('navigation-type')).toHaveTextContent('REPLACE');
    await waitFor(() => expect(cardNames()).toEqual(['Royal Oud', 'Amber Nights']));
    expect(calls).toContain('GET /catalog/search?currency_code=KWD&brands=Nasma');
    // The facets list only what is left with the other filters: Abayas (no Nasma among them) is no choice now.
    const categories = within(panel).getByTestId('filter-category');
    expect(within(categories).queryByLabelText(/^Abayas/)).not.toBeInTheDocument();
    await user.click(within(categories).getByLabelText(/^Perfumes/));
    expect(screen.getByTestId('location')).toHaveTextContent('/search?category=Perfumes&brands=Nasma');
    await user.click(within(panel).getByRole('button', { name: '5 stars or more' }));
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/search?category=Perfumes&brands=Nasma&minRating=5',
    );
    expect(await screen.findByText(/No products found/)).toBeInTheDocument();
    expect(screen.queryAllByTestId('product-card')).toHaveLength(0);
    await user.click(within(panel).getByRole('button', { name: 'Reset filters' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/search$/);
    expect(selectSavedFilters(store.getState()).brands).toEqual([]);
    await waitFor(() => expect(cardNames()).toHaveLength(5));
  });

  it('a highest price shared from another currency is asked and shown in that currency', async () => {
    const calls: string[] = [];
    server.use(...catalogHandlers({}, calls));
    const { user } = render('/search?maxPrice=200&priceCurrency=SAR');
    await waitFor(() =>
      expect(calls.at(-1)).toBe('GET /catalog/search?currency_code=KWD&max_price=200&price_currency=SAR'),
    );
    const panel = screen.getAllByTestId('filter-panel')[0] as HTMLElement;
    expect(within(panel).getByTestId('price-filter-value')).toHaveTextContent(/SAR\s*200/);
    expect(within(panel).getByLabelText(/SAR/)).toHaveValue('200');
    // Set again by the shopper, it stays in the currency the panel names; taken away, none is named.
    fireEvent.change(within(panel).getByRole('slider'), { target: { value: '300' } });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?maxPrice=300&priceCurrency=SAR$/),
    );
    await user.click(within(panel).getByRole('button', { name: 'Reset filters' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/search$/);
    fireEvent.change(within(panel).getByRole('slider'), { target: { value: '50' } });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?maxPrice=50&priceCurrency=KWD$/),
    );
  });

  it('applies the filters of a URL opened cold', async () => {
    const calls: string[] = [];
    server.use(...catalogHandlers({}, calls));
    const { store } = render('/search?category=Abayas&minRating=4');
    expect(await screen.findByText('Black Abaya')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Black Abaya']);
    // The search on screen is the one the address states, asked of the server with its filters.
    expect(calls.at(-1)).toBe('GET /catalog/search?currency_code=KWD&category=Abayas&min_rating=4');
    expect(selectSavedFilters(store.getState())).toMatchObject({ category: 'Abayas', minRating: 4 });
    expect(screen.getByTestId('location')).toHaveTextContent('/search?category=Abayas&minRating=4');
  });

  it('a collection named in the other language (a shared link) is renamed in the address as the answer names it', async () => {
    server.use(
      http.get(apiUrl('catalog/search'), ({ request }) => {
        const asked = new URL(request.url).searchParams.get('collections');
        return HttpResponse.json({
          ...EMPTY_SEARCH_ANSWER,
          collections: asked === 'Eid Edit' ? ['تشكيلة العيد'] : [asked],
        });
      }),
    );
    renderPage('/search', <SearchPage />, { route: '/search?collections=Eid+Edit', language: 'ar' });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/search?collections=${new URLSearchParams({ c: 'تشكيلة العيد' }).toString().slice(2)}`,
      ),
    );
  });

  it('writes saved filters into a URL that states none, replacing the history entry', async () => {
    server.use(...catalogHandlers());
    renderPage(
      '/search',
      <>
        <SearchPage />
        <NavigationTypeProbe />
      </>,
      {
        route: '/search',
        preloadedState: { catalog: { filters: { ...DEFAULT_FILTERS, brands: ['Nasma'] } } },
      },
    );
    await screen.findByText('Royal Oud');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?brands=Nasma$/);
    // A replace leaves the history as long as it was; a push would add an entry for the same page.
    expect(screen.getByTestId('navigation-type')).toHaveTextContent('REPLACE');
  });

  it('a link that states a search (?q=) ignores the saved filters and leaves the URL as it is', async () => {
    const calls: string[] = [];
    server.use(...catalogHandlers({}, calls));
    const { store } = renderPage('/search', <SearchPage />, {
      route: '/search?q=amber',
      preloadedState: { catalog: { filters: { ...DEFAULT_FILTERS, brands: ['Nasma'] } } },
    });
    await waitFor(() => expect(cardNames()).toEqual(['Amber Nights']));
    expect(calls).toEqual(['GET /catalog/search?currency_code=KWD&q=amber']);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?q=amber$/);
    expect(selectSavedFilters(store.getState())).toEqual(DEFAULT_FILTERS);
  });

  it("back and forward between searches show each address's search again, filters and words", async () => {
    server.use(...catalogHandlers());
    function History() {
      const navigate = useNavigate();
      return (
        <>
          <button type="button" onClick={() => void navigate('/search?brands=Nasma')}>
            nasma
          </button>
          <button type="button" onClick={() => void navigate(-1)}>
            back
          </button>
          <button type="button" onClick={() => void navigate(1)}>
            forward
          </button>
        </>
      );
    }
    const { user } = renderPage(
      '/search',
      <>
        <SearchPage />
        <History />
      </>,
      { route: '/search?q=amber' },
    );
    await waitFor(() => expect(cardNames()).toEqual(['Amber Nights']));
    await user.click(screen.getByRole('button', { name: 'nasma' }));
    await waitFor(() => expect(cardNames()).toEqual(['Royal Oud', 'Amber Nights']));
    expect(screen.getByRole('searchbox')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'back' }));
    await waitFor(() => expect(cardNames()).toEqual(['Amber Nights']));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?q=amber$/);
    expect(screen.getByRole('searchbox')).toHaveValue('amber');
    await user.click(screen.getByRole('button', { name: 'forward' }));
    await waitFor(() => expect(cardNames()).toEqual(['Royal Oud', 'Amber Nights']));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?brands=Nasma$/);
  });

  it('a search puts its words in the URL beside the filters (?q=), a history entry of its own (as the header box does)', async () => {
    server.use(...catalogHandlers());
    const { user, store } = renderPage(
      '/search',
      <>
        <SearchPage />
        <NavigationTypeProbe />
      </>,
      { route: '/search?brands=Nasma' },
    );
    await screen.findByText('Royal Oud');
    await user.type(screen.getByRole('searchbox'), '  amber {Enter}');
    await waitFor(() => expect(cardNames()).toEqual(['Amber Nights']));
    expect(selectSearchText(store.getState())).toBe('amber');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?brands=Nasma&q=amber$/);
    // Back returns to the search before it
    expect(screen.getByTestId('navigation-type')).toHaveTextContent('PUSH');
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), '{Enter}');
    await waitFor(() => expect(cardNames()).toEqual(['Royal Oud', 'Amber Nights']));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?brands=Nasma$/);
  });

  it.each(['en', 'ar'] as const)(
    'a shared link with ?q= opened cold applies the words and shows them in the box (%s)',
    async (language) => {
      server.use(...catalogHandlers());
      const { store } = render('/search?q=abaya&category=Abayas', language);
      expect(await screen.findByText('Black Abaya')).toBeInTheDocument();
      expect(cardNames()).toEqual(['Black Abaya', 'Grey Abaya']);
      expect(selectSearchText(store.getState())).toBe('abaya');
      expect(screen.getByRole('searchbox')).toHaveValue('abaya');
      expect(screen.getByTestId('location')).toHaveTextContent('/search?q=abaya&category=Abayas');
    },
  );

  it('the stored search text is written into a URL that states none', async () => {
    server.use(...catalogHandlers());
    render('/search');
    await screen.findByText('Royal Oud');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/search$/);
  });

  it('a link without ?q= keeps the stored search text and shows it in the URL', async () => {
    server.use(...catalogHandlers());
    renderPage('/search', <SearchPage />, { route: '/search', preloadedState: { search: { text: 'oud' } } });
    await screen.findByText('Royal Oud');
    expect(cardNames()).toEqual(['Royal Oud']);
    expect(screen.getByRole('searchbox')).toHaveValue('oud');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?q=oud$/);
  });

  it('back to an earlier search URL applies its words again', async () => {
    server.use(...catalogHandlers());
    const { store } = renderPage(
      '/search',
      <>
        <SearchPage />
        <GoTo to="/search?q=royal" />
      </>,
      { route: '/search?q=amber' },
    );
    await screen.findByText('Amber Nights');
    await userEventClick(screen.getByRole('button', { name: 'go' }));
    expect(await screen.findByText('Royal Oud')).toBeInTheDocument();
    await waitFor(() => expect(cardNames()).toEqual(['Royal Oud']));
    expect(selectSearchText(store.getState())).toBe('royal');
    expect(screen.getByRole('searchbox')).toHaveValue('royal');
  });

  it('the search an address shows is kept as the last one used, which a bare /search restores', async () => {
    server.use(...catalogHandlers());
    const { store } = render('/search?brands=Nasma,Lulu&q=abaya');
    expect(await screen.findByText(/No products found/)).toBeInTheDocument();
    await waitFor(() =>
      expect(selectSavedFilters(store.getState())).toEqual({ ...DEFAULT_FILTERS, brands: ['Nasma', 'Lulu'] }),
    );
    expect(selectSearchText(store.getState())).toBe('abaya');
  });

  it('an address with no search but another parameter (a language) shows the saved search and keeps it', async () => {
    server.use(...catalogHandlers());
    renderPage('/search', <SearchPage />, {
      route: '/search?lng=ar',
      preloadedState: { catalog: { filters: { ...DEFAULT_FILTERS, brands: ['Nasma'] } } },
    });
    await waitFor(() => expect(cardNames()).toEqual(['Royal Oud', 'Amber Nights']));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?lng=ar&brands=Nasma$/);
  });

  it.each([
    ['language', languageChanged('ar')],
    ['currency', currencyChanged('SAR')],
  ] as const)(
    'a %s change on the page resets filters, words and page, in the address too (replaced)',
    async (_name, event) => {
      const calls: string[] = [];
      server.use(...catalogHandlers({}, calls));
      function Switch() {
        const dispatch = useAppDispatch();
        return (
          <button type="button" onClick={() => dispatch(event)}>
            switch
          </button>
        );
      }
      const { user, store } = renderPage(
        '/search',
        <>
          <SearchPage />
          <NavigationTypeProbe />
          <Switch />
        </>,
        { route: '/search?q=oud&brands=Nasma&page=2' },
      );
      expect(await screen.findByText('There is no such page of these results.')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'switch' }));
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/search$/);
      expect(screen.getByTestId('navigation-type')).toHaveTextContent('REPLACE');
      expect(screen.getByRole('searchbox')).toHaveValue('');
      expect(selectSavedFilters(store.getState())).toEqual(DEFAULT_FILTERS);
      await waitFor(() => expect(cardNames()).toHaveLength(5));
      // The old search is never asked for in the new language or currency.
      const after = calls.filter((call) => call.includes('lang=ar') || call.includes('SAR'));
      expect(after.length).toBeGreaterThan(0);
      expect(after.filter((call) => call.includes('Nasma') || call.includes('oud'))).toEqual([]);
    },
  );

  it('a product card\'s discount badge reads "-20%" in Arabic too (left to right)', async () => {
    server.use(...catalogHandlers());
    render('/search', 'ar');
    const card = (await screen.findByText('Black Abaya')).closest('article') as HTMLElement;
    expect(within(card).getByText('-20%')).toHaveAttribute('dir', 'ltr');
  });

  // Ignoring Arabic diacritics and letter forms is the server's search now (issue 48): see "Arabic letter forms, the
  // article, tatweel, diacritics and Arabic-Indic digits match" in server/routes/catalogSearch.test.ts. The page's part
  // is to send the words as typed, with the language.
  it('an Arabic search sends its words as typed, in Arabic, and shows what the server found', async () => {
    const calls: string[] = [];
    server.use(
      ...catalogHandlers(
        {
          categories: [
            makeCategory(1, 'عبايات', [
              makeProduct({ id: 1, name: 'عباءة سوداء', category: 'عبايات' }),
              makeProduct({ id: 2, name: 'دهن العود', category: 'عبايات' }),
            ]),
          ],
        },
        calls,
      ),
    );
    const { user } = render('/search', 'ar');
    await screen.findByText('دهن العود');
    await user.type(screen.getByRole('searchbox'), 'عباءة');
    await user.click(screen.getByRole('button', { name: 'بحث' }));
    await waitFor(() => expect(cardNames()).toEqual(['عباءة سوداء']));
    const asked = calls
      .filter((call) => call.startsWith('GET /catalog/search?'))
      .map((call) => Object.fromEntries(new URLSearchParams(call.slice(call.indexOf('?') + 1))));
    expect(asked).toContainEqual({ lang: 'ar', currency_code: 'KWD', q: 'عباءة' });
  });

  it('pages 12 at a time with numbered pages', async () => {
    const many = Array.from({ length: 30 }, (_, index) =>
      makeProduct({ id: index + 1, name: `Item ${index + 1}` }),
    );
    server.use(...catalogHandlers({ categories: [makeCategory(1, 'Perfumes', many)] }));
    const { user } = render();
    await screen.findByText('Item 1');
    expect(cardNames()).toHaveLength(12);
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(cardNames()).toEqual(many.slice(24).map((product) => product.name)));
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('result-count')).toHaveTextContent('30 products');
  });

  describe('the page in the address (?page=)', () => {
    const many = Array.from({ length: 30 }, (_, index) =>
      makeProduct({ id: index + 1, name: `Item ${index + 1}`, brand: index < 20 ? 'Nasma' : 'Dana' }),
    );
    const manyCategories = [makeCategory(1, 'Perfumes', many)];
    const names = (from: number, to: number) => many.slice(from, to).map((product) => product.name);

    /** Back in the history, as the browser's button does. */
    function GoBack() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => void navigate(-1)}>
          back
        </button>
      );
    }

    it('a page turned is a new history entry with ?page=; back returns to page 1, forward to page 2', async () => {
      const calls: string[] = [];
      server.use(...catalogHandlers({ categories: manyCategories }, calls));
      const { user } = renderPage(
        '/search',
        <>
          <SearchPage />
          <NavigationTypeProbe />
          <GoBack />
          <GoTo to="/search?q=item&page=2" />
        </>,
        { route: '/search?q=item' },
      );
      await waitFor(() => expect(cardNames()).toEqual(names(0, 12)));
      await user.click(screen.getByRole('button', { name: 'Page 2' }));
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?q=item&page=2$/);
      expect(screen.getByTestId('navigation-type')).toHaveTextContent('PUSH');
      // The focus goes up with the page, to the results' heading, not left on the pager below
      expect(screen.getByRole('heading', { name: 'Products', level: 2 })).toHaveFocus();
      await waitFor(() => expect(cardNames()).toEqual(names(12, 24)));
      expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
      expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
      await user.click(screen.getByRole('button', { name: 'back' }));
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?q=item$/);
      await waitFor(() => expect(cardNames()).toEqual(names(0, 12)));
      expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
      // A page's answer is asked for once: going back shows the kept page 1.
      expect(calls.filter((call) => call.startsWith('GET /catalog/search'))).toEqual([
        'GET /catalog/search?currency_code=KWD&q=item',
        'GET /catalog/search?currency_code=KWD&q=item&page=2',
      ]);
    });

    it('back to a bare /search shows what it showed there, not the search chosen since (page 2, then a brand)', async () => {
      server.use(...catalogHandlers({ categories: manyCategories }));
      // A bare /search ("Shop now"), nothing saved
      const { user } = renderPage(
        '/search',
        <>
          <SearchPage />
          <GoBack />
        </>,
        { route: '/search' },
      );
      await waitFor(() => expect(cardNames()).toEqual(names(0, 12)));
      await user.click(screen.getByRole('button', { name: 'Page 2' }));
      await waitFor(() => expect(cardNames()).toEqual(names(12, 24)));
      const panel = (await screen.findAllByTestId('filter-panel'))[0] as HTMLElement;
      const brands = await within(panel).findByTestId('filter-brands');
      await user.click(within(brands).getByRole('checkbox', { name: /Dana/ }));
      await waitFor(() => expect(cardNames()).toEqual(names(20, 30)));
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?brands=Dana$/);
      // Back: the entry before page 2 showed every product, and shows them again, its address as it was
      await user.click(screen.getByRole('button', { name: 'back' }));
      await waitFor(() => expect(cardNames()).toEqual(names(0, 12)));
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/search$/);
    });

    it.each(['en', 'ar'] as const)('a link to page 3 opened cold shows page 3 (%s)', async (language) => {
      const calls: string[] = [];
      server.use(...catalogHandlers({ categories: manyCategories }, calls));
      render('/search?page=3', language);
      await waitFor(() => expect(cardNames()).toEqual(names(24, 30)));
      expect(screen.getByRole('button', { current: 'page' })).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?page=3$/);
      expect(
        calls
          .filter((call) => call.startsWith('GET /catalog/search'))
          .map((call) => new URL(call.slice(4), 'http://x').searchParams.get('page')),
      ).toEqual(['3']);
    });

    it('a filter, or new words, return to page 1 and take ?page= out of the address', async () => {
      server.use(...catalogHandlers({ categories: manyCategories }));
      const { user } = render('/search?page=2');
      await waitFor(() => expect(cardNames()).toEqual(names(12, 24)));
      const panel = screen.getAllByTestId('filter-panel')[0] as HTMLElement;
      await user.click(within(within(panel).getByTestId('filter-brands')).getByLabelText(/^Nasma/));
      await waitFor(() =>
        expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?brands=Nasma$/),
      );
      await waitFor(() => expect(cardNames()).toEqual(names(0, 12)));
      await user.click(screen.getByRole('button', { name: 'Page 2' }));
      await waitFor(() => expect(cardNames()).toEqual(names(12, 20)));
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?brands=Nasma&page=2$/);
      await user.type(screen.getByRole('searchbox'), 'item{Enter}');
      await waitFor(() =>
        expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?brands=Nasma&q=item$/),
      );
      // The new words' first page, once its answer is in (until then the last answer's page stays on screen).
      await waitFor(() => expect(cardNames()).toEqual(names(0, 12)));
      expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    });

    it.each([
      ['a category', (panel: HTMLElement) => within(panel).getByLabelText(/^Perfumes/), 'category=Perfumes'],
      [
        'a collection',
        (panel: HTMLElement) => within(panel).getByLabelText(/^Classic/),
        'collections=Classic',
      ],
      [
        'a rating',
        (panel: HTMLElement) => within(panel).getByRole('button', { name: /^4 stars or more/ }),
        'minRating=4',
      ],
    ])('%s chosen returns to page 1', async (_name, control, stated) => {
      server.use(...catalogHandlers({ categories: manyCategories }));
      const { user } = render('/search?q=item&page=2');
      await waitFor(() => expect(cardNames()).toEqual(names(12, 24)));
      const panel = screen.getAllByTestId('filter-panel')[0] as HTMLElement;
      await user.click(control(panel));
      expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^/search\\?${stated}&q=item$`));
      await waitFor(() => expect(cardNames()).toEqual(names(0, 12)));
    });

    it('the price slider and the reset return to page 1', async () => {
      server.use(...catalogHandlers({ categories: manyCategories }));
      const { user } = render('/search?q=item&brands=Nasma&page=2');
      await waitFor(() => expect(cardNames()).toEqual(names(12, 20)));
      const panel = screen.getAllByTestId('filter-panel')[0] as HTMLElement;
      fireEvent.change(within(panel).getByRole('slider'), { target: { value: '500' } });
      await waitFor(() =>
        expect(screen.getByTestId('location')).toHaveTextContent(
          /^\/search\?brands=Nasma&maxPrice=500&priceCurrency=KWD&q=item$/,
        ),
      );
      await waitFor(() => expect(cardNames()).toEqual(names(0, 12)));
      await user.click(screen.getByRole('button', { name: 'Page 2' }));
      await waitFor(() => expect(cardNames()).toEqual(names(12, 20)));
      await user.click(within(panel).getByRole('button', { name: 'Reset filters' }));
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?q=item$/);
      await waitFor(() => expect(cardNames()).toEqual(names(0, 12)));
    });

    it('the highest price can be typed (any digits), snapped to the slider’s steps; emptied, it is no limit', async () => {
      server.use(...catalogHandlers({ categories: manyCategories }));
      const { user } = render('/search?q=item');
      await waitFor(() => expect(cardNames()).toEqual(names(0, 12)));
      const panel = screen.getAllByTestId('filter-panel')[0] as HTMLElement;
      const box = within(panel).getByRole('textbox', { name: 'Highest price (KWD)' });
      expect(box).toHaveValue('');
      await user.type(box, '55{Enter}');
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/maxPrice=60/));
      expect(box).toHaveValue('60');
      expect(within(panel).getByRole('slider')).toHaveValue('60');
      await user.clear(box);
      await user.type(box, '٢٥٠');
      await user.tab();
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/maxPrice=250/));
      await user.clear(box);
      await user.type(box, 'abc{Enter}');
      // Not a price: the limit stays as it was, and the box shows it again.
      expect(box).toHaveValue('250');
      expect(screen.getByTestId('location')).toHaveTextContent(/maxPrice=250/);
      await user.clear(box);
      await user.type(box, '{Enter}');
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?q=item$/));
      expect(box).toHaveValue('');
    });

    it('the slider shows no limit again once the reset takes the limit it set away', async () => {
      server.use(...catalogHandlers({ categories: manyCategories }));
      const { user } = render('/search?q=item');
      await waitFor(() => expect(cardNames()).toEqual(names(0, 12)));
      const panel = screen.getAllByTestId('filter-panel')[0] as HTMLElement;
      const slider = within(panel).getByRole('slider');
      fireEvent.change(slider, { target: { value: '500' } });
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/maxPrice=500/));
      await user.click(within(panel).getByRole('button', { name: 'Reset filters' }));
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?q=item$/);
      await waitFor(() => expect(slider).toHaveValue('100000'));
      expect(within(panel).getByTestId('price-filter-value')).not.toHaveTextContent('500');
    });

    it.each([
      [
        'en',
        'There is no such page of these results.',
        'These results end at page 3.',
        'Go to the first page',
      ],
      [
        'ar',
        'لا توجد صفحة بهذا الرقم في هذه النتائج.',
        'تنتهي هذه النتائج عند الصفحة 3.',
        'الذهاب إلى الصفحة الأولى',
      ],
    ] as const)(
      'a page past the end says there is no such page, with the way back (%s)',
      async (language, title, body, first) => {
        server.use(...catalogHandlers({ categories: manyCategories }));
        const { user } = render('/search?q=item&page=9', language);
        expect(await screen.findByText(title)).toBeInTheDocument();
        expect(screen.getByText(body)).toBeInTheDocument();
        // Not page 3 shown as if it were page 9.
        expect(screen.queryAllByTestId('product-card')).toHaveLength(0);
        // The address stays as the shopper had it.
        expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?q=item&page=9$/);
        expect(screen.getByRole('link', { name: /3\)$/ })).toHaveAttribute('href', '/search?q=item&page=3');
        await user.click(screen.getByRole('link', { name: first }));
        expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?q=item$/);
        await waitFor(() => expect(cardNames()).toEqual(names(0, 12)));
      },
    );

    it.each(['abc', '-3', '0', '2.5', '99999999999'])(
      'a page number that cannot be (?page=%s) says so and links to page 1; the filters still work',
      async (value) => {
        const calls: string[] = [];
        server.use(...catalogHandlers({ categories: manyCategories }, calls));
        const { user } = render(`/search?page=${value}`);
        expect(await screen.findByText('There is no such page of these results.')).toBeInTheDocument();
        expect(screen.queryAllByTestId('product-card')).toHaveLength(0);
        expect(screen.getByTestId('location')).toHaveTextContent(`/search?page=${value}`);
        // Never a request the server would refuse: the first page's counts fill the filters.
        expect(calls.filter((call) => call.startsWith('GET /catalog/search'))).toEqual([
          'GET /catalog/search?currency_code=KWD',
        ]);
        const panel = screen.getAllByTestId('filter-panel')[0] as HTMLElement;
        await user.click(within(within(panel).getByTestId('filter-brands')).getByLabelText(/^Dana/));
        await waitFor(() => expect(cardNames()).toEqual(names(20, 30)));
        expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?brands=Dana$/);
      },
    );
  });

  it('category tabs choose a single category and "All" clears it', async () => {
    server.use(...catalogHandlers({ categories: sampleCategories }));
    const { user } = render();
    await screen.findByText('Royal Oud');
    const tabs = screen.getByRole('navigation', { name: 'Categories' });
    await user.click(within(tabs).getByRole('button', { name: 'Abayas' }));
    await waitFor(() => expect(cardNames()).toEqual(['Black Abaya', 'Grey Abaya']));
    await user.click(within(tabs).getByRole('button', { name: 'All' }));
    await waitFor(() => expect(cardNames()).toHaveLength(5));
  });

  it('the filter bar opens the drawer; active filters show as removable chips', async () => {
    server.use(...catalogHandlers());
    const { user } = render('/search?brands=Dana');
    await screen.findByText('Black Abaya');
    await user.click(screen.getByTestId('filter-bar'));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('heading', { name: 'Filters' })).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Show results' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Remove filter Dana' }));
    await waitFor(() => expect(cardNames()).toHaveLength(5));
  });

  describe('reached by a link inside the shop (a category tile, a brand on a product page)', () => {
    const searches = (calls: string[]) => calls.filter((call) => call.startsWith('GET /catalog/search'));

    it.each([
      ['from home, nothing stored', DEFAULT_FILTERS, '/search?category=Abayas', 'category=Abayas'],
      [
        'from a product, an earlier search stored',
        { ...DEFAULT_FILTERS, brands: ['Nasma'] },
        '/search?brands=Dana',
        'brands=Dana',
      ],
    ])('asks the server once, for the search the link states (%s)', async (_case, stored, to, asked) => {
      const calls: string[] = [];
      server.use(...catalogHandlers({}, calls));
      const { user } = renderWithProviders(
        <Routes>
          <Route path="/" element={<Link to={to}>open</Link>} />
          <Route path="/search" element={<SearchPage />} />
        </Routes>,
        { route: '/', preloadedState: { catalog: { filters: stored } } },
      );
      await user.click(screen.getByRole('link', { name: 'open' }));
      await waitFor(() => expect(cardNames()).toEqual(['Black Abaya', 'Grey Abaya']));
      expect(searches(calls)).toEqual([`GET /catalog/search?currency_code=KWD&${asked}`]);
    });
  });

  describe("a category's page (the title and the category's name)", () => {
    it.each([
      [
        "its id, as the sitemaps and a product's crumbs link it",
        '/search?category=1',
        '/search?category=Perfumes',
      ],
      [
        'its name in other capitals, on a later page',
        '/search?category=perfumes&page=1',
        '/search?category=Perfumes&page=1',
      ],
    ])(
      'named by %s: the address names it as the shop does, and the tab says its name',
      async (_how, route, shown) => {
        server.use(...catalogHandlers());
        render(route);
        await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(shown));
        expect(document.title).toBe('Perfumes · Gulf Store');
        const panel = screen.getAllByTestId('filter-panel')[0] as HTMLElement;
        expect(
          within(within(panel).getByTestId('filter-category')).getByLabelText(/^Perfumes/),
        ).toBeChecked();
        // No choice stands for the id or the other capitals.
        const categories = within(panel).getByTestId('filter-category');
        expect(within(categories).queryByLabelText(/^(1|perfumes)\b/)).not.toBeInTheDocument();
      },
    );

    it("a later page of a category says its number, in the page's language", async () => {
      server.use(...catalogHandlers());
      render('/search?category=Perfumes&page=2', 'ar');
      await waitFor(() => expect(document.title).toBe('Perfumes — صفحة 2 · متجر الخليج'));
    });
  });

  describe('on a phone', () => {
    beforeEach(() => installMatchMedia({ width: 412, touch: true }));
    afterEach(() => installMatchMedia({ width: 1280 }));

    it("the drawer's code loads after the first render, so the first tap opens it at once", async () => {
      server.use(...catalogHandlers());
      render();
      await screen.findByText('Royal Oud');
      // What the page fetched once it had rendered: when it is in, the drawer is ready and closed.
      await act(async () => {
        await import('../components/FilterDrawer');
      });
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      fireEvent.click(screen.getByTestId('filter-bar'));
      // In the tap's own render: no wait for code (on a desktop, where the bar is hidden, it would load now).
      expect(screen.getByRole('dialog')).toHaveAccessibleName('Filters');
    });
  });
});
