import type { ReactElement } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';

import type { PreloadedState } from '../../../app/store';
import { AuthModalHost } from '../../../shell/AuthModalHost';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import type { User } from '../profileApi';

export const SIGNED_IN: PreloadedState = { auth: { token: 'token-1', userId: 9, email: 'sara@example.com' } };

export const SARA: User = {
  id: 9,
  name: 'Sara',
  email: 'sara@example.com',
  phone_code: '+965',
  phone_number: '55123456',
  nationality: 16,
  profile_image: null,
  pending_email: null,
  role: 'shopper',
};

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** A profile page at its route with the account dialog beside it, signed in unless told otherwise. */
export function renderProfilePage(
  path: string,
  page: ReactElement,
  options: { language?: 'en' | 'ar'; preloadedState?: PreloadedState } = {},
) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path={path} element={page} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
      <LocationProbe />
      <AuthModalHost />
    </>,
    { route: path, language: options.language, preloadedState: options.preloadedState ?? SIGNED_IN },
  );
}
