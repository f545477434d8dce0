import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { authFlowAdvanced } from '../authSlice';
import { AuthModalHost } from '../../../shell/AuthModalHost';
import { answer, noAnswer, type Seen } from '../../../testing/handlers/auth';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { server } from '../../../testing/server';

async function openVerification(options: { fakeTimers?: boolean } = {}) {
  const utils = renderWithProviders(<AuthModalHost />);
  act(() => {
    utils.store.dispatch(authFlowAdvanced({ view: 'verify', email: 'sara@shop.com', userId: 31 }));
  });
  await screen.findByRole('group', { name: 'Verification code' });
  const user = options.fakeTimers ? userEvent.setup({ advanceTimers: jest.advanceTimersByTime }) : utils.user;
  return { ...utils, user };
}

const boxes = () => screen.getAllByRole('textbox') as HTMLInputElement[];

describe('verification dialog (six boxes)', () => {
  it('shows the e-mail masked to its first 3 characters and focuses the first box', async () => {
    await openVerification();
    expect(screen.getByTestId('masked-email')).toHaveTextContent(/^sar•••••$/);
    expect(screen.queryByText('sara@shop.com')).not.toBeInTheDocument();
    await waitFor(() => expect(boxes()[0]).toHaveFocus());
  });

  it('asks for the complete code before calling the server', async () => {
    const { user } = await openVerification();
    await user.click(boxes()[0] as HTMLInputElement);
    await user.keyboard('123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Please enter the complete code')).toBeInTheDocument();
  });

  it('success stores token, id and e-mail and says registration successful', async () => {
    const seen: Seen = [];
    server.use(
      answer(
        'post',
        'verify-code',
        200,
        { message: 'Email verified successfully.', token: 'v-token', id: 31, email: 'sara@shop.com' },
        seen,
      ),
    );
    const { user, store } = await openVerification();
    await user.click(boxes()[0] as HTMLInputElement);
    await user.paste('٤٢٤٢٤٢');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(store.getState().auth.token).toBe('v-token'));
    expect(seen[0]?.body).toEqual({ email: 'sara@shop.com', code: '424242' });
    expect(store.getState().auth).toMatchObject({ userId: 31, email: 'sara@shop.com' });
    expect(await screen.findByText('Registration successful. Welcome!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('takes the id from the registration when the answer has only token and message', async () => {
    server.use(answer('post', 'verify-code', 200, { message: 'Email verified successfully.', token: 'v2' }));
    const { user, store } = await openVerification();
    await user.click(boxes()[0] as HTMLInputElement);
    await user.paste('111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(store.getState().auth).toMatchObject({ token: 'v2', userId: 31, email: 'sara@shop.com' }),
    );
  });

  it("a wrong code clears the boxes, focuses the first and says 'code … wrong' (toast: the server's message)", async () => {
    server.use(answer('post', 'verify-code', 422, { message: 'Invalid or expired verification code.' }));
    const { user, store } = await openVerification();
    await user.click(boxes()[0] as HTMLInputElement);
    await user.paste('999999');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code 999999 is wrong')).toBeInTheDocument();
    expect(await screen.findByText('Invalid or expired verification code.')).toBeInTheDocument();
    expect(boxes().map((box) => box.value)).toEqual(['', '', '', '', '', '']);
    expect(boxes()[0]).toHaveFocus();
    expect(screen.getByRole('group', { name: 'Verification code' })).toHaveAccessibleDescription(
      'The code 999999 is wrong',
    );
    // The group is marked once; its empty boxes are not each shown as an error.
    expect(screen.getByRole('group', { name: 'Verification code' })).toHaveAttribute('aria-invalid', 'true');
    for (const box of boxes()) {
      expect(box).not.toHaveAttribute('aria-invalid');
      expect(box).not.toHaveClass('is-invalid');
    }
    expect(screen.getAllByText('The code 999999 is wrong')).toHaveLength(1);
    expect(store.getState().auth.token).toBeNull();
  });

  it('a failure without a message says verification_failed and keeps the code', async () => {
    server.use(answer('post', 'verify-code', 500, {}));
    const { user } = await openVerification();
    await user.click(boxes()[0] as HTMLInputElement);
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getAllByText('Verification failed')).toHaveLength(2));
    expect(screen.queryByText('The code 123456 is wrong')).not.toBeInTheDocument();
    expect(boxes().map((box) => box.value)).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('too many attempts (429) is not a wrong code: the message, the boxes kept', async () => {
    server.use(answer('post', 'verify-code', 429, { message: 'Too many attempts. Please try again later.' }));
    const { user } = await openVerification();
    await user.click(boxes()[0] as HTMLInputElement);
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Verification code' })).toHaveAccessibleDescription(
        'Too many attempts. Please try again later.',
      ),
    );
    expect(screen.queryByText(/is wrong/)).not.toBeInTheDocument();
    expect(boxes().map((box) => box.value)).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('no answer at all is not a wrong code either', async () => {
    server.use(noAnswer('verify-code'));
    const { user } = await openVerification();
    await user.click(boxes()[0] as HTMLInputElement);
    await user.paste('654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getAllByText('Verification failed')).toHaveLength(2));
    expect(screen.queryByText(/is wrong/)).not.toBeInTheDocument();
    expect(boxes().map((box) => box.value)).toEqual(['6', '5', '4', '3', '2', '1']);
  });

  describe('the 15-minute countdown', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('counts from 15:00; at 0 the resend control appears and works', async () => {
      const seen: Seen = [];
      server.use(answer('post', 'send-verification-code', 200, { message: 'Verification code sent.' }, seen));
      const { user } = await openVerification({ fakeTimers: true });
      expect(screen.getByTestId('countdown')).toHaveTextContent('15:00');
      act(() => jest.advanceTimersByTime(61_000));
      expect(screen.getByTestId('countdown')).toHaveTextContent('13:59');
      expect(screen.queryByRole('button', { name: 'Resend the code now' })).not.toBeInTheDocument();
      act(() => jest.advanceTimersByTime(839_000));
      expect(screen.queryByTestId('countdown')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Resend the code now' }));
      expect(await screen.findByText('A new code has been sent')).toBeInTheDocument();
      expect(seen[0]?.body).toEqual({ email: 'sara@shop.com' });
      expect(screen.getByTestId('countdown')).toHaveTextContent('15:00');
    });

    it('a failed resend says the server message, or error_resending_code', async () => {
      server.use(answer('post', 'send-verification-code', 500, {}));
      const { user } = await openVerification({ fakeTimers: true });
      act(() => jest.advanceTimersByTime(900_000));
      await user.click(screen.getByRole('button', { name: 'Resend the code now' }));
      expect(
        await screen.findByText('The code could not be sent again. Please try again later.'),
      ).toBeInTheDocument();
      server.use(
        answer('post', 'send-verification-code', 429, {
          message: 'Too many attempts. Please try again later.',
        }),
      );
      await user.click(await screen.findByRole('button', { name: 'Resend the code now' }));
      expect(await screen.findByText('Too many attempts. Please try again later.')).toBeInTheDocument();
    });
  });
});
