import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { persistStore } from 'redux-persist';

import { App } from '../App';
import { DEFAULT_CURRENCY } from '../features/settings/settingsSlice';
import { i18n, initI18n } from '../i18n/i18n';
import { applyDocumentLanguage } from '../lib/direction';
import { formatMoney } from '../lib/money';
import { nextTask } from '../lib/nextTask';
import { openStorage } from '../lib/storage';
import { api } from './api';
import { locationChanged } from './events';
import { personalSignature, readServerPage, watchPersonalState, type RenderedQuery } from './firstRender';
import { syncLanguageWithStore } from './languageSync';
import { loadRoute } from './routes';
import { makeStore, type AppStore } from './store';

// User Timing marks: bench/trace.ts reads them to split the start-up into its steps.
const mark = (name: string) => performance.mark?.(`shop:${name}`);

type Initiate = (args: unknown) => (dispatch: AppStore['dispatch']) => PromiseLike<unknown> & {
  unsubscribe(): void;
};

/**
 * Asks for the answers the server rendered the page from (the feature's endpoints of a lazy route exist once its
 * code is in): with them the first render is the page the HTML already shows.
 */
async function askForRenderedAnswers(
  store: AppStore,
  queries: RenderedQuery[],
  routeReady: Promise<unknown>,
) {
  const endpoints = api.endpoints as Record<string, { initiate?: Initiate } | undefined>;
  const ask = (query: RenderedQuery) => {
    const initiate = endpoints[query.endpoint]?.initiate;
    if (!initiate) return null;
    const request = store.dispatch(initiate(query.args));
    // The page's components hold the answer from their first render on; until then the cache keeps it a minute.
    return Promise.resolve(request).finally(() => request.unsubscribe());
  };
  // A query each task: starting one (RTK Query's thunk, the pending state, the request) takes a phone 20-40 ms,
  // and a page's four in one task held input for over 100 ms.
  const answers: Promise<unknown>[] = [];
  const askInATaskOfItsOwn = async (query: RenderedQuery) => {
    const answer = ask(query);
    if (!answer) return false;
    answers.push(answer);
    await nextTask();
    return true;
  };
  const waiting: RenderedQuery[] = [];
  for (const query of queries) if (!(await askInATaskOfItsOwn(query))) waiting.push(query);
  await routeReady;
  for (const query of waiting) await askInATaskOfItsOwn(query);
  await Promise.all(answers);
}

/** The shop's start, after main.tsx has let a server-rendered page paint. */
export async function start(): Promise<void> {
  mark('entry-run');
  const { pathname, search } = window.location;
  const routeReady = loadRoute(pathname).catch(() => undefined);
  // A page the server rendered for a new visitor (see server/plugins/pageRenderer.ts).
  const serverPage = readServerPage();
  // The route's matching, opening the storage the language detector reads, and i18next's start: a task each.
  await nextTask();
  openStorage();
  await nextTask();
  const language = await initI18n();
  mark('i18n-ready');
  await nextTask();
  // The stylesheet of the detected direction is in place before the first paint: no mirrored flash.
  await applyDocumentLanguage(language);
  const store = makeStore({ settings: { language, currency: DEFAULT_CURRENCY } });
  // Making the store, reading back its stored parts and asking for the page's answers are a task each.
  await nextTask();
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
  await nextTask();
  const renderedAnswers = serverPage && askForRenderedAnswers(store, serverPage.queries, routeReady);
  await nextTask();
  // Other tabs' changes matter only once this one is up: the code that follows them runs after the first render.
  // It is in the app's files (a chunk of its own was one more request and 0.4 KB more gzip for 2 KB of code).
  void import(/* webpackChunkName: "app" */ './crossTabSync').then(({ syncAcrossTabs }) =>
    syncAcrossTabs(store),
  );
  void import(/* webpackChunkName: "app" */ './recovery').then(({ watchRecovery }) => watchRecovery(store));
  syncLanguageWithStore(store, i18n);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  await rehydrated;
  // Where the address bar is, before the first render (the server's render saw the same): /search's filters.
  store.dispatch(locationChanged({ pathname, search }));
  // The server's markup is taken over as it is only when it was made from the state this shopper has; otherwise
  // the first render replaces it.
  const takeOver =
    serverPage !== null &&
    container.firstElementChild !== null &&
    serverPage.personal === personalSignature(store.getState());
  if (takeOver && renderedAnswers) await renderedAnswers;
  document.documentElement.dataset.firstRender = takeOver ? 'hydrate' : 'render';
  // A currency outside the shop's own (formatMoney writes those without Intl) needs a price formatter, whose first
  // making costs a phone tens of milliseconds (the locale's data): made here, in a task of its own, not in the render.
  formatMoney(0, store.getState().settings.currency, store.getState().settings.language);
  await nextTask();
  const app = (
    <StrictMode>
      <App store={store} />
    </StrictMode>
  );
  // A transition render is split into slices that yield to the browser; a plain first render is one long task.
  startTransition(() => {
    if (takeOver) {
      hydrateRoot(container, app, {
        // Markup that differs after all (an answer changed in between): React renders the page anew, as without it.
        onRecoverableError: (error) => {
          document.documentElement.dataset.firstRender = 'hydrate-recovered';
          console.warn('The server-rendered page was rendered anew:', error);
        },
      });
    } else {
      createRoot(container).render(app);
    }
  });
  mark('render-called');
  watchPersonalState(store);
}
