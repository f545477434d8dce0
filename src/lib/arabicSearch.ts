// Names match case-insensitively; Arabic also ignores diacritics and folds letter forms that
// shoppers type interchangeably, so "اسود" finds "أسود" and "عطر الورده" finds "عطر الوردة".

// Harakat, tanwin, shadda, sukun, dagger alef, Quranic marks and the tatweel (kashida) carry no letter identity.
const ARABIC_MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;
const ALEF_FORMS = /[أإآٱ]/g;

export function normaliseForSearch(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(ARABIC_MARKS, '')
    .replace(ALEF_FORMS, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/\s+/g, ' ')
    .trim();
}

/** True when the normalised query is part of the normalised name; an empty query matches everything. */
export function nameMatches(name: string, query: string): boolean {
  const needle = normaliseForSearch(query);
  if (!needle) return true;
  return normaliseForSearch(name).includes(needle);
}
