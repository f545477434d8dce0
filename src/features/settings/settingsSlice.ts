import { createSlice } from '@reduxjs/toolkit';
import { persistReducer } from 'redux-persist';

import { currencyChanged, languageChanged, type Language } from '../../app/events';
import { keepValidFields } from '../../lib/persistGuard';
import { localPersistStorage } from '../../lib/storage';

export const DEFAULT_CURRENCY = 'KWD';
export const DEFAULT_LANGUAGE: Language = 'en';

export interface SettingsState {
  language: Language;
  currency: string;
}

const initialState: SettingsState = { language: DEFAULT_LANGUAGE, currency: DEFAULT_CURRENCY };

const settingsSlice = createSlice({
  name: 'settings',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(languageChanged, (state, action) => {
        state.language = action.payload;
      })
      .addCase(currencyChanged, (state, action) => {
        state.currency = action.payload.trim().toUpperCase() || DEFAULT_CURRENCY;
      });
  },
  selectors: {
    selectLanguage: (state) => state.language,
    selectCurrency: (state) => state.currency,
    selectDirection: (state): 'rtl' | 'ltr' => (state.language === 'ar' ? 'rtl' : 'ltr'),
  },
});

export const { selectLanguage, selectCurrency, selectDirection } = settingsSlice.selectors;

// The language is not persisted here: i18next's detector (query lng, cookie, localStorage …) decides it at start.
export const settingsReducer = persistReducer(
  {
    key: 'settings',
    storage: localPersistStorage,
    whitelist: ['currency'],
    migrate: keepValidFields<SettingsState>({
      currency: (value) => typeof value === 'string' && /^[A-Z]{3}$/.test(value),
    }),
  },
  settingsSlice.reducer,
);
export const settingsSliceReducer = settingsSlice.reducer;
