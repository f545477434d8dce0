import type { Language } from './language';

/** Totals are shown with 2 decimals, whatever the currency's own minor unit (KWD has 3). */
export const MONEY_DECIMALS = 2;

/** A formatter, and whether it writes the currency itself (an unknown code falls back to a plain number). */
interface MoneyFormatter {
  format: Intl.NumberFormat;
  withCurrency: boolean;
}

const formatters = new Map<string, MoneyFormatter>();

function formatterFor(language: Language, currency: string): MoneyFormatter {
  const key = `${language}:${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    try {
      formatter = {
        format: new Intl.NumberFormat(language === 'ar' ? 'ar-KW' : 'en-KW', {
          style: 'currency',
          currency,
          minimumFractionDigits: MONEY_DECIMALS,
          maximumFractionDigits: MONEY_DECIMALS,
          // Latin digits in both languages: prices must read the same as on receipts and payment pages.
          numberingSystem: 'latn',
        }),
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

/** Rounds half away from zero to 2 decimals without binary drift (1.005 → 1.01). */
export function roundMoney(amount: number): number {
  const sign = amount < 0 ? -1 : 1;
  // toPrecision(12) drops the binary noise of the multiplication (10.005 * 100 = 1000.4999…) before rounding.
  return (sign * Math.round(Number((Math.abs(amount) * 100).toPrecision(12)))) / 100;
}

/** An amount in the shopper's language and currency, 2 decimals: "KWD 12.50" / "‏12.50 د.ك.‏". */
export function formatMoney(amount: number, currency: string, language: Language): string {
  const { format, withCurrency } = formatterFor(language, currency);
  const text = format.format(roundMoney(amount));
  return withCurrency ? text : `${text} ${currency}`;
}

/** Price times quantity, rounded to 2 decimals. */
export function lineTotal(unitPrice: number, quantity: number): number {
  return roundMoney(unitPrice * Math.max(1, Math.floor(quantity)));
}
