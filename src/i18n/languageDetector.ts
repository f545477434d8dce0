import type { LanguageDetectorModule } from 'i18next';

import { readCookie, readItem, writeCookie, writeItem } from '../lib/storage';

/** The query parameter, cookie and storage key that carry the shopper's language. */
export const LANGUAGE_QUERY = 'lng';
export const LANGUAGE_COOKIE = 'i18next';
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

function fromQuery(): string | null {
  try {
    return new URLSearchParams(window.location.search).get(LANGUAGE_QUERY);
  } catch {
    return null;
  }
}

/**
 * Detection in a fixed order: query `lng`, cookie, localStorage, sessionStorage, the browser's languages, then
 * `<html lang>`; i18next takes the first supported one. The choice is kept in localStorage and in a cookie, so
 * the server can send the next page's HTML already in that language and direction.
 */
export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: () =>
    [
      fromQuery(),
      readCookie(LANGUAGE_COOKIE),
      readItem('local', LANGUAGE_STORAGE_KEY),
      readItem('session', LANGUAGE_STORAGE_KEY),
      ...(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language])),
      document.documentElement.getAttribute('lang'),
    ].filter((language): language is string => Boolean(language)),
  cacheUserLanguage: (language: string) => {
    writeItem('local', LANGUAGE_STORAGE_KEY, language);
    writeCookie(LANGUAGE_COOKIE, language);
  },
};
