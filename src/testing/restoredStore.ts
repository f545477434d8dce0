// A store as the app's start leaves it (app/boot.tsx): made, what redux-persist stored read back, then the cache
// snapshots seeding RTK Query's cache. A reload is a second call: a fresh store reading what the first persisted.
import { persistStore, type Persistor } from 'redux-persist';

import { snapshotCache, type CacheSnapshot } from '../app/cacheSnapshot';
import { makeStore, type AppStore, type PreloadedState } from '../app/store';

export interface RestoredStore {
  store: AppStore;
  persistor: Persistor;
}

/**
 * Registers, in the calling test file, that each test's stores stop and write what they hold and that storage is
 * cleared after it; returns the way to start one.
 */
export function restoredStores(): (options?: {
  preloaded?: PreloadedState;
  snapshots?: readonly CacheSnapshot<unknown>[];
}) => Promise<RestoredStore> {
  let stops: (() => void)[] = [];
  let persistors: Persistor[] = [];
  afterEach(async () => {
    stops.forEach((stop) => stop());
    stops = [];
    for (const persistor of persistors) {
      await persistor.flush();
      persistor.pause();
    }
    persistors = [];
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  return async ({ preloaded, snapshots = [] } = {}) => {
    const store = makeStore(preloaded);
    const persistor = persistStore(store);
    persistors.push(persistor);
    await new Promise<void>((resolve) => {
      const done = () => persistor.getState().bootstrapped && resolve();
      persistor.subscribe(done);
      done();
    });
    if (snapshots.length > 0) stops.push(snapshotCache(store, snapshots));
    return { store, persistor };
  };
}
