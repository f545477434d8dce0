import { DEFAULT_FILTERS } from './catalogSlice';
import {
  filtersFromSearchParams,
  filtersToSearchParams,
  sameFilters,
  searchFromParams,
  searchToParams,
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
