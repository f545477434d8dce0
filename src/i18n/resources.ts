// Both languages at once: only for tests and tools. The app loads one language per chunk (see i18n.ts).
import type { Language } from '../app/events';
import arAccount from './locales/ar/account.json';
import arAdmin from './locales/ar/admin.json';
import arAuth from './locales/ar/auth.json';
import arCheckout from './locales/ar/checkout.json';
import arFooter from './locales/ar/footer.json';
import ar from './locales/ar/index';
import arOrders from './locales/ar/orders.json';
import arProduct from './locales/ar/product.json';
import arSearch from './locales/ar/search.json';
import arShop from './locales/ar/shop.json';
import enAccount from './locales/en/account.json';
import enAdmin from './locales/en/admin.json';
import enAuth from './locales/en/auth.json';
import enCheckout from './locales/en/checkout.json';
import enFooter from './locales/en/footer.json';
import en from './locales/en/index';
import enOrders from './locales/en/orders.json';
import enProduct from './locales/en/product.json';
import enSearch from './locales/en/search.json';
import enShop from './locales/en/shop.json';

/**
 * A namespace's file in each language, and the key its texts nest under as i18next holds them (i18n.ts's key
 * roots; none for the files that hold their keys from the top). Typed by the English file: the Arabic one has the
 * same keys (the parity test).
 */
const namespace = <T, Root extends string | undefined = undefined>(
  files: Record<Language, T>,
  root?: Root,
) => ({
  files,
  root: root as Root,
});

const NAMESPACES = {
  translation: namespace({ en, ar }),
  auth: namespace({ en: enAuth, ar: arAuth }, 'auth'),
  checkout: namespace({ en: enCheckout, ar: arCheckout }, 'checkout'),
  orders: namespace({ en: enOrders, ar: arOrders }, 'orders'),
  product: namespace({ en: enProduct, ar: arProduct }, 'catalog'),
  search: namespace({ en: enSearch, ar: arSearch }, 'catalog'),
  account: namespace({ en: enAccount, ar: arAccount }),
  shop: namespace({ en: enShop, ar: arShop }),
  footer: namespace({ en: enFooter, ar: arFooter }),
  admin: namespace({ en: enAdmin, ar: arAdmin }, 'admin'),
};

type Namespaces = typeof NAMESPACES;
type Resources = {
  [N in keyof Namespaces]: Namespaces[N]['root'] extends string
    ? Record<Namespaces[N]['root'], Namespaces[N]['files']['en']>
    : Namespaces[N]['files']['en'];
};

/** One language's namespaces, built from the one list above. */
const resourcesIn = (language: Language) =>
  Object.fromEntries(
    Object.entries(NAMESPACES).map(([name, { files, root }]) => [
      name,
      root ? { [root]: files[language] } : files[language],
    ]),
  ) as Resources;

export const allResources = { en: resourcesIn('en'), ar: resourcesIn('ar') };
