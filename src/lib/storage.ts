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

/** The value a stored text holds, or null when it is no JSON (a hand, another build). */
function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function readJson<T>(which: Area, key: string): T | null {
  const raw = readItem(which, key);
  return raw === null ? null : (parseOrNull(raw) as T | null);
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

/** A cookie's value, or null (cookies disabled or absent). */
export function readCookie(name: string): string | null {
  try {
    const pair = document.cookie
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${name}=`));
    return pair ? decodeURIComponent(pair.slice(name.length + 1)) : null;
  } catch {
    return null;
  }
}

/** A site-wide cookie kept for a year (readable by the server that serves the first HTML). */
export function writeCookie(name: string, value: string): void {
  try {
    document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=31536000; SameSite=Lax`;
  } catch {
    // Cookies disabled: the value lives in localStorage only.
  }
}
