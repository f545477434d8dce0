import i18next, { type Resource } from 'i18next';
import LanguageDetector, { type DetectorOptions } from 'i18next-browser-languagedetector';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';

import type { Language } from '../app/events';

export const SUPPORTED_LANGUAGES: readonly Language[] = ['en', 'ar'];
export const NAMESPACE = 'translation';
/**
 * The account's texts are their own namespace, loaded with the auth modal, so the first JavaScript of every
 * page stays small. Keys keep their `auth.` prefix: a key not found in `translation` is looked up here.
 */
export const AUTH_NAMESPACE = 'auth';
/**
 * Namespaces that load with their own routes, as `auth` does with the auth modal: a key not found in
 * `translation` is looked up in them, in this order.
 */
export const LAZY_NAMESPACES = [AUTH_NAMESPACE, 'checkout', 'orders', 'product', 'search'] as const;
export type LazyNamespace = (typeof LAZY_NAMESPACES)[number];
/**
 * The top-level key a lazy namespace's file nests under: its keys keep their full path. The product page's
 * texts (`catalog.product.…` but the few the cards and the cart use, `catalog.reviews.…`) are the `product`
 * namespace; the search page's (`catalog.search.…` but the one home shows too, `catalog.filters.…`) the
 * `search` namespace. The shop, account and footer files hold their keys from the top (`cart.…`,
 * `shell.footer.…`): no such key.
 */
const KEY_ROOT: Partial<Record<ChunkedNamespace, string>> = {
  auth: 'auth',
  checkout: 'checkout',
  orders: 'orders',
  product: 'catalog',
  search: 'catalog',
};

type NamespaceFile = Promise<{ default: object }>;
// Literal import() calls, one per language, so webpack makes each its own small chunk.
const NAMESPACE_FILES: Record<ChunkedNamespace, (ar: boolean) => NamespaceFile> = {
  auth: (ar) =>
    ar
      ? import(/* webpackChunkName: "locale-ar-auth" */ './locales/ar/auth.json')
      : import(/* webpackChunkName: "locale-en-auth" */ './locales/en/auth.json'),
  checkout: (ar) =>
    ar
      ? import(/* webpackChunkName: "locale-ar-checkout" */ './locales/ar/checkout.json')
      : import(/* webpackChunkName: "locale-en-checkout" */ './locales/en/checkout.json'),
  orders: (ar) =>
    ar
      ? import(/* webpackChunkName: "locale-ar-orders" */ './locales/ar/orders.json')
      : import(/* webpackChunkName: "locale-en-orders" */ './locales/en/orders.json'),
  product: (ar) =>
    ar
      ? import(/* webpackChunkName: "locale-ar-product" */ './locales/ar/product.json')
      : import(/* webpackChunkName: "locale-en-product" */ './locales/en/product.json'),
  search: (ar) =>
    ar
      ? import(/* webpackChunkName: "locale-ar-search" */ './locales/ar/search.json')
      : import(/* webpackChunkName: "locale-en-search" */ './locales/en/search.json'),
  shop: (ar) =>
    ar
      ? import(/* webpackChunkName: "locale-ar-shop" */ './locales/ar/shop.json')
      : import(/* webpackChunkName: "locale-en-shop" */ './locales/en/shop.json'),
  account: (ar) =>
    ar
      ? import(/* webpackChunkName: "locale-ar-account" */ './locales/ar/account.json')
      : import(/* webpackChunkName: "locale-en-account" */ './locales/en/account.json'),
  footer: (ar) =>
    ar
      ? import(/* webpackChunkName: "locale-ar-footer" */ './locales/ar/footer.json')
      : import(/* webpackChunkName: "locale-en-footer" */ './locales/en/footer.json'),
};

/**
 * Namespaces of a part whose code is itself lazily loaded (the back office): its chunk registers where its
 * texts are, so neither the texts nor the way to them are in the shop's first JavaScript.
 */
const registeredNamespaces = new Map<string, (ar: boolean) => Promise<object>>();

/**
 * Registers a namespace (a loader per language) and loads the current language's; a switch loads the other.
 */
export function registerNamespace(namespace: string, load: (ar: boolean) => Promise<object>): Promise<void> {
  registeredNamespaces.set(namespace, load);
  return loadNamespaces(namespace);
}

function isChunkedNamespace(namespace: string): namespace is ChunkedNamespace {
  return Object.hasOwn(NAMESPACE_FILES, namespace);
}

/** The cart, shipping and coupon texts, loaded with the pages that show them (cart, checkout). */
export const SHOP_NAMESPACE = 'shop';
/** Favorites, profile and content pages: their own namespace, loaded with their routes (keys `profile.…`). */
export const ACCOUNT_NAMESPACE = 'account';
/** The footer's and its contact form's texts (keys `shell.footer.…`, `common.validation.…`), loaded with the footer. */
export const FOOTER_NAMESPACE = 'footer';

/** Every namespace whose texts are a chunk of their own. */
type ChunkedNamespace =
  LazyNamespace | typeof SHOP_NAMESPACE | typeof ACCOUNT_NAMESPACE | typeof FOOTER_NAMESPACE;

/** One instance for the app; the store decides its language (see app/languageSync). */
export const i18n = i18next.createInstance();

export function toLanguage(value: string | undefined | null): Language {
  return value?.toLowerCase().startsWith('ar') ? 'ar' : 'en';
}

/**
 * Where the shopper's language is found, first match wins: query `lng`, cookie, localStorage, sessionStorage, the
 * browser's languages, then `<html lang>`. The choice is kept in localStorage and in the `i18next` cookie, which the
 * server reads (server/plugins/spa.ts) to send the next page's HTML already in that language and direction.
 */
export const LANGUAGE_DETECTION: DetectorOptions = {
  order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
  lookupQuerystring: 'lng',
  lookupCookie: 'i18next',
  lookupLocalStorage: 'i18nextLng',
  lookupSessionStorage: 'i18nextLng',
  caches: ['localStorage', 'cookie'],
  // A year, on every path, sent on top-level navigations (the library's default is 10 minutes and SameSite=Strict,
  // which a link from another site would arrive without).
  cookieMinutes: 60 * 24 * 365,
  cookieOptions: { path: '/', sameSite: 'lax' },
};

/**
 * Browser start: detection by i18next-browser-languagedetector (see LANGUAGE_DETECTION), resources of one language
 * loaded as their own chunk (never both in the first bundle).
 */
export async function initI18n(): Promise<Language> {
  await i18n
    .use(LanguageDetector)
    .use(
      resourcesToBackend((language: string, namespace: string) => {
        const ar = toLanguage(language) === 'ar';
        const registered = registeredNamespaces.get(namespace);
        if (registered) return registered(ar);
        if (isChunkedNamespace(namespace)) {
          const root = KEY_ROOT[namespace];
          return NAMESPACE_FILES[namespace](ar).then((module) =>
            root ? { [root]: module.default } : module.default,
          );
        }
        return ar
          ? import(/* webpackChunkName: "locale-ar" */ './locales/ar/index')
          : import(/* webpackChunkName: "locale-en" */ './locales/en/index');
      }),
    )
    .use(initReactI18next)
    .init({
      // Arabic has every key (a test holds both languages to the same keys): no English texts on its first load.
      fallbackLng: { ar: [], default: ['en'] },
      supportedLngs: SUPPORTED_LANGUAGES as Language[],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      detection: LANGUAGE_DETECTION,
      ns: [NAMESPACE],
      defaultNS: NAMESPACE,
      fallbackNS: [...LAZY_NAMESPACES, ACCOUNT_NAMESPACE, SHOP_NAMESPACE, FOOTER_NAMESPACE],
      interpolation: { escapeValue: false },
      // 10 parallel reads, 5 retries, 350 ms base wait doubling each time.
      maxParallelReads: 10,
      maxRetries: 5,
      retryTimeout: 350,
      react: { useSuspense: false },
    });
  return toLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/**
 * i18next answers a namespace asked for before its `init` at once, loading nothing; the browser's boot asks for the
 * page's code and texts before the texts start (to fetch them beside the language's), so such a request waits for
 * the start and then loads: a page is never shown as loaded without its texts.
 */
function loadNamespaces(namespaces: string | string[]): Promise<void> {
  if (i18n.isInitialized || i18n.isInitializing) return i18n.loadNamespaces(namespaces);
  return new Promise<void>((resolve) => {
    const started = () => {
      i18n.off('initialized', started);
      resolve();
    };
    i18n.on('initialized', started);
  }).then(() => i18n.loadNamespaces(namespaces));
}

/** Loads the `auth` namespace (both the current language's and, on a later switch, the new one's). */
export function loadAuthTexts(): Promise<void> {
  return loadNamespace(AUTH_NAMESPACE);
}

/** Loads a lazy namespace; routes load it beside their page's code. */
export function loadNamespace(namespace: LazyNamespace): Promise<void> {
  return loadNamespaces(namespace);
}

/**
 * Loads the `shop` namespace: the cart, shipping and coupon texts (keys `cart.…`, `shipping.…`, `coupon.…`).
 */
export function loadShopTexts(): Promise<void> {
  return loadNamespaces(SHOP_NAMESPACE);
}

/** The `footer` namespace: the footer loads it beside its code, when the shopper nears it. */
export function loadFooterTexts(): Promise<void> {
  return loadNamespaces(FOOTER_NAMESPACE);
}

/** The `account` namespace (the account pages' texts), with `auth`, whose form rules they share. */
export function loadAccountTexts(): Promise<void> {
  return loadNamespaces([AUTH_NAMESPACE, ACCOUNT_NAMESPACE]);
}

/** Tests: both languages bundled, synchronous start. */
export function initI18nWithResources(resources: Resource, language: Language = 'en'): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources,
      lng: language,
      ns: [NAMESPACE, ...LAZY_NAMESPACES, ACCOUNT_NAMESPACE, SHOP_NAMESPACE, FOOTER_NAMESPACE],
      defaultNS: NAMESPACE,
      fallbackNS: [...LAZY_NAMESPACES, ACCOUNT_NAMESPACE, SHOP_NAMESPACE, FOOTER_NAMESPACE],
      fallbackLng: 'en',
      supportedLngs: SUPPORTED_LANGUAGES as Language[],
      interpolation: { escapeValue: false },
      initAsync: false,
      react: { useSuspense: false },
    });
  } else if (i18n.language !== language) {
    void i18n.changeLanguage(language);
  }
  return i18n;
}
