import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { apiUrl, server } from '../../../testing/server';
import { renderProfilePage } from '../testing/renderProfilePage';
import ProfileCountryPage from './ProfileCountryPage';
import ProfilePasswordPage from './ProfilePasswordPage';
import ProfileShippingPage from './ProfileShippingPage';

const COUNTRIES = {
  countries: [
    { id: 1, name: { en: 'Kuwait', ar: 'الكويت' }, currency_code: 'KWD' },
    { id: 2, name: { en: 'Saudi Arabia', ar: 'السعودية' }, currency_code: 'SAR' },
  ],
};

describe('change password', () => {
  const account = (hasPassword: boolean) =>
    server.use(
      http.get(apiUrl('users'), () =>
        HttpResponse.json({
          user: {
            id: 7,
            name: 'Sara',
            email: 'sara@shop.com',
            phone_code: null,
            phone_number: null,
            nationality: null,
            profile_image: null,
            has_password: hasPassword,
          },
        }),
      ),
    );
  beforeEach(() => account(true));

  function passwordHandler(status: number, body: object, seen: unknown[] = []) {
    server.use(
      http.post(apiUrl('password/change'), async ({ request }) => {
        seen.push(await request.json());
        return HttpResponse.json(body, { status });
      }),
    );
    return seen;
  }

  const fill = async (
    user: ReturnType<typeof renderProfilePage>['user'],
    current: string,
    next: string,
    again: string,
    language: 'en' | 'ar' = 'en',
  ) => {
    const labels =
      language === 'en'
        ? ['Current password', 'New password', 'Confirm new password']
        : ['كلمة المرور الحالية', 'كلمة المرور الجديدة', 'تأكيد كلمة المرور الجديدة'];
    for (const [index, value] of [current, next, again].entries()) {
      if (value) await user.type(screen.getByLabelText(labels[index] ?? ''), value);
    }
  };

  it.each([
    [
      'en',
      'Please enter your current password',
      'The password must contain upper case and lower case letters, numbers and symbols',
      'The passwords do not match',
    ],
    [
      'ar',
      'يرجى إدخال كلمة المرور الحالية',
      'يجب أن تحتوي كلمة المرور على حروف كبيرة وصغيرة وأرقام ورموز',
      'كلمتا المرور غير متطابقتين',
    ],
  ] as const)('applies the registration rules (%s)', async (language, current, strength, match) => {
    const seen = passwordHandler(200, {});
    const { user } = renderProfilePage('/profile-password', <ProfilePasswordPage />, { language });
    await fill(user, '', 'weakpassword', 'different', language);
    await user.click(
      screen.getByRole('button', { name: language === 'en' ? 'Change password' : 'تغيير كلمة المرور' }),
    );
    expect(await screen.findByText(current)).toBeInTheDocument();
    expect(screen.getByText(strength)).toBeInTheDocument();
    expect(screen.getByText(match)).toBeInTheDocument();
    expect(seen).toEqual([]);
  });

  it.each([
    [
      'en',
      'New password',
      'Confirm new password',
      'Set password',
      'Your password has been set. You can now also log in with your e-mail.',
    ],
    [
      'ar',
      'كلمة المرور الجديدة',
      'تأكيد كلمة المرور الجديدة',
      'تعيين كلمة المرور',
      'تم تعيين كلمة المرور. يمكنك الآن تسجيل الدخول ببريدك الإلكتروني أيضًا.',
    ],
  ] as const)(
    '(%s) an account made by social sign-in sets its first password with new + confirmation only',
    async (language, next, again, submit, done) => {
      account(false);
      const seen = passwordHandler(200, { message: 'Password changed successfully.' });
      const { user } = renderProfilePage('/profile-password', <ProfilePasswordPage />, { language });
      await waitFor(() =>
        expect(
          screen.queryByLabelText(language === 'en' ? 'Current password' : 'كلمة المرور الحالية'),
        ).not.toBeInTheDocument(),
      );
      await user.type(screen.getByLabelText(next), 'First@2345');
      await user.type(screen.getByLabelText(again), 'First@2345');
      await user.click(screen.getByRole('button', { name: submit }));
      expect(await screen.findByText(done)).toBeInTheDocument();
      expect(seen).toEqual([{ password: 'First@2345', password_confirmation: 'First@2345' }]);
    },
  );

  it.each([
    [
      'en',
      'New password',
      'Confirm new password',
      'Set password',
      'To set a password, sign out and sign in again, then set it within 15 minutes.',
    ],
    [
      'ar',
      'كلمة المرور الجديدة',
      'تأكيد كلمة المرور الجديدة',
      'تعيين كلمة المرور',
      'لتعيين كلمة مرور، سجّل الخروج ثم سجّل الدخول مجددًا، وعيّنها خلال 15 دقيقة.',
    ],
  ] as const)(
    '(%s) a first password from a session signed in long ago is told to sign in again; what was typed stays',
    async (language, next, again, submit, message) => {
      account(false);
      passwordHandler(403, { message: 'Sign in again to set a password.', code: 'reauth_required' });
      const { user } = renderProfilePage('/profile-password', <ProfilePasswordPage />, { language });
      await user.type(await screen.findByLabelText(next), 'First@2345');
      await user.type(screen.getByLabelText(again), 'First@2345');
      await user.click(screen.getByRole('button', { name: submit }));
      expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
      expect(screen.getByLabelText(next)).toHaveValue('First@2345');
    },
  );

  it('a password set meanwhile (another tab) shows the current-password field once the server asks for it', async () => {
    account(false);
    const seen = passwordHandler(422, {
      message: 'The current password is incorrect.',
      errors: { current_password: ['The current password is incorrect.'] },
    });
    const { user } = renderProfilePage('/profile-password', <ProfilePasswordPage />);
    await user.type(await screen.findByLabelText('New password'), 'First@2345');
    await user.type(screen.getByLabelText('Confirm new password'), 'First@2345');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    const current = await screen.findByLabelText('Current password');
    await user.type(current, 'Earlier@123');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]).toMatchObject({ current_password: 'Earlier@123', password: 'First@2345' });
  });

  it('an account with a password keeps the current-password field', async () => {
    renderProfilePage('/profile-password', <ProfilePasswordPage />);
    expect(await screen.findByLabelText('Current password')).toBeInTheDocument();
  });

  it('shows and hides each password', async () => {
    const { user } = renderProfilePage('/profile-password', <ProfilePasswordPage />);
    const field = screen.getByLabelText('New password');
    expect(field).toHaveAttribute('type', 'password');
    const toggles = screen.getAllByRole('button', { name: 'Show password' });
    expect(toggles).toHaveLength(3);
    await user.click(toggles[1] as HTMLElement);
    expect(field).toHaveAttribute('type', 'text');
  });

  it.each([
    ['en', 'Your password has been changed. Your other devices have been signed out.'],
    ['ar', 'تم تغيير كلمة المرور. تم تسجيل خروج أجهزتك الأخرى.'],
  ] as const)('changes the password and clears the form (%s)', async (language, message) => {
    const seen = passwordHandler(200, { message: 'Password changed successfully.' });
    const { user } = renderProfilePage('/profile-password', <ProfilePasswordPage />, { language });
    await fill(user, 'OldPass1!', 'NewPass1!', 'NewPass1!', language);
    await user.click(
      screen.getByRole('button', { name: language === 'en' ? 'Change password' : 'تغيير كلمة المرور' }),
    );
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(seen).toEqual([
      { current_password: 'OldPass1!', password: 'NewPass1!', password_confirmation: 'NewPass1!' },
    ]);
    await waitFor(() =>
      expect(screen.getByLabelText(language === 'en' ? 'New password' : 'كلمة المرور الجديدة')).toHaveValue(
        '',
      ),
    );
  });

  it.each([
    ['en', 'The current password is incorrect'],
    ['ar', 'كلمة المرور الحالية غير صحيحة'],
  ] as const)(
    'says when the current password is wrong, keeping what was typed (%s)',
    async (language, message) => {
      passwordHandler(422, {
        message: 'The current password is incorrect.',
        errors: { current_password: ['The current password is incorrect.'] },
      });
      const { user } = renderProfilePage('/profile-password', <ProfilePasswordPage />, { language });
      await fill(user, 'Wrong1!x', 'NewPass1!', 'NewPass1!', language);
      await user.click(
        screen.getByRole('button', { name: language === 'en' ? 'Change password' : 'تغيير كلمة المرور' }),
      );
      await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
      expect(screen.getByLabelText(language === 'en' ? 'New password' : 'كلمة المرور الجديدة')).toHaveValue(
        'NewPass1!',
      );
    },
  );

  it.each([
    ['en', 'Password change failed'],
    ['ar', 'فشل تغيير كلمة المرور'],
  ] as const)('falls back to the default text (%s)', async (language, message) => {
    server.use(http.post(apiUrl('password/change'), () => HttpResponse.error()));
    const { user } = renderProfilePage('/profile-password', <ProfilePasswordPage />, { language });
    await fill(user, 'OldPass1!', 'NewPass1!', 'NewPass1!', language);
    await user.click(
      screen.getByRole('button', { name: language === 'en' ? 'Change password' : 'تغيير كلمة المرور' }),
    );
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});

describe('country', () => {
  it.each([
    ['en', 'Saudi Arabia (SAR)', 'Prices are now shown in SAR'],
    ['ar', 'السعودية (SAR)', 'أصبحت الأسعار معروضة بعملة SAR'],
  ] as const)(
    'lists the countries in the current language; choosing one sets the currency and goes home (%s)',
    async (language, option, message) => {
      server.use(http.get(apiUrl('countries'), () => HttpResponse.json(COUNTRIES)));
      const { user, store } = renderProfilePage('/profile-country', <ProfileCountryPage />, { language });
      const select = await screen.findByRole('combobox');
      await user.selectOptions(select, screen.getByRole('option', { name: option }));
      expect(store.getState().settings.currency).toBe('SAR');
      expect(await screen.findByText(message)).toBeInTheDocument();
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    },
  );

  it.each([
    ['en', 'Error loading countries'],
    ['ar', 'خطأ في تحميل الدول'],
  ] as const)(
    "says 'error loading countries' on the page and as a toast when they fail to load (%s)",
    async (language, message) => {
      server.use(
        http.get(apiUrl('countries'), () => HttpResponse.json({ message: 'down' }, { status: 500 })),
      );
      renderProfilePage('/profile-country', <ProfileCountryPage />, { language });
      // docs/spec/01-shell-and-account.md §8's text, on the page (role alert) and as a toast
      // (docs/spec/02-shopping.md §8).
      await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    },
  );
});

describe('shipping list', () => {
  const SHIPPINGS = [
    {
      id: 4,
      created_at: '2024-05-07T10:00:00.000Z',
      details_en: 'Delivery within Kuwait City',
      details_ar: 'التوصيل داخل مدينة الكويت',
    },
  ];

  it.each([
    ['en', 'Delivery within Kuwait City'],
    ['ar', 'التوصيل داخل مدينة الكويت'],
  ] as const)('shows id, date and details in the current language (%s)', async (language, details) => {
    server.use(http.get(apiUrl('shippings'), () => HttpResponse.json(SHIPPINGS)));
    renderProfilePage('/profile-shipping', <ProfileShippingPage />, { language });
    expect(screen.getByTestId('shipping-skeleton')).toBeInTheDocument();
    const item = await screen.findByTestId('shipping-request');
    expect(within(item).getByText(details)).toBeInTheDocument();
    expect(within(item).getByText('#4')).toBeInTheDocument();
    expect(within(item).getByText('07/05/2024')).toBeInTheDocument();
  });

  it.each([
    ['en', 'Error loading the shipping list'],
    ['ar', 'حدث خطأ أثناء تحميل قائمة الشحن'],
  ] as const)('says so when the list fails to load (%s)', async (language, message) => {
    server.use(http.get(apiUrl('shippings'), () => HttpResponse.json({}, { status: 500 })));
    renderProfilePage('/profile-shipping', <ProfileShippingPage />, { language });
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});

describe('delete account', () => {
  it.each([
    ['en', 'Delete account', 'Delete my account', 'Your account has been deleted'],
    ['ar', 'حذف الحساب', 'احذف حسابي', 'تم حذف حسابك'],
  ] as const)(
    'asks first, then deletes, signs out and goes home (%s)',
    async (language, entry, confirm, message) => {
      let deleted = 0;
      server.use(
        http.get(apiUrl('shippings'), () => HttpResponse.json([])),
        http.delete(apiUrl('profile_delete'), () => {
          deleted += 1;
          return HttpResponse.json({ message: 'Account deleted successfully.' });
        }),
      );
      const { user, store } = renderProfilePage('/profile-shipping', <ProfileShippingPage />, { language });
      await user.click(screen.getByRole('button', { name: entry }));
      const dialog = await screen.findByRole('dialog');
      expect(deleted).toBe(0);
      await user.click(within(dialog).getByRole('button', { name: confirm }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(deleted).toBe(1);
      expect(store.getState().auth.token).toBeNull();
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    },
  );

  it.each([
    ['en', 'Account deletion failed'],
    ['ar', 'فشل حذف الحساب'],
  ] as const)('keeps the session when deleting fails (%s)', async (language, message) => {
    server.use(
      http.get(apiUrl('shippings'), () => HttpResponse.json([])),
      http.delete(apiUrl('profile_delete'), () => HttpResponse.error()),
    );
    const { user, store } = renderProfilePage('/profile-shipping', <ProfileShippingPage />, { language });
    await user.click(
      screen.getByRole('button', { name: language === 'en' ? 'Delete account' : 'حذف الحساب' }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(
      within(dialog).getByRole('button', { name: language === 'en' ? 'Delete my account' : 'احذف حسابي' }),
    );
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(store.getState().auth.token).toBe('token-1');
  });
});
