import { createContext, useState, type ReactNode } from 'react';

import { KeptUntilNear } from './KeptUntilNear';

import './ui.css';

/** Cards counted as above the fold load eagerly; the rest lazily (spec: lazy below the fold). */
export const EAGER_CARDS = 4;

/**
 * How wide a card's picture is by screen width (the grid's columns, ui.css), for the browser to choose the picture's
 * copy from its `srcset`: a phone's two columns take a 400 px copy, not the 1200 px picture a product page shows.
 */
const CARD_PICTURE_SIZES = '(min-width: 1024px) 25vw, (min-width: 768px) 34vw, 50vw';
/** Home's grids: one column below 576 px. */
const HOME_CARD_PICTURE_SIZES =
  '(min-width: 1024px) 25vw, (min-width: 768px) 34vw, (min-width: 576px) 50vw, 100vw';

/** The `sizes` of the cards' pictures in the grid around them (a card outside any grid: the usual grid's). */
export const CardPictureSizes = createContext(CARD_PICTURE_SIZES);

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
  /**
   * The cards a phone does not show at first, left out of the page's hydration (ui/KeptUntilNear): the cards from
   * `from` on are wrapped, on the server and in the browser alike, and those the browser finds past `shown()` (its
   * first rows at its width; read once, while hydrating) keep the server's markup until they near the screen.
   */
  kept?: { from: number; shown: () => number };
}

/** The product grid: 4 / 3 / 2 columns by width (home: 1 column below sm). */
export function ProductGrid<T>({
  items,
  keyOf,
  renderItem,
  variant,
  label,
  twoRows,
  kept,
}: ProductGridProps<T>) {
  const className = `product-grid${variant === 'home' ? ' product-grid--home' : ''}${twoRows ? ' product-grid--two-rows' : ''}`;
  const [shown] = useState(() => kept?.shown() ?? 0);
  const grid = (
    <ul className={className} aria-label={label}>
      {items.map((item, index) => (
        <li key={keyOf(item, index)}>
          {kept && index >= kept.from ? (
            <KeptUntilNear showing={item} hydrated={index < shown}>
              {renderItem(item, index)}
            </KeptUntilNear>
          ) : (
            renderItem(item, index)
          )}
        </li>
      ))}
    </ul>
  );
  return variant === 'home' ? (
    <CardPictureSizes.Provider value={HOME_CARD_PICTURE_SIZES}>{grid}</CardPictureSizes.Provider>
  ) : (
    grid
  );
}
