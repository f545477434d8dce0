import { screen, within } from '@testing-library/react';

import { server } from '../../../testing/server';
import { selectFilters } from '../catalogSlice';
import SearchPage from '../pages/SearchPage';
import { catalogHandlers } from '../testing/handlers';
import { renderPage } from '../testing/renderPage';

const TEXTS = {
  en: { legend: 'Category', all: 'All categories' },
  ar: { legend: 'القسم', all: 'كل الأقسام' },
} as const;

async function openCategoryFilter(language: 'en' | 'ar', route = '/search') {
  server.use(...catalogHandlers());
  const utils = renderPage('/search', <SearchPage />, { route, language });
  await screen.findByText('Royal Oud');
  const panel = screen.getAllByTestId('filter-panel')[0] as HTMLElement;
  const group = within(panel).getByRole('group', { name: TEXTS[language].legend });
  return { ...utils, group };
}

describe.each(['en', 'ar'] as const)('category filter (%s)', (language) => {
  it('is one choice: a named group of radio buttons with an "all categories" choice, no checkboxes', async () => {
    const { group } = await openCategoryFilter(language);
    expect(group.tagName).toBe('FIELDSET');
    expect(within(group).queryAllByRole('checkbox')).toHaveLength(0);
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((radio) => radio.labels?.[0]?.textContent)).toEqual([
      TEXTS[language].all,
      'Perfumes',
      'Abayas',
    ]);
    expect(new Set(radios.map((radio) => radio.name)).size).toBe(1);
    expect(within(group).getByRole('radio', { name: TEXTS[language].all })).toBeChecked();
  });

  it('choosing a category checks it alone; "all categories" clears the choice', async () => {
    const { group, store, user } = await openCategoryFilter(language);
    await user.click(within(group).getByRole('radio', { name: 'Abayas' }));
    expect(selectFilters(store.getState()).category).toBe('Abayas');
    expect(within(group).getByRole('radio', { name: 'Abayas' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: TEXTS[language].all })).not.toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'Perfumes' }));
    expect(selectFilters(store.getState()).category).toBe('Perfumes');
    expect(within(group).getByRole('radio', { name: 'Abayas' })).not.toBeChecked();
    await user.click(within(group).getByRole('radio', { name: TEXTS[language].all }));
    expect(selectFilters(store.getState()).category).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/search$/);
  });

  it('a category from the URL is the checked choice, and the arrow keys move the choice', async () => {
    const { group, store, user } = await openCategoryFilter(language, '/search?category=Perfumes');
    const perfumes = within(group).getByRole('radio', { name: 'Perfumes' });
    expect(perfumes).toBeChecked();
    perfumes.focus();
    await user.keyboard('{ArrowDown}');
    expect(within(group).getByRole('radio', { name: 'Abayas' })).toBeChecked();
    expect(selectFilters(store.getState()).category).toBe('Abayas');
  });
});
