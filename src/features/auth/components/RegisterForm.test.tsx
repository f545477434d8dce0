import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { openAuthModal } from '../../../testing/authModal';
import { answer, nationalitiesHandler, type Seen } from '../../../testing/handlers/auth';
import { apiUrl, server } from '../../../testing/server';
import { enterText } from '../../../testing/enterText';

type User = Awaited<ReturnType<typeof openAuthModal>>['user'];

async function fillRegistration(user: User, overrides: { phone?: string; password?: string } = {}) {
  await enterText(user, screen.getByLabelText('E-mail'), 'sara@shop.com');
  await enterText(user, screen.getByLabelText('Username'), 'Sara');
  // Pasted, not typed: a keystroke renders the whole form and its 240 calling codes; typing itself has its own test.
  await enterText(
    user,
    screen.getByRole('textbox', { name: 'Phone number' }),
    overrides.phone ?? '0912 345-678',
  );
  await user.click(screen.getByRole('button', { name: /Nationality/ }));
  await user.click(await screen.findByRole('button', { name: 'Kuwaiti' }));
  await enterText(user, screen.getByLabelText('Password'), overrides.password ?? 'Secret1!x');
  await enterText(user, screen.getByLabelText('Confirm password'), overrides.password ?? 'Secret1!x');
}

const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Create account' }));
const submitError = () => screen.getByTestId('register-submit-error');

describe('registration form', () => {
  beforeEach(() => server.use(nationalitiesHandler));

  it('labels every field; the phone code defaults to +963 and lists the whole world', async () => {
    await openAuthModal('signup');
    for (const label of ['E-mail', 'Username', 'Country calling code', 'Password', 'Confirm password']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toBeInTheDocument();
    const code = screen.getByLabelText('Country calling code') as HTMLSelectElement;
    expect(code.selectedOptions[0]?.textContent).toContain('Syria');
    expect(code.selectedOptions[0]?.textContent).toContain('+963');
    expect(code.options.length).toBeGreaterThan(230);
  });

  it('lists the nationalities with local flags, in the language of the interface', async () => {
    const { user } = await openAuthModal('signup', { language: 'ar' });
    await user.click(screen.getByRole('button', { name: /الجنسية/ }));
    const kuwaiti = await screen.findByRole('button', { name: 'كويتي' });
    expect(kuwaiti.querySelector('img')).toHaveAttribute('src', '/flags/kw.svg');
  });

  it('a failed nationalities call is only logged; the list stays empty', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get(apiUrl('nationalities'), () => HttpResponse.json({ message: 'down' }, { status: 500 })),
    );
    await openAuthModal('signup');
    await waitFor(() =>
      expect(log).toHaveBeenCalledWith('[auth] could not load nationalities', expect.anything()),
    );
    expect(screen.getByRole('button', { name: /Nationality/ })).toHaveTextContent(
      'No nationalities to choose from',
    );
    expect(screen.queryByRole('alert', { name: /down/ })).not.toBeInTheDocument();
    log.mockRestore();
  });

  it('strips the phone number to digits, Arabic-Indic included', async () => {
    const { user } = await openAuthModal('signup');
    const phone = screen.getByRole('textbox', { name: 'Phone number' });
    await user.type(phone, '+٩٦٥ 55-12 34');
    expect(phone).toHaveValue('965551234');
  });

  it('shows the docs/spec/01-shell-and-account.md §5 rules of every field', async () => {
    const { user } = await openAuthModal('signup');
    await submit(user);
    for (const text of [
      'Please enter your e-mail address',
      'Please enter a username',
      'Please enter your phone number',
      'Please choose your nationality',
      'Please enter a password',
      'Please confirm the password',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    await enterText(user, screen.getByRole('textbox', { name: 'Phone number' }), '123');
    await enterText(user, screen.getByLabelText('Password'), 'abcdefgh1');
    await enterText(user, screen.getByLabelText('Confirm password'), 'other');
    await user.tab();
    expect(await screen.findByText('The phone number must be at least 7 digits')).toBeInTheDocument();
    expect(
      screen.getByText('The password must contain upper case and lower case letters, numbers and symbols'),
    ).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    await enterText(user, screen.getByRole('textbox', { name: 'Phone number' }), '4567890123456');
    await user.tab();
    expect(await screen.findByText('The phone number must be at most 15 digits')).toBeInTheDocument();
  });

  it('sends exactly the docs/spec/01-shell-and-account.md §3 payload and moves to verification', async () => {
    const seen: Seen = [];
    server.use(
      answer(
        'post',
        'register',
        201,
        { message: 'ok', token: 'reg-token', user: { id: 31, email: 'sara@shop.com', name: 'Sara' } },
        seen,
      ),
    );
    const { user, store } = await openAuthModal('signup');
    await fillRegistration(user);
    await submit(user);
    await waitFor(() => expect(store.getState().auth.modal.view).toBe('verify'));
    expect(seen[0]?.body).toStrictEqual({
      name: 'Sara',
      email: 'sara@shop.com',
      password: 'Secret1!x',
      password_confirmation: 'Secret1!x',
      phone_code: '+963',
      phone_number: '0912345678',
      nationality: 16,
    });
    // Registration alone does not sign in: the verification does.
    expect(store.getState().auth.token).toBeNull();
    expect(store.getState().auth.modal).toMatchObject({ email: 'sara@shop.com', userId: 31 });
    expect(
      within(screen.getByRole('dialog')).getByRole('heading', { name: 'Verify your e-mail' }),
    ).toBeInTheDocument();
  });

  it('another phone code is sent as picked', async () => {
    const seen: Seen = [];
    server.use(
      answer('post', 'register', 201, { token: 't', user: { id: 1, email: 'sara@shop.com' } }, seen),
    );
    const { user } = await openAuthModal('signup');
    await user.selectOptions(screen.getByLabelText('Country calling code'), 'kw');
    await fillRegistration(user, { phone: '55512345' });
    await submit(user);
    await waitFor(() =>
      expect(seen[0]?.body).toMatchObject({ phone_code: '+965', phone_number: '55512345' }),
    );
  });

  it("'The email has already been taken.' → email is already registered", async () => {
    server.use(
      answer('post', 'register', 422, {
        message: 'The email has already been taken.',
        errors: { email: ['The email has already been taken.'] },
      }),
    );
    const { user } = await openAuthModal('signup');
    await fillRegistration(user);
    await submit(user);
    await waitFor(() => expect(submitError()).toHaveTextContent('This e-mail is already registered'));
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('This e-mail is already registered');
  });

  it.each([
    ['en', 'The attempts to register with this e-mail are used up. Please try another e-mail.'],
    ['ar', 'استُنفدت محاولات التسجيل بهذا البريد الإلكتروني. يرجى تجربة بريد إلكتروني آخر.'],
  ] as const)('the exhausted mail sender, in %s', async (language, text) => {
    server.use(
      answer('post', 'register', 500, {
        message: 'User registration failed',
        error: 'The mail sender for this address is disabled after too many attempts.',
      }),
    );
    const { user } = await openAuthModal('signup', { language });
    if (language === 'ar') {
      await enterText(user, screen.getByLabelText('البريد الإلكتروني'), 'sara@shop.com');
      await enterText(user, screen.getByLabelText('اسم المستخدم'), 'Sara');
      await enterText(user, screen.getByRole('textbox', { name: 'رقم الهاتف' }), '912345678');
      await user.click(screen.getByRole('button', { name: /الجنسية/ }));
      await user.click(await screen.findByRole('button', { name: 'سوري' }));
      await enterText(user, screen.getByLabelText('كلمة المرور'), 'Secret1!x');
      await enterText(user, screen.getByLabelText('تأكيد كلمة المرور'), 'Secret1!x');
      await user.click(screen.getByRole('button', { name: 'إنشاء الحساب' }));
    } else {
      await fillRegistration(user);
      await submit(user);
    }
    await waitFor(() => expect(submitError()).toHaveTextContent(text));
  });

  it('any other failure: registration_error and each 422 field error on its field (first message)', async () => {
    server.use(
      answer('post', 'register', 422, {
        message: 'The given data was invalid.',
        errors: {
          phone_number: ['The phone number format is invalid.', 'second'],
          name: ['The name has already been taken.'],
        },
      }),
    );
    const { user } = await openAuthModal('signup');
    await fillRegistration(user);
    await submit(user);
    await waitFor(() =>
      expect(submitError()).toHaveTextContent('Registration failed. Please check the form.'),
    );
    expect(screen.getByText('The phone number format is invalid.')).toBeInTheDocument();
    expect(screen.queryByText('second')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('The name has already been taken.');
    // Typing again clears the server's word on that field.
    await enterText(user, screen.getByLabelText('Username'), 'x');
    expect(screen.queryByText('The name has already been taken.')).not.toBeInTheDocument();
  });

  it("known 422 field messages are shown in the interface's words", async () => {
    server.use(
      answer('post', 'register', 422, {
        message: 'The phone number field must be between 7 and 15 digits. (and 1 more error)',
        errors: {
          phone_number: ['The phone number field must be between 7 and 15 digits.'],
          password: ['The password field must contain at least one symbol.'],
        },
      }),
    );
    const { user } = await openAuthModal('signup');
    await fillRegistration(user);
    await submit(user);
    expect(await screen.findByText('The phone number must be 7 to 15 digits')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining(
        'The password must contain upper case and lower case letters, numbers and symbols',
      ) as string,
    );
    expect(screen.queryByText(/must contain at least one symbol/)).not.toBeInTheDocument();
  });

  it('an answer without token or user is a registration error', async () => {
    server.use(answer('post', 'register', 201, { message: 'Registered' }));
    const { user, store } = await openAuthModal('signup');
    await fillRegistration(user);
    await submit(user);
    await waitFor(() =>
      expect(submitError()).toHaveTextContent('Registration failed. Please check the form.'),
    );
    expect(store.getState().auth.modal.view).toBe('signup');
  });
});
