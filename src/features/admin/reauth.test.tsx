// A sensitive action refused for an old proof (issue 47, finding 5): the dialog asks the password (or a code from
// the app), then the same call runs again by itself; dismissed, nothing typed is lost.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import type { Language } from '../../app/events';
import { allResources } from '../../i18n/resources';
import { apiUrl, server } from '../../testing/server';
import { renderAdmin } from './testing';

const texts = (language: Language) => allResources[language].admin.admin;

const REFUSED = {
  message: 'Confirm it is you: enter your password or a code from your app again.',
  code: 'reauth_required',
};

/** The next staff change is refused once for an old proof; the password `Owner@2026!` proves it. */
function proofServer() {
  const proofs: unknown[] = [];
  server.use(
    http.post(apiUrl('admin/staff'), () => HttpResponse.json(REFUSED, { status: 403 }), { once: true }),
    http.post(apiUrl('account/reauth'), async ({ request }) => {
      const body = (await request.json()) as { password?: string };
      proofs.push(body);
      return body.password === 'Owner@2026!'
        ? HttpResponse.json({ message: 'Confirmed.' })
        : HttpResponse.json(
            { message: 'The password is incorrect.', errors: { password: ['The password is incorrect.'] } },
            { status: 422 },
          );
    }),
  );
  return proofs;
}

it.each<Language>(['en', 'ar'])(
  'asks the password, then makes the staff change it was asked for, once (%s)',
  async (language) => {
    const { user, shop } = renderAdmin('/admin/staff', { language });
    const words = texts(language);
    const field = await screen.findByLabelText(words.staff.email);
    const proofs = proofServer();
    await user.type(field, 'sara@example.com');
    await user.click(screen.getByTestId('make-staff'));

    const dialog = await screen.findByRole('dialog', { name: words.reauth.title });
    const password = within(dialog).getByLabelText(words.reauth.password);
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(password).toHaveFocus();
    await user.type(password, 'wrong-one{Enter}');
    expect(await within(dialog).findByText(words.reauth.wrong_password)).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'Owner@2026!{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(within(screen.getByTestId('staff-list')).getAllByTestId('staff-member')).toHaveLength(3),
    );
    expect(proofs).toEqual([{ password: 'wrong-one' }, { password: 'Owner@2026!' }]);
    // The retry (the refused call was answered above) reached the shop once, with what was typed.
    expect(shop.calls.filter((call) => call.method === 'POST' && call.path.endsWith('admin/staff'))).toEqual([
      expect.objectContaining({ body: { email: 'sara@example.com', role: 'staff' } }),
    ]);
  },
);

it('dismissed, the action is not made and the e-mail typed stays', async () => {
  const { user, shop } = renderAdmin('/admin/staff');
  const words = texts('en');
  const field = await screen.findByLabelText(words.staff.email);
  proofServer();
  await user.type(field, 'sara@example.com');
  await user.click(screen.getByTestId('make-staff'));
  const dialog = await screen.findByRole('dialog', { name: words.reauth.title });
  await user.click(
    within(dialog).getAllByRole('button', { name: words.reauth.cancel }).at(-1) as HTMLElement,
  );
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(field).toHaveValue('sara@example.com');
  expect(shop.calls.filter((call) => call.method === 'POST')).toEqual([]);
  // Still staff: the area did not take the refusal for a lost role.
  expect(screen.getByTestId('admin-area')).toBeInTheDocument();
});
