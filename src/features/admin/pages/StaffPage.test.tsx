import { screen, waitFor, within } from '@testing-library/react';

import type { Language } from '../../../app/events';
import { allResources } from '../../../i18n/resources';
import { renderAdmin } from '../testing';

const texts = (language: Language) => allResources[language].admin.admin;

describe('staff management (the owner’s)', () => {
  it.each<Language>(['en', 'ar'])(
    'lists staff and owners, makes an existing account staff by e-mail and takes the role back (%s)',
    async (language) => {
      const { user, shop } = renderAdmin('/admin/staff', { language });
      const words = texts(language).staff;
      const list = await screen.findByTestId('staff-list');
      expect(within(list).getAllByTestId('staff-member')).toHaveLength(2);
      // the owner's row has no way to take its role
      const ownerRow = within(list).getByText('owner@shop.test').closest('li') as HTMLElement;
      expect(within(ownerRow).queryByTestId('remove-staff')).not.toBeInTheDocument();
      expect(ownerRow).toHaveTextContent(words.roles.owner);

      const field = screen.getByLabelText(words.email);
      await user.type(field, 'not-an-email');
      await user.click(screen.getByTestId('make-staff'));
      expect(await screen.findByText(words.email_invalid)).toBeInTheDocument();
      expect(shop.calls.filter((call) => call.method === 'POST')).toEqual([]);

      await user.clear(field);
      await user.type(field, 'nobody@example.com');
      await user.click(screen.getByTestId('make-staff'));
      expect(await screen.findByText(texts(language).refusals.user_not_found)).toBeInTheDocument();
      // what was typed stays, to correct it
      expect(field).toHaveValue('nobody@example.com');

      await user.clear(field);
      await user.type(field, 'Sara@example.com ');
      await user.click(screen.getByTestId('make-staff'));
      await waitFor(() =>
        expect(within(screen.getByTestId('staff-list')).getAllByTestId('staff-member')).toHaveLength(3),
      );
      expect(shop.calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
        email: 'Sara@example.com',
        role: 'staff',
      });
      expect(field).toHaveValue('');

      const saraRow = within(screen.getByTestId('staff-list'))
        .getByText('sara@example.com')
        .closest('li') as HTMLElement;
      await user.click(within(saraRow).getByTestId('remove-staff'));
      await user.click(within(saraRow).getByTestId('remove-staff-confirm'));
      await waitFor(() =>
        expect(within(screen.getByTestId('staff-list')).getAllByTestId('staff-member')).toHaveLength(2),
      );
      expect(shop.calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
        email: 'sara@example.com',
        role: 'shopper',
      });
    },
  );

  it.each<Language>(['en', 'ar'])(
    'switches one member’s mails of paid orders and reviews on and off, as the server answers (%s)',
    async (language) => {
      const { user, shop } = renderAdmin('/admin/staff', { language });
      const words = texts(language).staff;
      const list = await screen.findByTestId('staff-list');
      const hudaRow = within(list).getByText('huda@shop.test').closest('li') as HTMLElement;
      const ownerRow = within(list).getByText('owner@shop.test').closest('li') as HTMLElement;
      const huda = within(hudaRow).getByRole('switch', { name: words.notifications });
      expect(huda).not.toBeChecked();
      expect(within(ownerRow).getByRole('switch', { name: words.notifications })).toBeChecked();

      await user.click(huda);
      expect(
        await screen.findByText(words.notifications_on.replace('{{email}}', 'huda@shop.test')),
      ).toBeInTheDocument();
      await waitFor(() => expect(huda).toBeChecked());
      expect(shop.calls.filter((call) => call.method === 'POST').at(-1)).toMatchObject({
        path: 'admin/staff/2/notifications',
        body: { on: true },
      });

      await user.click(huda);
      await waitFor(() => expect(huda).not.toBeChecked());
      expect(shop.calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({ on: false });
    },
  );

  it('the owner sees the staff section in the menu; staff neither see it nor get the list', async () => {
    const { shop } = renderAdmin('/admin/staff', { role: 'staff' });
    expect(await screen.findByText('Only the shop’s owner can do this.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Staff' })).not.toBeInTheDocument();
    expect(shop.calls.some((call) => call.path === 'admin/staff')).toBe(false);
  });

  it('the owner’s menu links to it', async () => {
    renderAdmin('/admin/coupons', { role: 'owner' });
    expect(await screen.findByRole('link', { name: 'Staff' })).toHaveAttribute('href', '/admin/staff');
  });
});
