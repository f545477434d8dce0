import { currencyChanged, languageChanged } from '../../app/events';
import { makeStore } from '../../app/store';
import {
  brandToggled,
  categoryToggled,
  clampPrice,
  collectionToggled,
  DEFAULT_FILTERS,
  filtersReset,
  maxPriceChanged,
  minRatingToggled,
  pageChanged,
  selectFilters,
  searchUrlChanged,
  selectPage,
} from './catalogSlice';

describe('catalog slice: filters', () => {
  it('category is a single choice that toggles off when picked again', () => {
    const store = makeStore();
    store.dispatch(categoryToggled('Perfumes'));
    expect(selectFilters(store.getState()).category).toBe('Perfumes');
    store.dispatch(categoryToggled('Abayas'));
    expect(selectFilters(store.getState()).category).toBe('Abayas');
    store.dispatch(categoryToggled('Abayas'));
    expect(selectFilters(store.getState()).category).toBeNull();
  });

  it('brands and collections toggle in lists', () => {
    const store = makeStore();
    store.dispatch(brandToggled('Nasma'));
    store.dispatch(brandToggled('Dana'));
    store.dispatch(collectionToggled('Classic'));
    expect(selectFilters(store.getState())).toMatchObject({
      brands: ['Nasma', 'Dana'],
      collections: ['Classic'],
    });
    store.dispatch(brandToggled('Nasma'));
    store.dispatch(collectionToggled('Classic'));
    expect(selectFilters(store.getState())).toMatchObject({ brands: ['Dana'], collections: [] });
  });

  it('price snaps to the 10 step within 0…100000', () => {
    expect(clampPrice(1234)).toBe(1230);
    expect(clampPrice(1235)).toBe(1240);
    expect(clampPrice(-5)).toBe(0);
    expect(clampPrice(250_000)).toBe(100_000);
    expect(clampPrice(Number.NaN)).toBe(100_000);
    const store = makeStore();
    store.dispatch(maxPriceChanged(499));
    expect(selectFilters(store.getState()).maxPrice).toBe(500);
  });

  it('the same rating star again clears the minimum rating', () => {
    const store = makeStore();
    store.dispatch(minRatingToggled(4));
    expect(selectFilters(store.getState()).minRating).toBe(4);
    store.dispatch(minRatingToggled(3));
    expect(selectFilters(store.getState()).minRating).toBe(3);
    store.dispatch(minRatingToggled(3));
    expect(selectFilters(store.getState()).minRating).toBe(0);
  });

  it.each([
    ['category', categoryToggled('Perfumes')],
    ['brand', brandToggled('Nasma')],
    ['collection', collectionToggled('Classic')],
    ['price', maxPriceChanged(500)],
    ['rating', minRatingToggled(2)],
    ['url', searchUrlChanged({ filters: { ...DEFAULT_FILTERS, category: 'Abayas' }, text: null })],
    ['reset', filtersReset()],
  ])('a %s change returns to page 1', (_name, action) => {
    const store = makeStore();
    store.dispatch(pageChanged(4));
    expect(selectPage(store.getState())).toBe(4);
    store.dispatch(action);
    expect(selectPage(store.getState())).toBe(1);
  });

  it('reset restores the defaults', () => {
    const store = makeStore();
    store.dispatch(categoryToggled('Perfumes'));
    store.dispatch(brandToggled('Nasma'));
    store.dispatch(maxPriceChanged(300));
    store.dispatch(filtersReset());
    expect(selectFilters(store.getState())).toEqual(DEFAULT_FILTERS);
  });

  it.each([languageChanged('ar'), currencyChanged('SAR')])('%p resets filters and page', (action) => {
    const store = makeStore();
    store.dispatch(categoryToggled('Perfumes'));
    store.dispatch(pageChanged(3));
    store.dispatch(action);
    expect(selectFilters(store.getState())).toEqual(DEFAULT_FILTERS);
    expect(selectPage(store.getState())).toBe(1);
  });
});
