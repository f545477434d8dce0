import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { apiUrl, server } from '../../../testing/server';
import { selectSavedFilters } from '../catalogSlice';
import SearchPage from '../pages/SearchPage';
import { catalogHandlers, searchAnswerOf } from '../testing/handlers';
import { sampleCategories } from '../testing/fixtures';
import { renderPage } from '../testing/renderPage';

const TEXTS = {
  en: { legend: 'Category', all: 'All categories' },
  ar: { legend: 'القسم', all: 'كل الأقسام' },
} as const;

/**
 * A category's choice as read out: its name and the server's count of products it leaves (a facet of
 * GET /catalog/search), in the language's digits — "Perfumes (3)", "Perfumes (٣)".
 */
const choice = (language: 'en' | 'ar', name: 'Perfumes' | 'Abayas') => {
  const count = { Perfumes: 3, Abayas: 2 }[name];
  return `${name} (${new Intl.NumberFormat(language === 'ar' ? 'ar-KW' : 'en-KW').format(count)})`;
};

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
    expect(radios).toEqual([
      within(group).getByRole('radio', { name: TEXTS[language].all }),
      within(group).getByRole('radio', { name: choice(language, 'Perfumes') }),
      within(group).getByRole('radio', { name: choice(language, 'Abayas') }),
    ]);
    expect(new Set(radios.map((radio) => radio.name)).size).toBe(1);
    expect(within(group).getByRole('radio', { name: TEXTS[language].all })).toBeChecked();
  });

  it('choosing a category checks it alone; "all categories" clears the choice', async () => {
    const { group, store, user } = await openCategoryFilter(language);
    await user.click(within(group).getByRole('radio', { name: choice(language, 'Abayas') }));
    expect(selectSavedFilters(store.getState()).category).toBe('Abayas');
    expect(within(group).getByRole('radio', { name: choice(language, 'Abayas') })).toBeChecked();
    expect(within(group).getByRole('radio', { name: TEXTS[language].all })).not.toBeChecked();
    await user.click(within(group).getByRole('radio', { name: choice(language, 'Perfumes') }));
    expect(selectSavedFilters(store.getState()).category).toBe('Perfumes');
    expect(within(group).getByRole('radio', { name: choice(language, 'Abayas') })).not.toBeChecked();
    await user.click(within(group).getByRole('radio', { name: TEXTS[language].all }));
    expect(selectSavedFilters(store.getState()).category).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/search$/);
  });

  it('a category from the URL is the checked choice, and the arrow keys move the choice', async () => {
    const { group, store, user } = await openCategoryFilter(language, '/search?category=Perfumes');
    const perfumes = within(group).getByRole('radio', { name: choice(language, 'Perfumes') });
    expect(perfumes).toBeChecked();
    perfumes.focus();
    await user.keyboard('{ArrowDown}');
    expect(within(group).getByRole('radio', { name: choice(language, 'Abayas') })).toBeChecked();
    expect(selectSavedFilters(store.getState()).category).toBe('Abayas');
  });
});

describe('brand choices', () => {
  it('show how many products each leaves with the other filters (the server facets); a chosen one stays', async () => {
    server.use(...catalogHandlers());
    renderPage('/search', <SearchPage />, { route: '/search?category=Abayas&brands=Nasma' });
    const panel = (await screen.findAllByTestId('filter-panel'))[0] as HTMLElement;
    const brands = () => within(within(panel).getByTestId('filter-brands')).queryAllByRole('checkbox');
    // Among the abayas: Dana's 2. Nasma, chosen by the address, leaves none there but can still be unticked.
    await waitFor(() =>
      expect(brands()).toEqual([
        within(panel).getByRole('checkbox', { name: 'Dana (2)' }),
        within(panel).getByRole('checkbox', { name: 'Nasma (0)' }),
      ]),
    );
    expect(within(panel).getByRole('checkbox', { name: 'Dana (2)' })).not.toBeChecked();
    expect(within(panel).getByRole('checkbox', { name: 'Nasma (0)' })).toBeChecked();
  });
});

describe('facet counts', () => {
  afterEach(() => jest.restoreAllMocks());

  it('are written without Intl.NumberFormat, from the first render to a tap (a phone loads its locale data for the first one)', async () => {
    const made = jest.spyOn(Intl, 'NumberFormat');
    server.use(...catalogHandlers());
    const { user } = renderPage('/search', <SearchPage />, { route: '/search', language: 'ar' });
    const panel = (await screen.findAllByTestId('filter-panel'))[0] as HTMLElement;
    // The brand choices come with the server's answer.
    const brands = await within(panel).findByTestId('filter-brands');
    await within(brands).findAllByRole('checkbox');
    // A tap re-renders the panel with its counts.
    await user.click(within(brands).getAllByRole('checkbox')[0] as HTMLElement);
    await waitFor(() => expect(within(brands).getAllByRole('checkbox')[0]).toBeChecked());
    expect(within(panel).getByRole('group', { name: TEXTS.ar.legend })).toHaveTextContent(/\([٠-٩]+\)/);
    expect(made.mock.calls.filter(([locale]) => locale === 'ar-KW' || locale === 'en-KW')).toEqual([]);
  });
});

describe.each(['en', 'ar'] as const)('rating choices (%s)', (language) => {
  const texts = {
    en: { 4: '4 stars or more', 3: '3 stars or more', 1: '1 star or more' },
    ar: { 4: '4 نجوم فأكثر', 3: '3 نجوم فأكثر', 1: 'نجمة واحدة فأكثر' },
  }[language];
  const digits = (count: number) =>
    new Intl.NumberFormat(language === 'ar' ? 'ar-KW' : 'en-KW').format(count);

  it('show how many products each leaves (the server facets), as the other choices do', async () => {
    server.use(
      // The server's counts, not the page's products: 1 234 at 1 star or more while 12 are on the page (the
      // first handler that matches answers).
      http.get(apiUrl('catalog/search'), ({ request }) => {
        const answer = searchAnswerOf(sampleCategories, new URL(request.url).searchParams);
        answer.facets.ratings = [
          { min_rating: 4, count: 37 },
          { min_rating: 3, count: 410 },
          { min_rating: 2, count: 1200 },
          { min_rating: 1, count: 1234 },
        ];
        return HttpResponse.json(answer);
      }),
      ...catalogHandlers(),
    );
    const { store, user } = renderPage('/search', <SearchPage />, { route: '/search', language });
    const panel = (await screen.findAllByTestId('filter-panel'))[0] as HTMLElement;
    const group = within(panel).getByTestId('filter-rating');
    const four = await within(group).findByRole('button', { name: `${texts[4]} (${digits(37)})` });
    expect(four).toHaveTextContent(`4★(${digits(37)})`);
    expect(within(group).getByRole('button', { name: `${texts[3]} (${digits(410)})` })).toBeVisible();
    expect(within(group).getByRole('button', { name: `${texts[1]} (${digits(1234)})` })).toBeVisible();
    // A rating the server gave no count for is named without one.
    expect(within(group).getAllByRole('button')).toHaveLength(5);
    expect(within(group).getAllByRole('button')[4]).not.toHaveTextContent('(');

    await user.click(four);
    expect(selectSavedFilters(store.getState()).minRating).toBe(4);
    expect(await within(group).findByRole('button', { name: `${texts[4]} (${digits(37)})` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});

describe.each(['en', 'ar'] as const)('a long facet list (%s)', (language) => {
  const texts = {
    en: { all: 'Show all (14)', fewer: 'Show fewer' },
    ar: { all: 'عرض الكل (١٤)', fewer: 'عرض أقل' },
  }[language];

  it('shows its first ten choices and every chosen one; "show all" opens the rest and closes them again', async () => {
    const brands = Array.from({ length: 14 }, (_, index) => `Brand ${String(index + 1).padStart(2, '0')}`);
    server.use(
      // A merchant's many brands (the server's facets): the page shows ten, not all of them, at any catalogue size.
      http.get(apiUrl('catalog/search'), ({ request }) => {
        const answer = searchAnswerOf(sampleCategories, new URL(request.url).searchParams);
        answer.facets.brands = brands.map((value) => ({ value, count: 1 }));
        return HttpResponse.json(answer);
      }),
      ...catalogHandlers(),
    );
    const { user } = renderPage('/search', <SearchPage />, { route: '/search?brands=Brand 13', language });
    const panel = (await screen.findAllByTestId('filter-panel'))[0] as HTMLElement;
    const group = await within(panel).findByTestId('filter-brands');
    const names = () =>
      within(group)
        .queryAllByRole('checkbox')
        .map((box) => box.parentElement?.querySelector('label')?.firstChild?.textContent);
    await waitFor(() => expect(names()).toEqual([...brands.slice(0, 10), 'Brand 13']));
    expect(within(group).getByRole('checkbox', { name: /Brand 13/ })).toBeChecked();
    const toggle = within(group).getByRole('button', { name: texts.all });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute(
      'aria-controls',
      within(group).getAllByRole('checkbox')[0]?.closest('.filter-list')?.id,
    );
    await user.click(toggle);
    expect(names()).toEqual(brands);
    const fewer = within(group).getByRole('button', { name: texts.fewer });
    expect(fewer).toHaveAttribute('aria-expanded', 'true');
    await user.click(fewer);
    expect(names()).toHaveLength(11);
  });

  it('a short list has no "show all"', async () => {
    server.use(...catalogHandlers());
    renderPage('/search', <SearchPage />, { route: '/search', language });
    const panel = (await screen.findAllByTestId('filter-panel'))[0] as HTMLElement;
    await within(panel).findByTestId('filter-brands');
    expect(within(panel).queryByRole('button', { name: texts.all })).toBeNull();
  });
});
