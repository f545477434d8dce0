import { skipToken } from '@reduxjs/toolkit/query';
import { forwardRef, useEffect, useImperativeHandle, useMemo, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

import { useAppSelector } from '../../../app/hooks';
import { Price } from '../../../ui/Price';
import { useGetSuggestionsQuery } from '../catalogApi';
import { selectHomeArgs } from '../catalogSelectors';
import './searchSuggestions.css';
import { ProductThumbnail } from '../../../ui/ProductThumbnail';

/** How long the box waits after the last keystroke before it asks (Shopify Dawn's predictive search waits ~300). */
export const SUGGEST_DELAY_MS = 250;
/** Fewer letters than this ask nothing (the server answers none either). */
export const SUGGEST_MIN_LETTERS = 2;

/** What the box's input shows of the list: whether it is open, and which option is active. */
export interface SuggestionsState {
  expanded: boolean;
  activeId: string | undefined;
}

/** The box hands its keys to the list: true when the key was the list's (the box then prevents its default). */
export interface SuggestionsHandle {
  key(key: string): boolean;
}

interface Props {
  /** The listbox's id (the input's aria-controls). */
  id: string;
  /** The words as typed (not yet trimmed or debounced). */
  typed: string;
  /** False once the shopper closed the list (Escape, Tab, focus elsewhere, a choice). */
  open: boolean;
  /** The list wants to be open again (ArrowDown on a closed list). */
  onOpen(): void;
  /** The "search for «…»" row: the box's own submit. */
  onSubmit(): void;
  /** A product or category was chosen (after the navigation). */
  onChosen(): void;
  onStateChange(state: SuggestionsState): void;
}

type Option =
  | { kind: 'product'; key: string; id: number }
  | { kind: 'category'; key: string; name: string }
  | { kind: 'search'; key: string };

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * The header box's suggestions (WAI-ARIA combobox's listbox): products and categories matching the words typed so
 * far, and a row that searches for them. Its code loads when the box is first focused (HeaderSearch), so the
 * first paint carries none of it; the server never renders it, so it never asks on the server.
 */
export const SearchSuggestions = forwardRef<SuggestionsHandle, Props>(function SearchSuggestions(
  { id, typed, open, onOpen, onSubmit, onChosen, onStateChange },
  ref,
) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const args = useAppSelector(selectHomeArgs);
  const words = typed.trim();
  const asked = useDebounced(words, SUGGEST_DELAY_MS);
  const enough = asked.length >= SUGGEST_MIN_LETTERS;
  const { currentData, data, isFetching } = useGetSuggestionsQuery(
    enough ? { ...args, q: asked } : skipToken,
  );
  // While the next answer comes, the last one stays (no flicker between keystrokes).
  const answer = enough ? (currentData ?? (isFetching ? data : undefined)) : undefined;
  const showing = words.length >= SUGGEST_MIN_LETTERS ? answer : undefined;
  const expanded = open && showing !== undefined;
  // The answer on screen is for other words than those typed now (the next one is on its way): its rows stay, dimmed,
  // so the list does not flicker, but only "search for" can be chosen (a product of the old words is not the shopper's).
  const stale = asked !== words || currentData === undefined;

  const options = useMemo<Option[]>(() => {
    if (!showing) return [];
    if (stale) return [{ kind: 'search', key: 'search' }];
    return [
      ...showing.products.map((product) => ({
        kind: 'product' as const,
        key: `p${product.id}`,
        id: product.id,
      })),
      ...showing.categories.map((category) => ({
        kind: 'category' as const,
        key: `c${category.id}`,
        name: category.name,
      })),
      { kind: 'search', key: 'search' },
    ];
  }, [showing, stale]);

  // The active option: none when the options or the words change.
  const [active, setActive] = useState({ options, words, index: -1 });
  const index = active.options === options && active.words === words ? active.index : -1;
  const optionId = (option: Option) => `${id}-${option.key}`;
  const activeOption = expanded ? options[index] : undefined;
  const activeId = activeOption ? optionId(activeOption) : undefined;

  useEffect(() => {
    onStateChange({ expanded, activeId });
  }, [expanded, activeId, onStateChange]);
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);
  // Closing the list leaves nothing active.
  useEffect(() => () => onStateChange({ expanded: false, activeId: undefined }), [onStateChange]);
  // Nor does a list closed (Escape) and opened again: ArrowDown then starts from the first option.
  if (!open && active.index !== -1) setActive({ options, words, index: -1 });

  const choose = (option: Option) => {
    if (option.kind === 'search') {
      onSubmit();
      return;
    }
    void navigate(
      option.kind === 'product'
        ? `/product/${option.id}`
        : // As a category tile links (not imported from there: the tiles' code would come along).
          `/search?${new URLSearchParams({ category: option.name }).toString()}`,
    );
    onChosen();
  };

  useImperativeHandle(ref, () => ({
    key(key: string) {
      if (!expanded) {
        if (key === 'ArrowDown' && words.length >= SUGGEST_MIN_LETTERS) {
          onOpen();
          return true;
        }
        return false;
      }
      const count = options.length;
      const move = (next: number) => setActive({ options, words, index: next });
      switch (key) {
        case 'ArrowDown':
          move(index + 1 >= count ? 0 : index + 1);
          return true;
        case 'ArrowUp':
          move(index <= 0 ? (index === 0 ? -1 : count - 1) : index - 1);
          return true;
        case 'Enter':
          if (!activeOption) return false;
          choose(activeOption);
          return true;
        default:
          return false;
      }
    },
  }));

  const total = showing ? showing.products.length + showing.categories.length : 0;
  const announcement =
    !expanded || stale
      ? ''
      : total === 0
        ? t('catalog.suggestions.none')
        : t('catalog.suggestions.count', { count: total });

  const optionProps = (option: Option) => ({
    id: optionId(option),
    role: 'option' as const,
    'aria-selected': option === activeOption,
    className: `search-suggestions__option${option === activeOption ? ' search-suggestions__option--active' : ''}`,
    // The input keeps the focus (and the keyboard) while a pointer chooses.
    onMouseDown: (event: MouseEvent) => event.preventDefault(),
    onClick: () => choose(option),
  });

  const productOptions = options.filter((option) => option.kind === 'product');
  const categoryOptions = options.filter((option) => option.kind === 'category');
  /** A row of the answer for earlier words: shown, not chosen. */
  const staleRow = (key: string) => ({
    id: `${id}-${key}`,
    role: 'option' as const,
    'aria-selected': false,
    'aria-disabled': true,
    className: 'search-suggestions__option search-suggestions__option--stale',
  });
  const searchOption = options.find((option) => option.kind === 'search');

  return (
    <>
      <div
        role="status"
        aria-live="polite"
        aria-atomic="true"
        className="visually-hidden"
        data-testid="search-suggestions-count"
      >
        {announcement}
      </div>
      <div
        id={id}
        role="listbox"
        aria-label={t('catalog.suggestions.label')}
        className="search-suggestions"
        aria-busy={stale}
        hidden={!expanded}
        data-testid="search-suggestions"
      >
        {showing && showing.products.length > 0 && (
          <div role="group" aria-labelledby={`${id}-products`}>
            <div role="presentation" id={`${id}-products`} className="search-suggestions__heading">
              {t('catalog.suggestions.products')}
            </div>
            {showing.products.map((product, at) => {
              const option = productOptions[at];
              const discounted =
                product.discounted_price !== null && product.discounted_price < product.price;
              return (
                <div key={`p${product.id}`} {...(option ? optionProps(option) : staleRow(`p${product.id}`))}>
                  <ProductThumbnail image={product.image} size={40} className="search-suggestions__image" />
                  <span className="search-suggestions__text">
                    <span className="search-suggestions__name">{product.name}</span>
                    <Price
                      amount={discounted ? (product.discounted_price ?? product.price) : product.price}
                      original={discounted ? product.price : null}
                      currency={product.currency_code || args.currency}
                      language={args.lang}
                      className="search-suggestions__price small"
                      t={t}
                    />
                  </span>
                </div>
              );
            })}
          </div>
        )}
        {showing && showing.categories.length > 0 && (
          <div role="group" aria-labelledby={`${id}-categories`}>
            <div role="presentation" id={`${id}-categories`} className="search-suggestions__heading">
              {t('catalog.suggestions.categories')}
            </div>
            {showing.categories.map((category, at) => {
              const option = categoryOptions[at];
              return (
                <div
                  key={`c${category.id}`}
                  {...(option ? optionProps(option) : staleRow(`c${category.id}`))}
                >
                  <span className="search-suggestions__name">{category.name}</span>
                </div>
              );
            })}
          </div>
        )}
        {searchOption && (
          <div
            {...optionProps(searchOption)}
            className={`${optionProps(searchOption).className} search-suggestions__option--search`}
            data-testid="search-suggestions-search"
          >
            <span className="search-suggestions__name">
              {t('catalog.suggestions.search_for', { text: `\u2068${words}\u2069` })}
            </span>
          </div>
        )}
      </div>
    </>
  );
});

export default SearchSuggestions;
