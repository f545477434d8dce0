import { combineSlices, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { setAutoFreeze } from 'immer';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE } from 'redux-persist';

import { authReducer } from '../features/auth/authSlice';
import { cartReducer } from '../features/cart/cartSlice';
import { favoritesReducer } from '../features/favorites/favoritesSlice';
import { catalogReducer, searchReducer } from '../features/catalog/catalogSlice';
import { checkoutReducer } from '../features/checkout/checkoutSlice';
import { couponReducer } from '../features/coupon/couponSlice';
import { settingsReducer } from '../features/settings/settingsSlice';
import { shippingReducer } from '../features/shipping/shippingSlice';
import { api } from './api';
import { registerListeners } from './listeners';
import type { AppStartListening } from './listenerTypes';
import { appServices, type AppServices } from './services';

// Immer deep-freezes every value a reducer adds to the state. The start hands RTK Query the server's answers the page
// was rendered from (every product of home's lists), and freezing them walked each object: ~25 ms of a phone's
// main thread at 4x before the page works. Development and tests keep the freezing, which turns an accidental
// mutation into an error there; a production build, whose code those tests ran, skips the walk.
if (process.env.NODE_ENV === 'production') setAutoFreeze(false);

/**
 * Slices of features that load with their routes inject themselves here (`slice.injectInto(rootReducer)`), so
 * their code stays out of the first JavaScript; each adds itself to this interface.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices({
  [api.reducerPath]: api.reducer,
  settings: settingsReducer,
  auth: authReducer,
  cart: cartReducer,
  shipping: shippingReducer,
  coupon: couponReducer,
  catalog: catalogReducer,
  search: searchReducer,
  favorites: favoritesReducer,
  checkout: checkoutReducer,
}).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

/** State a test or the app start may preload: any part of any slice, the rest comes from the slice's defaults. */
export type PreloadedState = {
  [K in keyof RootState]?: Partial<Omit<RootState[K], '_persist'>>;
};

function withDefaults(preloaded: PreloadedState | undefined): Partial<RootState> | undefined {
  if (!preloaded) return undefined;
  const defaults = rootReducer(undefined, { type: '@@store/defaults' });
  const merged: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(preloaded)) {
    merged[key] = { ...(defaults as Record<string, object>)[key], ...value };
  }
  return merged as Partial<RootState>;
}

/**
 * A fresh, fully wired store: every test gets its own, and the app gets one at start. `services` reach listeners
 * and base queries as their `extra` argument; tests pass fakes (src/testing/fakeServices).
 */
export function makeStore(preloadedState?: PreloadedState, services: AppServices = appServices) {
  const listenerMiddleware = createListenerMiddleware({ extra: services });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: withDefaults(preloadedState),
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        thunk: { extraArgument: services },
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      })
        .prepend(listenerMiddleware.middleware)
        .concat(api.middleware),
    devTools: process.env.NODE_ENV !== 'production' && { name: 'Gulf Store' },
  });
  registerListeners(listenerMiddleware.startListening as AppStartListening);
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
