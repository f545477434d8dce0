import { PHONE_CODE_ROWS } from './phoneCodeTable';

/** The registration form defaults to the Syrian code; addresses and guests to Kuwait's. */
export const DEFAULT_REGISTRATION_PHONE_CODE = '+963';
export const DEFAULT_ADDRESS_PHONE_CODE = '+965';

export interface PhoneCountry {
  /** ISO 3166-1 alpha-2, lower case (also the flag's file name). */
  iso: string;
  /** Calling code with its plus sign, as the API stores it (`phone_code`). */
  dialCode: string;
  /** Shortest and longest national number in digits (the country's own pattern). */
  minLength: number;
  maxLength: number;
  /** The country's own pattern for a national number: digits only, of its lengths. */
  pattern: RegExp;
}

export const PHONE_COUNTRIES: readonly PhoneCountry[] = PHONE_CODE_ROWS.map(([iso, dial, min, max]) => ({
  iso,
  dialCode: `+${dial}`,
  minLength: min,
  maxLength: max,
  pattern: new RegExp(`^\\d{${min},${max}}$`),
}));

// Where several countries share a calling code, the one a bare code means by default.
const MAIN_COUNTRY_OF_SHARED_CODE: Record<string, string> = {
  '+1': 'us',
  '+7': 'ru',
  '+44': 'gb',
  '+47': 'no',
  '+61': 'au',
  '+212': 'ma',
  '+262': 're',
  '+358': 'fi',
  '+590': 'gp',
  '+599': 'cw',
};

const byIso = new Map(PHONE_COUNTRIES.map((country) => [country.iso, country]));

export function phoneCountryByIso(iso: string): PhoneCountry | undefined {
  return byIso.get(iso.toLowerCase());
}

/** The country a calling code stands for ('+965' → Kuwait); `undefined` for codes not in the table. */
export function phoneCountryByDialCode(dialCode: string): PhoneCountry | undefined {
  const normalised = `+${dialCode.replace(/\D/g, '')}`;
  const main = MAIN_COUNTRY_OF_SHARED_CODE[normalised];
  if (main) return byIso.get(main);
  return PHONE_COUNTRIES.find((country) => country.dialCode === normalised);
}

/** True when the national number fits the country's own pattern (a hint; the form's rule is 7–15 digits). */
export function matchesCountryPattern(country: PhoneCountry, nationalNumber: string): boolean {
  return country.pattern.test(nationalNumber);
}

const displayNames = new Map<string, Intl.DisplayNames>();

/** The country's name in the interface language, from the browser's own CLDR data (no table to translate). */
export function countryName(iso: string, language: string): string {
  let names = displayNames.get(language);
  if (!names) {
    try {
      names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    } catch {
      return iso.toUpperCase();
    }
    displayNames.set(language, names);
  }
  return names.of(iso.toUpperCase()) ?? iso.toUpperCase();
}

/** Every country with its localised name, sorted by that name in the language's own order. */
export function phoneCountriesSorted(language: string): Array<PhoneCountry & { name: string }> {
  const collator = new Intl.Collator(language);
  return PHONE_COUNTRIES.map((country) => ({ ...country, name: countryName(country.iso, language) })).sort(
    (a, b) => collator.compare(a.name, b.name),
  );
}
