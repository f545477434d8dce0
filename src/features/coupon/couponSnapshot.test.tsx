// After a reload the applied coupon counts at once, with the terms the server answered when it was applied (a
// snapshot put back in RTK Query's cache); the coupons list, once answered, is what it is read from.
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import type { CacheSnapshot } from '../../app/cacheSnapshot';
import { signedIn, signedOut } from '../../app/events';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { restoredStores } from '../../testing/restoredStore';
import { apiUrl, server } from '../../testing/server';
import { CouponBox } from './components/CouponBox';
import { selectAppliedCoupon } from './couponSelectors';
import { couponSnapshot } from './couponSnapshot';

const twoOff = {
  id: 3,
  code: 'TWOOFF',
  is_active: 1,
  end_date: '2099-12-31',
  discount: 2,
  kind: 'amount',
  min_total: 5,
  starts_on: null,
  converted: { currency_code: 'KWD', amount: 2, min_total: 5 },
};
let listHeld: Promise<void> = Promise.resolve();
let listAnswers = 0;

beforeEach(() => {
  listHeld = Promise.resolve();
  listAnswers = 0;
  server.use(
    http.get(apiUrl('coupons'), async () => {
      await listHeld;
      listAnswers += 1;
      return HttpResponse.json([twoOff]);
    }),
    http.post(apiUrl('cart/apply-coupon'), () =>
      HttpResponse.json({
        message: 'ok',
        code: 'TWOOFF',
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
});

const restoredStore = restoredStores();

/** The app's start: the store, what redux-persist stored read back, then the snapshots seeding the cache. */
const startedStore = () =>
  restoredStore({
    preloaded: { settings: { language: 'en', currency: 'KWD' } },
    snapshots: [couponSnapshot] as CacheSnapshot<unknown>[],
  });

const appliedText = `TWOOFF`;

it("a reload shows the applied coupon with the server's terms at once, before the coupons list answers", async () => {
  const first = await startedStore();
  first.store.dispatch(signedIn({ token: 'user-token', userId: 1, email: 'a@b.c' }));
  const box = renderWithProviders(<CouponBox cartTotal={8} currency="KWD" />, { store: first.store });
  await box.user.click(screen.getByRole('button', { name: 'Have a coupon?' }));
  await box.user.type(screen.getByRole('textbox', { name: 'Coupon code' }), 'twooff');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Apply' })).toBeEnabled());
  await box.user.click(screen.getByRole('button', { name: 'Apply' }));
  expect(await screen.findByTestId('applied-coupon')).toHaveTextContent(appliedText);
  await first.persistor.flush();
  box.unmount();
  // The slice keeps the code; the server's terms are the snapshot's.
  expect(window.localStorage.getItem('persist:coupon')).not.toContain('min_total');
  expect(window.localStorage.getItem('snapshot:coupon')).toContain('min_total');

  // The reload, with the coupons list slow to answer.
  let release = () => undefined as void;
  listHeld = new Promise<void>((resolve) => (release = resolve));
  const { store } = await startedStore();
  expect(selectAppliedCoupon(store.getState())).toEqual({
    code: 'TWOOFF',
    percent: 25,
    terms: { currency: 'KWD', kind: 'amount', amount: 2, minimum: 5 },
  });
  renderWithProviders(<CouponBox cartTotal={3} currency="KWD" />, { store });
  expect(screen.getByTestId('applied-coupon')).toHaveTextContent('2.00 off');
  expect(screen.getByTestId('coupon-below-minimum')).toBeInTheDocument();
  const answered = listAnswers;
  release();
  await waitFor(() => expect(listAnswers).toBeGreaterThan(answered));
  // The list's terms (the same coupon) now stand behind what is shown.
  await waitFor(() => expect(screen.getByTestId('applied-coupon')).toHaveTextContent('2.00 off'));
  expect(screen.getByTestId('applied-coupon')).toHaveTextContent(appliedText);
});

it('signing out drops the coupon and its snapshot', async () => {
  window.localStorage.setItem(
    'snapshot:coupon',
    JSON.stringify({ code: 'TWOOFF', answer: { discount: 25, kind: 'amount', currency: 'KWD', amount: 2 } }),
  );
  const { store } = await startedStore();
  store.dispatch(signedOut());
  expect(selectAppliedCoupon(store.getState())).toBeNull();
  expect(window.localStorage.getItem('snapshot:coupon')).toBeNull();
});
