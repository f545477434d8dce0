import { maskEmail } from './mask';

describe('maskEmail (spec 01 §9: 3 characters visible)', () => {
  it('shows the first 3 characters and hides the rest', () => {
    expect(maskEmail('sara@example.com')).toBe('sar*************');
    expect(maskEmail('sara@example.com')).toHaveLength('sara@example.com'.length);
  });
  it('leaves short values as they are', () => {
    expect(maskEmail('ab')).toBe('ab');
  });
});
