import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { screen } from '@testing-library/react';

import { renderWithProviders } from '../../../testing/renderWithProviders';
import { server } from '../../../testing/server';
import HomePage from '../pages/HomePage';
import { makeCategory } from '../testing/fixtures';
import { catalogHandlers, listedCategory } from '../testing/handlers';
import { renderPage } from '../testing/renderPage';
import { CategoryTiles, tileLayout } from './CategoryTiles';

const fullCategories = (count: number) =>
  Array.from({ length: count }, (_, index) => makeCategory(index + 1, `Category ${index + 1}`, []));
const categories = (count: number) => fullCategories(count).map(listedCategory);

describe('category tile layout by count (docs/spec/02-shopping.md §2)', () => {
  it.each([
    [1, 'one'],
    [2, 'few'],
    [3, 'few'],
    [4, 'four'],
    [5, 'five'],
    [6, 'many'],
    [9, 'many'],
  ] as const)('%i categories → %s', (count, layout) => {
    expect(tileLayout(count)).toBe(layout);
  });

  it.each([
    [1, 'category-tiles--one'],
    [3, 'category-tiles--few'],
    [4, 'category-tiles--four'],
    [5, 'category-tiles--five'],
    [6, 'category-tiles--many'],
  ])('the list of %i tiles carries %s', (count, layoutClass) => {
    renderWithProviders(<CategoryTiles categories={categories(count)} loading={false} />);
    const tiles = screen.getAllByTestId('category-tile');
    expect(tiles).toHaveLength(count);
    const list = tiles[0]?.closest('ul');
    expect(list).toHaveClass('category-tiles', layoutClass);
    // Exactly one layout at a time, or two rules would fight over the grid.
    expect([...(list?.classList ?? [])].filter((name) => name.startsWith('category-tiles--'))).toEqual([
      layoutClass,
    ]);
  });

  it('every layout has its own grid rule in the stylesheet', () => {
    const css = readFileSync(join(__dirname, '..', 'catalog.css'), 'utf8');
    for (const layout of ['one', 'few', 'four', 'five', 'many']) {
      expect(css).toMatch(new RegExp(`\\.category-tiles--${layout}\\s*\\{[^}]*grid-template-columns`));
    }
  });

  it('the home page shows at most 6 tiles, laid out as "many", when there are more categories', async () => {
    server.use(...catalogHandlers({ categories: fullCategories(9) }));
    renderPage('/', <HomePage />, { route: '/' });
    const tiles = await screen.findAllByTestId('category-tile');
    expect(tiles.map((tile) => tile.textContent)).toEqual([
      'Category 1',
      'Category 2',
      'Category 3',
      'Category 4',
      'Category 5',
      'Category 6',
    ]);
    expect(tiles[0]?.closest('ul')).toHaveClass('category-tiles--many');
  });

  it('the home page lays out 5 categories as "five"', async () => {
    server.use(...catalogHandlers({ categories: fullCategories(5) }));
    renderPage('/', <HomePage />, { route: '/' });
    const tiles = await screen.findAllByTestId('category-tile');
    expect(tiles).toHaveLength(5);
    expect(tiles[0]?.closest('ul')).toHaveClass('category-tiles--five');
  });
});
