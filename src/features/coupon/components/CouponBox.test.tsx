import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { signedOut, type Language } from '../../../app/events';
import { allResources } from '../../../i18n/resources';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { apiUrl, server } from '../../../testing/server';
import { formatMoney } from '../../../lib/money';
import { makeStore } from '../../../app/store';
import { couponApi } from '../couponApi';
import { selectAppliedCoupon } from '../couponSelectors';
import { CouponBox } from './CouponBox';

const texts = (language: Language) => allResources[language].shop.coupon;

const signedIn = {
  auth: { token: 'user-token', userId: 1, email: 'a@b.c', modal: { open: false, view: 'login' as const } },
};

const coupons = [
  { id: 1, code: 'EID2099', is_active: 1, end_date: '2099-12-31', discount: 15 },
  { id: 2, code: 'OLD10', is_active: 1, end_date: '2020-01-01', discount: 10 },
  {
    id: 3,
    code: 'TWOOFF',
    is_active: 1,
    end_date: '2099-12-31',
    discount: 2,
    kind: 'amount',
    min_total: 5,
    starts_on: null,
    converted: { currency_code: 'KWD', amount: 2, min_total: 5 },
  },
  { id: 4, code: 'LATER', is_active: 1, end_date: '2099-12-31', discount: 10, starts_on: '2099-01-01' },
];

type Answer = () => HttpResponse<object> | Promise<HttpResponse<object>>;

function couponHandlers(bodies: unknown[] = [], answer: Answer = () => HttpResponse.json({ discount: 15 })) {
  return [
    http.get(apiUrl('coupons'), () => HttpResponse.json(coupons)),
    http.post(apiUrl('cart/apply-coupon'), async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  ];
}

async function openAndType(
  user: ReturnType<typeof renderWithProviders>['user'],
  language: Language,
  code: string,
) {
  await user.click(screen.getByRole('button', { name: texts(language).have_coupon }));
  const field = screen.getByRole('textbox', { name: texts(language).label });
  await user.type(field, code);
  return field;
}

describe('coupon box', () => {
  it('is not shown to guests in the cart', () => {
    server.use(...couponHandlers());
    renderWithProviders(<CouponBox cartTotal={10} />);
    expect(screen.queryByRole('button', { name: 'Have a coupon?' })).not.toBeInTheDocument();
  });

  it('opens from the link, can be cancelled, and apply is disabled while blank', async () => {
    server.use(...couponHandlers());
    const { user } = renderWithProviders(<CouponBox cartTotal={10} />, { preloadedState: signedIn });
    await user.click(screen.getByRole('button', { name: 'Have a coupon?' }));
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Coupon code' }), '   ');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'Coupon code' })).not.toBeInTheDocument();
  });

  it.each<Language>(['en', 'ar'])(
    'a listed active code, typed loosely, is confirmed by the server and kept (%s)',
    async (language) => {
      const bodies: unknown[] = [];
      server.use(
        ...couponHandlers(bodies, () =>
          HttpResponse.json({ message: 'ok', discount: 15, discount_amount: 1.5 }),
        ),
      );
      const { user, store } = renderWithProviders(<CouponBox cartTotal={10} />, {
        preloadedState: signedIn,
        language,
      });
      await openAndType(user, language, ' eid٢٠٩٩ ');
      await waitFor(() => expect(screen.getByRole('button', { name: texts(language).apply })).toBeEnabled());
      await user.click(screen.getByRole('button', { name: texts(language).apply }));
      expect(await screen.findByText(texts(language).coupon_applied_successfully)).toBeInTheDocument();
      expect(bodies).toEqual([{ coupon_code: 'EID2099', cart_total: 10 }]);
      expect(selectAppliedCoupon(store.getState())).toEqual({ code: 'EID2099', percent: 15 });
      expect(screen.getByTestId('applied-coupon')).toHaveTextContent('EID2099');
    },
  );

  it.each<Language>(['en', 'ar'])(
    'an expired or unknown code is refused without a call (%s)',
    async (language) => {
      const bodies: unknown[] = [];
      server.use(...couponHandlers(bodies));
      const { user, store } = renderWithProviders(<CouponBox cartTotal={10} />, {
        preloadedState: signedIn,
        language,
      });
      await openAndType(user, language, 'OLD10');
      await waitFor(() => expect(screen.getByRole('button', { name: texts(language).apply })).toBeEnabled());
      await user.click(screen.getByRole('button', { name: texts(language).apply }));
      expect(await screen.findAllByText(texts(language).invalid_coupon)).not.toHaveLength(0);
      expect(bodies).toEqual([]);
      expect(selectAppliedCoupon(store.getState())).toBeNull();
    },
  );

  it.each<Language>(['en', 'ar'])(
    'a failed server call says error applying coupon (%s)',
    async (language) => {
      server.use(...couponHandlers([], () => HttpResponse.json({ message: 'down' }, { status: 500 })));
      const { user, store } = renderWithProviders(<CouponBox cartTotal={10} />, {
        preloadedState: signedIn,
        language,
      });
      await openAndType(user, language, 'EID2099');
      await waitFor(() => expect(screen.getByRole('button', { name: texts(language).apply })).toBeEnabled());
      await user.click(screen.getByRole('button', { name: texts(language).apply }));
      expect(await screen.findAllByText(texts(language).error_applying_coupon)).not.toHaveLength(0);
      expect(selectAppliedCoupon(store.getState())).toBeNull();
    },
  );

  it('the server refusing the code (422) says invalid coupon', async () => {
    server.use(
      ...couponHandlers([], () => HttpResponse.json({ message: 'Invalid coupon' }, { status: 422 })),
    );
    const { user } = renderWithProviders(<CouponBox cartTotal={10} />, { preloadedState: signedIn });
    await openAndType(user, 'en', 'EID2099');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Apply' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findAllByText('This coupon is not valid or has expired.')).not.toHaveLength(0);
  });

  it('apply is busy (disabled, with a spinner and a label) while the server answers', async () => {
    // The server answers only once the test has seen the busy button.
    let answer = () => undefined as void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      ...couponHandlers([], async () => {
        await answered;
        return HttpResponse.json({ discount: 15 });
      }),
    );
    const { user } = renderWithProviders(<CouponBox cartTotal={10} />, { preloadedState: signedIn });
    await openAndType(user, 'en', 'EID2099');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Apply' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('button', { name: 'Applying the coupon' })).toBeDisabled();
    answer();
    expect(await screen.findByTestId('applied-coupon')).toBeInTheDocument();
  });

  it.each<Language>(['en', 'ar'])(
    'a guest at checkout is asked to log in, with the login dialog a click away (%s)',
    async (language) => {
      server.use(...couponHandlers());
      const { user, store } = renderWithProviders(<CouponBox cartTotal={10} guests="ask_to_log_in" />, {
        language,
      });
      await openAndType(user, language, 'EID2099');
      await waitFor(() => expect(screen.getByRole('button', { name: texts(language).apply })).toBeEnabled());
      await user.click(screen.getByRole('button', { name: texts(language).apply }));
      expect(await screen.findAllByText(texts(language).login_required_for_discount_codes)).not.toHaveLength(
        0,
      );
      await user.click(screen.getByRole('button', { name: texts(language).log_in }));
      expect(store.getState().auth.modal.open).toBe(true);
    },
  );

  it('signing out forgets the applied coupon', async () => {
    server.use(...couponHandlers());
    const { store } = renderWithProviders(<CouponBox cartTotal={10} guests="ask_to_log_in" />, {
      preloadedState: { ...signedIn, coupon: { applied: { code: 'EID2099' } } },
    });
    // Its percent is the server's coupons list's.
    await waitFor(() => expect(screen.getByTestId('applied-coupon')).toHaveTextContent('15%'));
    act(() => {
      store.dispatch(signedOut());
    });
    expect(selectAppliedCoupon(store.getState())).toBeNull();
    expect(await screen.findByRole('button', { name: 'Have a coupon?' })).toBeInTheDocument();
  });

  it.each<Language>(['en', 'ar'])(
    'an amount coupon is kept and shown as its amount, not a percent (%s)',
    async (language) => {
      server.use(
        ...couponHandlers([], () =>
          HttpResponse.json({
            message: 'ok',
            discount: 25,
            discount_amount: 2,
            new_total: 6,
            kind: 'amount',
            currency: 'KWD',
            amount: 2,
            min_total: 5,
          }),
        ),
      );
      const { user, store } = renderWithProviders(<CouponBox cartTotal={8} currency="KWD" />, {
        preloadedState: signedIn,
        language,
      });
      await openAndType(user, language, 'twooff');
      await waitFor(() => expect(screen.getByRole('button', { name: texts(language).apply })).toBeEnabled());
      await user.click(screen.getByRole('button', { name: texts(language).apply }));
      const badge = await screen.findByTestId('applied-coupon');
      expect(selectAppliedCoupon(store.getState())).toEqual({
        code: 'TWOOFF',
        percent: 25,
        terms: { currency: 'KWD', kind: 'amount', amount: 2, minimum: 5 },
      });
      expect(badge.textContent).toContain(
        texts(language)
          .applied_amount.replace('{{code}}', 'TWOOFF')
          .replace('{{amount}}', formatMoney(2, 'KWD', language)),
      );
      expect(badge).not.toHaveTextContent('%');
    },
  );

  it.each<Language>(['en', 'ar'])(
    'under the minimum, or before its start, a coupon is refused with its reason and no call (%s)',
    async (language) => {
      const bodies: unknown[] = [];
      server.use(...couponHandlers(bodies));
      const { user, store } = renderWithProviders(<CouponBox cartTotal={4.999} currency="KWD" />, {
        preloadedState: signedIn,
        language,
      });
      const field = await openAndType(user, language, 'TWOOFF');
      await waitFor(() => expect(screen.getByRole('button', { name: texts(language).apply })).toBeEnabled());
      await user.click(screen.getByRole('button', { name: texts(language).apply }));
      const below = texts(language).below_minimum.replace('{{amount}}', formatMoney(5, 'KWD', language));
      const alerts = await screen.findAllByRole('alert');
      expect(alerts.some((alert) => alert.textContent?.includes(below))).toBe(true);
      await user.clear(field);
      await user.type(field, 'LATER');
      await user.click(screen.getByRole('button', { name: texts(language).apply }));
      expect(await screen.findAllByText(texts(language).not_yet_valid)).not.toHaveLength(0);
      expect(bodies).toEqual([]);
      expect(selectAppliedCoupon(store.getState())).toBeNull();
    },
  );

  it('an applied coupon the cart has fallen under says it needs the minimum', () => {
    server.use(...couponHandlers());
    const store = makeStore({
      ...signedIn,
      settings: { currency: 'KWD' },
      coupon: { applied: { code: 'TWOOFF' } },
    });
    // The server's answer to applying it, in the cache before the list is answered (as a reload's snapshot puts it).
    store.dispatch(
      couponApi.util.upsertQueryEntries([
        {
          endpointName: 'appliedCoupon',
          arg: 'TWOOFF',
          value: {
            message: 'ok',
            code: 'TWOOFF',
            discount: 25,
            discount_amount: 2,
            new_total: 6,
            kind: 'amount',
            currency: 'KWD',
            amount: 2,
            min_total: 5,
          },
        },
      ]),
    );
    renderWithProviders(<CouponBox cartTotal={3} currency="KWD" />, { store });
    expect(screen.getByTestId('coupon-below-minimum').textContent).toContain(
      texts('en').below_minimum.replace('{{amount}}', formatMoney(5, 'KWD', 'en')),
    );
  });
});
