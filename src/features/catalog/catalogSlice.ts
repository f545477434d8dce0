import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { persistReducer } from 'redux-persist';

import { currencyChanged, languageChanged, searchSubmitted } from '../../app/events';
import { localPersistStorage, sessionPersistStorage } from '../../lib/storage';

export const MAX_PRICE = 100_000;

export interface CatalogFilters {
  category: string | null;
  brands: string[];
  collections: string[];
  maxPrice: number;
  minRating: number;
}

export const DEFAULT_FILTERS: CatalogFilters = {
  category: null,
  brands: [],
  collections: [],
  maxPrice: MAX_PRICE,
  minRating: 0,
};

export interface CatalogState {
  filters: CatalogFilters;
  page: number;
}

const initialCatalog: CatalogState = { filters: DEFAULT_FILTERS, page: 1 };

const catalogSlice = createSlice({
  name: 'catalog',
  initialState: initialCatalog,
  reducers: {
    pageChanged(state, action: PayloadAction<number>) {
      state.page = Math.max(1, Math.floor(action.payload));
    },
    filtersReset(state) {
      state.filters = DEFAULT_FILTERS;
      state.page = 1;
    },
  },
  extraReducers: (builder) => {
    // Spec 02 §4: a language or currency change resets filters and page.
    builder
      .addCase(languageChanged, () => initialCatalog)
      .addCase(currencyChanged, () => initialCatalog)
      .addCase(searchSubmitted, (state) => {
        state.page = 1;
      });
  },
  selectors: {
    selectFilters: (state) => state.filters,
    selectPage: (state) => state.page,
  },
});

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

export const { pageChanged, filtersReset } = catalogSlice.actions;
export const { selectFilters, selectPage } = catalogSlice.selectors;
export const { selectSearchText } = searchSlice.selectors;

export const catalogReducer = persistReducer(
  { key: 'catalog', storage: localPersistStorage, whitelist: ['filters'] },
  catalogSlice.reducer,
);
export const searchReducer = persistReducer(
  { key: 'search', storage: sessionPersistStorage },
  searchSlice.reducer,
);
