import { useTranslation } from 'react-i18next';

import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatMoney } from '../../../lib/money';
import { selectCurrency, selectLanguage } from '../../settings/public';
import {
  brandToggled,
  categoryToggled,
  collectionToggled,
  MAX_PRICE,
  maxPriceChanged,
  minRatingToggled,
  selectFilters,
} from '../catalogSlice';

/** Active filters as removable chips (small screens, search page). */
export function FilterChips() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectFilters);
  const currency = useAppSelector(selectCurrency);
  const language = useAppSelector(selectLanguage);
  const chips: { key: string; label: string; remove: () => void }[] = [];
  if (filters.category) {
    const category = filters.category;
    chips.push({ key: `c:${category}`, label: category, remove: () => dispatch(categoryToggled(category)) });
  }
  for (const brand of filters.brands) {
    chips.push({ key: `b:${brand}`, label: brand, remove: () => dispatch(brandToggled(brand)) });
  }
  for (const collection of filters.collections) {
    chips.push({
      key: `l:${collection}`,
      label: collection,
      remove: () => dispatch(collectionToggled(collection)),
    });
  }
  if (filters.maxPrice < MAX_PRICE) {
    chips.push({
      key: 'price',
      label: t('catalog.filters.price_up_to', {
        price: formatMoney(filters.maxPrice, currency, language),
      }),
      remove: () => dispatch(maxPriceChanged(MAX_PRICE)),
    });
  }
  if (filters.minRating > 0) {
    const rating = filters.minRating;
    chips.push({
      key: 'rating',
      label: t('catalog.filters.rating_at_least', { count: rating }),
      remove: () => dispatch(minRatingToggled(rating)),
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
