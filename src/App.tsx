import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';

import { LocationEvents } from './app/LocationEvents';
import { AppRoutes } from './app/routes';
import type { AppStore } from './app/store';
import { i18n } from './i18n/i18n';

export function App({ store, persistor }: { store: AppStore; persistor: Persistor }) {
  return (
    <Provider store={store}>
      <PersistGate persistor={persistor} loading={null}>
        <I18nextProvider i18n={i18n}>
          <BrowserRouter>
            <LocationEvents />
            <AppRoutes />
          </BrowserRouter>
        </I18nextProvider>
      </PersistGate>
    </Provider>
  );
}
