import fc from 'fast-check';

import { discountMinor, orderSummary, percentCoupon, toMinor } from './orderSummary';

describe('order summary', () => {
  it('uses the discounted unit price, the coupon percentage and the shipping price', () => {
    const summary = orderSummary({
      currency: 'KWD',
      lines: [
        { unitPrice: 10.125, quantity: 2 },
        { unitPrice: 3.5, quantity: 1 },
      ],
      coupon: percentCoupon(10),
      shippingPrice: 1.25,
    });
    expect(summary.minor).toEqual({ subtotal: 23750, discount: 2375, shipping: 1250, total: 22625 });
    expect(summary).toMatchObject({ subtotal: 23.75, discount: 2.375, shipping: 1.25, total: 22.625 });
    expect(summary.freeShipping).toBe(false);
  });

  it('does not drift where binary fractions do (0.1 + 0.2, 1.005 × 3)', () => {
    const summary = orderSummary({
      currency: 'USD',
      lines: [
        { unitPrice: 0.1, quantity: 1 },
        { unitPrice: 0.2, quantity: 1 },
        { unitPrice: 1.005, quantity: 3 },
      ],
      coupon: null,
      shippingPrice: 0,
    });
    expect(summary.minor.subtotal).toBe(30 + 303);
    expect(summary.total).toBe(3.33);
    expect(summary.freeShipping).toBe(true);
  });

  it('rounds the discount half up to a minor unit', () => {
    expect(discountMinor(125, 10)).toBe(13); // 12.5 fils
    expect(discountMinor(124, 10)).toBe(12);
    expect(discountMinor(1000, 12.5)).toBe(125);
  });

  it('reads amounts in the currency minor unit (KWD thousandths, others hundredths)', () => {
    expect(toMinor(1.0005, 'KWD')).toBe(1001);
    expect(toMinor(1.005, 'SAR')).toBe(101);
  });

  it('total = subtotal − discount + shipping, exactly, for any cart', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            fils: fc.integer({ min: 0, max: 500_000 }),
            quantity: fc.integer({ min: 1, max: 50 }),
          }),
          {
            maxLength: 12,
          },
        ),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 10_000 }),
        (lines, percent, shippingFils) => {
          const summary = orderSummary({
            currency: 'KWD',
            lines: lines.map((line) => ({ unitPrice: line.fils / 1000, quantity: line.quantity })),
            coupon: percentCoupon(percent),
            shippingPrice: shippingFils / 1000,
          });
          const subtotal = lines.reduce((sum, line) => sum + BigInt(line.fils) * BigInt(line.quantity), 0n);
          // Half-up division in exact integers.
          const discount = (subtotal * BigInt(percent) * 2n + 100n) / 200n;
          expect(BigInt(summary.minor.subtotal)).toBe(subtotal);
          expect(BigInt(summary.minor.discount)).toBe(discount);
          expect(BigInt(summary.minor.total)).toBe(subtotal - discount + BigInt(shippingFils));
        },
      ),
    );
  });
});

describe('order summary with a coupon of either kind', () => {
  const lines = [{ unitPrice: 4, quantity: 2 }];
  const withCoupon = (coupon: Parameters<typeof orderSummary>[0]['coupon'], shippingPrice = 0) =>
    orderSummary({ currency: 'KWD', lines, coupon, shippingPrice });

  it('takes an amount coupon off as its amount, not as a percent', () => {
    const summary = withCoupon({ kind: 'amount', percent: 0, amount: 2, minimum: 0 }, 1);
    expect(summary).toMatchObject({ subtotal: 8, discount: 2, total: 7, couponBelowMinimum: false });
  });

  it('never takes off more than the subtotal', () => {
    const summary = withCoupon({ kind: 'amount', percent: 0, amount: 50, minimum: 0 }, 1);
    expect(summary).toMatchObject({ discount: 8, total: 1 });
  });

  it('counts nothing under the minimum and says so; at the minimum it counts', () => {
    const under = withCoupon({ kind: 'percent', percent: 10, amount: 0, minimum: 8.001 });
    expect(under).toMatchObject({ discount: 0, total: 8, couponBelowMinimum: true });
    const at = withCoupon({ kind: 'percent', percent: 10, amount: 0, minimum: 8 });
    expect(at).toMatchObject({ discount: 0.8, total: 7.2, couponBelowMinimum: false });
  });
});
