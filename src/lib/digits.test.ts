import { digitsOnly, foldDigits } from './digits';

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
