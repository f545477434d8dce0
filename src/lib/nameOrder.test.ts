import type { Language } from './language';
import { compareNames, sortNames } from './nameOrder';

// The demo shop's brands and collections (server/db/seed/catalog.ts) and names a real shop's lists hold.
const BRANDS = [
  'Dar Al Oud',
  'Layali',
  'Nasma',
  'Amber House',
  'Hessa Atelier',
  'Noor Line',
  'Mariam Studio',
  'Al Khayyat',
  'Bin Saad Tailors',
  'Sadu Men',
  'Falcon Time',
  'Marina',
  'Desert Steel',
  'Lulu Leather',
  'Sadu Craft',
  'Stride',
  'Al Nasser Footwear',
  'Dune Walk',
  'Volt',
  'Nova',
  'Qimma Tech',
  'Diwaniya Home',
  'Bait Al Qahwa',
  'Pearl Bay',
  'Sidra Naturals',
];
const COLLECTIONS_EN = [
  'Ramadan Collection',
  'Eid Edit',
  'Summer 2025',
  'Winter Essentials',
  'New Arrivals',
  'National Day',
];
const COLLECTIONS_AR = [
  'مجموعة رمضان',
  'تشكيلة العيد',
  'صيف 2025',
  'أساسيات الشتاء',
  'وصل حديثاً',
  'العيد الوطني',
];
const CASES_AND_ACCENTS = [
  '2025 Edit',
  'مجموعة 2025',
  '٢٠٢٦ عود',
  '2025 عطر',
  'Café Noir',
  'Cafe Blanc',
  'Zürich Time',
  'nova',
  'Nasma',
  'NOOR Line',
  'Émile',
  'Elan',
  'Ezra',
  'eid',
  'Zain',
  'zara',
  '3 Stars',
  'Al-Rai',
];
const ARABIC_NAMES = [
  'بدر',
  'ياسمين',
  'وردة',
  'هلال',
  'عود',
  'غيم',
  'ثريا',
  'تمر',
  'خزامى',
  'جوري',
  'حنين',
  'ذهب',
  'زين',
];

const sortedByIntl = (names: string[], language: Language) =>
  [...names].sort((a, b) => a.localeCompare(b, language));
const sortedByShop = (names: string[], language: Language) =>
  [...names].sort((a, b) => compareNames(a, b, language));

describe('compareNames', () => {
  it.each([
    ['brands', BRANDS],
    ['collections in English', COLLECTIONS_EN],
    ['collections in Arabic', COLLECTIONS_AR],
    ['names in mixed case and with accents', CASES_AND_ACCENTS],
    ['Arabic names', ARABIC_NAMES],
    ['Arabic and English names together', [...COLLECTIONS_AR, ...COLLECTIONS_EN, ...ARABIC_NAMES]],
  ])('orders %s as the English and Arabic collations do', (_, names) => {
    for (const language of ['en', 'ar'] as const) {
      expect(sortedByShop(names, language)).toEqual(sortedByIntl(names, language));
      expect(sortNames(names, language)).toEqual(sortedByIntl(names, language));
    }
  });

  it('orders names that differ only in their alef forms as the Arabic collation does, and apart', () => {
    const names = [
      'آمنة',
      'أمل',
      'إيمان',
      'ابتسام',
      'بدر',
      'آدم',
      'احمد',
      'أحمد',
      'ليلى',
      'ليلي',
      'وردة',
      'ورده',
      'وردت',
    ];
    expect(sortedByShop(names, 'ar')).toEqual(sortedByIntl(names, 'ar'));
    expect(compareNames('أحمد', 'احمد', 'ar')).not.toBe(0);
  });

  it('is a consistent order: antisymmetric, and equal only for the same name', () => {
    const names = [...BRANDS, ...CASES_AND_ACCENTS, ...ARABIC_NAMES];
    for (const a of names)
      for (const b of names) {
        expect(Math.sign(compareNames(a, b, 'en')) === -Math.sign(compareNames(b, a, 'en'))).toBe(true);
        if (a === b) expect(compareNames(a, b, 'ar')).toBe(0);
      }
  });
});
