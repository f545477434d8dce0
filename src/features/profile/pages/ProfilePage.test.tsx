import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { apiUrl, server } from '../../../testing/server';
import { renderProfilePage, SARA } from '../testing/renderProfilePage';
import ProfilePage from './ProfilePage';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

function userHandler(user = SARA) {
  return http.get(apiUrl('users'), () => HttpResponse.json({ user }));
}

function updateHandler(status: number, body: unknown, seen: unknown[] = []) {
  return http.put(apiUrl('profile_update'), async ({ request }) => {
    seen.push(await request.json());
    return body === null
      ? new HttpResponse('<html>oops</html>', { status })
      : HttpResponse.json(body as object, { status });
  });
}

const render = (language: 'en' | 'ar' = 'en') => renderProfilePage('/profile', <ProfilePage />, { language });

async function fillForm(
  user: ReturnType<typeof render>['user'],
  values: { name?: string; email?: string; phone?: string },
) {
  const fields = {
    name: await screen.findByRole('textbox', { name: /^(Name|الاسم)$/ }),
    email: screen.getByRole('textbox', { name: /^(E-mail|البريد الإلكتروني)$/ }),
    phone: screen.getByRole('textbox', { name: /^(Phone number|رقم الهاتف)$/ }),
  };
  for (const [key, value] of Object.entries(values)) {
    const field = fields[key as keyof typeof fields];
    await user.clear(field);
    if (value) await user.type(field, value);
  }
  return fields;
}

const save = (language: 'en' | 'ar' = 'en') =>
  screen.getByRole('button', { name: language === 'en' ? 'Save changes' : 'حفظ التغييرات' });

const CURRENT_PASSWORD = /^(Current password|كلمة المرور الحالية)$/;
const currentPassword = () => screen.getByLabelText(CURRENT_PASSWORD);

describe('ProfilePage', () => {
  it('shows a skeleton, then the profile with the side menu', async () => {
    server.use(userHandler());
    render();
    expect(screen.getByTestId('profile-skeleton')).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Sara')).toBeInTheDocument();
    expect(screen.getByDisplayValue('sara@example.com')).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Account menu' });
    expect(within(menu).getByRole('link', { name: 'My orders' })).toHaveAttribute('href', '/profile-orders');
    expect(within(menu).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('button', { name: 'Delete account' })).toBeInTheDocument();
    expect(document.title).toBe('My profile · Gulf Store');
  });

  it.each([
    ['en', 'Please enter your name', 'Please enter a valid e-mail address', 'Please enter your phone number'],
    ['ar', 'يرجى إدخال اسمك', 'يرجى إدخال بريد إلكتروني صحيح', 'يرجى إدخال رقم هاتفك'],
  ] as const)('checks name, e-mail and phone before sending (%s)', async (language, name, email, phone) => {
    const seen: unknown[] = [];
    server.use(userHandler(), updateHandler(200, {}, seen));
    const { user } = render(language);
    await fillForm(user, { name: '', email: 'not-an-email', phone: '' });
    await user.click(save(language));
    expect(await screen.findByText(name)).toBeInTheDocument();
    expect(screen.getByText(email)).toBeInTheDocument();
    expect(screen.getByText(phone)).toBeInTheDocument();
    expect(seen).toEqual([]);
  });

  it('keeps digits only in the phone number', async () => {
    server.use(userHandler());
    const { user } = render();
    const { phone } = await fillForm(user, { phone: '55-12 ab34' });
    expect(phone).toHaveValue('551234');
  });

  it.each([
    ['en', 'Your profile has been updated'],
    ['ar', 'تم تحديث ملفك الشخصي'],
  ] as const)('saves the profile (%s)', async (language, message) => {
    const seen: unknown[] = [];
    server.use(
      userHandler(),
      updateHandler(
        200,
        { message: 'Profile updated successfully.', user: { ...SARA, name: 'Sara A.' } },
        seen,
      ),
    );
    const { user } = render(language);
    await fillForm(user, { name: 'Sara A.' });
    await user.click(save(language));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(seen).toEqual([{ name: 'Sara A.', email: 'sara@example.com', phone_number: '55123456' }]);
  });

  it.each([
    ['en', 'This e-mail is already registered'],
    ['ar', 'هذا البريد الإلكتروني مسجل بالفعل'],
  ] as const)(
    'says the e-mail is already registered and keeps what was typed (%s)',
    async (language, message) => {
      server.use(
        userHandler(),
        updateHandler(422, {
          message: 'The email has already been taken.',
          errors: { email: ['The email has already been taken.'] },
        }),
      );
      const { user } = render(language);
      await fillForm(user, { name: 'Sara B', email: 'taken@example.com' });
      await user.type(currentPassword(), 'Secret@123');
      await user.click(save(language));
      await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
      expect(screen.getByDisplayValue('Sara B')).toBeInTheDocument();
      expect(screen.getByDisplayValue('taken@example.com')).toBeInTheDocument();
    },
  );

  it('shows the server message when there is one', async () => {
    server.use(userHandler(), updateHandler(500, { message: 'Database is resting' }));
    const { user } = render();
    await fillForm(user, { name: 'Sara C' });
    await user.click(save());
    expect(await screen.findByText('Database is resting')).toBeInTheDocument();
  });

  it('shows the first field error when there is no message', async () => {
    server.use(
      userHandler(),
      updateHandler(422, {
        errors: { phone_number: ['The phone number field must be between 7 and 15 digits.'] },
      }),
    );
    const { user } = render();
    await fillForm(user, { name: 'Sara C' });
    await user.click(save());
    expect(
      await screen.findAllByText('The phone number field must be between 7 and 15 digits.'),
    ).not.toHaveLength(0);
  });

  it.each([
    ['en', 'Profile update failed'],
    ['ar', 'فشل تحديث الملف الشخصي'],
  ] as const)('falls back to the default text (%s)', async (language, message) => {
    server.use(userHandler(), updateHandler(502, null));
    const { user } = render(language);
    await fillForm(user, { name: 'Sara D' });
    await user.click(save(language));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByDisplayValue('Sara D')).toBeInTheDocument();
  });
});

const PENDING = { ...SARA, pending_email: 'new@example.com' };

/** The pending e-mail's three calls, answering as the server does; what each received is kept. */
function emailChangeHandlers(
  options: { confirm?: 'ok' | 'wrong' | 'taken'; resend?: 'ok' | 'too_many' } = {},
) {
  const seen: { confirmed: unknown[]; resent: number; cancelled: number } = {
    confirmed: [],
    resent: 0,
    cancelled: 0,
  };
  const handlers = [
    http.post(apiUrl('profile/email/confirm'), async ({ request }) => {
      seen.confirmed.push(await request.json());
      if (options.confirm === 'wrong') {
        return HttpResponse.json(
          {
            message: 'Invalid or expired verification code.',
            errors: { code: ['Invalid or expired verification code.'] },
          },
          { status: 422 },
        );
      }
      if (options.confirm === 'taken') {
        return HttpResponse.json(
          {
            message: 'The email has already been taken.',
            errors: { email: ['The email has already been taken.'] },
          },
          { status: 422 },
        );
      }
      return HttpResponse.json({
        message: 'Your new email is confirmed.',
        user: { ...SARA, email: 'new@example.com', pending_email: null },
      });
    }),
    http.post(apiUrl('profile/email/resend'), () => {
      seen.resent += 1;
      return options.resend === 'too_many'
        ? HttpResponse.json({ message: 'Too many attempts. Please try again later.' }, { status: 429 })
        : HttpResponse.json({ message: 'We sent a new code to your new email.', user: PENDING });
    }),
    http.delete(apiUrl('profile/email'), () => {
      seen.cancelled += 1;
      return HttpResponse.json({ message: 'Your email stays as it was.', user: SARA });
    }),
  ];
  return { seen, handlers };
}

async function typeCode(user: ReturnType<typeof render>['user'], code: string, language: 'en' | 'ar' = 'en') {
  const panel = await screen.findByTestId('pending-email');
  for (const [index, digit] of [...code].entries()) {
    const label = language === 'en' ? `Digit ${index + 1} of 6` : `الرقم ${index + 1} من 6`;
    await user.type(within(panel).getByRole('textbox', { name: label }), digit);
  }
  return panel;
}

describe('a new e-mail asks who holds the session', () => {
  it.each([
    ['en', 'Enter your current password to change your e-mail'],
    ['ar', 'أدخل كلمة المرور الحالية لتغيير بريدك الإلكتروني'],
  ] as const)(
    'the current password appears with a new address only, and is required before sending (%s)',
    async (language, required) => {
      const seen: unknown[] = [];
      server.use(userHandler(), updateHandler(200, { message: 'ok', user: SARA }, seen));
      const { user } = render(language);
      const { email } = await fillForm(user, { name: 'Sara A' });
      expect(screen.queryByLabelText(CURRENT_PASSWORD)).toBeNull();
      await user.clear(email);
      await user.type(email, 'new@example.com');
      expect(currentPassword()).toHaveAttribute('autocomplete', 'current-password');
      await user.click(save(language));
      expect(await screen.findByText(required)).toBeInTheDocument();
      expect(seen).toEqual([]);
      // Typing the account's own address again (any case) asks for nothing.
      await user.clear(email);
      await user.type(email, 'SARA@example.com');
      expect(screen.queryByLabelText(CURRENT_PASSWORD)).toBeNull();
      await user.click(save(language));
      await waitFor(() => expect(seen).toHaveLength(1));
      expect(seen[0]).not.toHaveProperty('current_password');
    },
  );

  it.each([
    ['en', 'The current password is incorrect', 'Too many attempts. Try again in 15 minutes.'],
    ['ar', 'كلمة المرور الحالية غير صحيحة', 'محاولات كثيرة جدًا. حاول مرة أخرى بعد 15 دقيقة.'],
  ] as const)(
    'a wrong password is said under its field; a lockout says how long (%s)',
    async (language, wrong, locked) => {
      const answers = [
        HttpResponse.json(
          {
            message: 'The current password is incorrect.',
            errors: { current_password: ['The current password is incorrect.'] },
          },
          { status: 422 },
        ),
        HttpResponse.json({ message: 'Too many attempts. Try again in 15 minutes.' }, { status: 429 }),
      ];
      server.use(
        userHandler(),
        http.put(apiUrl('profile_update'), () => answers.shift()),
      );
      const { user } = render(language);
      await fillForm(user, { email: 'new@example.com' });
      await user.type(currentPassword(), 'Guess@123');
      await user.click(save(language));
      const field = currentPassword();
      await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(wrong)));
      // What the shopper typed stays.
      expect(screen.getByDisplayValue('new@example.com')).toBeInTheDocument();
      expect(field).toHaveValue('Guess@123');
      await user.click(save(language));
      expect((await screen.findAllByText(locked)).length).toBeGreaterThan(0);
    },
  );

  it('a password set meanwhile (another tab) shows its field once the server asks for it', async () => {
    const seen: unknown[] = [];
    server.use(
      userHandler({ ...SARA, has_password: false }),
      updateHandler(
        422,
        {
          message: 'Enter your current password to change your email.',
          errors: { current_password: ['Enter your current password to change your email.'] },
        },
        seen,
      ),
    );
    const { user } = render();
    await fillForm(user, { email: 'new@example.com' });
    expect(screen.queryByLabelText(CURRENT_PASSWORD)).toBeNull();
    await user.click(save());
    await waitFor(() =>
      expect(currentPassword()).toHaveAccessibleDescription(
        expect.stringContaining('Enter your current password to change your e-mail'),
      ),
    );
    await user.type(currentPassword(), 'Secret@123');
    await user.click(save());
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]).toMatchObject({ current_password: 'Secret@123' });
  });

  it.each([
    ['en', 'To change your e-mail, sign out and sign in again, then save within 15 minutes.'],
    ['ar', 'لتغيير بريدك الإلكتروني، سجّل الخروج ثم سجّل الدخول مجددًا، واحفظ خلال 15 دقيقة.'],
  ] as const)(
    'an account without a password (social sign-in) is told to sign in again when its sign-in is old (%s)',
    async (language, message) => {
      const seen: unknown[] = [];
      server.use(
        userHandler({ ...SARA, has_password: false }),
        updateHandler(403, { message: 'Sign in again to change your email.', code: 'reauth_required' }, seen),
      );
      const { user } = render(language);
      await fillForm(user, { email: 'new@example.com' });
      expect(screen.queryByLabelText(CURRENT_PASSWORD)).toBeNull();
      await user.click(save(language));
      expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
      expect(seen).toEqual([{ name: 'Sara', email: 'new@example.com', phone_number: '55123456' }]);
      expect(screen.getByDisplayValue('new@example.com')).toBeInTheDocument();
    },
  );
});

describe('a new e-mail', () => {
  it.each([
    [
      'en',
      'We sent a code to new@example.com. Enter it to confirm your new e-mail.',
      'We sent a code to new@example.com. Your e-mail stays sara@example.com until you enter it here.',
    ],
    [
      'ar',
      'أرسلنا رمزًا إلى new@example.com. أدخله لتأكيد بريدك الإلكتروني الجديد.',
      'أرسلنا رمزًا إلى new@example.com. سيبقى بريدك الإلكتروني sara@example.com حتى تُدخل الرمز هنا.',
    ],
  ] as const)(
    'waits for its code: the profile says which address stays and asks for the code (%s)',
    async (language, toast, pending) => {
      const seen: unknown[] = [];
      server.use(
        userHandler(),
        updateHandler(
          200,
          {
            message:
              'Profile updated successfully. Please enter the code we sent to your new email to confirm it.',
            user: PENDING,
          },
          seen,
        ),
      );
      const { user, store } = render(language);
      await fillForm(user, { email: 'new@example.com' });
      await user.type(currentPassword(), 'Secret@123');
      await user.click(save(language));
      const strip = (text: string | null) => text?.replace(/[\u2068\u2069]/g, '');
      await waitFor(() =>
        expect(
          screen.getAllByText((_content, element) => strip(element?.textContent ?? null) === toast),
        ).not.toHaveLength(0),
      );
      const panel = await screen.findByTestId('pending-email');
      expect(strip(within(panel).getByText(/new@example\.com/).textContent)).toBe(pending);
      expect(within(panel).getByTestId('pending-email-code-boxes')).toBeInTheDocument();
      expect(seen).toEqual([
        { name: 'Sara', email: 'new@example.com', phone_number: '55123456', current_password: 'Secret@123' },
      ]);
      // The form and the session keep the account's address; no dialog opens; the password is not kept.
      expect(screen.queryByLabelText(CURRENT_PASSWORD)).toBeNull();
      expect(screen.getByDisplayValue('sara@example.com')).toBeInTheDocument();
      expect(store.getState().auth.email).toBe('sara@example.com');
      expect(screen.queryByRole('dialog')).toBeNull();
    },
  );

  it('the code confirms it: the profile and the session go on under the new address', async () => {
    const { seen, handlers } = emailChangeHandlers();
    server.use(userHandler(PENDING), ...handlers);
    const { user, store } = render();
    await typeCode(user, '012345');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/Your e-mail is now/)).toHaveTextContent('new@example.com');
    expect(seen.confirmed).toEqual([{ code: '012345' }]);
    await waitFor(() => expect(screen.queryByTestId('pending-email')).toBeNull());
    expect(screen.getByDisplayValue('new@example.com')).toBeInTheDocument();
    expect(store.getState().auth).toMatchObject({ email: 'new@example.com', token: 'token-1', userId: 9 });
  });

  it.each([
    ['en', 'This code is wrong or has expired. Check the latest e-mail, or send a new code.'],
    ['ar', 'هذا الرمز غير صحيح أو انتهت صلاحيته. راجع آخر رسالة، أو اطلب رمزًا جديدًا.'],
  ] as const)('a wrong code empties the boxes and says why (%s)', async (language, message) => {
    const { handlers } = emailChangeHandlers({ confirm: 'wrong' });
    server.use(userHandler(PENDING), ...handlers);
    const { user } = render(language);
    const panel = await typeCode(user, '999999', language);
    await user.click(within(panel).getByRole('button', { name: language === 'en' ? 'Confirm' : 'تأكيد' }));
    expect(await within(panel).findByText(message)).toBeInTheDocument();
    for (const box of within(panel).getAllByRole('textbox')) expect(box).toHaveValue('');
    await waitFor(() => expect(within(panel).getAllByRole('textbox')[0]).toHaveFocus());
  });

  it('an address somebody took meanwhile is said so, and the code stays typed', async () => {
    const { handlers } = emailChangeHandlers({ confirm: 'taken' });
    server.use(userHandler(PENDING), ...handlers);
    const { user } = render();
    const panel = await typeCode(user, '123456');
    await user.click(within(panel).getByRole('button', { name: 'Confirm' }));
    expect(await within(panel).findByText('This e-mail is already registered')).toBeInTheDocument();
    expect(within(panel).getAllByRole('textbox')[5]).toHaveValue('6');
  });

  it('an incomplete code is not sent', async () => {
    const { seen, handlers } = emailChangeHandlers();
    server.use(userHandler(PENDING), ...handlers);
    const { user } = render();
    const panel = await typeCode(user, '123');
    await user.click(within(panel).getByRole('button', { name: 'Confirm' }));
    expect(await within(panel).findByText('Please enter all 6 digits of the code')).toBeInTheDocument();
    expect(seen.confirmed).toEqual([]);
  });

  it.each([
    ['ok', 'We sent a new code to new@example.com'],
    ['too_many', 'Please wait a minute before asking for another code.'],
  ] as const)('sends a new code on request (%s)', async (outcome, message) => {
    const { seen, handlers } = emailChangeHandlers({ resend: outcome });
    server.use(userHandler(PENDING), ...handlers);
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Send a new code' }));
    await waitFor(() =>
      expect(
        screen.getAllByText(
          (_content, element) => element?.textContent?.replace(/[\u2068\u2069]/g, '') === message,
        ),
      ).not.toHaveLength(0),
    );
    expect(seen.resent).toBe(1);
  });

  it('keeping the current address drops the pending one', async () => {
    const { seen, handlers } = emailChangeHandlers();
    server.use(userHandler(PENDING), ...handlers);
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Keep my current e-mail' }));
    await waitFor(() => expect(screen.queryByTestId('pending-email')).toBeNull());
    expect(seen.cancelled).toBe(1);
    expect(screen.getByDisplayValue('sara@example.com')).toBeInTheDocument();
  });
});

describe('profile picture', () => {
  // jsdom has no object URLs; the preview only needs one.
  beforeAll(() => {
    URL.createObjectURL = () => 'blob:preview';
    URL.revokeObjectURL = () => undefined;
  });

  function uploads(status = 200, refusal = 'The image field must be a file of type: png, jpeg, webp.') {
    const seen: string[] = [];
    server.use(
      userHandler(),
      http.post(apiUrl('profile_update/picture'), async ({ request }) => {
        const form = await request.formData();
        const image = form.get('image');
        // jsdom's File reaches Node's FormData as a plain field: the test sees that one arrived, as multipart.
        seen.push(
          `${request.headers.get('content-type')?.split(';')[0]} ${image === null ? 'none' : 'image'}`,
        );
        return status === 200
          ? HttpResponse.json({
              message: 'Profile picture updated successfully.',
              user: { ...SARA, profile_image: '/uploads/profile/9-a.png' },
            })
          : HttpResponse.json({ message: refusal, errors: { image: [refusal] } }, { status });
      }),
    );
    return seen;
  }

  it.each([
    ['en', 'Please choose a PNG, JPEG or WebP picture'],
    ['ar', 'يرجى اختيار صورة بصيغة PNG أو JPEG أو WebP'],
  ] as const)('refuses an SVG renamed to .png before any upload (%s)', async (language, message) => {
    const seen = uploads();
    const { user } = render(language);
    const input = await screen.findByTestId('avatar-input');
    const svg = new File(
      ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      'me.png',
      {
        type: 'image/png',
      },
    );
    await user.upload(input, svg);
    expect(await screen.findAllByText(message)).not.toHaveLength(0);
    expect(seen).toEqual([]);
  });

  it('refuses a file that is not an image at all', async () => {
    const seen = uploads();
    renderProfilePage('/profile', <ProfilePage />);
    const input = await screen.findByTestId('avatar-input');
    // Past the picker's filter, as a drag or an old browser may hand it over.
    fireEvent.change(input, {
      target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(await screen.findAllByText('Please choose a PNG, JPEG or WebP picture')).not.toHaveLength(0);
    expect(seen).toEqual([]);
  });

  it.each([
    ['en', 'The picture must be 5 MB or smaller'],
    ['ar', 'يجب ألا يزيد حجم الصورة عن 5 ميغابايت'],
  ] as const)('refuses a picture over 5 MB (%s)', async (language, message) => {
    const seen = uploads();
    const { user } = render(language);
    const big = new File([PNG, new Uint8Array(5 * 1024 * 1024)], 'big.png', { type: 'image/png' });
    await user.upload(await screen.findByTestId('avatar-input'), big);
    expect(await screen.findAllByText(message)).not.toHaveLength(0);
    expect(seen).toEqual([]);
  });

  it('uploads a real picture and shows it', async () => {
    const seen = uploads();
    const { user } = render();
    await user.upload(
      await screen.findByTestId('avatar-input'),
      new File([PNG], 'me.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('Your picture has been updated')).toBeInTheDocument();
    expect(seen).toEqual(['multipart/form-data image']);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Profile picture' })).toHaveAttribute(
        'src',
        expect.stringMatching(/blob:|\/uploads\//),
      ),
    );
  });

  it.each([
    ['en', 'Error updating picture'],
    ['ar', 'حدث خطأ أثناء تحديث الصورة'],
  ] as const)('says so when the server refuses the picture (%s)', async (language, message) => {
    uploads(422);
    const { user } = render(language);
    await user.upload(
      await screen.findByTestId('avatar-input'),
      new File([PNG], 'me.png', { type: 'image/png' }),
    );
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it.each([
    [
      'en',
      'The image field must be an image.',
      'This picture could not be read. It may be damaged: please choose another one.',
    ],
    [
      'ar',
      'The image field must be an image.',
      'تعذّرت قراءة هذه الصورة، وقد تكون تالفة. يرجى اختيار صورة أخرى.',
    ],
    ['en', 'The image field has invalid image dimensions.', 'The picture may be at most 4096 × 4096 pixels.'],
    ['ar', 'The image field has invalid image dimensions.', 'يجب ألا تتجاوز أبعاد الصورة 4096 × 4096 بكسل.'],
    [
      'ar',
      'The image field must be a file of type: png, jpeg, webp.',
      'يرجى اختيار صورة بصيغة PNG أو JPEG أو WebP',
    ],
  ] as const)(
    'shows why the server refused the picture in the shopper’s language (%s: %s)',
    async (language, refusal, shown) => {
      uploads(422, refusal);
      const { user } = render(language);
      await user.upload(
        await screen.findByTestId('avatar-input'),
        new File([PNG], 'me.png', { type: 'image/png' }),
      );
      expect(await screen.findAllByText(shown)).not.toHaveLength(0);
    },
  );
});
