// Both languages at once: only for tests and tools. The app loads one language per chunk (see i18n.ts).
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

export const allResources = {
  en: {
    translation: en,
    auth: { auth: enAuth },
    checkout: { checkout: enCheckout },
    orders: { orders: enOrders },
    product: { catalog: enProduct },
    search: { catalog: enSearch },
    account: enAccount,
    shop: enShop,
    footer: enFooter,
    admin: { admin: enAdmin },
  },
  ar: {
    translation: ar,
    auth: { auth: arAuth },
    checkout: { checkout: arCheckout },
    orders: { orders: arOrders },
    product: { catalog: arProduct },
    search: { catalog: arSearch },
    account: arAccount,
    shop: arShop,
    footer: arFooter,
    admin: { admin: arAdmin },
  },
};
