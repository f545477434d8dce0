import { act, screen } from '@testing-library/react';

import type { PreloadedState } from '../app/store';
import { authModalOpened, type AuthModalView } from '../features/auth/authSlice';
import { AuthModalHost } from '../shell/AuthModalHost';
import { renderWithProviders } from './renderWithProviders';

/** Renders the auth modal host beside a button that opens it, as the account menu does, and opens it. */
export async function openAuthModal(
  view: AuthModalView = 'login',
  options: { preloadedState?: PreloadedState; language?: 'en' | 'ar' } = {},
) {
  const utils = renderWithProviders(
    <>
      <button type="button" onClick={() => utils.store.dispatch(authModalOpened(view))}>
        open account
      </button>
      <AuthModalHost />
    </>,
    options,
  );
  const opener = screen.getByRole('button', { name: 'open account' });
  act(() => opener.focus());
  await utils.user.click(opener);
  const dialog = await screen.findByRole('dialog');
  return { ...utils, opener, dialog };
}
