// What must survive a reload of RTK Query's cache (the cart's lines, the favorites' hearts) so a returning shopper
// sees them at once: a snapshot of the entry on screen, kept in localStorage, read back through its guard and put in
// the cache at the start (`upsertQueryEntries`, as a server-rendered page's answers are); the server is asked at once
// and its answer replaces it. Slices never hold these answers; each feature says what its snapshot is.
import type { Guard } from '../lib/persistGuard';
import { readJson, removeItem, writeJson } from '../lib/storage';
import type { AppStore, RootState } from './store';

export interface CacheSnapshot<T> {
  /** Its localStorage key (beside redux-persist's `persist:` keys). */
  key: string;
  /** A stored value this build can use (another build, a hand, a full disk cut short: not used). */
  isValid: Guard;
  /**
   * What to keep for this state: a snapshot, null to keep none (no session, another shopper's), undefined to leave
   * the stored one as it is (this shopper's entry is on its way). Memoised: the same state gives the same object.
   */
  take(state: RootState, stored: T | null): T | null | undefined;
  /** Seeds RTK Query's cache with the snapshot, when it is this state's, and asks the server for the real answer. */
  restore(snapshot: T, store: AppStore): void;
}

export const SNAPSHOT_PREFIX = 'snapshot:';

/**
 * What earlier builds stored and no build reads any more: the favorites' copy of the server's list (now the
 * `snapshot:favorites` of the cache entry) and the checkout draft's own key (now redux-persist's `persist:checkout`).
 * Left alone they would sit in the shopper's browser for good.
 */
export const FORMER_KEYS = [
  { area: 'local', key: 'persist:favorites' },
  { area: 'session', key: 'checkout' },
] as const;

export function forgetFormerKeys(): void {
  for (const { area, key } of FORMER_KEYS) removeItem(area, key);
}

/**
 * Seeds the cache from the snapshots read back (once, after redux-persist restored the ids they belong to), then
 * keeps each snapshot in step with its entry: written when the entry changes, removed when it is no longer the
 * shopper's. Returns the stop.
 */
export function snapshotCache(store: AppStore, snapshots: readonly CacheSnapshot<unknown>[]): () => void {
  const stored = new Map<string, unknown>();
  for (const snapshot of snapshots) {
    const read = readJson<unknown>('local', SNAPSHOT_PREFIX + snapshot.key);
    const valid = read !== null && snapshot.isValid(read) ? read : null;
    stored.set(snapshot.key, valid);
    if (valid !== null) snapshot.restore(valid, store);
  }
  const keep = () => {
    const state = store.getState();
    for (const snapshot of snapshots) {
      const current = stored.get(snapshot.key) ?? null;
      const next = snapshot.take(state, current);
      if (next === undefined || next === current) continue;
      stored.set(snapshot.key, next);
      if (next === null) removeItem('local', SNAPSHOT_PREFIX + snapshot.key);
      else writeJson('local', SNAPSHOT_PREFIX + snapshot.key, next);
    }
  };
  keep();
  return store.subscribe(keep);
}
