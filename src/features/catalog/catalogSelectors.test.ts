// The catalogue's client side after issue 48: the server answers search, filters, facets, paging and the home lists;
// the client states what is asked (from the address and the filters) and reads the answers. The server's own rules
// are tested in server/routes/catalogSearch.test.ts.
import { makeStore } from '../../app/store';
import { server } from '../../testing/server';
import { catalogApi } from './catalogApi';
import {
  effectivePrice,
  pageCount,
  selectHomeArgs,
  selectHomeCategories,
  selectNewlyAdded,
} from './catalogSelectors';
import { DEFAULT_FILTERS } from './catalogSlice';
import { filterOptionsOf, searchArgsOf } from './searchSelectors';
import { makeCategory, makeProduct, sampleCategories } from './testing/fixtures';
import { catalogHandlers, searchAnswerOf } from './testing/handlers';

describe('the search the page asks the server for', () => {
  it('states the words, filters, page, language and currency; an unlimited price is left out', () => {
    const store = makeStore({ settings: { language: 'ar', currency: 'USD' } });
    const home = selectHomeArgs(store.getState());
    expect(searchArgsOf(home, { filters: DEFAULT_FILTERS, text: '', page: 1 })).toEqual({
      lang: 'ar',
      currency: 'USD',
      q: '',
      category: null,
      brands: [],
      collections: [],
      maxPrice: null,
      priceCurrency: null,
      minRating: 0,
      page: 1,
    });
    const filters = {
      ...DEFAULT_FILTERS,
      category: 'Perfumes',
      brands: ['Nasma'],
      maxPrice: 50,
      priceCurrency: 'SAR',
      minRating: 4,
    };
    expect(searchArgsOf(home, { filters, text: '  oud ', page: 2 })).toMatchObject({
      q: 'oud',
      category: 'Perfumes',
      brands: ['Nasma'],
      maxPrice: 50,
      // A link from a shopper in riyals: the server reads the limit in riyals and answers in dollars.
      priceCurrency: 'SAR',
      minRating: 4,
      page: 2,
    });
    // A page no results can have asks for the first page's filters and counts.
    expect(searchArgsOf(home, { filters, text: '', page: 0 }).page).toBe(1);
  });

  it('is asked of /catalog/search with the address parameters, one request per search', async () => {
    const calls: string[] = [];
    server.use(...catalogHandlers({}, calls));
    const store = makeStore();
    const filters = { ...DEFAULT_FILTERS, brands: ['Nasma', 'Layali'] };
    const answer = await store.dispatch(
      catalogApi.endpoints.searchProducts.initiate(
        searchArgsOf(selectHomeArgs(store.getState()), { filters, text: '', page: 1 }),
      ),
    );
    expect(calls).toEqual(['GET /catalog/search?currency_code=KWD&brands=Nasma%2CLayali']);
    expect(answer.data?.data.every((product) => ['Nasma', 'Layali'].includes(product.brand))).toBe(true);
  });
});

describe('the filter panel reads the facets', () => {
  it('lists each facet value with its count, and keeps a chosen value the facets no longer list', () => {
    const answer = searchAnswerOf(sampleCategories, new URLSearchParams('brands=Nasma'));
    const options = filterOptionsOf(answer, { category: null, brands: ['Nasma', 'Gone'], collections: [] });
    expect(options.brands.find((option) => option.value === 'Nasma')?.count).toBeGreaterThan(0);
    expect(options.brands).toContainEqual({ value: 'Gone', count: 0 });
    expect(options.categories.map((option) => option.value)).toContain('Perfumes');
  });

  it('has no options before the first answer', () => {
    expect(filterOptionsOf(undefined, { category: null, brands: [], collections: [] })).toEqual({
      categories: [],
      brands: [],
      collections: [],
      ratings: {},
    });
  });
});

describe('the home lists come bounded from the server', () => {
  it('reads newly added and the first 6 categories from /catalog/home', async () => {
    const many = Array.from({ length: 9 }, (_, index) =>
      makeCategory(index + 1, `Category ${index + 1}`, [
        makeProduct({
          id: index + 1,
          name: `Product ${index + 1}`,
          rating: 4,
          category: `Category ${index + 1}`,
        }),
      ]),
    );
    server.use(...catalogHandlers({ categories: many }));
    const store = makeStore();
    await store.dispatch(catalogApi.endpoints.getHomeData.initiate({ lang: 'en', currency: 'KWD' }));
    expect(selectHomeCategories(store.getState())).toHaveLength(6);
    expect(selectNewlyAdded(store.getState()).length).toBeGreaterThan(0);
  });

  it('prices: the converted price when there is one; page counts never below one', () => {
    const product = makeProduct({ id: 1, price: 10, discounted_price: 8 });
    expect(effectivePrice(product)).toBe(8);
    expect(
      effectivePrice({
        ...product,
        converted_products: { currency_code: 'USD', price: 33, discounted_price: 26 },
      }),
    ).toBe(26);
    expect(pageCount(0, 12)).toBe(1);
    expect(pageCount(25, 12)).toBe(3);
  });
});
