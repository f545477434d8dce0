import {
  checkCoupon,
  couponTermsIn,
  findUsableCoupon,
  normalizeCode,
  type CouponListing,
} from './couponRules';

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

describe('coupon kinds, minimums and start dates', () => {
  const now = Date.parse('2026-06-15T12:00:00Z');
  const twoOff: CouponListing = {
    code: 'TWOOFF',
    is_active: 1,
    end_date: '2099-01-01',
    discount: 2,
    kind: 'amount' as const,
    min_total: 5,
    starts_on: null,
    converted: { currency_code: 'USD', amount: 6.51, min_total: 16.27 },
  };
  const soon: CouponListing = {
    code: 'SOON',
    is_active: 1,
    end_date: '2099-01-01',
    discount: 10,
    kind: 'percent' as const,
    min_total: 0,
    starts_on: '2026-06-16',
  };
  const listed = [twoOff, soon];

  it('a coupon that starts later is not yet valid, from midnight UTC of its start date it is', () => {
    expect(findUsableCoupon(listed, 'SOON', now)).toBeNull();
    expect(checkCoupon(listed, 'SOON', now, 100, 'KWD')).toEqual({ problem: 'not_yet_valid' });
    expect(findUsableCoupon(listed, 'SOON', Date.parse('2026-06-16T00:00:00Z'))?.code).toBe('SOON');
  });

  it('an amount coupon is its amount in the shown currency, with its minimum', () => {
    expect(couponTermsIn(twoOff, 'KWD')).toEqual({ kind: 'amount', percent: 0, amount: 2, minimum: 5 });
    expect(couponTermsIn(twoOff, 'USD')).toEqual({
      kind: 'amount',
      percent: 0,
      amount: 6.51,
      minimum: 16.27,
    });
    // in a currency the list was not converted to, its figures are unknown
    expect(couponTermsIn(twoOff, 'SAR')).toBeNull();
    expect(couponTermsIn(soon, 'SAR')).toEqual({ kind: 'percent', percent: 10, amount: 0, minimum: 0 });
  });

  it('under the minimum is refused with the minimum in the shown currency', () => {
    expect(checkCoupon(listed, 'twooff', now, 16.26, 'USD')).toEqual({
      problem: 'below_minimum',
      minimum: 16.27,
    });
    expect(checkCoupon(listed, 'twooff', now, 16.27, 'USD')).toMatchObject({ coupon: { code: 'TWOOFF' } });
    expect(checkCoupon(listed, 'nope', now, 16.27, 'USD')).toEqual({ problem: 'invalid_coupon' });
  });
});
