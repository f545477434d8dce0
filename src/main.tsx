import './styles/app.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { persistStore } from 'redux-persist';

import { App } from './App';
import { syncLanguageWithStore } from './app/languageSync';
import { preloadRoute } from './app/routes';
import { makeStore } from './app/store';
import { DEFAULT_CURRENCY } from './features/settings/settingsSlice';
import { i18n, initI18n } from './i18n/i18n';
import { applyDocumentLanguage } from './lib/direction';

// User Timing marks: bench/trace.ts reads them to split the start-up into its steps.
const mark = (name: string) => performance.mark?.(`shop:${name}`);

async function start() {
  mark('entry-run');
  preloadRoute(window.location.pathname);
  const language = await initI18n();
  mark('i18n-ready');
  // The stylesheet of the detected direction is in place before the first paint: no mirrored flash.
  await applyDocumentLanguage(language);
  const store = makeStore({ settings: { language, currency: DEFAULT_CURRENCY } });
  const persistor = persistStore(store, null, () => mark('rehydrated'));
  mark('store-ready');
  // Other tabs' changes matter only once this one is up: the code that follows them loads after the first render
  // (one chunk with the recovery watcher and the footer: fewer requests, less per-file overhead).
  void import(/* webpackChunkName: "after-start" */ './app/crossTabSync').then(({ syncAcrossTabs }) =>
    syncAcrossTabs(store),
  );
  void import(/* webpackChunkName: "after-start" */ './app/recovery').then(({ watchRecovery }) =>
    watchRecovery(store),
  );
  syncLanguageWithStore(store, i18n);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <App store={store} persistor={persistor} />
    </StrictMode>,
  );
  mark('render-called');
}

void start();
