import type { ReactElement } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';

import { renderWithProviders } from '../../../testing/renderWithProviders';
import { installMatchMedia, type FakeScreen } from '../../../testing/matchMedia';

/** Shows the current URL so tests can check what the page wrote into it. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** A catalogue page at its route, with toasts and the URL visible, on a real store and msw. */
export function renderPage(
  path: string,
  page: ReactElement,
  options: Parameters<typeof renderWithProviders>[1] & { route: string; screen?: FakeScreen },
) {
  installMatchMedia(options.screen);
  return renderWithProviders(
    <>
      <Routes>
        <Route path={path} element={page} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
      <LocationProbe />
      <ToastContainer />
    </>,
    options,
  );
}
