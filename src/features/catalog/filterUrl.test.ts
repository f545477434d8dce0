import fc from 'fast-check';

import { pageAddress } from '../../../shared/pageAddress';
import { DEFAULT_FILTERS } from './catalogSlice';
import {
  FILTER_PARAMS,
  filtersFromSearchParams,
  filtersToSearchParams,
  sameFilters,
  searchFromParams,
  searchToParams,
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
      minRating: 4,
    });
    expect(params.get('category')).toBe('العطور والعود');
    expect(params.get('brands')).toBe('Nasma,Dar Al Oud');
    expect(params.get('collections')).toBe('Classic');
    expect(params.get('maxPrice')).toBe('250');
    expect(params.get('minRating')).toBe('4');
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

  it('survives nonsense values', () => {
    expect(filtersFromSearchParams(new URLSearchParams('maxPrice=abc&minRating=x'))).toEqual(DEFAULT_FILTERS);
  });

  it('round-trips', () => {
    const filters = {
      category: 'Perfumes',
      brands: ['A b', 'C'],
      collections: ['X'],
      maxPrice: 90,
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
    });
    expect(searchFromParams(new URLSearchParams('q=%20oud%20'))).toEqual({ filters: null, text: 'oud' });
    expect(searchFromParams(new URLSearchParams('q='))).toEqual({ filters: null, text: '' });
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
    return { filters: stated.filters ?? DEFAULT_FILTERS, text: stated.text ?? '' };
  };

  it('keeps only what the page reads, in one order: addresses that show the same page share one', () => {
    expect(pageAddress('/search?utm_source=x&q=%20oud%20&fbclid=1')).toBe('/search?q=oud');
    expect(pageAddress('/search?brands=b,a,b&q=Oud&q=other&category=%20Perfume%20')).toBe(
      '/search?q=Oud&category=Perfume&brands=b%2Ca',
    );
    expect(pageAddress('/search?q=&category=&maxPrice=')).toBe('/search');
    expect(pageAddress('/search?maxPrice=1e3&minRating=+4')).toBe('/search?maxPrice=1000&minRating=4');
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
