import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';

import type { Language } from '../app/events';
import { syncLanguageWithStore } from '../app/languageSync';
import { makeStore, type AppStore, type PreloadedState } from '../app/store';
import { i18n, initI18nWithResources } from '../i18n/i18n';
import { allResources } from '../i18n/resources';
import { Toasts } from '../shell/Toasts';

interface Options extends Omit<RenderOptions, 'wrapper'> {
  preloadedState?: PreloadedState;
  store?: AppStore;
  route?: string;
  language?: Language;
  /** Render a toast container beside the UI (off when the UI brings its own, like the shell's Layout). */
  toasts?: boolean;
}

/** Renders with a real store, router and i18n, as the app does (network: msw or the in-process server). */
export function renderWithProviders(ui: ReactElement, options: Options = {}) {
  const { preloadedState, route = '/', language, toasts = true, ...renderOptions } = options;
  const lang = language ?? preloadedState?.settings?.language ?? 'en';
  initI18nWithResources(allResources, lang);
  const store =
    options.store ??
    makeStore({
      ...preloadedState,
      settings: { currency: 'KWD', ...preloadedState?.settings, language: lang },
    });
  const unsubscribe = syncLanguageWithStore(store, i18n);
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter initialEntries={[route]}>
            {children}
            {toasts && <Toasts />}
          </MemoryRouter>
        </I18nextProvider>
      </Provider>
    );
  }
  const user = userEvent.setup();
  const result = render(ui, { wrapper: Wrapper, ...renderOptions });
  return { store, user, unsubscribe, ...result };
}
