import { useTranslation } from 'react-i18next';

import { useAppSelector } from '../../../app/hooks';
import { formatMoney } from '../../../lib/money';
import { selectCurrency, selectLanguage } from '../../settings/public';
import { MAX_PRICE } from '../catalogSlice';
import {
  brandToggle,
  categoryCleared,
  collectionToggle,
  maxPriceCleared,
  minRatingToggle,
} from '../filterChanges';
import { useChosenFilters, useSearchChanges } from '../searchInAddress';

/** Active filters as removable chips (small screens, search page). */
export function FilterChips() {
  const { t } = useTranslation();
  const { changeFilters } = useSearchChanges();
  const filters = useChosenFilters();
  const currency = useAppSelector(selectCurrency);
  const language = useAppSelector(selectLanguage);
  const chips: { key: string; label: string; remove: () => void }[] = [];
  if (filters.category) {
    const category = filters.category;
    chips.push({ key: `c:${category}`, label: category, remove: () => changeFilters(categoryCleared) });
  }
  for (const brand of filters.brands) {
    chips.push({ key: `b:${brand}`, label: brand, remove: () => changeFilters(brandToggle(brand)) });
  }
  for (const collection of filters.collections) {
    chips.push({
      key: `l:${collection}`,
      label: collection,
      remove: () => changeFilters(collectionToggle(collection)),
    });
  }
  if (filters.maxPrice < MAX_PRICE) {
    chips.push({
      key: 'price',
      label: t('catalog.filters.price_up_to', {
        price: formatMoney(filters.maxPrice, filters.priceCurrency ?? currency, language),
      }),
      remove: () => changeFilters(maxPriceCleared),
    });
  }
  if (filters.minRating > 0) {
    chips.push({
      key: 'rating',
      label: t('catalog.filters.rating_at_least', { count: filters.minRating }),
      remove: () => changeFilters(minRatingToggle(filters.minRating)),
    });
  }
  if (chips.length === 0) return null;
  return (
    <ul
      className="list-unstyled d-flex flex-wrap gap-2 mb-3 d-lg-none"
      aria-label={t('catalog.filters.active')}
    >
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            className="btn btn-sm btn-outline-primary rounded-pill filter-chip"
            onClick={chip.remove}
            aria-label={t('catalog.filters.remove_filter', { name: chip.label })}
          >
            {chip.label} <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
