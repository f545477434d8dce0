// The only module that touches Web Storage. Storage can throw (Safari private mode, quota, disabled cookies),
// and a shop must keep working then, so every access is guarded.
import type { Storage as PersistStorage } from 'redux-persist';

import { deepFreeze } from './deepFreeze';
import { nextTask } from './nextTask';

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

/**
 * Opens both storage areas. A page's first read of each is a synchronous call to the browser process (the area is
 * loaded whole); done in a task of its own, it is not added to the task of whatever reads first.
 */
export function openStorage(): void {
  readItem('local', '');
  readItem('session', '');
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

/** The value this page last wrote or read back under a key, with the text storage held for it. */
const keptCopies = new Map<string, { stored: string; value: unknown }>();

/**
 * Kept copies written to storage a task later (see `writeKeptJson`), with the text storage held when each was
 * handed over: another hand that writes the key in between wins, as it would have after the write. (Removing a key
 * that held nothing is not seen: nothing in the shop removes these keys.)
 */
const pendingCopies = new Map<string, { which: Area; key: string; before: string | null; value: unknown }>();
let flushOnLeave = false;

function flushKeptCopy(which: Area, key: string): void {
  const id = `${which}:${key}`;
  const pending = pendingCopies.get(id);
  if (!pending) return;
  pendingCopies.delete(id);
  if (readItem(which, key) !== pending.before) return;
  const stored = JSON.stringify(pending.value);
  writeItem(which, key, stored);
  keptCopies.set(id, { stored, value: pending.value });
}

/** Every kept copy not yet in storage goes there now (the page is being left). */
export function flushKeptCopies(): void {
  for (const { which, key } of [...pendingCopies.values()]) flushKeptCopy(which, key);
}

/**
 * Like `readJson`, for values read again and again while storage holds the same text (the API's stored copies,
 * re-read on every page that shows them): while the text is the one this page last wrote or read, the same value
 * comes back, deep-frozen and shared, instead of a new parse. A 150 KB catalogue then costs a string comparison, and
 * RTK Query, finding the very objects it holds, has nothing to compare property by property or render again.
 */
export function readKeptJson<T>(which: Area, key: string): T | null {
  const id = `${which}:${key}`;
  const stored = readItem(which, key);
  const pending = pendingCopies.get(id);
  if (pending) {
    if (stored === pending.before) return pending.value as T;
    pendingCopies.delete(id);
  }
  if (stored === null) return null;
  const kept = keptCopies.get(id);
  if (kept?.stored === stored) return kept.value as T;
  const value = parseOrNull(stored);
  if (value === null) return null;
  keptCopies.set(id, { stored, value: deepFreeze(value) });
  return value as T;
}

/**
 * Like `writeJson`; what `readKeptJson` then reads back is this value itself (deep-frozen from now on). Storage gets
 * its text a task later: writing a 150 KB catalogue is ~10 ms of a phone-speed main thread, which was added to the
 * task that hands the answer to the page. A copy is a cache, and one still pending is written when the page is left.
 */
export function writeKeptJson(which: Area, key: string, value: unknown): void {
  const id = `${which}:${key}`;
  const before = readItem(which, key);
  pendingCopies.set(id, { which, key, before, value: deepFreeze(value) });
  if (!flushOnLeave && typeof window !== 'undefined') {
    flushOnLeave = true;
    window.addEventListener('pagehide', flushKeptCopies);
  }
  void nextTask().then(() => flushKeptCopy(which, key));
}

function persistEngine(which: Area): PersistStorage {
  return {
    // Each stored slice is read back (and merged into the store) in a task of its own: all eight in one task held a
    // phone's main thread for 50-75 ms right after a server-rendered page's paint.
    getItem: (key: string) => nextTask().then(() => readItem(which, key)),
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
