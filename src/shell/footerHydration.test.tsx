// Issue 49: a page rendered on the server carries the footer whole; the browser hydrates it with its code loaded,
// with no mismatch (React would render the page anew, a layout shift and an error in the console).
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

import { makeStore } from '../app/store';
import { contentApi } from '../features/content/contentApi';
import { i18n, initI18nWithResources } from '../i18n/i18n';
import { allResources } from '../i18n/resources';
import { loadFooter } from './footerCode';
import { Layout } from './Layout';

/** A browser's observer that never reports: the contact form's place is far below, as on a real first paint. */
class FarAwayObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

test.each(['en', 'ar'] as const)(
  'the server’s footer markup is hydrated as it is, its links and about text kept (%s)',
  async (language) => {
    const original = globalThis.IntersectionObserver;
    globalThis.IntersectionObserver = FarAwayObserver as unknown as typeof IntersectionObserver;
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      initI18nWithResources(allResources, language);
      await i18n.changeLanguage(language);
      await loadFooter();
      const store = makeStore({ settings: { language, currency: 'KWD' } });
      // The answer the server's page carries (renderPage): the browser's store starts with it.
      await store.dispatch(contentApi.endpoints.getAbouts.initiate({ lang: language }));
      const tree = (
        <Provider store={store}>
          <I18nextProvider i18n={i18n}>
            <MemoryRouter initialEntries={['/policy']}>
              <Routes>
                <Route element={<Layout />}>
                  <Route path="/policy" element={<h1>Policy</h1>} />
                </Route>
              </Routes>
            </MemoryRouter>
          </I18nextProvider>
        </Provider>
      );
      const container = document.createElement('div');
      container.innerHTML = renderToString(tree);
      document.body.append(container);
      const serverFooter = container.querySelector('footer')?.outerHTML ?? '';
      expect(serverFooter).toContain('href="/privacy"');
      expect(serverFooter).toContain('data-testid="footer-about"');
      const footerElement = container.querySelector('footer');

      const recovered = jest.fn();
      await act(async () => {
        hydrateRoot(container, tree, { onRecoverableError: recovered });
      });
      expect(recovered).not.toHaveBeenCalled();
      // React's own words for a mismatch (the render's other warnings, act() and useLayoutEffect on a "server"
      // that has a window, are this test's, not the page's).
      const mismatches = errors.mock.calls
        .map((call) => call.map(String).join(' '))
        .filter((message) => !message.startsWith('Warning: useLayoutEffect does nothing on the server'))
        .filter((message) => /hydrat|did not match|does not match/i.test(message));
      expect(mismatches).toEqual([]);
      // The same element, not a new one: nothing was rendered anew, nothing moved.
      expect(container.querySelector('footer')).toBe(footerElement);
      expect(container.querySelector('footer')?.outerHTML).toBe(serverFooter);
      container.remove();
    } finally {
      errors.mockRestore();
      globalThis.IntersectionObserver = original;
    }
  },
);
