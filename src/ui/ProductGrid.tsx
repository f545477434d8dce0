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
  /**
   * The list holds two rows of the columns the grid has now (`useColumnCount`). The server, which cannot know the
   * width, renders it for the widest grid; a narrower screen does not draw the cards past two rows (ui.css), so its
   * first layout is not spent on cards the page drops as soon as it runs.
   */
  twoRows?: boolean;
}

/** The product grid: 4 / 3 / 2 columns by width (home: 1 column below sm). */
export function ProductGrid<T>({ items, keyOf, renderItem, variant, label, twoRows }: ProductGridProps<T>) {
  const className = `product-grid${variant === 'home' ? ' product-grid--home' : ''}${twoRows ? ' product-grid--two-rows' : ''}`;
  return (
    <ul className={className} aria-label={label}>
      {items.map((item, index) => (
        <li key={keyOf(item, index)}>{renderItem(item, index)}</li>
      ))}
    </ul>
  );
}
