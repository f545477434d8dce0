// Currencies, countries and Kuwait's governorates with their residential areas and delivery prices (KWD).

export interface CurrencyRateSeed {
  currencyCode: string;
  /** units of the currency per 1 KWD (mid-market, 2025) */
  ratePerKwd: number;
  decimals: number;
}

export const CURRENCY_RATES: CurrencyRateSeed[] = [
  { currencyCode: 'KWD', ratePerKwd: 1, decimals: 3 },
  { currencyCode: 'SAR', ratePerKwd: 12.2, decimals: 2 },
  { currencyCode: 'AED', ratePerKwd: 11.95, decimals: 2 },
  { currencyCode: 'QAR', ratePerKwd: 11.84, decimals: 2 },
  { currencyCode: 'BHD', ratePerKwd: 1.226, decimals: 3 },
  { currencyCode: 'OMR', ratePerKwd: 1.252, decimals: 3 },
  { currencyCode: 'USD', ratePerKwd: 3.254, decimals: 2 },
  { currencyCode: 'EUR', ratePerKwd: 2.995, decimals: 2 },
  { currencyCode: 'EGP', ratePerKwd: 158.4, decimals: 2 },
  // The currencies of docs/spec/02-shopping.md §9's country options (migrations/009 adds them to a database
  // seeded before).
  { currencyCode: 'GBP', ratePerKwd: 2.46, decimals: 2 },
  { currencyCode: 'SYP', ratePerKwd: 42300, decimals: 2 },
  { currencyCode: 'BDT', ratePerKwd: 396.5, decimals: 2 },
  { currencyCode: 'INR', ratePerKwd: 286.5, decimals: 2 },
  { currencyCode: 'PKR', ratePerKwd: 914, decimals: 2 },
  { currencyCode: 'ARS', ratePerKwd: 4550, decimals: 2 },
  { currencyCode: 'BRL', ratePerKwd: 17.6, decimals: 2 },
  { currencyCode: 'AUD', ratePerKwd: 4.98, decimals: 2 },
  { currencyCode: 'THB', ratePerKwd: 105.8, decimals: 2 },
  { currencyCode: 'PHP', ratePerKwd: 190.4, decimals: 2 },
  { currencyCode: 'TRY', ratePerKwd: 136.7, decimals: 2 },
  { currencyCode: 'UZS', ratePerKwd: 39050, decimals: 2 },
];

export interface CountrySeed {
  nameEn: string;
  nameAr: string;
  iso2: string;
  iso3: string;
  dialCode: string;
  currencyCode: string;
}

export const COUNTRIES: CountrySeed[] = [
  { nameEn: 'Kuwait', nameAr: 'الكويت', iso2: 'KW', iso3: 'KWT', dialCode: '+965', currencyCode: 'KWD' },
  {
    nameEn: 'Saudi Arabia',
    nameAr: 'السعودية',
    iso2: 'SA',
    iso3: 'SAU',
    dialCode: '+966',
    currencyCode: 'SAR',
  },
  {
    nameEn: 'United Arab Emirates',
    nameAr: 'الإمارات العربية المتحدة',
    iso2: 'AE',
    iso3: 'ARE',
    dialCode: '+971',
    currencyCode: 'AED',
  },
  { nameEn: 'Qatar', nameAr: 'قطر', iso2: 'QA', iso3: 'QAT', dialCode: '+974', currencyCode: 'QAR' },
  { nameEn: 'Bahrain', nameAr: 'البحرين', iso2: 'BH', iso3: 'BHR', dialCode: '+973', currencyCode: 'BHD' },
  { nameEn: 'Oman', nameAr: 'عُمان', iso2: 'OM', iso3: 'OMN', dialCode: '+968', currencyCode: 'OMR' },
  { nameEn: 'Egypt', nameAr: 'مصر', iso2: 'EG', iso3: 'EGY', dialCode: '+20', currencyCode: 'EGP' },
  {
    nameEn: 'United States',
    nameAr: 'الولايات المتحدة',
    iso2: 'US',
    iso3: 'USA',
    dialCode: '+1',
    currencyCode: 'USD',
  },
  { nameEn: 'Germany', nameAr: 'ألمانيا', iso2: 'DE', iso3: 'DEU', dialCode: '+49', currencyCode: 'EUR' },
  { nameEn: 'France', nameAr: 'فرنسا', iso2: 'FR', iso3: 'FRA', dialCode: '+33', currencyCode: 'EUR' },
  // The rest of docs/spec/02-shopping.md §9's sixteen country options (migrations/009 adds them to a database
  // seeded before).
  { nameEn: 'Syria', nameAr: 'سوريا', iso2: 'SY', iso3: 'SYR', dialCode: '+963', currencyCode: 'SYP' },
  {
    nameEn: 'United Kingdom',
    nameAr: 'المملكة المتحدة',
    iso2: 'GB',
    iso3: 'GBR',
    dialCode: '+44',
    currencyCode: 'GBP',
  },
  {
    nameEn: 'Bangladesh',
    nameAr: 'بنغلاديش',
    iso2: 'BD',
    iso3: 'BGD',
    dialCode: '+880',
    currencyCode: 'BDT',
  },
  { nameEn: 'India', nameAr: 'الهند', iso2: 'IN', iso3: 'IND', dialCode: '+91', currencyCode: 'INR' },
  { nameEn: 'Finland', nameAr: 'فنلندا', iso2: 'FI', iso3: 'FIN', dialCode: '+358', currencyCode: 'EUR' },
  { nameEn: 'Pakistan', nameAr: 'باكستان', iso2: 'PK', iso3: 'PAK', dialCode: '+92', currencyCode: 'PKR' },
  { nameEn: 'Argentina', nameAr: 'الأرجنتين', iso2: 'AR', iso3: 'ARG', dialCode: '+54', currencyCode: 'ARS' },
  { nameEn: 'Brazil', nameAr: 'البرازيل', iso2: 'BR', iso3: 'BRA', dialCode: '+55', currencyCode: 'BRL' },
  { nameEn: 'Australia', nameAr: 'أستراليا', iso2: 'AU', iso3: 'AUS', dialCode: '+61', currencyCode: 'AUD' },
  { nameEn: 'Thailand', nameAr: 'تايلاند', iso2: 'TH', iso3: 'THA', dialCode: '+66', currencyCode: 'THB' },
  { nameEn: 'Philippines', nameAr: 'الفلبين', iso2: 'PH', iso3: 'PHL', dialCode: '+63', currencyCode: 'PHP' },
  { nameEn: 'Turkey', nameAr: 'تركيا', iso2: 'TR', iso3: 'TUR', dialCode: '+90', currencyCode: 'TRY' },
  {
    nameEn: 'Uzbekistan',
    nameAr: 'أوزبكستان',
    iso2: 'UZ',
    iso3: 'UZB',
    dialCode: '+998',
    currencyCode: 'UZS',
  },
];

export interface AreaSeed {
  nameEn: string;
  nameAr: string;
  shippingPrice: number;
}

export interface GovernorateSeed {
  nameEn: string;
  nameAr: string;
  areas: AreaSeed[];
}

const area = (nameEn: string, nameAr: string, shippingPrice: number): AreaSeed => ({
  nameEn,
  nameAr,
  shippingPrice,
});

// Delivery leaves from a warehouse in Shuwaikh: central areas are cheap or free, the far south and north cost more.
export const GOVERNORATES: GovernorateSeed[] = [
  {
    nameEn: 'Capital',
    nameAr: 'العاصمة',
    areas: [
      area('Kuwait City', 'مدينة الكويت', 0),
      area('Sharq', 'شرق', 0),
      area('Mirqab', 'المرقاب', 1),
      area('Qibla', 'القبلة', 1),
      area('Dasman', 'دسمان', 1),
      area('Bneid Al Gar', 'بنيد القار', 1),
      area('Dasma', 'الدسمة', 1),
      area('Daiya', 'الدعية', 1),
      area('Shamiya', 'الشامية', 1),
      area('Kaifan', 'كيفان', 1),
      area('Abdullah Al Salem', 'ضاحية عبدالله السالم', 1),
      area('Mansouriya', 'المنصورية', 1),
      area('Nuzha', 'النزهة', 1),
      area('Faiha', 'الفيحاء', 1),
      area('Adailiya', 'العديلية', 1),
      area('Khaldiya', 'الخالدية', 1),
      area('Qadsiya', 'القادسية', 1),
      area('Rawda', 'الروضة', 1),
      area('Yarmouk', 'اليرموك', 1.25),
      area('Surra', 'السرة', 1.25),
      area('Qortuba', 'قرطبة', 1.25),
      area('Shuwaikh', 'الشويخ', 0),
      area('Granada', 'غرناطة', 1.5),
      area('Sulaibikhat', 'الصليبيخات', 1.5),
      area('Doha', 'الدوحة', 1.5),
      area('Nahdha', 'النهضة', 1.5),
      area('Jaber Al Ahmad', 'مدينة جابر الأحمد', 2),
      area('Qairawan', 'القيروان', 1.5),
    ],
  },
  {
    nameEn: 'Hawalli',
    nameAr: 'حولي',
    areas: [
      area('Hawalli', 'حولي', 0),
      area('Salmiya', 'السالمية', 0),
      area('Rumaithiya', 'الرميثية', 1),
      area('Jabriya', 'الجابرية', 1),
      area('Mishref', 'مشرف', 1.25),
      area('Bayan', 'بيان', 1.25),
      area('Salwa', 'سلوى', 1.25),
      area('Shaab', 'الشعب', 1),
      area('Shuhada', 'الشهداء', 1.25),
      area('Hittin', 'حطين', 1.25),
      area('Salam', 'السلام', 1.25),
      area('Zahra', 'الزهراء', 1.5),
      area('Siddiq', 'الصديق', 1.5),
      area('Mubarak Al Abdullah', 'مبارك العبدالله', 1.25),
      area('Bidaa', 'البدع', 1),
      area('Maidan Hawalli', 'ميدان حولي', 1),
    ],
  },
  {
    nameEn: 'Farwaniya',
    nameAr: 'الفروانية',
    areas: [
      area('Farwaniya', 'الفروانية', 1.5),
      area('Khaitan', 'خيطان', 1.5),
      area('Jleeb Al Shuyoukh', 'جليب الشيوخ', 1.75),
      area('Abbasiya', 'العباسية', 1.75),
      area('Ardiya', 'العارضية', 1.75),
      area('Andalous', 'الأندلس', 1.5),
      area('Rabiya', 'الرابية', 1.5),
      area('Rai', 'الري', 1.25),
      area('Omariya', 'العمرية', 1.5),
      area('Rehab', 'الرحاب', 1.5),
      area('Firdous', 'الفردوس', 1.75),
      area('Ishbiliya', 'إشبيلية', 1.5),
      area('Sabah Al Nasser', 'صباح الناصر', 1.75),
      area('Abdullah Al Mubarak', 'عبدالله المبارك', 2),
      area('Dhajeej', 'الضجيج', 2),
    ],
  },
  {
    nameEn: 'Ahmadi',
    nameAr: 'الأحمدي',
    areas: [
      area('Ahmadi', 'الأحمدي', 2),
      area('Fahaheel', 'الفحيحيل', 2),
      area('Mangaf', 'المنقف', 2),
      area('Abu Halifa', 'أبو حليفة', 2),
      area('Fintas', 'الفنطاس', 1.75),
      area('Mahboula', 'المهبولة', 2),
      area('Riqqa', 'الرقة', 2),
      area('Sabahiya', 'الصباحية', 2),
      area('Hadiya', 'هدية', 2),
      area('Egaila', 'العقيلة', 1.75),
      area('Dhaher', 'الظهر', 2),
      area('Jaber Al Ali', 'جابر العلي', 2),
      area('Fahad Al Ahmad', 'فهد الأحمد', 2),
      area('Ali Sabah Al Salem', 'علي صباح السالم', 2.5),
      area('Sabah Al Ahmad City', 'مدينة صباح الأحمد', 3),
      area('Wafra', 'الوفرة', 3.5),
      area('Khairan', 'الخيران', 3.5),
      area('Zour', 'الزور', 3.5),
    ],
  },
  {
    nameEn: 'Jahra',
    nameAr: 'الجهراء',
    areas: [
      area('Jahra', 'الجهراء', 2.5),
      area('Qasr', 'القصر', 2.5),
      area('Naeem', 'النعيم', 2.5),
      area('Oyoun', 'العيون', 2.5),
      area('Taima', 'تيماء', 2.5),
      area('Waha', 'الواحة', 2.5),
      area('Saad Al Abdullah', 'سعد العبدالله', 2.5),
      area('Sulaibiya', 'الصليبية', 2.5),
      area('Amghara', 'أمغرة', 3),
      area('Nasseem', 'النسيم', 2.5),
      area('Mutlaa', 'المطلاع', 3),
      area('Kabd', 'كبد', 3.5),
      area('Abdali', 'العبدلي', 3.5),
    ],
  },
  {
    nameEn: 'Mubarak Al-Kabeer',
    nameAr: 'مبارك الكبير',
    areas: [
      area('Mubarak Al-Kabeer', 'مبارك الكبير', 1.5),
      area('Qurain', 'القرين', 1.75),
      area('Qusour', 'القصور', 1.75),
      area('Adan', 'العدان', 1.75),
      area('Sabah Al Salem', 'صباح السالم', 1.5),
      area('Messila', 'المسيلة', 1.5),
      area('Abu Al Hasaniya', 'أبو الحصانية', 1.5),
      area('Abu Fatira', 'أبو فطيرة', 1.75),
      area('Fnaitees', 'الفنيطيس', 1.75),
      area('Masayel', 'المسايل', 1.5),
      area('Wista', 'الوسطى', 1.75),
    ],
  },
];
