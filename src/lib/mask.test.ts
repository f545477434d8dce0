import { EMAIL_MASK, maskEmail } from './mask';

describe('maskEmail (3 characters visible, then a short fixed mask)', () => {
  it('shows the first 3 characters and one short mask, whatever the length', () => {
    expect(maskEmail('sara@example.com')).toBe(`sar${EMAIL_MASK}`);
    expect(maskEmail('a.very.long.address.for.testing@an-even-longer-domain.example.com')).toBe(
      `a.v${EMAIL_MASK}`,
    );
  });
  it('hides the rest of the address, domain included', () => {
    expect(maskEmail('demo@shop.test')).not.toContain('@');
    expect(maskEmail('demo@shop.test')).not.toContain('shop');
  });
  it('is short and never one mark per hidden character', () => {
    expect(EMAIL_MASK.length).toBeLessThanOrEqual(6);
    expect(maskEmail('x'.repeat(60))).toHaveLength(3 + EMAIL_MASK.length);
  });
  it('counts characters, not UTF-16 units', () => {
    expect(maskEmail('😀😀😀😀@x.com')).toBe(`😀😀😀${EMAIL_MASK}`);
  });
  it('masks short values too, so their length is not given away', () => {
    expect(maskEmail('ab')).toBe(`ab${EMAIL_MASK}`);
  });
});
