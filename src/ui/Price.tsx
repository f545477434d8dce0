import type { TFunction } from 'i18next';

import { formatMoney } from '../lib/money';
import type { Language } from '../lib/language';

interface PriceProps {
  /** what the shopper pays */
  amount: number;
  /** the price before a discount, shown struck through when higher than amount */
  original?: number | null;
  currency: string;
  language: Language;
  className?: string;
  /** the caller's translation function (a card grid translates once for all its cards) */
  t: TFunction;
}

/** A price in the current language and currency with 2 decimals, and the original price when discounted. */
export function Price({ amount, original, currency, language, className, t }: PriceProps) {
  const discounted = original !== null && original !== undefined && original > amount;
  return (
    <span className={`price d-inline-flex flex-wrap align-items-baseline gap-2 ${className ?? ''}`}>
      <span className="price__current fw-semibold" data-testid="price-current">
        {discounted && <span className="visually-hidden">{t('catalog.ui.price_now')} </span>}
        {formatMoney(amount, currency, language)}
      </span>
      {discounted && (
        <del className="price__original text-body-secondary" data-testid="price-original">
          <span className="visually-hidden">{t('catalog.ui.price_was')} </span>
          {formatMoney(original, currency, language)}
        </del>
      )}
    </span>
  );
}
