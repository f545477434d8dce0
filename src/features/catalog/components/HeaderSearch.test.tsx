import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router-dom';

import { apiUrl, server } from '../../../testing/server';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { HeaderSearch } from './HeaderSearch';
import { SUGGEST_DELAY_MS } from './SearchSuggestions';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

const ANSWERS = {
  en: {
    products: [
      {
        id: 7,
        name: 'Royal Oud',
        image: '/img/oud.jpg',
        price: 25,
        discounted_price: 20,
        currency_code: 'KWD',
      },
      { id: 9, name: 'Oud Wood', image: '', price: 12.5, discounted_price: null, currency_code: 'KWD' },
    ],
    categories: [{ id: 3, name: 'Oud & Bakhoor' }],
  },
  ar: {
    products: [
      {
        id: 7,
        name: 'عود ملكي',
        image: '/img/oud.jpg',
        price: 25,
        discounted_price: null,
        currency_code: 'KWD',
      },
    ],
    categories: [{ id: 3, name: 'العود والبخور' }],
  },
};

/** The suggestions' calls (their query strings), answered in the language asked. */
function suggestionsServer() {
  const calls: string[] = [];
  server.use(
    http.get(apiUrl('catalog/suggestions'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      calls.push(params.toString());
      return HttpResponse.json(ANSWERS[params.get('lang') === 'ar' ? 'ar' : 'en']);
    }),
  );
  return calls;
}

function renderBox(language: 'en' | 'ar' = 'en') {
  const onSearch = jest.fn();
  const onChosen = jest.fn();
  const view = renderWithProviders(
    <>
      <HeaderSearch
        id="box"
        label={language === 'en' ? 'Search products' : 'البحث عن المنتجات'}
        placeholder="…"
        buttonLabel="Search"
        value=""
        onSearch={onSearch}
        onChosen={onChosen}
      />
      <LocationProbe />
    </>,
    { language },
  );
  return { ...view, onSearch, onChosen, box: screen.getByRole('combobox') };
}

/** Lets the debounce run out (and anything it would ask for be asked). */
const pastTheDelay = () => act(() => new Promise((resolve) => setTimeout(resolve, SUGGEST_DELAY_MS + 150)));

describe('HeaderSearch (predictive search)', () => {
  it('loads its list only once the box is focused; the box is a collapsed combobox until then', async () => {
    const calls = suggestionsServer();
    const { box, user } = renderBox();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-controls');
    expect(screen.queryByRole('listbox', { hidden: true })).not.toBeInTheDocument();
    await user.click(box);
    const list = await screen.findByRole('listbox', { hidden: true });
    expect(box).toHaveAttribute('aria-controls', list.id);
    expect(list).not.toBeVisible();
    expect(calls).toEqual([]);
  });

  it('asks once, after the shopper stops typing, and lists products (picture, name, price) and categories', async () => {
    const calls = suggestionsServer();
    const { box, user } = renderBox();
    await user.type(box, 'oud');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    await pastTheDelay();
    expect(calls).toEqual(['currency_code=KWD&q=oud']);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Royal OudNow KWD\u00a020.00Was KWD\u00a025.00',
      'Oud WoodKWD\u00a012.50',
      'Oud & Bakhoor',
      'Search for «\u2068oud\u2069»',
    ]);
    expect(options[0]?.querySelector('img')).toHaveAttribute('src', '/img/oud.jpg');
    expect(options[1]?.querySelector('img')).toHaveAttribute('src', '/images/no-image.svg');
    expect(screen.getByRole('group', { name: 'Products' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Categories' })).toBeInTheDocument();
    expect(screen.getByTestId('search-suggestions-count')).toHaveTextContent('3 suggestions');
    expect(list).toBeVisible();
  });

  it('takes no more words than the server does (100 characters; longer would be refused)', async () => {
    suggestionsServer();
    const { box, user } = renderBox();
    expect(box).toHaveAttribute('maxlength', '100');
    await user.click(box);
    await user.paste('a'.repeat(150));
    expect(box).toHaveValue('a'.repeat(100));
  });

  it('asks nothing for fewer than 2 letters', async () => {
    const calls = suggestionsServer();
    const { box, user } = renderBox();
    await user.type(box, 'o');
    await pastTheDelay();
    await user.type(box, ' ');
    await pastTheDelay();
    expect(calls).toEqual([]);
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('ArrowDown/ArrowUp move through the options, Escape closes the list and keeps the words', async () => {
    suggestionsServer();
    const { box, user } = renderBox();
    await user.type(box, 'oud');
    await screen.findByRole('listbox', { name: 'Suggestions' });
    const options = screen.getAllByRole('option');
    expect(box).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]?.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[3]?.id);
    // Past the last: back to the first.
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]?.id);
    // Up from the first: back in the box, then the last.
    await user.keyboard('{ArrowUp}');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[3]?.id);
    expect(box).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(screen.getByRole('listbox', { hidden: true })).not.toBeVisible();
    expect(box).toHaveValue('oud');
    // ArrowDown opens it again.
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
  });

  it('while the answer for new words is on its way, the old rows are dimmed and only "search for" is chosen', async () => {
    const calls = suggestionsServer();
    const { box, user, onSearch } = renderBox();
    await user.type(box, 'oud');
    await screen.findByRole('listbox', { name: 'Suggestions' });
    await waitFor(() => expect(screen.getAllByRole('option')[0]).not.toHaveAttribute('aria-disabled'));
    // New words typed quickly: the answer on screen is still the one for "oud"
    await user.type(box, 'x');
    expect(screen.getByRole('listbox', { name: 'Suggestions' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('option', { name: /Royal Oud/ })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('oudx');
    expect(screen.getByTestId('location')).not.toHaveTextContent('/product/');
    expect(calls).toHaveLength(1);
    // Closed and opened again: nothing active until the shopper moves
    await user.type(box, 'y');
    await pastTheDelay();
    await waitFor(() =>
      expect(screen.getByRole('listbox', { hidden: true })).not.toHaveAttribute('aria-busy', 'true'),
    );
    await user.keyboard('{ArrowDown}{Escape}{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).not.toHaveAttribute('aria-activedescendant');
  });

  it('Enter on a product opens it; the list closes', async () => {
    suggestionsServer();
    const { box, user, onChosen, onSearch } = renderBox();
    await user.type(box, 'oud');
    await screen.findByRole('listbox', { name: 'Suggestions' });
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/product\/9$/);
    expect(onChosen).toHaveBeenCalledTimes(1);
    expect(onSearch).not.toHaveBeenCalled();
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('a category opens the search filtered by it; a click chooses as Enter does', async () => {
    suggestionsServer();
    const { box, user } = renderBox();
    await user.type(box, 'oud');
    await user.click(await screen.findByRole('option', { name: 'Oud & Bakhoor' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?category=Oud\+%26\+Bakhoor$/);
    expect(box).toHaveFocus();
  });

  it('Enter with no option active searches for the words; the "search for" row does the same', async () => {
    suggestionsServer();
    const { box, user, onSearch } = renderBox();
    await user.type(box, '  oud ');
    await screen.findByRole('listbox', { name: 'Suggestions' });
    await user.keyboard('{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('oud');
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await user.type(box, ' wood');
    await screen.findByRole('listbox', { name: 'Suggestions' });
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('oud wood');
    expect(onSearch).toHaveBeenCalledTimes(2);
  });

  it('Tab leaves the box and closes the list', async () => {
    suggestionsServer();
    const { box, user } = renderBox();
    await user.type(box, 'oud');
    await screen.findByRole('listbox', { name: 'Suggestions' });
    await user.tab();
    expect(box).not.toHaveFocus();
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('in Arabic: asks with lang=ar and shows Arabic names, texts and prices', async () => {
    const calls = suggestionsServer();
    const { box, user } = renderBox('ar');
    await user.type(box, 'عود');
    await screen.findByRole('listbox', { name: 'اقتراحات' });
    await waitFor(() => expect(calls).toEqual(['lang=ar&currency_code=KWD&q=%D8%B9%D9%88%D8%AF']));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'عود ملكي\u200f25.00\u00a0د.ك.\u200f',
      'العود والبخور',
      'البحث عن «\u2068عود\u2069»',
    ]);
    expect(screen.getByRole('group', { name: 'المنتجات' })).toBeInTheDocument();
    expect(screen.getByTestId('search-suggestions-count')).toHaveTextContent('اقتراحان');
  });
});
