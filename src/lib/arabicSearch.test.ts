import { nameMatches, normaliseForSearch } from './arabicSearch';

describe('arabic search normalisation', () => {
  it('is case-insensitive for Latin names', () => {
    expect(nameMatches('Royal Oud Eau de Parfum', 'royal OUD')).toBe(true);
    expect(nameMatches('Royal Oud', 'musk')).toBe(false);
  });

  it('folds alef forms أ إ آ to ا', () => {
    expect(normaliseForSearch('أإآا')).toBe('اااا');
    expect(nameMatches('عباية أسود', 'اسود')).toBe(true);
    expect(nameMatches('إبريق', 'ابريق')).toBe(true);
  });

  it('folds taa marbuta ة to ه and alef maqsura ى to ي', () => {
    expect(nameMatches('عطر الوردة', 'الورده')).toBe(true);
    expect(nameMatches('مستشفى', 'مستشفي')).toBe(true);
  });

  it('ignores diacritics and tatweel on both sides', () => {
    expect(nameMatches('عُودٌ مَلَكِيّ', 'عود ملكي')).toBe(true);
    expect(nameMatches('عود ملكي', 'عـــود')).toBe(true);
  });

  it('matches everything with an empty or blank query', () => {
    expect(nameMatches('anything', '   ')).toBe(true);
  });
});
