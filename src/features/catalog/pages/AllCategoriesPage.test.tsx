import { screen, waitFor } from '@testing-library/react';

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
    const calls: string[] = [];
    server.use(...catalogHandlers({ categories }, calls));
    const { user } = render();
    expect(screen.getByTestId('category-skeleton')).toBeInTheDocument();
    expect(await screen.findAllByTestId('category-tile')).toHaveLength(20);
    expect(screen.getByRole('link', { name: 'Shop Category 1' })).toHaveAttribute(
      'href',
      '/search?category=Category%201',
    );
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    // Each page is asked of the server (issue 48), not cut from the whole catalogue.
    await waitFor(() => expect(screen.getAllByTestId('category-tile')).toHaveLength(3));
    expect(screen.getByRole('link', { name: 'Shop Category 21' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(calls).toEqual(['GET /catalog/categories?page=1', 'GET /catalog/categories?page=2']);
    // The page is in the address: shared, reopened, and back returns to it
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/all-categories\?page=2$/);
  });

  it('a link to page 2 opens page 2', async () => {
    const categories = Array.from({ length: 23 }, (_, index) =>
      makeCategory(index + 1, `Category ${index + 1}`, []),
    );
    server.use(...catalogHandlers({ categories }));
    renderPage('/all-categories', <AllCategoriesPage />, { route: '/all-categories?page=2' });
    await waitFor(() => expect(screen.getAllByTestId('category-tile')).toHaveLength(3));
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('a page past the last says so, with the way to the first and the last page (not the last under its address)', async () => {
    const categories = Array.from({ length: 45 }, (_, index) =>
      makeCategory(index + 1, `Category ${index + 1}`, []),
    );
    server.use(...catalogHandlers({ categories }));
    const { user } = renderPage('/all-categories', <AllCategoriesPage />, {
      route: '/all-categories?page=9',
    });
    expect(await screen.findByText('There is no such page of categories.')).toBeInTheDocument();
    expect(screen.getByText('The categories end at page 3.')).toBeInTheDocument();
    expect(screen.queryByTestId('category-tile')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the first page' })).toHaveAttribute(
      'href',
      '/all-categories',
    );
    await user.click(screen.getByRole('link', { name: 'Go to the last page (3)' }));
    await waitFor(() => expect(screen.getAllByTestId('category-tile')).toHaveLength(5));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/all-categories\?page=3$/);
  });

  it('an address with no page, or one it cannot read, is page 1', async () => {
    const calls: string[] = [];
    server.use(...catalogHandlers({}, calls));
    renderPage('/all-categories', <AllCategoriesPage />, { route: '/all-categories?page=abc' });
    expect(await screen.findAllByTestId('category-tile')).toHaveLength(2);
    expect(calls).toEqual(['GET /catalog/categories?page=1']);
  });

  it('asks for the page in Arabic in Arabic mode', async () => {
    const calls: string[] = [];
    server.use(...catalogHandlers({}, calls));
    renderPage('/all-categories', <AllCategoriesPage />, { route: '/all-categories', language: 'ar' });
    expect(await screen.findAllByTestId('category-tile')).toHaveLength(2);
    expect(calls).toEqual(['GET /catalog/categories?lang=ar&page=1']);
  });

  it('says so when there are no categories', async () => {
    server.use(...catalogHandlers({ categories: [] }));
    render();
    expect(await screen.findByText('There are no categories yet.')).toBeInTheDocument();
  });

  it('says so when categories cannot be loaded', async () => {
    server.use(failing('catalog/categories'), ...catalogHandlers());
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Categories could not be loaded');
    expect(screen.queryByTestId('category-skeleton')).not.toBeInTheDocument();
  });
});
