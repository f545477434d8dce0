import {
  countryName,
  DEFAULT_REGISTRATION_PHONE_CODE,
  matchesCountryPattern,
  PHONE_COUNTRIES,
  phoneCountriesSorted,
  phoneCountryByDialCode,
  phoneCountryByIso,
} from './phoneCodes';

describe('phone codes', () => {
  it('covers the world: every ISO code once, every code a plus and 1–4 digits', () => {
    expect(PHONE_COUNTRIES.length).toBeGreaterThanOrEqual(230);
    const isos = PHONE_COUNTRIES.map((country) => country.iso);
    expect(new Set(isos).size).toBe(isos.length);
    for (const country of PHONE_COUNTRIES) {
      expect(country.dialCode).toMatch(/^\+\d{1,4}$/);
      expect(country.minLength).toBeLessThanOrEqual(country.maxLength);
    }
  });
  it('defaults registration to Syria (+963)', () => {
    expect(DEFAULT_REGISTRATION_PHONE_CODE).toBe('+963');
    expect(phoneCountryByDialCode('+963')?.iso).toBe('sy');
  });
  it('finds the Gulf countries and their own patterns', () => {
    expect(phoneCountryByIso('KW')).toMatchObject({ dialCode: '+965', minLength: 8, maxLength: 8 });
    const kuwait = phoneCountryByIso('kw');
    if (!kuwait) throw new Error('Kuwait is missing');
    expect(matchesCountryPattern(kuwait, '55512345')).toBe(true);
    expect(matchesCountryPattern(kuwait, '5551234')).toBe(false);
    expect(phoneCountryByDialCode('+971')?.iso).toBe('ae');
    expect(phoneCountryByDialCode('+966')?.iso).toBe('sa');
  });
  it('a shared code means its main country', () => {
    expect(phoneCountryByDialCode('+1')?.iso).toBe('us');
    expect(phoneCountryByDialCode('+44')?.iso).toBe('gb');
    expect(phoneCountryByDialCode('+999')).toBeUndefined();
  });
  it('names countries in the interface language', () => {
    expect(countryName('kw', 'en')).toBe('Kuwait');
    expect(countryName('kw', 'ar')).toBe('الكويت');
    const arabic = phoneCountriesSorted('ar');
    expect(arabic).toHaveLength(PHONE_COUNTRIES.length);
    expect(arabic.find((country) => country.iso === 'sy')?.name).toBe('سوريا');
  });
});
