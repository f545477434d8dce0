// The only module that touches Web Storage. Storage can throw (Safari private mode, quota, disabled cookies),
// and a shop must keep working then, so every access is guarded.
import type { Storage as PersistStorage } from 'redux-persist';

type Area = 'local' | 'session';

function area(which: Area): globalThis.Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readItem(which: Area, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(which: Area, key: string, value: string): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // Quota exceeded or storage disabled: the value simply is not cached.
  }
}

export function removeItem(which: Area, key: string): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}

export function readJson<T>(which: Area, key: string): T | null {
  const raw = readItem(which, key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(which: Area, key: string, value: unknown): void {
  writeItem(which, key, JSON.stringify(value));
}

function persistEngine(which: Area): PersistStorage {
  return {
    getItem: (key: string) => Promise.resolve(readItem(which, key)),
    setItem: (key: string, value: string) => Promise.resolve(writeItem(which, key, value)),
    removeItem: (key: string) => Promise.resolve(removeItem(which, key)),
  };
}

/** redux-persist engines: localStorage survives the browser, sessionStorage only the tab. */
export const localPersistStorage = persistEngine('local');
export const sessionPersistStorage = persistEngine('session');

/**
 * Calls back when another tab of this browser changes a redux-persist key in localStorage (the storage event
 * never fires in the tab that wrote). The value arrives as redux-persist stores it: each field JSON-encoded.
 */
export function onPersistedChange(
  key: string,
  callback: (fields: Record<string, unknown> | null) => void,
): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const storageKey = `persist:${key}`;
  const listener = (event: StorageEvent) => {
    if (event.key !== storageKey || event.storageArea !== area('local')) return;
    if (event.newValue === null) return callback(null);
    try {
      const outer = JSON.parse(event.newValue) as Record<string, string>;
      const fields: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(outer)) {
        if (field !== '_persist') fields[field] = JSON.parse(value) as unknown;
      }
      callback(fields);
    } catch {
      // Not written by redux-persist: nothing to follow.
    }
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
