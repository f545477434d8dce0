import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';

import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatMoney } from '../../../lib/money';
import { selectCurrency, selectLanguage } from '../../settings/public';
import { useFilterOptions, type FilterOption } from '../searchSelectors';
import {
  brandToggled,
  categoryToggled,
  collectionToggled,
  filtersReset,
  MAX_PRICE,
  MAX_RATING,
  maxPriceChanged,
  minRatingToggled,
  PRICE_STEP,
  selectFilters,
} from '../catalogSlice';

// Each group subscribes to its own filter field only, so changing one group re-renders that group alone.

/** A facet count as shown, in the language's digits: "(12)", "(١٢)". */
const countText = (count: number, language: string) =>
  `(${new Intl.NumberFormat(language === 'ar' ? 'ar-KW' : 'en-KW').format(count)})`;

/** How many products a choice leaves (the facet count), read out as part of the choice's name. */
function FacetCount({ count }: { count: number }) {
  const language = useAppSelector(selectLanguage);
  return <span className="text-body-secondary small ms-1">{countText(count, language)}</span>;
}

function CheckList({
  legend,
  options,
  selected,
  onToggle,
  testId,
}: {
  legend: string;
  options: FilterOption[];
  selected: (option: string) => boolean;
  onToggle: (option: string) => void;
  testId: string;
}) {
  const id = useId();
  if (options.length === 0) return null;
  return (
    <fieldset className="mb-3" data-testid={testId}>
      <legend className="h6">{legend}</legend>
      <div className="filter-list">
        {options.map(({ value: option, count }, index) => (
          <div className="form-check" key={option}>
            <input
              className="form-check-input"
              type="checkbox"
              id={`${id}-${index}`}
              checked={selected(option)}
              onChange={() => onToggle(option)}
            />
            <label className="form-check-label" htmlFor={`${id}-${index}`}>
              {option}
              {count !== undefined && <FacetCount count={count} />}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** One category or none: radio buttons, with "all categories" standing for none. */
const CategoryFilter = memo(function CategoryFilter() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const category = useAppSelector((state) => selectFilters(state).category);
  const { categories } = useFilterOptions();
  const id = useId();
  if (categories.length === 0) return null;
  // The slice toggles: picking the chosen category again clears it, which is what "all categories" means.
  const choose = (option: string | null) => {
    if (option !== null) {
      if (option !== category) dispatch(categoryToggled(option));
    } else if (category !== null) dispatch(categoryToggled(category));
  };
  const choices: { value: string | null; label: string; count?: number }[] = [
    { value: null, label: t('catalog.filters.all_categories') },
    ...categories.map((option) => ({ value: option.value, label: option.value, count: option.count })),
  ];
  return (
    <fieldset className="mb-3" data-testid="filter-category">
      <legend className="h6">{t('catalog.filters.category')}</legend>
      <div className="filter-list">
        {choices.map((choice, index) => (
          <div className="form-check" key={choice.value ?? ''}>
            <input
              className="form-check-input"
              type="radio"
              name={`${id}-category`}
              id={`${id}-${index}`}
              checked={choice.value === category}
              onChange={() => choose(choice.value)}
            />
            <label className="form-check-label" htmlFor={`${id}-${index}`}>
              {choice.label}
              {choice.count !== undefined && <FacetCount count={choice.count} />}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
});

const BrandFilter = memo(function BrandFilter() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const brands = useAppSelector((state) => selectFilters(state).brands);
  const options = useFilterOptions().brands;
  return (
    <CheckList
      legend={t('catalog.filters.brands')}
      options={options}
      selected={(option) => brands.includes(option)}
      onToggle={(option) => dispatch(brandToggled(option))}
      testId="filter-brands"
    />
  );
});

const CollectionFilter = memo(function CollectionFilter() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const collections = useAppSelector((state) => selectFilters(state).collections);
  const options = useFilterOptions().collections;
  return (
    <CheckList
      legend={t('catalog.filters.collections')}
      options={options}
      selected={(option) => collections.includes(option)}
      onToggle={(option) => dispatch(collectionToggled(option))}
      testId="filter-collections"
    />
  );
});

const PriceFilter = memo(function PriceFilter() {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const dispatch = useAppDispatch();
  const maxPrice = useAppSelector((state) => selectFilters(state).maxPrice);
  const currency = useAppSelector(selectCurrency);
  const id = useId();
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label h6 d-block">
        {t('catalog.filters.price')}
      </label>
      <input
        id={id}
        type="range"
        className="form-range"
        min={0}
        max={MAX_PRICE}
        step={PRICE_STEP}
        value={maxPrice}
        aria-valuetext={t('catalog.filters.price_up_to', {
          price: formatMoney(maxPrice, currency, language),
        })}
        onChange={(event) => dispatch(maxPriceChanged(Number(event.target.value)))}
      />
      <div className="small text-body-secondary" data-testid="price-filter-value">
        {t('catalog.filters.price_up_to', {
          price: formatMoney(maxPrice, currency, language),
        })}
      </div>
    </div>
  );
});

const RatingFilter = memo(function RatingFilter() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const language = useAppSelector(selectLanguage);
  const minRating = useAppSelector((state) => selectFilters(state).minRating);
  const counts = useFilterOptions().ratings;
  return (
    <fieldset className="mb-3" data-testid="filter-rating">
      <legend className="h6">{t('catalog.filters.rating')}</legend>
      <div className="d-flex flex-wrap gap-1">
        {Array.from({ length: MAX_RATING }, (_, index) => index + 1).map((stars) => {
          const count = counts[stars];
          const name = t('catalog.filters.rating_at_least', { count: stars });
          return (
            <button
              key={stars}
              type="button"
              className={`btn btn-sm ${minRating === stars ? 'btn-warning' : 'btn-outline-secondary'}`}
              aria-pressed={minRating === stars}
              aria-label={count === undefined ? name : `${name} ${countText(count, language)}`}
              onClick={() => dispatch(minRatingToggled(stars))}
            >
              {stars}★{count !== undefined && <FacetCount count={count} />}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
});

/** The filter side panel (large screens) and the drawer's body (small screens). */
export function FilterPanel() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return (
    <div className="filter-panel" data-testid="filter-panel">
      <CategoryFilter />
      <BrandFilter />
      <CollectionFilter />
      <PriceFilter />
      <RatingFilter />
      <button
        type="button"
        className="btn btn-outline-danger btn-sm w-100"
        onClick={() => dispatch(filtersReset())}
      >
        {t('catalog.filters.reset')}
      </button>
    </div>
  );
}
