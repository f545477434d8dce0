import { locationChanged } from '../../app/events';
import { makeStore } from '../../app/store';
import { DEFAULT_FILTERS, pageChanged, selectFilters, selectPage, selectSearchText } from './catalogSlice';

describe('the /search address mirrored into the store', () => {
  it('takes the search the query shows (what it leaves out is the default, not the saved), and ignores other pages', () => {
    const store = makeStore({ catalog: { filters: { ...DEFAULT_FILTERS, minRating: 4 }, page: 2 } });
    store.dispatch(locationChanged({ pathname: '/search', search: '?q=abaya' }));
    expect(selectSearchText(store.getState())).toBe('abaya');
    // The saved filters restore a search only on an address that states none.
    expect(selectFilters(store.getState())).toEqual(DEFAULT_FILTERS);

    store.dispatch(locationChanged({ pathname: '/search', search: '?brands=Nasma,Lulu&q=abaya' }));
    expect(selectFilters(store.getState())).toEqual({ ...DEFAULT_FILTERS, brands: ['Nasma', 'Lulu'] });

    store.dispatch(locationChanged({ pathname: '/cart', search: '?brands=Other' }));
    expect(selectFilters(store.getState()).brands).toEqual(['Nasma', 'Lulu']);

    // The filters alone: no words.
    store.dispatch(locationChanged({ pathname: '/search', search: '?brands=Dana' }));
    expect(selectSearchText(store.getState())).toBe('');
  });

  it('an address that states no search keeps the saved filters and words, on page 1', () => {
    const saved = { ...DEFAULT_FILTERS, brands: ['Nasma'] };
    const store = makeStore({ catalog: { filters: saved, page: 3 }, search: { text: 'oud' } });
    store.dispatch(locationChanged({ pathname: '/search', search: '' }));
    expect(selectFilters(store.getState())).toEqual(saved);
    expect(selectSearchText(store.getState())).toBe('oud');
    expect(selectPage(store.getState())).toBe(1);
    // Another parameter (a language) is no search.
    store.dispatch(locationChanged({ pathname: '/search', search: '?lng=ar' }));
    expect(selectFilters(store.getState())).toEqual(saved);
  });

  it('dispatches nothing when the address already shows the stored search', () => {
    const store = makeStore();
    store.dispatch(locationChanged({ pathname: '/search', search: '?q=abaya' }));
    const before = store.getState().catalog;
    store.dispatch(locationChanged({ pathname: '/search', search: '?q=abaya' }));
    expect(store.getState().catalog).toBe(before);
  });

  it('takes the page the address names; an address without one is page 1, whatever was stored', () => {
    const store = makeStore({ catalog: { filters: { ...DEFAULT_FILTERS, brands: ['Nasma'] }, page: 1 } });
    store.dispatch(locationChanged({ pathname: '/search', search: '?q=oud&page=3' }));
    expect(selectPage(store.getState())).toBe(3);
    // The address states a search without filters: none.
    expect(selectFilters(store.getState()).brands).toEqual([]);
    store.dispatch(locationChanged({ pathname: '/search', search: '?q=oud' }));
    expect(selectPage(store.getState())).toBe(1);
    store.dispatch(pageChanged(4));
    store.dispatch(locationChanged({ pathname: '/search', search: '?q=oud&brands=Dana&page=2' }));
    expect(selectPage(store.getState())).toBe(2);
    expect(selectFilters(store.getState()).brands).toEqual(['Dana']);
    store.dispatch(locationChanged({ pathname: '/search', search: '?q=oud&brands=Dana&page=abc' }));
    expect(selectPage(store.getState())).toBe(0);
    store.dispatch(locationChanged({ pathname: '/product/1', search: '?page=5' }));
    expect(selectPage(store.getState())).toBe(0);
  });
});
