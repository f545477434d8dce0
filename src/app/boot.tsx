// The shop's start in the browser, top to bottom: texts, store, persisted state, then hydrate the server's page or
// render one. src/main.tsx calls `boot()`; nothing else starts the shop.
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { persistStore } from 'redux-persist';

import { PAGE_CHUNK_ATTRIBUTE } from '../../shared/pageChunks';
import { App } from '../App';
import { cartSnapshot, loadCartCodeOnFirstInteraction } from '../features/cart/public';
import { couponSnapshot } from '../features/coupon/public';
import { favoritesSnapshot } from '../features/favorites/public';
import { DEFAULT_CURRENCY } from '../features/settings/settingsSlice';
import { shippingSnapshot } from '../features/shipping/public';
import { i18n, initI18n } from '../i18n/i18n';
import { applyDocumentLanguage } from '../lib/direction';
import { serverPageLoaded } from './api';
import { forgetFormerKeys, snapshotCache, type CacheSnapshot } from './cacheSnapshot';
import { syncAcrossTabs } from './crossTabSync';
import { selectFirstRenderInputs, readServerPage, watchPersonalState } from './firstRender';
import { syncLanguageWithStore } from './languageSync';
import { watchRecovery } from './recovery';
import { loadRoute } from './routes';
import { makeStore, type AppStore } from './store';

/** Reads back what redux-persist stored (cart, session, settings …): resolves once the store holds it. */
function restorePersistedState(store: AppStore): Promise<void> {
  return new Promise((resolve) => {
    const persistor = persistStore(store, null, resolve);
    // redux-persist writes a change a moment later; a page left right after one (a sign-in, an add to cart)
    // writes it now instead of losing it.
    window.addEventListener('pagehide', () => void persistor.flush());
  });
}

export async function boot(): Promise<void> {
  // The HTML's deferred scripts of this page's chunks have run, or failed, before this one: without their elements,
  // webpack fetches a failed chunk anew instead of waiting on its dead element (it reuses one of the same address).
  document.querySelectorAll(`script[${PAGE_CHUNK_ATTRIBUTE}]`).forEach((script) => script.remove());
  const { pathname } = window.location;
  // The page's code and texts: the server's HTML has run both already; served otherwise, they download meanwhile.
  const routeLoaded = loadRoute(pathname).catch(() => undefined);

  // 1. Texts: the language comes from i18next's detector (?lng, cookie, storage, the browser). The store needs it.
  const language = await initI18n();
  await applyDocumentLanguage(language);

  // 2. The store, and what the shopper owns read back into it before anything renders from it.
  const store = makeStore({ settings: { language, currency: DEFAULT_CURRENCY } });
  await restorePersistedState(store);
  // The cart's lines, the hearts, the delivery choice's place and price and the applied coupon's terms the last
  // visit left, shown until the server's answers replace them.
  snapshotCache(store, [
    cartSnapshot,
    favoritesSnapshot,
    shippingSnapshot,
    couponSnapshot,
  ] as CacheSnapshot<unknown>[]);
  forgetFormerKeys();
  syncLanguageWithStore(store, i18n);
  syncAcrossTabs(store);
  watchRecovery(store);
  watchPersonalState(store);
  loadCartCodeOnFirstInteraction(window);

  // 3. Hydrate the server's markup when it was rendered from the state this shopper has (a new visitor's), with
  // the very answers it was rendered from; otherwise render the page here.
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const serverPage = readServerPage();
  const hydrate =
    serverPage !== null &&
    container.firstElementChild !== null &&
    serverPage.personal === selectFirstRenderInputs(store.getState());
  document.documentElement.dataset.firstRender = hydrate ? 'hydrate' : 'render';
  const app = (
    <StrictMode>
      <App store={store} />
    </StrictMode>
  );
  if (hydrate) {
    store.dispatch(serverPageLoaded(serverPage.answers));
    // The server's footer stays as it came until the shopper nears it (shell/Layout): its code is not waited for.
    await routeLoaded;
    hydrateRoot(container, app, {
      // Markup that differs after all: React renders the page anew, as without it.
      onRecoverableError: (error) => {
        document.documentElement.dataset.firstRender = 'hydrate-recovered';
        console.warn('The server-rendered page was rendered anew:', error);
      },
    });
  } else {
    createRoot(container).render(app);
  }
}
