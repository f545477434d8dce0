import './styles/app.css';

import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { persistStore } from 'redux-persist';

import { App } from './App';
import { syncLanguageWithStore } from './app/languageSync';
import { preloadRoute } from './app/routes';
import { makeStore } from './app/store';
import { DEFAULT_CURRENCY } from './features/settings/settingsSlice';
import { i18n, initI18n } from './i18n/i18n';
import { applyDocumentLanguage } from './lib/direction';
import { formatMoney } from './lib/money';

// User Timing marks: bench/trace.ts reads them to split the start-up into its steps.
const mark = (name: string) => performance.mark?.(`shop:${name}`);

/**
 * Ends the current task so the browser can paint and answer input: the start-up runs as several short tasks
 * instead of one long one (a phone's main thread is blocked for less than 50 ms at a time).
 */
function yieldToMain(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

async function start() {
  mark('entry-run');
  preloadRoute(window.location.pathname);
  const language = await initI18n();
  mark('i18n-ready');
  await yieldToMain();
  // The stylesheet of the detected direction is in place before the first paint: no mirrored flash.
  await applyDocumentLanguage(language);
  const store = makeStore({ settings: { language, currency: DEFAULT_CURRENCY } });
  // What the shopper owns (cart, session, settings) is read back before anything renders from the store.
  let rehydrationDone = () => undefined as void;
  const rehydrated = new Promise<void>((resolve) => (rehydrationDone = resolve));
  const persistor = persistStore(store, null, () => {
    mark('rehydrated');
    rehydrationDone();
  });
  // redux-persist writes a change a few ticks later; a page left (reload, link, tab closed) right after a change
  // (a sign-in, an add to cart) writes it now instead of losing it.
  window.addEventListener('pagehide', () => void persistor.flush());
  mark('store-ready');
  await yieldToMain();
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
  await rehydrated;
  // A language's first price formatter costs a phone tens of milliseconds (the locale's data): made here, in a task
  // of its own, instead of inside the first render's.
  formatMoney(0, store.getState().settings.currency, store.getState().settings.language);
  await yieldToMain();
  const root = createRoot(container);
  // A transition render is split into slices that yield to the browser; a plain first render is one long task.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App store={store} />
      </StrictMode>,
    );
  });
  mark('render-called');
}

void start();
