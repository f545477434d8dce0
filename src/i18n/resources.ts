// Both languages at once: only for tests and tools. The app loads one language per chunk (see i18n.ts).
import arAccount from './locales/ar/account.json';
import arAuth from './locales/ar/auth.json';
import ar from './locales/ar/index';
import arShop from './locales/ar/shop.json';
import enAccount from './locales/en/account.json';
import enAuth from './locales/en/auth.json';
import en from './locales/en/index';
import enShop from './locales/en/shop.json';

export const allResources = {
  en: { translation: en, auth: { auth: enAuth }, account: enAccount, shop: enShop },
  ar: { translation: ar, auth: { auth: arAuth }, account: arAccount, shop: arShop },
};
