import { formatMoney, lineTotal, priceFormatOptions, PRICE_LOCALES, roundMoney } from './money';

describe('money', () => {
  it('rounds half away from zero to 2 decimals without binary drift', () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(12.345)).toBe(12.35);
    expect(roundMoney(-2.675)).toBe(-2.68);
    expect(roundMoney(3)).toBe(3);
  });

  it('formats with exactly 2 decimals even for KWD (3 minor digits) in English', () => {
    const text = formatMoney(12.5, 'KWD', 'en');
    expect(text).toContain('12.50');
    expect(text).toContain('KWD');
  });

  it('formats Arabic with Latin digits and the Arabic currency sign', () => {
    const text = formatMoney(7.125, 'KWD', 'ar');
    expect(text).toContain('7.13');
    expect(text).toMatch(/د\.ك/);
  });

  it("writes the shop's currencies exactly as Intl.NumberFormat does, in both languages, without it", () => {
    const amounts = [
      0,
      -0,
      0.004,
      -0.004,
      0.005,
      1,
      1.005,
      7.125,
      12.5,
      -3.25,
      999.995,
      1000,
      1234.5,
      -1234.5,
      99_999.99,
      1_234_567.891,
      999_999_999.999,
      ...Array.from({ length: 200 }, (_, index) => ((index * 7919.37) % 250_000) - 5_000),
    ];
    for (const currency of ['KWD', 'SAR', 'AED', 'QAR', 'BHD', 'OMR', 'USD', 'EUR', 'EGP']) {
      for (const language of ['en', 'ar'] as const) {
        const intl = new Intl.NumberFormat(PRICE_LOCALES[language], priceFormatOptions(currency));
        for (const amount of amounts) {
          expect([currency, language, amount, formatMoney(amount, currency, language)]).toEqual([
            currency,
            language,
            amount,
            intl.format(roundMoney(amount)),
          ]);
        }
      }
    }
  });

  it('formats another currency a backend sends through Intl', () => {
    expect(formatMoney(1234.5, 'JPY', 'en')).toBe(
      new Intl.NumberFormat('en-KW', priceFormatOptions('JPY')).format(1234.5),
    );
  });

  it('keeps working with an unknown currency code', () => {
    expect(formatMoney(3, 'XXZ1', 'en')).toBe('3.00 XXZ1');
  });

  it('line total is price times quantity with 2 decimals, quantity at least 1', () => {
    expect(lineTotal(3.335, 3)).toBe(10.01);
    expect(lineTotal(4.5, 0)).toBe(4.5);
  });
});
