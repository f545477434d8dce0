// Both languages at once: only for tests and tools. The app loads one language per chunk (see i18n.ts).
import arAccount from './locales/ar/account.json';
import arAuth from './locales/ar/auth.json';
import ar from './locales/ar/index';
import enAccount from './locales/en/account.json';
import enAuth from './locales/en/auth.json';
import en from './locales/en/index';

export const allResources = {
  en: { translation: en, auth: { auth: enAuth }, account: enAccount },
  ar: { translation: ar, auth: { auth: arAuth }, account: arAccount },
};
