import { digitsOnly, foldDigits, formatCount } from './digits';

describe('digits', () => {
  it('folds Arabic-Indic and Extended Arabic-Indic digits to ASCII', () => {
    expect(foldDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(foldDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(foldDigits('code ٤2')).toBe('code 42');
  });
  it('keeps digits only', () => {
    expect(digitsOnly('+963 (912) 345-678')).toBe('963912345678');
    expect(digitsOnly('٩٦٥ ٥٥٥٥ ١٢٣٤')).toBe('96555551234');
    expect(digitsOnly('abc')).toBe('');
  });
});

describe('formatCount', () => {
  const counts = [0, 1, 7, 12, 99, 100, 999, 1_000, 1_234, 12_345, 99_999, 100_000, 1_234_567, 987_654_321];

  it.each(['en', 'ar'] as const)('writes a count as Intl.NumberFormat does in %s-KW', (language) => {
    const intl = new Intl.NumberFormat(`${language}-KW`);
    for (const count of counts) expect(formatCount(count, language)).toBe(intl.format(count));
  });

  it('writes Arabic-Indic digits grouped by the Arabic thousands separator', () => {
    expect(formatCount(1_234, 'ar')).toBe('١٬٢٣٤');
    expect(formatCount(1_234, 'en')).toBe('1,234');
  });
});
