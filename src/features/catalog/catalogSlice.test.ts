import { currencyChanged, languageChanged, searchSubmitted } from '../../app/events';
import { makeStore } from '../../app/store';
import {
  DEFAULT_FILTERS,
  searchShown,
  selectSavedFilters,
  selectSavedSearch,
  selectSearchText,
} from './catalogSlice';

// The rules of each filter control are in filterChanges.test.ts; the page's address in pages/SearchPage.test.tsx.
describe('catalog slice: the last search shown', () => {
  it('keeps the filters and the trimmed words of the search shown', () => {
    const store = makeStore();
    const filters = { ...DEFAULT_FILTERS, category: 'Perfumes', brands: ['Nasma'] };
    store.dispatch(searchShown({ filters, text: ' oud ' }));
    expect(selectSavedFilters(store.getState())).toEqual(filters);
    expect(selectSearchText(store.getState())).toBe('oud');
    expect(selectSavedSearch(store.getState())).toEqual({ filters, text: 'oud' });
  });

  it('a submitted search keeps its trimmed words and the filters', () => {
    const filters = { ...DEFAULT_FILTERS, brands: ['Dana'] };
    const store = makeStore({ catalog: { filters } });
    store.dispatch(searchSubmitted('  red dress '));
    expect(selectSearchText(store.getState())).toBe('red dress');
    expect(selectSavedFilters(store.getState())).toEqual(filters);
  });

  it.each([languageChanged('ar'), currencyChanged('SAR')])(
    '%p resets the filters and the words',
    (action) => {
      const store = makeStore();
      store.dispatch(searchShown({ filters: { ...DEFAULT_FILTERS, category: 'Perfumes' }, text: 'oud' }));
      store.dispatch(action);
      expect(selectSavedFilters(store.getState())).toEqual(DEFAULT_FILTERS);
      expect(selectSearchText(store.getState())).toBe('');
    },
  );
});
