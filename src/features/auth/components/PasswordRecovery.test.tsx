import { act, screen, waitFor, within } from '@testing-library/react';

import { AuthModalHost } from '../../../shell/AuthModalHost';
import { openAuthModal } from '../../../testing/authModal';
import { answer, type Seen } from '../../../testing/handlers/auth';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { server } from '../../../testing/server';
import { authFlowAdvanced } from '../authSlice';
import { enterText } from '../../../testing/enterText';

async function openReset() {
  const utils = renderWithProviders(<AuthModalHost />);
  act(() => {
    utils.store.dispatch(authFlowAdvanced({ view: 'reset', email: 'lost@shop.com' }));
  });
  await screen.findByRole('group', { name: 'Verification code' });
  return utils;
}

const boxes = () => within(screen.getByRole('group', { name: 'Verification code' })).getAllByRole('textbox');

describe('forgot password', () => {
  it('replaces the login; sending the code says code sent and opens the reset form', async () => {
    const seen: Seen = [];
    server.use(answer('post', 'send-verification-code', 200, { message: 'Verification code sent.' }, seen));
    const { user, store } = await openAuthModal('login');
    await user.click(screen.getByRole('button', { name: 'Forgot your password? Recover it' }));
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send verification code' }));
    expect(await screen.findByText('Please enter your e-mail address')).toBeInTheDocument();
    await enterText(user, screen.getByLabelText('E-mail'), 'lost@shop.com');
    await user.click(screen.getByRole('button', { name: 'Send verification code' }));
    expect(await screen.findByText('A verification code has been sent to your e-mail')).toBeInTheDocument();
    expect(seen[0]?.body).toEqual({ email: 'lost@shop.com' });
    await waitFor(() =>
      expect(store.getState().auth.modal).toMatchObject({ view: 'reset', email: 'lost@shop.com' }),
    );
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
  });

  it('a failure says the server message, or error_sending_code', async () => {
    server.use(
      answer('post', 'send-verification-code', 404, { message: 'No user found, please register first' }),
    );
    const { user } = await openAuthModal('forgot');
    await enterText(user, screen.getByLabelText('E-mail'), 'who@shop.com');
    await user.click(screen.getByRole('button', { name: 'Send verification code' }));
    await waitFor(() => expect(screen.getAllByText('No user found, please register first')).toHaveLength(2));
    server.use(answer('post', 'send-verification-code', 500, {}));
    await user.click(screen.getByRole('button', { name: 'Send verification code' }));
    await waitFor(() =>
      expect(screen.getAllByText('The code could not be sent. Please try again.')).toHaveLength(2),
    );
  });

  it.each([
    ['en', 'E-mail', 'Send verification code', 'This user is not registered'],
    ['ar', 'البريد الإلكتروني', 'إرسال رمز التحقق', 'المستخدم غير مسجّل'],
  ] as const)(
    "(%s) a 404 without the 'register first' message says 'user not registered' (docs/spec/01-shell-and-account.md §8)",
    async (language, label, send, text) => {
      server.use(answer('post', 'send-verification-code', 404, {}));
      const { user } = await openAuthModal('forgot', { language });
      await enterText(user, screen.getByLabelText(label), 'who@shop.com');
      await user.click(screen.getByRole('button', { name: send }));
      await waitFor(() => expect(screen.getAllByText(text)).toHaveLength(2));
      server.use(answer('post', 'send-verification-code', 404, { message: 'User not found.' }));
      await user.click(screen.getByRole('button', { name: send }));
      await waitFor(() => expect(screen.getAllByText(text).length).toBeGreaterThanOrEqual(2));
    },
  );

  it('in Arabic the server message is shown in Arabic', async () => {
    server.use(
      answer('post', 'send-verification-code', 404, { message: 'No user found, please register first' }),
    );
    const { user } = await openAuthModal('forgot', { language: 'ar' });
    await enterText(user, screen.getByLabelText('البريد الإلكتروني'), 'who@shop.com');
    await user.click(screen.getByRole('button', { name: 'إرسال رمز التحقق' }));
    await waitFor(() =>
      expect(screen.getAllByText('لم يتم العثور على مستخدم، يرجى التسجيل أولاً')).toHaveLength(2),
    );
  });

  it('closing it closes everything', async () => {
    const { user, store } = await openAuthModal('forgot');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.getState().auth.modal).toMatchObject({ open: false, view: 'login' });
  });
});

describe('reset password', () => {
  it('six boxes, the e-mail filled in, both passwords with show/hide and the asterisk mask', async () => {
    const { user } = await openReset();
    expect(boxes()).toHaveLength(6);
    expect(screen.getByLabelText('E-mail')).toHaveValue('lost@shop.com');
    const password = screen.getByLabelText('New password');
    await enterText(user, password, 'abc12345');
    expect(screen.getByTestId('reset-password-mask')).toHaveTextContent('********');
    expect(password).toHaveClass('is-asterisk-masked');
    const [showNew] = screen.getAllByRole('button', { name: 'Show password' });
    await user.click(showNew as HTMLElement);
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.queryByTestId('reset-password-mask')).not.toBeInTheDocument();
    await enterText(user, screen.getByLabelText('Confirm new password'), 'abc');
    expect(screen.getByTestId('reset-confirm-password-mask')).toHaveTextContent('***');
  });

  it('validates the code length, e-mail and passwords', async () => {
    const { user } = await openReset();
    await user.click(boxes()[0] as HTMLElement);
    await user.keyboard('123');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('The code must be exactly 6 digits')).toBeInTheDocument();
    expect(screen.getByText('Please enter a password')).toBeInTheDocument();
    expect(screen.getByText('Please confirm the password')).toBeInTheDocument();
    await enterText(user, screen.getByLabelText('New password'), 'abc');
    await enterText(user, screen.getByLabelText('Confirm new password'), 'abd');
    await user.tab();
    expect(await screen.findByText('The password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
  });

  it('success: the payload of docs/spec/01-shell-and-account.md §3 (code an integer), a message, and everything closes (docs/spec/01-shell-and-account.md §4)', async () => {
    const seen: Seen = [];
    server.use(
      answer('post', 'password/reset', 200, { message: 'Password has been reset successfully.' }, seen),
    );
    const { user, store } = await openReset();
    await user.click(boxes()[0] as HTMLElement);
    await user.paste('٥٤٣٢١٠');
    await enterText(user, screen.getByLabelText('New password'), 'NewSecret1!');
    await enterText(user, screen.getByLabelText('Confirm new password'), 'NewSecret1!');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(
      await screen.findByText('Your password has been reset. You can log in with it now.'),
    ).toBeInTheDocument();
    expect(seen[0]?.body).toStrictEqual({
      email: 'lost@shop.com',
      code: 543210,
      password: 'NewSecret1!',
      password_confirmation: 'NewSecret1!',
    });
    await waitFor(() => expect(store.getState().auth.modal.open).toBe(false));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a failure says the server message, or password_reset_failed', async () => {
    server.use(answer('post', 'password/reset', 422, { message: 'Invalid or expired verification code.' }));
    const { user } = await openReset();
    await user.click(boxes()[0] as HTMLElement);
    await user.paste('111111');
    await enterText(user, screen.getByLabelText('New password'), 'NewSecret1!');
    await enterText(user, screen.getByLabelText('Confirm new password'), 'NewSecret1!');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(screen.getAllByText('Invalid or expired verification code.')).toHaveLength(2));
    server.use(answer('post', 'password/reset', 500, {}));
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(screen.getAllByText('The password could not be reset')).toHaveLength(2));
  });

  it('the new password follows the registration rules before any call', async () => {
    const seen: Seen = [];
    server.use(
      answer('post', 'password/reset', 200, { message: 'Password has been reset successfully.' }, seen),
    );
    const { user } = await openReset();
    await user.click(boxes()[0] as HTMLElement);
    await user.paste('111111');
    await enterText(user, screen.getByLabelText('New password'), 'abcdefgh');
    await enterText(user, screen.getByLabelText('Confirm new password'), 'abcdefgh');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(
      await screen.findByText(
        'The password must contain upper case and lower case letters, numbers and symbols',
      ),
    ).toBeInTheDocument();
    expect(seen).toHaveLength(0);
  });

  it('a 422 errors object puts the first message of each field on that field', async () => {
    server.use(
      answer('post', 'password/reset', 422, {
        message: 'Invalid or expired verification code. (and 2 more errors)',
        errors: {
          code: ['Invalid or expired verification code.'],
          password: ['The password field must be at least 8 characters.', 'second'],
          email: ['The email is on a blocklist.'],
        },
      }),
    );
    const { user } = await openReset();
    await user.click(boxes()[0] as HTMLElement);
    await user.paste('111111');
    await enterText(user, screen.getByLabelText('New password'), 'NewSecret1!');
    await enterText(user, screen.getByLabelText('Confirm new password'), 'NewSecret1!');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
        expect.stringContaining('The password must be at least 8 characters') as string,
      ),
    );
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('The email is on a blocklist.');
    expect(document.getElementById('reset-code-error')).toHaveTextContent(
      'Invalid or expired verification code.',
    );
    expect(screen.queryByText('second')).not.toBeInTheDocument();
    // Typing again clears the server's word on that field.
    await enterText(user, screen.getByLabelText('E-mail'), 'x');
    expect(screen.getByLabelText('E-mail')).not.toHaveAccessibleDescription('The email is on a blocklist.');
  });

  it('resending says resent; a failure says error_resending_code', async () => {
    const seen: Seen = [];
    server.use(answer('post', 'send-verification-code', 200, { message: 'Verification code sent.' }, seen));
    const { user } = await openReset();
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('A new code has been sent')).toBeInTheDocument();
    expect(seen[0]?.body).toEqual({ email: 'lost@shop.com' });
    server.use(answer('post', 'send-verification-code', 500, {}));
    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(
      await screen.findByText('The code could not be sent again. Please try again later.'),
    ).toBeInTheDocument();
  });
});
