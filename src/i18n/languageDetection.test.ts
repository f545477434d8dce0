import LanguageDetector, { type DetectorOptions } from 'i18next-browser-languagedetector';

import { freshI18n } from '../testing/freshI18n';

function clearCookie(name: string) {
  document.cookie = `${name}=; path=/; max-age=0`;
}

describe('language detection (i18next-browser-languagedetector)', () => {
  afterEach(() => {
    clearCookie('i18next');
    localStorage.clear();
    sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('the browser start uses the library, in the spec order, caching to localStorage and the cookie', async () => {
    const { initI18n, i18n } = freshI18n();
    document.cookie = 'i18next=ar; path=/';
    await expect(initI18n()).resolves.toBe('ar');
    const detector = i18n.services.languageDetector as unknown as { options: DetectorOptions };
    expect(detector.constructor.name).toBe(LanguageDetector.name);
    expect(detector.options.order).toEqual([
      'querystring',
      'cookie',
      'localStorage',
      'sessionStorage',
      'navigator',
      'htmlTag',
    ]);
    expect(detector.options.lookupQuerystring).toBe('lng');
    expect(detector.options.caches).toEqual(['localStorage', 'cookie']);
    // The detected language is kept where the server (cookie) and the next start (localStorage) read it.
    expect(localStorage.getItem('i18nextLng')).toBe('ar');
    expect(document.cookie).toContain('i18next=ar');
  });

  it('query lng beats the cookie, the cookie beats localStorage, localStorage beats sessionStorage', async () => {
    const detect = async () => {
      const { i18n, LANGUAGE_DETECTION } = freshI18n();
      await i18n.use(LanguageDetector).init({
        detection: LANGUAGE_DETECTION,
        supportedLngs: ['en', 'ar'],
        nonExplicitSupportedLngs: true,
        fallbackLng: 'en',
        resources: {},
      });
      return i18n.language;
    };
    // Each start caches its choice: every case sets all the places anew.
    const where = async (places: { query?: string; cookie?: string; local?: string; session?: string }) => {
      clearCookie('i18next');
      localStorage.clear();
      sessionStorage.clear();
      window.history.replaceState(null, '', places.query ? `/?lng=${places.query}` : '/');
      if (places.cookie) document.cookie = `i18next=${places.cookie}; path=/`;
      if (places.local) localStorage.setItem('i18nextLng', places.local);
      if (places.session) sessionStorage.setItem('i18nextLng', places.session);
      return detect();
    };
    expect(await where({ session: 'ar' })).toBe('ar');
    expect(await where({ local: 'en', session: 'ar' })).toBe('en');
    expect(await where({ cookie: 'ar', local: 'en', session: 'en' })).toBe('ar');
    expect(await where({ query: 'en', cookie: 'ar', local: 'ar' })).toBe('en');
    expect(await where({ query: 'ar' })).toBe('ar');
  });

  it('the cookie the server reads lasts a year and is sent on every path', async () => {
    const { LANGUAGE_DETECTION } = freshI18n();
    expect(LANGUAGE_DETECTION.lookupCookie).toBe('i18next');
    expect(LANGUAGE_DETECTION.cookieMinutes).toBe(60 * 24 * 365);
    expect(LANGUAGE_DETECTION.cookieOptions).toMatchObject({ path: '/', sameSite: 'lax' });
  });
});
