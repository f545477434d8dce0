// Shoppers in the Gulf often type with an Arabic keyboard, which produces Arabic-Indic (٠–٩) or Extended
// Arabic-Indic (Persian/Urdu, ۰–۹) digits. Codes and phone numbers accept them as the digits they are.
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
