import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { openAuthModal } from '../../../testing/authModal';
import { answer, answerWithoutBody, noAnswer, type Seen } from '../../../testing/handlers/auth';
import { apiUrl, server } from '../../../testing/server';
import { enterText } from '../../../testing/enterText';

async function fillLogin(
  user: Awaited<ReturnType<typeof openAuthModal>>['user'],
  email: string,
  password: string,
) {
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Password'), password);
}

const submitError = () => screen.getByTestId('login-submit-error');

describe('login form', () => {
  it('validates e-mail and password before calling the server', async () => {
    const { user } = await openAuthModal('login');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter your e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Please enter a password')).toBeInTheDocument();
    await enterText(user, screen.getByLabelText('E-mail'), 'nope');
    await enterText(user, screen.getByLabelText('Password'), 'short');
    await user.tab();
    expect(await screen.findByText('Please enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('The password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription(
      'Please enter a valid e-mail address',
    );
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows and hides the password', async () => {
    const { user } = await openAuthModal('login');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('success: session stored, message, modal closed', async () => {
    const seen: Seen = [];
    server.use(
      answer('post', 'login', 200, { token: 'tok-1', id: 5, email: 'sara@shop.com', name: 'Sara' }, seen),
    );
    const { user, store } = await openAuthModal('login');
    await fillLogin(user, ' sara@shop.com ', 'Secret1!x');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(store.getState().auth.token).toBe('tok-1'));
    expect(seen[0]?.body).toEqual({ email: 'sara@shop.com', password: 'Secret1!x' });
    expect(store.getState().auth).toMatchObject({ userId: 5, email: 'sara@shop.com' });
    expect(await screen.findByText('You are logged in')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('while the call runs the button is disabled with a progress label', async () => {
    let release: () => void = () => undefined;
    server.use(
      http.post(apiUrl('login'), async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json({ token: 't', id: 1 });
      }),
    );
    const { user } = await openAuthModal('login');
    await fillLogin(user, 'a@shop.com', '12345678');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('button', { name: 'Logging in…' })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('an answer without token or id is an invalid response format', async () => {
    server.use(answer('post', 'login', 200, { message: 'ok' }));
    const { user, store } = await openAuthModal('login');
    await fillLogin(user, 'a@shop.com', '12345678');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(submitError()).toHaveTextContent('Invalid response format'));
    expect(store.getState().auth.token).toBeNull();
  });

  // '§8': the login rows of docs/spec/01-shell-and-account.md §8, the error catalogue.
  it('§8 error with a message: toast and form error', async () => {
    server.use(answer('post', 'login', 422, { message: 'These credentials do not match our records.' }));
    const { user } = await openAuthModal('login');
    await fillLogin(user, 'a@shop.com', '12345678');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() =>
      expect(submitError()).toHaveTextContent('These credentials do not match our records.'),
    );
    expect(screen.getAllByText('These credentials do not match our records.')).toHaveLength(2);
  });

  it('§8 answer without a message: toast login_failed, form error invalid_credentials', async () => {
    server.use(answerWithoutBody('login', 502));
    const { user } = await openAuthModal('login');
    await fillLogin(user, 'a@shop.com', '12345678');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(submitError()).toHaveTextContent('The e-mail or password is not correct'));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
  });

  it('§8 no answer: toast login_error, form error, form and password mask reset', async () => {
    server.use(noAnswer('login'));
    const { user } = await openAuthModal('login');
    await fillLogin(user, 'a@shop.com', '12345678');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() =>
      expect(submitError()).toHaveTextContent('An error occurred while logging in. Please try again.'),
    );
    expect(
      await screen.findByText('We could not reach the shop. Please check your connection.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it("§8 'Email not verified.': server message, verification opens, a code is requested", async () => {
    const seen: Seen = [];
    server.use(
      answer('post', 'login', 403, { message: 'Email not verified.' }),
      answer('post', 'send-verification-code', 200, { message: 'Verification code sent.' }, seen),
    );
    const { user, store } = await openAuthModal('login');
    await fillLogin(user, 'new@shop.com', '12345678');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Email not verified.')).toBeInTheDocument();
    expect(await screen.findByLabelText('Verification code')).toBeInTheDocument();
    expect(store.getState().auth.modal).toMatchObject({ view: 'verifyLogin', email: 'new@shop.com' });
    await waitFor(() =>
      expect(seen).toEqual([
        { path: 'send-verification-code', body: { email: 'new@shop.com' }, authorization: null },
      ]),
    );
    expect(await screen.findByText('A verification code has been sent to your e-mail')).toBeInTheDocument();
  });

  it("the 'recover' link replaces the login with the forgot-password form, e-mail carried over", async () => {
    const { user, store } = await openAuthModal('login');
    await enterText(user, screen.getByLabelText('E-mail'), 'me@shop.com');
    await user.click(screen.getByRole('button', { name: 'Forgot your password? Recover it' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Recover your password' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('E-mail')).toHaveValue('me@shop.com');
    expect(store.getState().auth.modal.view).toBe('forgot');
  });

  it('in Arabic the form speaks Arabic', async () => {
    const { user } = await openAuthModal('login', { language: 'ar' });
    expect(screen.getByRole('tab', { name: 'تسجيل الدخول' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getAllByRole('button', { name: 'تسجيل الدخول' }).at(-1) as HTMLElement);
    expect(await screen.findByText('يرجى إدخال بريدك الإلكتروني')).toBeInTheDocument();
  });

  it.each([
    [422, 'These credentials do not match our records.', 'بيانات الدخول هذه لا تطابق سجلاتنا.'],
    [403, 'Email not verified.', 'لم يتم التحقق من البريد الإلكتروني.'],
    [429, 'Too many attempts. Please try again later.', 'محاولات كثيرة جدًا. يرجى المحاولة لاحقًا.'],
    // Ten wrong passwords for the address, from anywhere, lock it out (server/routes/passwordGuessing.test.ts).
    [429, 'Too many attempts. Try again in 15 minutes.', 'محاولات كثيرة جدًا. حاول مرة أخرى بعد 15 دقيقة.'],
  ] as const)('in Arabic a known server message (%s) is shown in Arabic', async (status, english, arabic) => {
    server.use(
      answer('post', 'login', status, { message: english }),
      answer('post', 'send-verification-code', 200, { message: 'Verification code sent.' }),
    );
    const { user } = await openAuthModal('login', { language: 'ar' });
    await enterText(user, screen.getByLabelText('البريد الإلكتروني'), 'a@shop.com');
    await enterText(user, screen.getByLabelText('كلمة المرور'), '12345678');
    await user.click(screen.getAllByRole('button', { name: 'تسجيل الدخول' }).at(-1) as HTMLElement);
    expect((await screen.findAllByText(arabic)).length).toBeGreaterThan(0);
    expect(screen.queryByText(english)).not.toBeInTheDocument();
  });

  it('an unknown server message is shown as written', async () => {
    server.use(answer('post', 'login', 422, { message: 'Account locked by the shop.' }));
    const { user } = await openAuthModal('login', { language: 'ar' });
    await enterText(user, screen.getByLabelText('البريد الإلكتروني'), 'a@shop.com');
    await enterText(user, screen.getByLabelText('كلمة المرور'), '12345678');
    await user.click(screen.getAllByRole('button', { name: 'تسجيل الدخول' }).at(-1) as HTMLElement);
    await waitFor(() => expect(submitError()).toHaveTextContent('Account locked by the shop.'));
  });
});
