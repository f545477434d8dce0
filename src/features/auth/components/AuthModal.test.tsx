import { act, screen, waitFor } from '@testing-library/react';

import { loginRequired } from '../../../app/events';
import { AuthModalHost } from '../../../shell/AuthModalHost';
import { NavBar } from '../../../shell/NavBar';
import { openAuthModal } from '../../../testing/authModal';
import { answer, nationalitiesHandler } from '../../../testing/handlers/auth';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { server } from '../../../testing/server';

describe('auth modal', () => {
  it('has login and signup tabs and switches between them', async () => {
    server.use(nationalitiesHandler);
    const { user, store } = await openAuthModal('login');
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Welcome');
    await user.click(screen.getByRole('tab', { name: 'Sign up' }));
    expect(store.getState().auth.modal.view).toBe('signup');
    expect(await screen.findByLabelText('Username')).toBeVisible();
  });

  it('traps focus inside and returns it to the opener on close', async () => {
    const { user, opener } = await openAuthModal('login');
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    for (let i = 0; i < 15; i += 1) {
      await user.tab();
      // react-bootstrap pulls focus that left the dialog back in on the next tick.
      await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    }
    for (let i = 0; i < 15; i += 1) {
      await user.tab({ shift: true });
      await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('a view that replaces another moves focus to its first field, never to the page body', async () => {
    server.use(
      answer('post', 'login', 403, { message: 'Email not verified.' }),
      answer('post', 'send-verification-code', 200, { message: 'Verification code sent.' }),
    );
    const { user } = await openAuthModal('login');
    await user.type(screen.getByLabelText('E-mail'), 'new@shop.com');
    // Moving focus blurs the e-mail field, which the form marks as visited: a state update, inside act.
    act(() => screen.getByRole('button', { name: 'Forgot your password? Recover it' }).focus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByLabelText('E-mail')).toHaveAttribute('id', 'forgot-email'));
    expect(screen.getByLabelText('E-mail')).toHaveFocus();

    act(() => screen.getByRole('button', { name: 'Back to log in' }).focus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByLabelText('E-mail')).toHaveAttribute('id', 'login-email'));
    expect(screen.getByLabelText('E-mail')).toHaveFocus();

    await user.type(screen.getByLabelText('Password'), '12345678{Enter}');
    expect(await screen.findByLabelText('Verification code')).toHaveFocus();
    expect(document.body).not.toHaveFocus();
  });

  it('switching tabs leaves focus on the tab', async () => {
    server.use(nationalitiesHandler);
    const { user } = await openAuthModal('login');
    const signup = screen.getByRole('tab', { name: 'Sign up' });
    await user.click(signup);
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(signup).toHaveFocus();
  });

  it('opened from the account menu (which closes), focus returns to the menu button', async () => {
    const { user } = renderWithProviders(
      <>
        <NavBar />
        <AuthModalHost />
      </>,
    );
    const account = screen.getByRole('button', { name: 'Account' });
    await user.click(account);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(account).toHaveFocus();
  });

  it('opens on loginRequired (the hook other features use) on the login tab', async () => {
    const { store } = renderWithProviders(<AuthModalHost />);
    act(() => {
      store.dispatch(loginRequired());
    });
    expect(await screen.findByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');
  });
});
