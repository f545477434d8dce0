import fc from 'fast-check';

import { pageAddress } from '../../../shared/pageAddress';
import { DEFAULT_FILTERS } from './catalogSlice';
import {
  FILTER_PARAMS,
  filtersFromSearchParams,
  filtersToSearchParams,
  sameFilters,
  searchFromParams,
  searchAtPage,
  searchToParams,
  showsSearch,
  NO_SUCH_PAGE,
  TEXT_PARAM,
} from './filterUrl';

describe('filters in the URL', () => {
  it('writes only what differs from the defaults', () => {
    expect(filtersToSearchParams(DEFAULT_FILTERS).toString()).toBe('');
    const params = filtersToSearchParams({
      category: 'العطور والعود',
      brands: ['Nasma', 'Dar Al Oud'],
      collections: ['Classic'],
      maxPrice: 250,
      priceCurrency: 'SAR',
      minRating: 4,
    });
    expect(params.get('category')).toBe('العطور والعود');
    expect(params.get('brands')).toBe('Nasma,Dar Al Oud');
    expect(params.get('collections')).toBe('Classic');
    expect(params.get('maxPrice')).toBe('250');
    expect(params.get('priceCurrency')).toBe('SAR');
    expect(params.get('minRating')).toBe('4');
  });

  it("a highest price names the currency it is in; a link without one (made before) is in the shopper's", () => {
    expect(filtersFromSearchParams(new URLSearchParams('maxPrice=200&priceCurrency=sar'))).toEqual({
      ...DEFAULT_FILTERS,
      maxPrice: 200,
      priceCurrency: 'SAR',
    });
    expect(filtersFromSearchParams(new URLSearchParams('maxPrice=200'))?.priceCurrency).toBeNull();
    // Not a currency code, or no price to be in: none.
    expect(
      filtersFromSearchParams(new URLSearchParams('maxPrice=200&priceCurrency=riyal'))?.priceCurrency,
    ).toBeNull();
    expect(filtersFromSearchParams(new URLSearchParams('priceCurrency=SAR'))).toEqual(DEFAULT_FILTERS);
    // The page is kept under the currency too: a riyal link and a dinar link are two pages.
    expect(pageAddress('/search?maxPrice=200&priceCurrency=sar&utm=x')).toBe(
      '/search?maxPrice=200&priceCurrency=SAR',
    );
    expect(pageAddress('/search?priceCurrency=SAR')).toBe('/search');
  });

  it('keeps other query parameters and replaces old filter ones', () => {
    const keep = new URLSearchParams('lng=ar&brands=Old');
    const params = filtersToSearchParams({ ...DEFAULT_FILTERS, category: 'Abayas' }, keep);
    expect(params.get('lng')).toBe('ar');
    expect(params.has('brands')).toBe(false);
    expect(params.get('category')).toBe('Abayas');
  });

  it('a URL without filter parameters states nothing', () => {
    expect(filtersFromSearchParams(new URLSearchParams('lng=en'))).toBeNull();
  });

  it('reads a cold URL, with defaults for what it leaves out', () => {
    expect(filtersFromSearchParams(new URLSearchParams('category=Abayas'))).toEqual({
      ...DEFAULT_FILTERS,
      category: 'Abayas',
    });
    expect(
      filtersFromSearchParams(new URLSearchParams('brands=Nasma,%20Dana,,Nasma&maxPrice=1234&minRating=9')),
    ).toEqual({ ...DEFAULT_FILTERS, brands: ['Nasma', 'Dana'], maxPrice: 1230, minRating: 5 });
  });

  it('keeps a name with a comma (or a backslash) one name, and reads plain lists as before', () => {
    const filters = {
      ...DEFAULT_FILTERS,
      brands: ['Smith, Jones', 'Back\\slash', 'Dana'],
      collections: ['Autumn, Winter'],
    };
    const params = filtersToSearchParams(filters);
    expect(params.get('brands')).toBe('Smith\\, Jones,Back\\\\slash,Dana');
    expect(filtersFromSearchParams(params)).toEqual(filters);
    expect(filtersFromSearchParams(new URLSearchParams('brands=Smith,Jones'))?.brands).toEqual([
      'Smith',
      'Jones',
    ]);
  });

  it('survives nonsense values', () => {
    expect(filtersFromSearchParams(new URLSearchParams('maxPrice=abc&minRating=x'))).toEqual(DEFAULT_FILTERS);
  });

  it('round-trips', () => {
    const filters = {
      category: 'Perfumes',
      brands: ['A b', 'C'],
      collections: ['X'],
      maxPrice: 90,
      priceCurrency: 'AED',
      minRating: 2,
    };
    const back = filtersFromSearchParams(filtersToSearchParams(filters));
    expect(back).toEqual(filters);
    expect(back && sameFilters(back, filters)).toBe(true);
    expect(sameFilters(filters, DEFAULT_FILTERS)).toBe(false);
  });
});

describe('the search words in the URL', () => {
  it('sit beside the filters as q, trimmed; no words, no q', () => {
    const filters = { ...DEFAULT_FILTERS, brands: ['Nasma'] };
    expect(searchToParams({ filters, text: ' red dress ' }).toString()).toBe('brands=Nasma&q=red+dress');
    expect(searchToParams({ filters, text: '' }).toString()).toBe('brands=Nasma');
    expect(
      searchToParams({ filters: DEFAULT_FILTERS, text: 'عود' }, new URLSearchParams('q=old&lng=ar')).get('q'),
    ).toBe('عود');
  });

  it('a URL states words only when it has q', () => {
    expect(searchFromParams(new URLSearchParams('brands=Nasma'))).toEqual({
      filters: { ...DEFAULT_FILTERS, brands: ['Nasma'] },
      text: null,
      page: 1,
    });
    expect(searchFromParams(new URLSearchParams('q=%20oud%20'))).toEqual({
      filters: null,
      text: 'oud',
      page: 1,
    });
    expect(searchFromParams(new URLSearchParams('q='))).toEqual({ filters: null, text: '', page: 1 });
  });
});

describe('the page in the URL', () => {
  it('is read 1-based; none or an empty one is page 1', () => {
    expect(searchFromParams(new URLSearchParams('')).page).toBe(1);
    expect(searchFromParams(new URLSearchParams('page=')).page).toBe(1);
    expect(searchFromParams(new URLSearchParams('page=1')).page).toBe(1);
    expect(searchFromParams(new URLSearchParams('q=oud&page=2')).page).toBe(2);
    expect(searchFromParams(new URLSearchParams('page=%2007%20')).page).toBe(7);
    expect(searchFromParams(new URLSearchParams('page=999999')).page).toBe(999_999);
  });

  it.each(['abc', '-3', '0', '1.5', '1e3', '0x10', '1000000', '99999999999999999999', '٢', 'Infinity'])(
    'a page no results can have (%s) is read as no such page, never as another one',
    (value) => {
      expect(searchFromParams(new URLSearchParams({ page: value })).page).toBe(NO_SUCH_PAGE);
    },
  );

  it('is written after the words, left out for page 1; other parameters are kept', () => {
    const filters = { ...DEFAULT_FILTERS, brands: ['Nasma'] };
    expect(searchToParams({ filters, text: 'oud', page: 3 }).toString()).toBe('brands=Nasma&q=oud&page=3');
    expect(
      searchToParams({ filters, text: 'oud', page: 1 }, new URLSearchParams('page=4&lng=ar')).toString(),
    ).toBe('lng=ar&brands=Nasma&q=oud');
    expect(searchToParams({ filters, text: '' }, new URLSearchParams('page=4')).toString()).toBe(
      'brands=Nasma',
    );
  });

  it("a page that cannot be keeps the shopper's spelling", () => {
    const search = { filters: DEFAULT_FILTERS, text: '', page: NO_SUCH_PAGE };
    expect(searchToParams(search, new URLSearchParams('page=abc')).toString()).toBe('page=abc');
    expect(showsSearch(new URLSearchParams('page=abc'), search)).toBe(true);
    expect(showsSearch(new URLSearchParams(''), search)).toBe(false);
  });

  it('round-trips, and tells pages apart', () => {
    for (const page of [1, 2, 12, 999_999]) {
      const search = { filters: { ...DEFAULT_FILTERS, category: 'Abayas' }, text: 'عباءة', page };
      const params = searchToParams(search);
      expect(searchFromParams(params)).toEqual(search);
      expect(showsSearch(params, search)).toBe(true);
      expect(showsSearch(params, { ...search, page: page + 1 })).toBe(false);
    }
  });

  it('another page of the same search: the address of a pager or a notice link', () => {
    expect(searchAtPage(new URLSearchParams('q=oud&page=9'), 1)).toBe('/search?q=oud');
    expect(searchAtPage(new URLSearchParams('q=oud&page=abc'), 3)).toBe('/search?q=oud&page=3');
    expect(searchAtPage(new URLSearchParams('page=2'), 1)).toBe('/search');
  });
});

describe('the address the server keeps a rendered search page under', () => {
  /**
   * What the search page shows at an address, on a new visitor's fresh store (nothing stated means the default),
   * read as the page renderer reads it.
   */
  const shown = (address: string) => {
    const { search } = new URL(address, 'http://page.invalid');
    const stated = searchFromParams(new URLSearchParams(search));
    return { filters: stated.filters ?? DEFAULT_FILTERS, text: stated.text ?? '', page: stated.page };
  };

  it('keeps only what the page reads, in one order: addresses that show the same page share one', () => {
    expect(pageAddress('/search?utm_source=x&q=%20oud%20&fbclid=1')).toBe('/search?q=oud');
    expect(pageAddress('/search?brands=b,a,b&q=Oud&q=other&category=%20Perfume%20')).toBe(
      '/search?q=Oud&category=Perfume&brands=b%2Ca',
    );
    expect(pageAddress('/search?q=&category=&maxPrice=')).toBe('/search');
    expect(pageAddress('/search?maxPrice=1e3&minRating=+4')).toBe('/search?maxPrice=1000&minRating=4');
    // The page: left out for page 1, and every page that cannot be is one address (they show the same notice).
    expect(pageAddress('/search?page=1&q=oud')).toBe('/search?q=oud');
    expect(pageAddress('/search?page=%2002&q=oud')).toBe('/search?q=oud&page=2');
    expect(pageAddress('/search?page=abc')).toBe('/search?page=0');
    expect(pageAddress('/search?page=-3')).toBe('/search?page=0');
    expect(pageAddress('/search?page=123456789')).toBe('/search?page=0');
    // The other pages read no query at all.
    expect(pageAddress('/product/12?ref=mail&q=x')).toBe('/product/12');
    expect(pageAddress('/?random=1')).toBe('/');
  });

  it('is only made for the public pages, spelled as the route table spells them', () => {
    for (const address of [
      '/orders',
      '/checkout?q=1',
      '/search/',
      '/Search',
      '/product/',
      '/product/1/2',
      '//x',
    ])
      expect(pageAddress(address)).toBeNull();
  });

  it('shows the same page as the address it stands for, whatever the query', () => {
    const names = fc.constantFrom(TEXT_PARAM, ...FILTER_PARAMS, 'lng', 'page', 'x', 'q[]');
    const values = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom('', ' ', '%', '%E0%A4%A', 'a,,b, a', '1e309', 'NaN', '-0', ' 12 ', '0x10', '5.5', '+'),
      fc.constantFrom('1', '2', '02', '0', '999999', '1000000', '%202%20'),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(names, values), { maxLength: 8 }), (pairs) => {
        const url = `/search?${pairs.map(([name, value]) => `${name}=${value}`).join('&')}`;
        const address = pageAddress(url);
        expect(address).not.toBeNull();
        expect(shown(address ?? '')).toEqual(shown(url));
        // Kept under itself: reducing twice changes nothing.
        expect(pageAddress(address ?? '')).toBe(address);
      }),
      { numRuns: 500 },
    );
  });
});
