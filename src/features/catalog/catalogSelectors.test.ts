import { makeStore } from '../../app/store';
import { server } from '../../testing/server';
import { searchSubmitted } from '../../app/events';
import { catalogApi } from './catalogApi';
import {
  effectivePrice,
  pageCount,
  selectAllProducts,
  selectHomeCategories,
  selectNewlyAdded,
} from './catalogSelectors';
import {
  filterProducts,
  selectActiveFilterCount,
  selectFilteredProducts,
  selectFilterOptions,
  selectPagedProducts,
  selectSearchPage,
  selectSearchPageCount,
} from './searchSelectors';
import {
  recommendedProducts,
  seededShuffle,
  selectRecommendedProducts,
  selectSimilarProducts,
  similarProducts,
} from './relatedSelectors';
import {
  brandToggled,
  categoryToggled,
  DEFAULT_FILTERS,
  maxPriceChanged,
  minRatingToggled,
  pageChanged,
} from './catalogSlice';
import { makeCategory, makeProduct, sampleCategories } from './testing/fixtures';
import { catalogHandlers } from './testing/handlers';

async function loadedStore(categories = sampleCategories) {
  server.use(...catalogHandlers({ categories }));
  const store = makeStore();
  await store.dispatch(catalogApi.endpoints.getHomeData.initiate({ lang: 'en', currency: 'KWD' }));
  return store;
}

const ids = (products: { id: number }[]) => products.map((product) => product.id);

describe('catalog selectors', () => {
  it('flattens every category into products carrying the category name', async () => {
    const store = await loadedStore();
    const products = selectAllProducts(store.getState());
    expect(ids(products)).toEqual([1, 2, 3, 4, 5]);
    expect(products.find((product) => product.id === 4)?.category).toBe('Abayas');
  });

  it("keeps what lists show and leaves a product's description and gallery to its page", async () => {
    const store = await loadedStore();
    const { data } = catalogApi.endpoints.getHomeData.select({ lang: 'en', currency: 'KWD' })(
      store.getState(),
    );
    const listedProducts = [
      ...(data?.categories.flatMap((category) => category.products) ?? []),
      ...(data?.bestSellers ?? []),
    ];
    expect(listedProducts.length).toBeGreaterThan(0);
    for (const product of listedProducts) {
      expect(product).not.toHaveProperty('description');
      expect(product).not.toHaveProperty('image_url');
      expect(product).not.toHaveProperty('product_images');
      expect(product).toEqual(
        expect.objectContaining({
          name: expect.any(String),
          image_temp: expect.any(String),
          attributes: expect.any(Array),
        }),
      );
    }
  });

  it('lists filter options: categories in order, brands and collections unique and sorted', async () => {
    const store = await loadedStore();
    expect(selectFilterOptions(store.getState())).toEqual({
      categories: ['Perfumes', 'Abayas'],
      brands: ['Dana', 'Layali', 'Nasma'],
      collections: ['Classic', 'Gift Set', 'Intense'],
    });
  });

  it('filters by category, brand, price (discounted) and rating, and search text', async () => {
    const store = await loadedStore();
    store.dispatch(categoryToggled('Abayas'));
    expect(ids(selectFilteredProducts(store.getState()))).toEqual([4, 5]);
    store.dispatch(maxPriceChanged(40));
    // 45 with a discounted price of 36 is inside a 40 limit.
    expect(ids(selectFilteredProducts(store.getState()))).toEqual([4]);
    store.dispatch(categoryToggled('Abayas'));
    store.dispatch(maxPriceChanged(100_000));
    store.dispatch(minRatingToggled(4));
    expect(ids(selectFilteredProducts(store.getState()))).toEqual([1, 4]);
    store.dispatch(brandToggled('Nasma'));
    expect(ids(selectFilteredProducts(store.getState()))).toEqual([1]);
    store.dispatch(minRatingToggled(4));
    store.dispatch(searchSubmitted('amber'));
    expect(ids(selectFilteredProducts(store.getState()))).toEqual([3]);
    expect(selectActiveFilterCount(store.getState())).toBe(1);
  });

  it('keeps the same filtered list object while unrelated state changes (memoised)', async () => {
    const store = await loadedStore();
    store.dispatch(categoryToggled('Perfumes'));
    const before = store.getState();
    const first = selectFilteredProducts(before);
    const options = selectFilterOptions(before);
    const products = selectAllProducts(before);
    // The page is state the filtered list does not depend on; the change must be real to prove anything.
    store.dispatch(pageChanged(2));
    const after = store.getState();
    expect(after).not.toBe(before);
    expect(after.catalog.page).toBe(2);
    expect(selectFilteredProducts(after)).toBe(first);
    expect(selectFilterOptions(after)).toBe(options);
    expect(selectAllProducts(after)).toBe(products);
  });

  it('pages 12 at a time and keeps the page inside the result', async () => {
    const many = Array.from({ length: 30 }, (_, index) =>
      makeProduct({ id: index + 1, name: `P${index + 1}` }),
    );
    const store = await loadedStore([makeCategory(1, 'Perfumes', many)]);
    expect(selectSearchPageCount(store.getState())).toBe(3);
    expect(ids(selectPagedProducts(store.getState()))).toEqual(ids(many.slice(0, 12)));
    store.dispatch(pageChanged(3));
    expect(ids(selectPagedProducts(store.getState()))).toEqual(ids(many.slice(24)));
    store.dispatch(searchSubmitted('P1'));
    // P1, P10…P19: 11 results on one page.
    expect(selectSearchPage(store.getState())).toBe(1);
    expect(selectPagedProducts(store.getState())).toHaveLength(11);
    expect(pageCount(0, 12)).toBe(1);
  });

  it('newly added: rating 3 or more, newest first', async () => {
    const store = await loadedStore([
      makeCategory(1, 'A', [
        makeProduct({ id: 1, rating: 2.9, created_at: '2024-05-01T00:00:00Z' }),
        makeProduct({ id: 2, rating: 3, created_at: '2024-01-01T00:00:00Z' }),
        makeProduct({ id: 3, rating: 4.2, created_at: '2024-04-01T00:00:00Z' }),
      ]),
    ]);
    expect(ids(selectNewlyAdded(store.getState()))).toEqual([3, 2]);
  });

  it('newly added: the same time puts the higher id first, no time goes last, milliseconds count', async () => {
    const store = await loadedStore([
      makeCategory(1, 'A', [
        makeProduct({ id: 4, rating: 4, created_at: '2024-04-01T00:00:00Z' }),
        makeProduct({ id: 5, rating: 4, created_at: '2024-04-01T00:00:00Z' }),
        makeProduct({ id: 6, rating: 4, created_at: undefined }),
        makeProduct({ id: 7, rating: 4, created_at: '2024-04-01T00:00:00.250Z' }),
        makeProduct({ id: 8, rating: 4, created_at: '2025-01-01T00:00:00Z' }),
      ]),
    ]);
    expect(ids(selectNewlyAdded(store.getState()))).toEqual([8, 7, 5, 4, 6]);
  });

  it('home shows at most 6 categories', async () => {
    const categories = Array.from({ length: 9 }, (_, index) => makeCategory(index + 1, `C${index + 1}`, []));
    const store = await loadedStore(categories);
    expect(selectHomeCategories(store.getState())).toHaveLength(6);
  });

  it('similar: same category without the product itself, shuffled, at most 12', async () => {
    const many = Array.from({ length: 20 }, (_, index) => makeProduct({ id: index + 1, category: 'A' }));
    const store = await loadedStore([
      makeCategory(1, 'A', many),
      makeCategory(2, 'B', [makeProduct({ id: 99, category: 'B' })]),
    ]);
    const product = { id: 5, category: 'A' };
    const similar = selectSimilarProducts(store.getState(), product);
    expect(similar).toHaveLength(12);
    expect(similar.every((item) => item.category === 'A' && item.id !== 5)).toBe(true);
    expect(ids(similar)).not.toEqual(ids(many.filter((item) => item.id !== 5).slice(0, 12)));
    expect(selectSimilarProducts(store.getState(), product)).toBe(similar);
    expect(ids(similarProducts(many, product))).toEqual(ids(similar));
  });

  it('recommended: other products rated 3 or more, best first, at most 8', async () => {
    const many = Array.from({ length: 14 }, (_, index) =>
      makeProduct({ id: index + 1, rating: index % 2 === 0 ? 2 : 3 + index / 10 }),
    );
    const store = await loadedStore([makeCategory(1, 'A', many)]);
    const recommended = selectRecommendedProducts(store.getState(), 14);
    expect(recommended.length).toBeLessThanOrEqual(8);
    expect(recommended.every((item) => item.rating >= 3 && item.id !== 14)).toBe(true);
    expect(ids(recommended)).toEqual(ids(recommendedProducts(many, 14)));
    expect(recommended[0]?.rating).toBeGreaterThanOrEqual(recommended.at(-1)?.rating ?? 0);
  });

  it('seeded shuffle keeps every item and is stable per seed', () => {
    const items = [1, 2, 3, 4, 5, 6, 7, 8];
    expect([...seededShuffle(items, 3)].sort()).toEqual(items);
    expect(seededShuffle(items, 3)).toEqual(seededShuffle(items, 3));
    expect(seededShuffle(items, 3)).not.toEqual(seededShuffle(items, 4));
  });

  it('effective price: converted discounted, converted, discounted, original', () => {
    expect(effectivePrice(makeProduct({ price: 10 }))).toBe(10);
    expect(effectivePrice(makeProduct({ price: 10, discounted_price: 8 }))).toBe(8);
    expect(
      effectivePrice(
        makeProduct({
          price: 10,
          discounted_price: 8,
          converted_products: { currency_code: 'SAR', price: 120, discounted_price: 96 },
        }),
      ),
    ).toBe(96);
    expect(
      effectivePrice(
        makeProduct({
          price: 10,
          converted_products: { currency_code: 'SAR', price: 120, discounted_price: null },
        }),
      ),
    ).toBe(120);
  });

  it('matches Arabic names ignoring diacritics and letter forms', () => {
    const products = [makeProduct({ id: 1, name: 'عَبَاءة سوداء' }), makeProduct({ id: 2, name: 'دهن الورد' })];
    expect(ids(filterProducts(products, DEFAULT_FILTERS, 'عباءه'))).toEqual([1]);
  });
});
