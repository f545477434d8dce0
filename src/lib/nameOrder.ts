import type { Language } from './language';

// Latin accents (é, ü) once decomposed: a name sorts with its base letters.
const LATIN_MARKS = /[\u0300-\u036f]/g;
// Harakat, the dagger alef and the tatweel: the collations ignore them but for ties.
const ARABIC_MARKS = /[\u064b-\u0652\u0670\u0640]/g;
// The Arabic collation sorts alef with hamza above or below as alef (alef with madda keeps its own place).
const HAMZA_ALEF = /[أإ]/g;
const ARABIC_INDIC_DIGIT = /[\u0660-\u0669]/g;
const LATIN_LETTER = /[a-z]/g;
/** Past the Arabic block: the Arabic collation puts Latin letters after Arabic ones (English, before them). */
const LATIN_AFTER_ARABIC = 0xe000;

/** A string whose code points are in the collation's order: digits and signs, then letters, script by script. */
function orderKey(name: string, language: Language): string {
  const key = name
    .normalize('NFD')
    .replace(LATIN_MARKS, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(ARABIC_MARKS, '')
    .replace(ARABIC_INDIC_DIGIT, (digit) => String(digit.charCodeAt(0) - 0x0660));
  if (language !== 'ar') return key;
  return key
    .replace(HAMZA_ALEF, 'ا')
    .replace(LATIN_LETTER, (letter) => String.fromCharCode(LATIN_AFTER_ARABIC + letter.charCodeAt(0)));
}

const byCodePoints = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Orders names alphabetically as `localeCompare` does for the shop's names in English and Arabic, without a
 * collator: the first `localeCompare` loads the locale's collation data, a task of about 100 ms on a phone (4× CPU),
 * and /search sorts its filter lists in its first render. nameOrder.test.ts holds the two orders equal.
 */
export function compareNames(a: string, b: string, language: Language): number {
  return byCodePoints(orderKey(a, language), orderKey(b, language)) || byCodePoints(a, b);
}

/** The names in `compareNames`' order; each name's key is made once. */
export function sortNames(names: readonly string[], language: Language): string[] {
  return names
    .map((name) => ({ name, key: orderKey(name, language) }))
    .sort((a, b) => byCodePoints(a.key, b.key) || byCodePoints(a.name, b.name))
    .map(({ name }) => name);
}
