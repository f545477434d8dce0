// Shoppers in the Gulf often type with an Arabic keyboard, which produces Arabic-Indic (٠–٩) or Extended
// Arabic-Indic (Persian/Urdu, ۰–۹) digits. Codes and phone numbers accept them as the digits they are.
import type { Language } from './language';

const ARABIC_INDIC_ZERO = 0x0660;
const EXTENDED_ARABIC_INDIC_ZERO = 0x06f0;

/** Replaces Arabic-Indic and Extended Arabic-Indic digits with ASCII 0–9; everything else is kept. */
export function foldDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => {
    const code = digit.charCodeAt(0);
    const zero = code >= EXTENDED_ARABIC_INDIC_ZERO ? EXTENDED_ARABIC_INDIC_ZERO : ARABIC_INDIC_ZERO;
    return String(code - zero);
  });
}

/** ASCII digits only (phone number inputs are stripped to digits), after folding Arabic digits. */
export function digitsOnly(text: string): string {
  return foldDigits(text).replace(/\D/g, '');
}

/** A run of ASCII digits grouped by thousands with `separator` ("1234567" → "1,234,567"). */
export function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, separator);
}

/**
 * A count of things (a facet's products, "(1,234)", "(١٬٢٣٤)") as `Intl.NumberFormat` writes it in en-KW and ar-KW:
 * grouped by thousands, Arabic-Indic digits in Arabic. Written without Intl: a phone's first number format loads the
 * locale's data, 60 ms of the search page's hydration at 4× CPU (digits.test.ts holds the two equal).
 */
export function formatCount(count: number, language: Language): string {
  if (!Number.isSafeInteger(count) || count < 0) return String(count);
  if (language === 'en') return groupThousands(String(count), ',');
  return groupThousands(String(count), '\u066c').replace(/\d/g, (digit) =>
    String.fromCharCode(ARABIC_INDIC_ZERO + Number(digit)),
  );
}
