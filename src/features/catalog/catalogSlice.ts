import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { persistReducer } from 'redux-persist';

import { currencyChanged, languageChanged, locationChanged, searchSubmitted } from '../../app/events';
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
  minRating: number;
}

export const DEFAULT_FILTERS: CatalogFilters = {
  category: null,
  brands: [],
  collections: [],
  maxPrice: MAX_PRICE,
  minRating: 0,
};

/**
 * The /search address changed (opened cold, a category tile, back/forward): the search it shows replaces the stored
 * filters and search words (null: the same as stored). The page is the address's (1 when it names none; 0 for one
 * no results can have); left out here, a change of search returns to page 1.
 */
export const searchUrlChanged = createAction<{
  filters: CatalogFilters | null;
  text: string | null;
  page?: number;
}>('catalog/searchUrlChanged');

export interface CatalogState {
  filters: CatalogFilters;
  /** the results' page: 1-based, 0 when the address names a page no results can have */
  page: number;
  /**
   * The address (path and query) the store last took in. A page whose address differs was just reached (a link,
   * back/forward) and the store is about to follow it; not kept across visits.
   */
  address?: string;
}

const initialCatalog: CatalogState = {
  filters: DEFAULT_FILTERS,
  page: 1,
};

function toggle(list: string[], value: string): string[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}

/** Any filter change returns to page 1. */
function changeFilters(state: CatalogState, change: (filters: CatalogFilters) => void) {
  change(state.filters);
  state.page = 1;
}

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
    /** Category is a single choice that toggles off when picked again. */
    categoryToggled(state, action: PayloadAction<string>) {
      changeFilters(state, (filters) => {
        filters.category = filters.category === action.payload ? null : action.payload;
      });
    },
    brandToggled(state, action: PayloadAction<string>) {
      changeFilters(state, (filters) => {
        filters.brands = toggle(filters.brands, action.payload);
      });
    },
    collectionToggled(state, action: PayloadAction<string>) {
      changeFilters(state, (filters) => {
        filters.collections = toggle(filters.collections, action.payload);
      });
    },
    maxPriceChanged(state, action: PayloadAction<number>) {
      changeFilters(state, (filters) => {
        filters.maxPrice = clampPrice(action.payload);
      });
    },
    /** The same star again clears the minimum rating. */
    minRatingToggled(state, action: PayloadAction<number>) {
      const rating = clampRating(action.payload);
      changeFilters(state, (filters) => {
        filters.minRating = filters.minRating === rating ? 0 : rating;
      });
    },
  },
  extraReducers: (builder) => {
    // A language or currency change resets filters and page.
    builder
      .addCase(languageChanged, (state) => ({ ...initialCatalog, address: state.address }))
      .addCase(currencyChanged, (state) => ({ ...initialCatalog, address: state.address }))
      .addCase(searchSubmitted, (state) => {
        state.page = 1;
      })
      .addCase(searchUrlChanged, (state, action) => {
        const { filters, page } = action.payload;
        if (filters) changeFilters(state, (current) => Object.assign(current, filters));
        else if (action.payload.text !== null) state.page = 1;
        if (page !== undefined) state.page = page;
      })
      .addCase(locationChanged, (state, action) => {
        state.address = `${action.payload.pathname}${action.payload.search}`;
      });
  },
  selectors: {
    selectFilters: (state) => state.filters,
    selectPage: (state) => state.page,
    selectTakenAddress: (state) => state.address,
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
      .addCase(searchUrlChanged, (state, action) => {
        if (action.payload.text !== null) state.text = action.payload.text.trim();
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

export const {
  pageChanged,
  filtersReset,
  categoryToggled,
  brandToggled,
  collectionToggled,
  maxPriceChanged,
  minRatingToggled,
} = catalogSlice.actions;
export const { selectFilters, selectPage, selectTakenAddress } = catalogSlice.selectors;
export const { selectSearchText } = searchSlice.selectors;
export const catalogSliceReducer = catalogSlice.reducer;

export const catalogReducer = persistReducer(
  {
    key: 'catalog',
    storage: localPersistStorage,
    whitelist: ['filters'],
    migrate: keepValidFields<CatalogState>({
      filters: shapeOf({
        category: nullable(isString),
        brands: arrayOf(isString),
        collections: arrayOf(isString),
        maxPrice: isFiniteNumber,
        minRating: isFiniteNumber,
      }),
    }),
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
