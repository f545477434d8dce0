import { screen } from '@testing-library/react';

import { server } from '../../../testing/server';
import { makeCategory } from '../testing/fixtures';
import { catalogHandlers, failing } from '../testing/handlers';
import { renderPage } from '../testing/renderPage';
import AllCategoriesPage from './AllCategoriesPage';

const render = () => renderPage('/all-categories', <AllCategoriesPage />, { route: '/all-categories' });

describe('AllCategoriesPage', () => {
  it('shows 20 categories per page with a pager; each links to search by name', async () => {
    const categories = Array.from({ length: 23 }, (_, index) =>
      makeCategory(index + 1, `Category ${index + 1}`, []),
    );
    server.use(...catalogHandlers({ categories }));
    const { user } = render();
    expect(screen.getByTestId('category-skeleton')).toBeInTheDocument();
    expect(await screen.findAllByTestId('category-tile')).toHaveLength(20);
    expect(screen.getByRole('link', { name: 'Shop Category 1' })).toHaveAttribute(
      'href',
      '/search?category=Category%201',
    );
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(screen.getAllByTestId('category-tile')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Shop Category 21' })).toBeInTheDocument();
  });

  it('says so when there are no categories', async () => {
    server.use(...catalogHandlers({ categories: [] }));
    render();
    expect(await screen.findByText('There are no categories yet.')).toBeInTheDocument();
  });

  it('says so when categories cannot be loaded', async () => {
    server.use(failing('categories'), ...catalogHandlers());
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Categories could not be loaded');
    warn.mockRestore();
  });
});
