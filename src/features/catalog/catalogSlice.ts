import { createAction, createSelector, createSlice } from '@reduxjs/toolkit';
import { persistReducer } from 'redux-persist';

import { currencyChanged, languageChanged, searchSubmitted } from '../../app/events';
import {
  arrayOf,
  isFiniteNumber,
  isString,
  keepValidFields,
  nullable,
  shapeOf,
} from '../../lib/persistGuard';
import { localPersistStorage, sessionPersistStorage } from '../../lib/storage';

// The slider's and the rating's bounds are the address's (shared with the server, which reads search addresses too).
import {
  SEARCH_PRICE_TOP as MAX_PRICE,
  SEARCH_PRICE_STEP as PRICE_STEP,
  SEARCH_RATING_TOP as MAX_RATING,
  clampSearchPrice as clampPrice,
  clampSearchRating as clampRating,
} from '../../../shared/pageAddress';

export { MAX_PRICE, PRICE_STEP, MAX_RATING, clampPrice, clampRating };

export interface CatalogFilters {
  category: string | null;
  brands: string[];
  collections: string[];
  maxPrice: number;
  /** the currency maxPrice is in (a link shared from another names it); null: the shown currency, or no limit */
  priceCurrency: string | null;
  minRating: number;
}

export const DEFAULT_FILTERS: CatalogFilters = {
  category: null,
  brands: [],
  collections: [],
  maxPrice: MAX_PRICE,
  priceCurrency: null,
  minRating: 0,
};

/**
 * The search page shows another search (a filter tapped, a link, back/forward, an address opened cold). The address
 * is what the page shows; the store keeps the last search shown only to restore it when a shopper opens /search
 * without one (the design card's persisted filters, the tab's search words).
 */
export const searchShown = createAction<{ filters: CatalogFilters; text: string }>('catalog/searchShown');

/** The last filters used (the design card: filters persist to local storage). */
export interface CatalogState {
  filters: CatalogFilters;
}

const initialCatalog: CatalogState = { filters: DEFAULT_FILTERS };

const catalogSlice = createSlice({
  name: 'catalog',
  initialState: initialCatalog,
  reducers: {},
  extraReducers: (builder) => {
    // A language or currency change resets the filters (the page takes them out of the address).
    builder
      .addCase(languageChanged, () => initialCatalog)
      .addCase(currencyChanged, () => initialCatalog)
      .addCase(searchShown, (state, action) => {
        state.filters = action.payload.filters;
      });
  },
  selectors: {
    selectSavedFilters: (state) => state.filters,
  },
});

/** The tab's last search words (the spec's session `searchQuery`): the header's box shows them. */
export interface SearchState {
  text: string;
}

const searchSlice = createSlice({
  name: 'search',
  initialState: { text: '' } as SearchState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(searchSubmitted, (state, action) => {
        state.text = action.payload.trim();
      })
      .addCase(searchShown, (state, action) => {
        state.text = action.payload.text.trim();
      })
      .addCase(languageChanged, (state) => {
        state.text = '';
      })
      .addCase(currencyChanged, (state) => {
        state.text = '';
      });
  },
  selectors: {
    selectSearchText: (state) => state.text,
  },
});

export const { selectSavedFilters } = catalogSlice.selectors;
export const { selectSearchText } = searchSlice.selectors;

/** The search a bare /search restores: the last filters and the tab's words. */
export const selectSavedSearch = createSelector([selectSavedFilters, selectSearchText], (filters, text) => ({
  filters,
  text,
}));

function withPriceCurrency(kept: Partial<CatalogState>): Partial<CatalogState> {
  return kept.filters
    ? { filters: { ...kept.filters, priceCurrency: kept.filters.priceCurrency ?? null } }
    : kept;
}

export const catalogReducer = persistReducer(
  {
    key: 'catalog',
    storage: localPersistStorage,
    whitelist: ['filters'],
    migrate: keepValidFields<CatalogState>(
      {
        filters: shapeOf({
          category: nullable(isString),
          brands: arrayOf(isString),
          collections: arrayOf(isString),
          maxPrice: isFiniteNumber,
          // Filters saved before a price named its currency have none: theirs is the shown one.
          priceCurrency: (value) => value === undefined || nullable(isString)(value),
          minRating: isFiniteNumber,
        }),
      },
      withPriceCurrency,
    ),
  },
  catalogSlice.reducer,
);
export const searchReducer = persistReducer(
  {
    key: 'search',
    storage: sessionPersistStorage,
    migrate: keepValidFields<SearchState>({ text: isString }),
  },
  searchSlice.reducer,
);
