import { isCouponExpired } from './CouponCard';

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
