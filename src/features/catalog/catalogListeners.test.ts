import { locationChanged } from '../../app/events';
import { makeStore } from '../../app/store';
import { DEFAULT_FILTERS, selectFilters, selectSearchText } from './catalogSlice';

describe('the /search address mirrored into the store', () => {
  it('takes what the query states, keeps what it leaves out, and ignores other pages', () => {
    const store = makeStore({ catalog: { filters: { ...DEFAULT_FILTERS, minRating: 4 }, page: 2 } });
    store.dispatch(locationChanged({ pathname: '/search', search: '?q=abaya' }));
    expect(selectSearchText(store.getState())).toBe('abaya');
    expect(selectFilters(store.getState()).minRating).toBe(4);

    store.dispatch(locationChanged({ pathname: '/search', search: '?brands=Nasma,Lulu&q=abaya' }));
    expect(selectFilters(store.getState())).toEqual({ ...DEFAULT_FILTERS, brands: ['Nasma', 'Lulu'] });

    store.dispatch(locationChanged({ pathname: '/cart', search: '?brands=Other' }));
    expect(selectFilters(store.getState()).brands).toEqual(['Nasma', 'Lulu']);
  });

  it('dispatches nothing when the address already shows the stored search', () => {
    const store = makeStore();
    store.dispatch(locationChanged({ pathname: '/search', search: '?q=abaya' }));
    const before = store.getState().catalog;
    store.dispatch(locationChanged({ pathname: '/search', search: '?q=abaya' }));
    expect(store.getState().catalog).toBe(before);
  });
});
