import { memo, useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAppSelector } from '../../../app/hooks';
import { foldDigits, formatCount } from '../../../lib/digits';
import type { Language } from '../../../lib/language';
import { formatMoney } from '../../../lib/money';
import { selectCurrency, selectLanguage } from '../../settings/public';
import { useFacetOptions, useRatingCounts, type FilterOption } from '../searchSelectors';
import { clampPrice, DEFAULT_FILTERS, MAX_PRICE, MAX_RATING, PRICE_STEP } from '../catalogSlice';
import {
  brandToggle,
  categoryCleared,
  categoryToggle,
  collectionToggle,
  maxPriceSet,
  minRatingToggle,
} from '../filterChanges';
import { useChosen, useSearchChanges } from '../searchInAddress';

// Each group re-renders when its own filter or the answer changes: a tap re-renders the tapped group alone.

/** A facet count as shown, in the language's digits: "(12)", "(١٢)". */
const countText = (count: number, language: Language) => `(${formatCount(count, language)})`;

/** How many products a choice leaves (the facet count), read out as part of the choice's name. */
function FacetCount({ count }: { count: number }) {
  const language = useAppSelector(selectLanguage);
  return <span className="text-body-secondary small ms-1">{countText(count, language)}</span>;
}

/**
 * How many choices a facet list shows before "show all": a merchant's hundred brands or fifty categories stay one tap
 * away instead of filling every search page (and its HTML) at any catalogue's size. Chosen ones always show.
 */
export const FACET_CHOICES_SHOWN = 10;

/** The first choices of a long list (and every chosen one), or all of them once the shopper asks. */
function useShortList<T>(items: T[], isChosen: (item: T) => boolean) {
  const [all, setAll] = useState(false);
  const long = items.length > FACET_CHOICES_SHOWN;
  const shown =
    !long || all ? items : items.filter((item, index) => index < FACET_CHOICES_SHOWN || isChosen(item));
  return { shown, long, all, total: items.length, toggle: () => setAll((was) => !was) };
}

function ShowAllToggle({
  list,
  controls,
}: {
  list: { long: boolean; all: boolean; total: number; toggle: () => void };
  controls: string;
}) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  if (!list.long) return null;
  return (
    <button
      type="button"
      className="btn btn-link btn-sm px-0"
      aria-expanded={list.all}
      aria-controls={controls}
      onClick={list.toggle}
    >
      {list.all
        ? t('catalog.filters.show_fewer')
        : t('catalog.filters.show_all', { count: formatCount(list.total, language) })}
    </button>
  );
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
  const list = useShortList(options, (option) => selected(option.value));
  if (options.length === 0) return null;
  return (
    <fieldset className="mb-3" data-testid={testId}>
      <legend className="h6">{legend}</legend>
      <div className="filter-list" id={`${id}-list`}>
        {list.shown.map(({ value: option, count }, index) => (
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
      <ShowAllToggle list={list} controls={`${id}-list`} />
    </fieldset>
  );
}

/** One category or none: radio buttons, with "all categories" standing for none. */
const CategoryFilter = memo(function CategoryFilter() {
  const { t } = useTranslation();
  const { changeFilters } = useSearchChanges();
  const category = useChosen('category');
  const categories = useFacetOptions('categories');
  const id = useId();
  const list = useShortList(categories, (option) => option.value === category);
  if (categories.length === 0) return null;
  // A radio is never unticked by a tap: "all categories" is the way to none.
  const choose = (option: string | null) => {
    if (option === null) changeFilters(categoryCleared);
    else if (option !== category) changeFilters(categoryToggle(option));
  };
  const choices: { value: string | null; label: string; count?: number }[] = [
    { value: null, label: t('catalog.filters.all_categories') },
    ...list.shown.map((option) => ({ value: option.value, label: option.value, count: option.count })),
  ];
  return (
    <fieldset className="mb-3" data-testid="filter-category">
      <legend className="h6">{t('catalog.filters.category')}</legend>
      <div className="filter-list" id={`${id}-list`}>
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
      <ShowAllToggle list={list} controls={`${id}-list`} />
    </fieldset>
  );
});

const BrandFilter = memo(function BrandFilter() {
  const { t } = useTranslation();
  const { changeFilters } = useSearchChanges();
  const brands = useChosen('brands');
  const options = useFacetOptions('brands');
  return (
    <CheckList
      legend={t('catalog.filters.brands')}
      options={options}
      selected={(option) => brands.includes(option)}
      onToggle={(option) => changeFilters(brandToggle(option))}
      testId="filter-brands"
    />
  );
});

const CollectionFilter = memo(function CollectionFilter() {
  const { t } = useTranslation();
  const { changeFilters } = useSearchChanges();
  const collections = useChosen('collections');
  const options = useFacetOptions('collections');
  return (
    <CheckList
      legend={t('catalog.filters.collections')}
      options={options}
      selected={(option) => collections.includes(option)}
      onToggle={(option) => changeFilters(collectionToggle(option))}
      testId="filter-collections"
    />
  );
});

const PriceFilter = memo(function PriceFilter() {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const { changeFilters } = useSearchChanges();
  const chosen = useChosen('maxPrice');
  const shownCurrency = useAppSelector(selectCurrency);
  // A limit from a link shared in another currency is in that one (the server reads it so): the slider and the box
  // keep it, and a limit taken away and set again is in the shown currency.
  const currency = useChosen('priceCurrency') ?? shownCurrency;
  const id = useId();
  // While the thumb is dragged it shows each step at once; the filter (the address, the grid) follows as a deferred
  // value, so a fast drag writes the address a few times, not once per step.
  const [dragged, setDragged] = useState<{ price: number } | null>(null);
  // Once the filter holds the dragged position the thumb shows the filter again, so a chip or the reset that takes
  // the limit away later shows at once.
  if (dragged !== null && dragged.price === chosen) setDragged(null);
  const maxPrice = dragged?.price ?? chosen;
  const wanted = useDeferredValue(dragged);
  // Each position once: a filter changed since (a chip, the reset) is not undone by an older position.
  const applied = useRef<typeof wanted>(null);
  useEffect(() => {
    if (wanted === null || applied.current === wanted) return;
    applied.current = wanted;
    changeFilters(maxPriceSet(wanted.price, currency));
  }, [wanted, changeFilters, currency]);
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
        onChange={(event) => setDragged({ price: Number(event.target.value) })}
      />
      <div className="small text-body-secondary" data-testid="price-filter-value">
        {t('catalog.filters.price_up_to', {
          price: formatMoney(maxPrice, currency, language),
        })}
      </div>
      <HighestPriceBox chosen={chosen} currency={currency} />
    </div>
  );
});

/**
 * The highest price typed: the slider's 0…100 000 in steps of 10 (the spec's) leaves a few pixels for a shop whose
 * prices are tens of dinars. Written when the shopper is done (Enter, or leaving the box), snapped to the slider's
 * steps and shown so; emptied, there is no limit; what is not a number leaves the limit as it was.
 */
function HighestPriceBox({ chosen, currency }: { chosen: number; currency: string }) {
  const { t } = useTranslation();
  const { changeFilters } = useSearchChanges();
  const id = useId();
  // null: the box shows the filter (the slider, a chip or the reset may change it meanwhile)
  const [typed, setTyped] = useState<string | null>(null);
  const commit = () => {
    if (typed === null) return;
    setTyped(null);
    const text = foldDigits(typed)
      .replace(/[\u066b,]/g, '.')
      .replace(/[\s\u066c]/g, '');
    const wanted = text === '' ? MAX_PRICE : /^\d+(\.\d*)?$/.test(text) ? clampPrice(Number(text)) : chosen;
    if (wanted !== chosen) changeFilters(maxPriceSet(wanted, currency));
  };
  return (
    <div className="d-flex align-items-center gap-2 mt-2">
      <label htmlFor={id} className="small text-nowrap mb-0">
        {t('catalog.filters.price_highest', { currency })}
      </label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        className="form-control form-control-sm"
        placeholder={t('catalog.filters.price_no_limit')}
        value={typed ?? (chosen >= MAX_PRICE ? '' : String(chosen))}
        onChange={(event) => setTyped(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
      />
    </div>
  );
}

const RatingFilter = memo(function RatingFilter() {
  const { t } = useTranslation();
  const { changeFilters } = useSearchChanges();
  const language = useAppSelector(selectLanguage);
  const minRating = useChosen('minRating');
  const counts = useRatingCounts();
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
              onClick={() => changeFilters(minRatingToggle(stars))}
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
  const { changeFilters } = useSearchChanges();
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
        onClick={() => changeFilters(() => DEFAULT_FILTERS)}
      >
        {t('catalog.filters.reset')}
      </button>
    </div>
  );
}
