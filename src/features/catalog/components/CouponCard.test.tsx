import { screen } from '@testing-library/react';

import type { Language } from '../../../app/events';
import { allResources } from '../../../i18n/resources';
import { formatDate } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { CouponCard, isCouponExpired } from './CouponCard';

const now = Date.parse('2025-06-15T12:00:00Z');

describe('coupon expiry', () => {
  it('is active when is_active is 1 and the end date is ahead', () => {
    expect(isCouponExpired({ is_active: 1, end_date: '2025-07-01' }, now)).toBe(false);
  });

  it('is expired from midnight UTC of a date-only end date, as the server decides at checkout', () => {
    expect(isCouponExpired({ is_active: 1, end_date: '2025-06-15' }, now)).toBe(true);
    expect(isCouponExpired({ is_active: 1, end_date: '2025-06-14' }, now)).toBe(true);
    expect(isCouponExpired({ is_active: 1, end_date: '2025-06-16' }, now)).toBe(false);
    expect(
      isCouponExpired({ is_active: 1, end_date: '2025-06-15' }, Date.parse('2025-06-14T23:59:59Z')),
    ).toBe(false);
  });

  it('is expired when inactive or the date is unreadable', () => {
    expect(isCouponExpired({ is_active: 0, end_date: '2099-01-01' }, now)).toBe(true);
    expect(isCouponExpired({ is_active: 1, end_date: 'soon' }, now)).toBe(true);
  });

  it('compares full timestamps exactly', () => {
    expect(isCouponExpired({ is_active: 1, end_date: '2025-06-15T11:59:59Z' }, now)).toBe(true);
  });
});

describe('coupon card', () => {
  const amount = {
    id: 7,
    code: 'TWOOFF',
    is_active: 1,
    end_date: '2099-01-01',
    discount: 2,
    kind: 'amount' as const,
    min_total: 5,
    starts_on: null,
    converted: { currency_code: 'USD', amount: 6.51, min_total: 16.27 },
  };

  it.each<Language>(['en', 'ar'])(
    'shows an amount coupon as an amount in the chosen currency (%s)',
    (language) => {
      renderWithProviders(<CouponCard coupon={amount} now={now} />, {
        language,
        preloadedState: { settings: { currency: 'USD' } },
      });
      const card = screen.getByTestId('coupon-card');
      const texts = allResources[language].translation.catalog.coupons;
      expect(card.textContent).toContain(
        texts.amount_off.replace('{{amount}}', formatMoney(6.51, 'USD', language)),
      );
      expect(card).not.toHaveTextContent('%');
      expect(card.textContent).toContain(
        texts.minimum.replace('{{amount}}', formatMoney(16.27, 'USD', language)),
      );
    },
  );

  it('a coupon that starts later says when and cannot be copied yet', () => {
    renderWithProviders(<CouponCard coupon={{ ...amount, starts_on: '2025-07-01' }} now={now} />);
    expect(screen.getByTestId('coupon-card')).toHaveTextContent(`Starts ${formatDate('2025-07-01')}`);
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeDisabled();
  });
});
