import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import type { i18n as I18n } from 'i18next';

import { AppRoutes } from './app/routes';
import type { AppStore } from './app/store';
import { i18n } from './i18n/i18n';

/** The shop inside its store, texts and a router: the browser's (`App`) or the server's page renderer's. */
export function AppTree({
  store,
  texts,
  router: Router,
}: {
  store: AppStore;
  texts: I18n;
  router: RouterOf;
}) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={texts}>
        <Router>
          <AppRoutes />
        </Router>
      </I18nextProvider>
    </Provider>
  );
}

type RouterOf = (props: { children: ReactNode }) => ReactNode;

/**
 * The shop. `app/boot.tsx` renders (or hydrates) it once the persisted state is read back (what a PersistGate would
 * wait for), so the first render already shows what the shopper owns.
 */
export function App({ store }: { store: AppStore }) {
  return <AppTree store={store} texts={i18n} router={BrowserRouter} />;
}
