// Issue 49: a page rendered on the server carries the footer whole. Issue 48 (the first JavaScript's guard): the
// browser hydrates the page without the footer's code, keeping the server's footer as it came (no mismatch: React
// would render the page anew, a layout shift and an error in the console), and loads the footer when the shopper
// nears it, touches it or changes the language; the footer then takes its place with the same markup.
import type { ComponentType } from 'react';
import { act, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

import { languageChanged } from '../app/events';
import { makeStore } from '../app/store';
import { contentApi } from '../features/content/contentApi';
import { i18n, initI18nWithResources } from '../i18n/i18n';
import arFooter from '../i18n/locales/ar/footer.json';
import { allResources } from '../i18n/resources';
import { scrollNear, takeOverEachTest } from '../testing/hydration';
import { loadFooter } from './footerCode';
import { Layout } from './Layout';

/** The footer as loaded before the first render: the server's render has it, the browser's first one does not. */
let mockFooterBeforeRender: ComponentType | null = null;
jest.mock('./footerCode', () => ({
  ...jest.requireActual<object>('./footerCode'),
  loadedFooter: () => mockFooterBeforeRender,
}));

const { mismatches } = takeOverEachTest();
afterEach(() => {
  delete document.documentElement.dataset.firstRender;
});

/** An element's markup as a page shows it: the server's string renderer writes `<!-- -->` between adjacent texts. */
const shown = (element: Element | null) => element?.outerHTML.replaceAll('<!-- -->', '') ?? '';

/** The server's page, then the browser's hydration of it without the footer's code, as app/boot does. */
async function hydratedServerPage(language: 'en' | 'ar') {
  initI18nWithResources(allResources, language);
  await i18n.changeLanguage(language);
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
  mockFooterBeforeRender = (await loadFooter()).default;
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree);
  document.body.append(container);
  mockFooterBeforeRender = null;

  const serverFooter = container.querySelector('footer')?.outerHTML ?? '';
  expect(serverFooter).toContain('href="/privacy"');
  expect(serverFooter).toContain('data-testid="footer-about"');
  const footerElement = container.querySelector('footer');
  const recovered = jest.fn();
  document.documentElement.dataset.firstRender = 'hydrate';
  await act(async () => {
    hydrateRoot(container, tree, { onRecoverableError: recovered });
  });
  return { store, container, serverFooter, footerElement, recovered };
}

test.each(['en', 'ar'] as const)(
  'the server’s footer is hydrated as it came, and loaded with the same markup when the shopper nears it (%s)',
  async (language) => {
    const { container, serverFooter, footerElement, recovered } = await hydratedServerPage(language);
    expect(recovered).not.toHaveBeenCalled();
    expect(mismatches()).toEqual([]);
    // The same element with the same content: nothing was rendered anew, nothing moved.
    expect(container.querySelector('footer')).toBe(footerElement);
    expect(container.querySelector('footer')?.outerHTML).toBe(serverFooter);

    await act(async () => scrollNear(footerElement as Element));
    // The footer itself now: a new element, the server's markup to the letter (about text included, not a
    // placeholder where the text was).
    await waitFor(() => expect(container.querySelector('footer')).not.toBe(footerElement));
    expect(shown(container.querySelector('footer'))).toBe(shown(footerElement));
    expect(recovered).not.toHaveBeenCalled();
  },
);

test('a touch on the server’s footer loads it at once, wherever it is', async () => {
  const { container, serverFooter, footerElement } = await hydratedServerPage('en');
  await act(async () => {
    footerElement?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
  });
  await waitFor(() => expect(container.querySelector('footer')).not.toBe(footerElement));
  expect(shown(container.querySelector('footer'))).toBe(shown(footerElement));
  expect(footerElement?.outerHTML).toBe(serverFooter);
});

test('a language changed before the shopper nears the footer loads it in that language', async () => {
  const { store, container, footerElement } = await hydratedServerPage('en');
  await act(async () => {
    store.dispatch(languageChanged('ar'));
    await i18n.changeLanguage('ar');
  });
  await waitFor(() => expect(container.querySelector('footer')).not.toBe(footerElement));
  expect(container.querySelector('footer')?.textContent).toContain(arFooter.shell.footer.about_title);
  // The about text in that language too, once its answer is in (a language change may refetch the shop's answers).
  await waitFor(() =>
    expect(container.querySelector('[data-testid="footer-about"]')?.textContent).toContain(
      'متجر كويتي للتسوق',
    ),
  );
});

test('a focus inside the server’s footer (a keyboard’s Tab) stays at its place when the footer takes over', async () => {
  const { container, footerElement } = await hydratedServerPage('en');
  const link = footerElement?.querySelector('a[href="/privacy"]') as HTMLAnchorElement;
  await act(async () => link.focus());
  await waitFor(() => expect(container.querySelector('footer')).not.toBe(footerElement));
  expect(document.activeElement).not.toBe(link);
  expect(document.activeElement?.getAttribute('href')).toBe('/privacy');
  expect(container.querySelector('footer')?.contains(document.activeElement)).toBe(true);
});
