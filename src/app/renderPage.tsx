// The server's page renderer (built by webpack.config.ts as its own Node bundle, dist/ssr/render.js): renders a
// page for a new visitor, with the API answers it needs, so the HTML already shows the page before any script runs.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';

import { AppTree } from '../App';
import { allResources } from '../i18n/resources';
import { setServerConfig, type ShopConfig } from '../lib/config';
import { ServerRendering } from '../ui/KeptUntilNear';
import { loadFooter } from '../shell/footerCode';
import { i18n, initI18nWithResources } from '../i18n/i18n';
import { DEFAULT_CURRENCY } from '../features/settings/settingsSlice';
import { api } from './api';
import type { Language } from './events';
import { selectFirstRenderInputs, type ServerPage } from './firstRender';
import { loadRoute } from './routes';
import type { AppServices } from './services';
import { makeStore } from './store';

export interface PageRequest {
  /** Path and query of the page. */
  url: string;
  language: Language;
  /** The API's absolute base URL (`http://host/api`) and a fetch that reaches it (the server's own, in process). */
  apiBaseUrl: string;
  fetch: typeof fetch;
  /** What the server's /config.js tells the browser (the footer's contact address). */
  config?: Partial<ShopConfig>;
}

export interface RenderedPage {
  /** The markup of `#root`. */
  html: string;
  /** What the browser's first render needs to hydrate the markup (see boot.tsx). */
  page: ServerPage;
}

/** Render passes at most: each may start the queries or load the code the next one needs. */
const MAX_PASSES = 6;

let texts: Record<Language, typeof i18n> | null = null;
function textsOf(language: Language): typeof i18n {
  if (!texts) {
    // Both languages and every namespace are in this bundle: no loading on the server.
    initI18nWithResources(allResources, 'en');
    texts = {
      en: i18n.cloneInstance({ lng: 'en', initAsync: false }),
      ar: i18n.cloneInstance({ lng: 'ar', initAsync: false }),
    };
  }
  return texts[language];
}

const quiet = () => undefined;

export async function renderPage(request: PageRequest): Promise<RenderedPage> {
  const translation = textsOf(request.language);
  if (request.config) setServerConfig(request.config);
  // The footer is part of every rendered page (issue 49); the browser hydrates it with its code loaded.
  await loadFooter();
  const services: AppServices = {
    t: (key, options) => translation.t(key, options),
    notify: { success: quiet, error: quiet, info: quiet, warning: quiet },
    api: { baseUrl: request.apiBaseUrl.replace(/\/$/, ''), fetch: request.fetch },
  };
  const store = makeStore({ settings: { language: request.language, currency: DEFAULT_CURRENCY } }, services);
  const address = new URL(request.url, 'http://page.invalid');
  const routeLoaded = loadRoute(address.pathname);
  const tree = (
    <StrictMode>
      <ServerRendering.Provider value>
        <AppTree
          store={store}
          texts={translation}
          router={({ children }) => <StaticRouter location={request.url}>{children}</StaticRouter>}
        />
      </ServerRendering.Provider>
    </StrictMode>
  );
  try {
    let html = '';
    for (let pass = 0; pass < MAX_PASSES; pass += 1) {
      html = renderToString(tree);
      const running = store.dispatch(api.util.getRunningQueriesThunk());
      if (pass > 0 && running.length === 0) break;
      await Promise.all([routeLoaded, ...running]);
    }
    const state = store.getState()[api.reducerPath];
    // Only finished answers: the browser's RTK Query takes fulfilled (and failed) entries and their tags.
    const queries = Object.fromEntries(
      Object.entries(state.queries).filter(([, entry]) => entry?.status === 'fulfilled'),
    );
    const answers = { ...state, queries, mutations: {}, subscriptions: {} };
    return { html, page: { personal: selectFirstRenderInputs(store.getState()), answers } };
  } finally {
    store.dispatch(api.util.resetApiState());
  }
}
