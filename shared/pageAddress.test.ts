import {
  categoriesPageOf,
  pageAddress,
  SEARCH_TEXT_MAX,
  searchRequestParams,
  type SearchRequest,
} from './pageAddress';

const nothing: SearchRequest = {
  q: '',
  category: null,
  brands: [],
  collections: [],
  maxPrice: null,
  minRating: 0,
  page: 1,
};

describe('searchRequestParams', () => {
  it('states the search in one order, leaving out what is the default', () => {
    expect(
      Object.entries(
        searchRequestParams({
          ...nothing,
          q: ' oud ',
          category: 'Perfumes',
          brands: ['Nasma', 'Layali'],
          maxPrice: 120,
          minRating: 4,
          page: 2,
        }),
      ),
    ).toEqual([
      ['q', 'oud'],
      ['category', 'Perfumes'],
      ['brands', 'Nasma,Layali'],
      ['max_price', '120'],
      ['min_rating', '4'],
      ['page', '2'],
    ]);
    expect(searchRequestParams(nothing)).toEqual({});
  });

  it('asks with no more words than the server takes (a longer link is cut, not refused)', () => {
    expect(searchRequestParams({ ...nothing, q: `${'a'.repeat(SEARCH_TEXT_MAX)}bcd` }).q).toBe(
      'a'.repeat(SEARCH_TEXT_MAX),
    );
  });
});

describe('the all-categories page in its address', () => {
  test('a page past 1 is kept, anything else is page 1, and a malformed escape never throws', () => {
    expect(pageAddress('/all-categories?page=2&utm_source=x')).toBe('/all-categories?page=2');
    expect(pageAddress('/all-categories?page=1')).toBe('/all-categories');
    expect(pageAddress('/all-categories?page=abc')).toBe('/all-categories');
    // found by server/fuzz.test.ts: a 500 from decoding it
    expect(pageAddress('/all-categories?page=%FF%FE&page=%F0%9F%98&maxPrice&page=%C0%AF')).toBe(
      '/all-categories',
    );
    expect(categoriesPageOf('%E0%A4%A')).toBe(1);
  });
});
