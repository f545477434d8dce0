import { groupThousands } from './digits';
import type { Language } from './language';

/** Totals are shown with 2 decimals, whatever the currency's own minor unit (KWD has 3). */
export const MONEY_DECIMALS = 2;

/** A formatter, and whether it writes the currency itself (an unknown code falls back to a plain number). */
interface MoneyFormatter {
  format: Intl.NumberFormat;
  withCurrency: boolean;
}

const formatters = new Map<string, MoneyFormatter>();

/** The `Intl.NumberFormat` options of a price (what `SHOP_CURRENCIES` reproduces; money.test.ts holds them equal). */
export function priceFormatOptions(currency: string): Intl.NumberFormatOptions {
  return {
    style: 'currency',
    currency,
    minimumFractionDigits: MONEY_DECIMALS,
    maximumFractionDigits: MONEY_DECIMALS,
    // Latin digits in both languages: prices must read the same as on receipts and payment pages.
    numberingSystem: 'latn',
  };
}

export const PRICE_LOCALES: Record<Language, string> = { en: 'en-KW', ar: 'ar-KW' };

function intlFormatterFor(language: Language, currency: string): MoneyFormatter {
  const key = `${language}:${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    try {
      formatter = {
        format: new Intl.NumberFormat(PRICE_LOCALES[language], priceFormatOptions(currency)),
        withCurrency: true,
      };
    } catch {
      // An unknown currency code from a backend must not break the page: the number with the code beside it.
      formatter = {
        format: new Intl.NumberFormat('en', {
          minimumFractionDigits: MONEY_DECIMALS,
          maximumFractionDigits: MONEY_DECIMALS,
        }),
        withCurrency: false,
      };
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

const NBSP = '\u00a0';
const RLM = '\u200f';
const LRM = '\u200e';

/**
 * The shop's currencies written as `Intl.NumberFormat` writes them in en-KW and ar-KW (CLDR 48), without Intl: a
 * phone's first number format loads the locale data, tens of milliseconds in the first moments of every page
 * (and the server's render and the browser's agree whatever their ICU). Others go through Intl.
 * English puts the sign before the number ("KWD 1.50", "$1.50"); Arabic after it, right-to-left marked.
 */
const SHOP_CURRENCIES: Record<string, { en: string; ar: string }> = {
  KWD: { en: `KWD${NBSP}`, ar: `${NBSP}د.ك.${RLM}` },
  SAR: { en: `SAR${NBSP}`, ar: `${NBSP}ر.س.${RLM}` },
  AED: { en: `AED${NBSP}`, ar: `${NBSP}د.إ.${RLM}` },
  QAR: { en: `QAR${NBSP}`, ar: `${NBSP}ر.ق.${RLM}` },
  BHD: { en: `BHD${NBSP}`, ar: `${NBSP}د.ب.${RLM}` },
  OMR: { en: `OMR${NBSP}`, ar: `${NBSP}ر.ع.${RLM}` },
  USD: { en: '$', ar: `${NBSP}US$` },
  EUR: { en: '€', ar: `${NBSP}€` },
  EGP: { en: `EGP${NBSP}`, ar: `${NBSP}ج.م.${RLM}` },
};

/** An already rounded amount's digits: grouped by thousands, 2 decimals ("1,234.50"). */
function digitsOf(amount: number): string {
  const [whole = '0', fraction = '00'] = Math.abs(amount).toFixed(MONEY_DECIMALS).split('.');
  return `${groupThousands(whole, ',')}.${fraction}`;
}

/** Rounds half away from zero to 2 decimals without binary drift (1.005 → 1.01). */
export function roundMoney(amount: number): number {
  const sign = amount < 0 ? -1 : 1;
  // toPrecision(12) drops the binary noise of the multiplication (10.005 * 100 = 1000.4999…) before rounding.
  return (sign * Math.round(Number((Math.abs(amount) * 100).toPrecision(12)))) / 100;
}

/** An amount in the shopper's language and currency, 2 decimals: "KWD 12.50" / "‏12.50 د.ك.‏". */
export function formatMoney(amount: number, currency: string, language: Language): string {
  const rounded = roundMoney(amount);
  const sign = SHOP_CURRENCIES[currency];
  if (sign && Number.isFinite(rounded)) {
    const negative = rounded < 0 || Object.is(rounded, -0);
    const digits = digitsOf(rounded);
    return language === 'ar'
      ? `${RLM}${negative ? `${LRM}-` : ''}${digits}${sign.ar}`
      : `${negative ? '-' : ''}${sign.en}${digits}`;
  }
  const { format, withCurrency } = intlFormatterFor(language, currency);
  const text = format.format(rounded);
  return withCurrency ? text : `${text} ${currency}`;
}

/** Price times quantity, rounded to 2 decimals. */
export function lineTotal(unitPrice: number, quantity: number): number {
  return roundMoney(unitPrice * Math.max(1, Math.floor(quantity)));
}
