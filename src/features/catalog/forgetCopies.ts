import { SUPPORTED_LANGUAGES } from '../../i18n/i18n';
import { removeItem } from '../../lib/storage';
import { homeCopyKey, type HomePart } from './homeCopy';

const PARTS: HomePart[] = ['categories', 'bestSellers', 'coupons'];

/**
 * Drops the home lists' stored copies (both languages, this currency): they answer without a call for 5 minutes,
 * so after the shop's products changed here (the back office) the next look asks the server. Only the code that
 * changes the catalogue imports this (its own module, so it is not in the shop's first JavaScript).
 */
export function forgetCatalogCopies(currency: string): void {
  for (const language of SUPPORTED_LANGUAGES)
    for (const part of PARTS) removeItem('session', homeCopyKey(language, part, currency));
}
