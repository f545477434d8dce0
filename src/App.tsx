import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';

import { LocationEvents } from './app/LocationEvents';
import { AppRoutes } from './app/routes';
import type { AppStore } from './app/store';
import { i18n } from './i18n/i18n';

/**
 * The shop. `main.tsx` renders it once the store is rehydrated (what a PersistGate would wait for), so the first
 * render is a single transition React can slice, not a gate's second, blocking render.
 */
export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <BrowserRouter>
          <LocationEvents />
          <AppRoutes />
        </BrowserRouter>
      </I18nextProvider>
    </Provider>
  );
}
