// docs/spec/01-shell-and-account.md §2: while a call runs its button is disabled and says what is happening
// (sending, verifying, resending, resetting, creating the account). Each answer is held until the label has
// been seen.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';

import { AuthModalHost } from '../../../shell/AuthModalHost';
import { openAuthModal } from '../../../testing/authModal';
import { nationalitiesHandler } from '../../../testing/handlers/auth';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { apiUrl, server } from '../../../testing/server';
import { authFlowAdvanced, type AuthModalView } from '../authSlice';
import { enterText } from '../../../testing/enterText';

/** Answers `path` only when `release` is called, so the waiting state can be looked at. */
function holdAnswer(path: string, status: number, body: JsonBodyType) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    http.post(apiUrl(path), async () => {
      await held;
      return HttpResponse.json(body, { status });
    }),
  );
  return () => release();
}

async function openView(view: AuthModalView, options: { fakeTimers?: boolean } = {}) {
  const utils = renderWithProviders(<AuthModalHost />);
  act(() => {
    utils.store.dispatch(authFlowAdvanced({ view, email: 'sara@shop.com', userId: 31 }));
  });
  await screen.findByRole('dialog');
  const user = options.fakeTimers ? userEvent.setup({ advanceTimers: jest.advanceTimersByTime }) : utils.user;
  return { ...utils, user };
}

const codeBoxes = () =>
  within(screen.getByRole('group', { name: 'Verification code' })).getAllByRole('textbox');

describe('progress labels', () => {
  it("forgot password: 'Sending…' while the code is requested", async () => {
    const release = holdAnswer('send-verification-code', 200, { message: 'Verification code sent.' });
    const { user } = await openView('forgot');
    await user.click(screen.getByRole('button', { name: 'Send verification code' }));
    expect(await screen.findByRole('button', { name: 'Sending…' })).toBeDisabled();
    release();
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
  });

  it("the box dialog: 'Verifying…' while the code is checked, the boxes locked", async () => {
    const release = holdAnswer('verify-code', 200, { token: 'v', id: 31, email: 'sara@shop.com' });
    const { user } = await openView('verify');
    await user.click(codeBoxes()[0] as HTMLElement);
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('button', { name: 'Verifying…' })).toBeDisabled();
    expect(codeBoxes()[0]).toBeDisabled();
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("the single field: 'Verifying…' while the code is checked", async () => {
    const release = holdAnswer('verify-code', 200, { token: 'v', id: 31, email: 'sara@shop.com' });
    const { user } = await openView('verifyLogin');
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('button', { name: 'Verifying…' })).toBeDisabled();
    release();
    expect(await screen.findByText('Your e-mail is verified. Please log in again.')).toBeInTheDocument();
  });

  it("the single field: 'Resending…' while a new code is requested", async () => {
    const release = holdAnswer('send-verification-code', 200, { message: 'Verification code sent.' });
    const { user } = await openView('verifyLogin');
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('button', { name: 'Resending…' })).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Resend code' })).toBeEnabled();
  });

  it("reset: 'Resending…' for a new code, 'Resetting…' for the new password", async () => {
    const releaseResend = holdAnswer('send-verification-code', 200, { message: 'Verification code sent.' });
    const { user } = await openView('reset');
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('button', { name: 'Resending…' })).toBeDisabled();
    releaseResend();
    expect(await screen.findByText('A new code has been sent')).toBeInTheDocument();

    const releaseReset = holdAnswer('password/reset', 200, {
      message: 'Password has been reset successfully.',
    });
    await user.click(codeBoxes()[0] as HTMLElement);
    await user.paste('123456');
    await enterText(user, screen.getByLabelText('New password'), 'NewSecret1!');
    await enterText(user, screen.getByLabelText('Confirm new password'), 'NewSecret1!');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('button', { name: 'Resetting…' })).toBeDisabled();
    releaseReset();
    expect(
      await screen.findByText('Your password has been reset. You can log in with it now.'),
    ).toBeInTheDocument();
  });

  it("registration: 'Creating your account…' while the account is created", async () => {
    server.use(nationalitiesHandler);
    const release = holdAnswer('register', 201, {
      message: 'User registered successfully.',
      token: 'r',
      user: { id: 31, email: 'sara@shop.com', name: 'Sara' },
    });
    const { user } = await openAuthModal('signup');
    await enterText(user, screen.getByLabelText('E-mail'), 'sara@shop.com');
    await enterText(user, screen.getByLabelText('Username'), 'Sara');
    await enterText(user, screen.getByRole('textbox', { name: 'Phone number' }), '0912345678');
    await user.click(screen.getByRole('button', { name: /Nationality/ }));
    await user.click(await screen.findByRole('button', { name: 'Kuwaiti' }));
    await enterText(user, screen.getByLabelText('Password'), 'Secret1!x');
    await enterText(user, screen.getByLabelText('Confirm password'), 'Secret1!x');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('button', { name: 'Creating your account…' })).toBeDisabled();
    release();
    expect(await screen.findByRole('heading', { name: 'Verify your e-mail' })).toBeInTheDocument();
  });

  describe('with the countdown run out', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it("the box dialog: 'Resending…' while a new code is requested", async () => {
      const release = holdAnswer('send-verification-code', 200, { message: 'Verification code sent.' });
      const { user } = await openView('verify', { fakeTimers: true });
      act(() => jest.advanceTimersByTime(900_000));
      await user.click(screen.getByRole('button', { name: 'Resend the code now' }));
      expect(await screen.findByRole('button', { name: 'Resending…' })).toBeDisabled();
      release();
      expect(await screen.findByText('A new code has been sent')).toBeInTheDocument();
    });
  });
});
