export interface Nationality {
  id: number;
  /** ISO 3166-1 alpha-2, lower case (the SPA shows the flag by it). */
  code: string;
  en: string;
  ar: string;
}

/** docs/spec/01-shell-and-account.md §3, in the spec's order; ids 1–16 are what users.nationality stores. */
export const NATIONALITIES: readonly Nationality[] = [
  { id: 1, code: 'sy', en: 'Syrian', ar: 'سوري' },
  { id: 2, code: 'eg', en: 'Egyptian', ar: 'مصري' },
  { id: 3, code: 'ae', en: 'Emirati', ar: 'إماراتي' },
  { id: 4, code: 'gb', en: 'British', ar: 'بريطاني' },
  { id: 5, code: 'bd', en: 'Bangladeshi', ar: 'بنغلاديشي' },
  { id: 6, code: 'in', en: 'Indian', ar: 'هندي' },
  { id: 7, code: 'fi', en: 'Finnish', ar: 'فنلندي' },
  { id: 8, code: 'pk', en: 'Pakistani', ar: 'باكستاني' },
  { id: 9, code: 'ar', en: 'Argentinian', ar: 'أرجنتيني' },
  { id: 10, code: 'br', en: 'Brazilian', ar: 'برازيلي' },
  { id: 11, code: 'au', en: 'Australian', ar: 'أسترالي' },
  { id: 12, code: 'th', en: 'Thai', ar: 'تايلاندي' },
  { id: 13, code: 'ph', en: 'Filipino', ar: 'فلبيني' },
  { id: 14, code: 'tr', en: 'Turkish', ar: 'تركي' },
  { id: 15, code: 'uz', en: 'Uzbek', ar: 'أوزبكي' },
  { id: 16, code: 'kw', en: 'Kuwaiti', ar: 'كويتي' },
];
