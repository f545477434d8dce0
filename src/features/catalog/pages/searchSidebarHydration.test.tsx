// Issue 48 (the phone row): the server renders the search page's sidebar filters, which only Bootstrap's `lg`
// screens show (a phone filters in the drawer). A phone hydrating that page leaves them as the server sent them
// (a third of the page's elements it would hydrate for nothing), without a mismatch; a screen widened to `lg` gets
// the live panel in their place.
import { act, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

import type { AppStore } from '../../../app/store';
import { i18n } from '../../../i18n/i18n';
import { hydrationMismatches } from '../../../testing/hydration';
import { installMatchMedia, resizeScreen } from '../../../testing/matchMedia';
import { server } from '../../../testing/server';
import { catalogHandlers } from '../testing/handlers';
import { renderPage } from '../testing/renderPage';
import SearchPage from './SearchPage';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

const treeOf = (store: AppStore) => (
  <Provider store={store}>
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/search']}>
        <Routes>
          <Route path="/search" element={<SearchPage />} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </I18nextProvider>
  </Provider>
);

let errors: jest.SpyInstance;
beforeEach(() => {
  errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  errors.mockRestore();
  document.body.innerHTML = '';
});

const mismatches = () => hydrationMismatches(errors);

/** The server's /search with the answer it was rendered from, then a browser of `width` hydrating it. */
async function hydratedSearchPage(width: number) {
  server.use(...catalogHandlers());
  // The store with the page's answer, as the server's render passes leave it (and the page carries it).
  const first = renderPage('/search', <SearchPage />, { route: '/search' });
  await first.findByText('Royal Oud');
  first.unmount();
  const tree = treeOf(first.store);
  installMatchMedia({ width: 1280 });
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree);
  document.body.append(container);
  const serverSidebar = container.querySelector('.search-sidebar');
  const serverMarkup = serverSidebar?.innerHTML ?? '';
  expect(serverMarkup).toContain('data-testid="filter-brands"');

  installMatchMedia({ width });
  const recovered = jest.fn();
  await act(async () => {
    hydrateRoot(container, tree, { onRecoverableError: recovered });
  });
  return { container, serverSidebar, serverMarkup, recovered };
}

const location = (container: HTMLElement) => within(container).getByTestId('location').textContent;

test('a phone keeps the server’s hidden sidebar as it came: nothing of it hydrated, no mismatch', async () => {
  const { container, serverSidebar, serverMarkup, recovered } = await hydratedSearchPage(390);
  expect(recovered).not.toHaveBeenCalled();
  expect(mismatches()).toEqual([]);
  // The same element, the same markup: React neither rendered it anew nor took it over.
  expect(container.querySelector('.search-sidebar')).toBe(serverSidebar);
  expect(serverSidebar?.innerHTML).toBe(serverMarkup);
  // The results beside it are hydrated: their page's own links and buttons work.
  expect(within(container).getByTestId('filter-bar')).toBeInTheDocument();
  // Not taken over: a tap on its (hidden) markup does nothing.
  const nasma = within(serverSidebar as HTMLElement).getByLabelText(/^Nasma/);
  await act(async () => {
    nasma.click();
  });
  expect(location(container)).toBe('/search');
});

test('a screen widened to lg after the phone’s hydration gets the live panel in place of the server’s markup', async () => {
  const { container, serverSidebar } = await hydratedSearchPage(390);
  act(() => resizeScreen(1280));
  const sidebar = container.querySelector('.search-sidebar') as HTMLElement;
  expect(sidebar).not.toBe(serverSidebar);
  expect(sidebar.querySelectorAll('[data-testid="filter-panel"]')).toHaveLength(1);
  await userEvent
    .setup()
    .click(within(within(sidebar).getByTestId('filter-brands')).getByLabelText(/^Nasma/));
  await waitFor(() => expect(location(container)).toBe('/search?brands=Nasma'));
});

test('a desktop hydrates the server’s sidebar as it is: the panel works at once', async () => {
  const { container, serverSidebar, recovered } = await hydratedSearchPage(1280);
  expect(recovered).not.toHaveBeenCalled();
  expect(mismatches()).toEqual([]);
  expect(container.querySelector('.search-sidebar')).toBe(serverSidebar);
  await userEvent
    .setup()
    .click(
      within(within(serverSidebar as HTMLElement).getByTestId('filter-brands')).getByLabelText(/^Nasma/),
    );
  await waitFor(() => expect(location(container)).toBe('/search?brands=Nasma'));
});
