import type { ReactNode } from 'react';

import './ui.css';

/** Cards counted as above the fold load eagerly; the rest lazily (spec: lazy below the fold). */
export const EAGER_CARDS = 4;

interface ProductGridProps<T> {
  items: readonly T[];
  keyOf: (item: T, index: number) => number | string;
  renderItem: (item: T, index: number) => ReactNode;
  variant?: 'home';
  label?: string;
}

/** The product grid: 4 / 3 / 2 columns by width (home: 1 column below sm). */
export function ProductGrid<T>({ items, keyOf, renderItem, variant, label }: ProductGridProps<T>) {
  return (
    <ul className={`product-grid${variant === 'home' ? ' product-grid--home' : ''}`} aria-label={label}>
      {items.map((item, index) => (
        <li key={keyOf(item, index)}>{renderItem(item, index)}</li>
      ))}
    </ul>
  );
}
