import { act, screen, waitFor } from '@testing-library/react';

import { AuthModalHost } from '../../../shell/AuthModalHost';
import { answer, type Seen } from '../../../testing/handlers/auth';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { server } from '../../../testing/server';
import { authFlowAdvanced } from '../authSlice';

async function openSingleField() {
  const utils = renderWithProviders(<AuthModalHost />);
  act(() => {
    utils.store.dispatch(authFlowAdvanced({ view: 'verifyLogin', email: 'late@shop.com' }));
  });
  await screen.findByLabelText('Verification code');
  return utils;
}

describe('verification after a login of an unverified account (single field)', () => {
  it('one field limited to 6 digits; required and at least 6', async () => {
    const { user } = await openSingleField();
    const field = screen.getByLabelText('Verification code');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Please enter the verification code')).toBeInTheDocument();
    await user.type(field, '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code must be at least 6 characters')).toBeInTheDocument();
    await user.type(field, '6789');
    expect(field).toHaveValue('123456');
  });

  it.each(['123 456', '١٢٣-٤٥٦', ' 1-2-3-4-5-6 '])('a pasted %p keeps all six digits', async (pasted) => {
    const { user } = await openSingleField();
    const field = screen.getByLabelText('Verification code');
    await user.click(field);
    await user.paste(pasted);
    expect(field).toHaveValue('123456');
  });

  it("success (docs/spec/01-shell-and-account.md §4): 'email verified, login again' and the dialog closes", async () => {
    const seen: Seen = [];
    server.use(
      answer(
        'post',
        'verify-code',
        200,
        { message: 'Email verified successfully.', token: 't', id: 2 },
        seen,
      ),
    );
    const { user, store } = await openSingleField();
    await user.type(screen.getByLabelText('Verification code'), '٠١٢٣٤٥');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Your e-mail is verified. Please log in again.')).toBeInTheDocument();
    expect(seen[0]?.body).toEqual({ email: 'late@shop.com', code: '012345' });
    await waitFor(() => expect(store.getState().auth.modal.open).toBe(false));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.getState().auth.token).toBeNull();
  });

  it('failure: the server message as toast and field error', async () => {
    server.use(answer('post', 'verify-code', 422, { message: 'Invalid or expired verification code.' }));
    const { user } = await openSingleField();
    await user.type(screen.getByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Verification code')).toHaveAccessibleDescription(
        'Invalid or expired verification code.',
      ),
    );
    expect(screen.getAllByText('Invalid or expired verification code.')).toHaveLength(2);
  });

  it('failure without a message: verification_failed', async () => {
    server.use(answer('post', 'verify-code', 500, {}));
    const { user } = await openSingleField();
    await user.type(screen.getByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getAllByText('Verification failed')).toHaveLength(2));
  });

  it('resend sends a new code and says so', async () => {
    const seen: Seen = [];
    server.use(answer('post', 'send-verification-code', 200, { message: 'Verification code sent.' }, seen));
    const { user } = await openSingleField();
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('A new code has been sent')).toBeInTheDocument();
    expect(seen[0]?.body).toEqual({ email: 'late@shop.com' });
  });
});
