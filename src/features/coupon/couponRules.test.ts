import { findUsableCoupon, normalizeCode } from './couponRules';

const coupons = [
  { code: 'EID2026', is_active: 1, end_date: '2026-12-31', discount: 15 },
  { code: 'OLD10', is_active: 1, end_date: '2020-01-01', discount: 10 },
  { code: 'PAUSED', is_active: 0, end_date: '2099-01-01', discount: 5 },
];

describe('coupon rules', () => {
  const beforeEnd = Date.parse('2026-12-30T23:59:59.999Z');

  it('accepts a listed, active code whose end date is in the future', () => {
    expect(findUsableCoupon(coupons, 'EID2026', beforeEnd)?.discount).toBe(15);
  });

  it('matches case-insensitively, trimmed, with Arabic-Indic digits read as digits', () => {
    expect(findUsableCoupon(coupons, '  eid٢٠٢٦ ', beforeEnd)?.code).toBe('EID2026');
    expect(findUsableCoupon(coupons, 'eid۲۰۲۶', beforeEnd)?.code).toBe('EID2026');
    expect(normalizeCode(' ab١ ')).toBe('AB1');
  });

  it('ends at the start of the end date (midnight UTC), as the server reads it', () => {
    expect(findUsableCoupon(coupons, 'EID2026', Date.parse('2026-12-31T00:00:00.000Z') - 1)).not.toBeNull();
    expect(findUsableCoupon(coupons, 'EID2026', Date.parse('2026-12-31T00:00:00.000Z'))).toBeNull();
  });

  it('refuses expired, inactive, unknown and blank codes', () => {
    expect(findUsableCoupon(coupons, 'OLD10', beforeEnd)).toBeNull();
    expect(findUsableCoupon(coupons, 'PAUSED', beforeEnd)).toBeNull();
    expect(findUsableCoupon(coupons, 'NOPE', beforeEnd)).toBeNull();
    expect(findUsableCoupon(coupons, '   ', beforeEnd)).toBeNull();
  });
});
