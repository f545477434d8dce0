import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';

import { renderWithProviders } from '../../../testing/renderWithProviders';
import { apiUrl, EMPTY_SEARCH_ANSWER, server } from '../../../testing/server';
import { makeCartProduct } from '../testing/fixtures';
import { RelatedProducts } from './RelatedProducts';

/** The related lists answer late, so the sections are seen while they load. */
function slowRelated(calls: string[] = []) {
  server.use(
    http.get(apiUrl('products/:id/related'), async ({ request }) => {
      calls.push(new URL(request.url).pathname);
      await delay(200);
      return HttpResponse.json({ similar: [], recommended: [] });
    }),
  );
}

const cardNames = (section: HTMLElement) =>
  within(section)
    .getAllByTestId('product-card')
    .map((card) => within(card).getByRole('heading').textContent);

describe('related products under the cart', () => {
  it('an empty cart holds no place for similar products; its recommendations are the best rated', async () => {
    // Nothing can be similar without a product (no skeleton that would vanish and shift the page); the
    // recommendations are the catalogue's best rated, asked of the search (rating 3 or more, best first).
    const calls: string[] = [];
    slowRelated(calls);
    server.use(
      http.get(apiUrl('catalog/search'), ({ request }) => {
        const url = new URL(request.url);
        calls.push(`${url.pathname}${url.search}`);
        return HttpResponse.json({
          ...EMPTY_SEARCH_ANSWER,
          data: [makeCartProduct({ id: 9, name: 'Item 9' })],
          total: 1,
          sort: 'rating',
        });
      }),
    );
    renderWithProviders(<RelatedProducts categories="" productIds="" />);
    const recommended = await screen.findByRole('heading', { name: 'Recommended for you' });
    expect(screen.queryByRole('heading', { name: 'Similar products' })).not.toBeInTheDocument();
    const section = recommended.closest('section') as HTMLElement;
    expect(await within(section).findByText('Item 9')).toBeInTheDocument();
    expect(calls).toEqual(['/api/catalog/search?currency_code=KWD&min_rating=3&sort=rating']);
  });

  it('a cart with products holds both places while they load', async () => {
    const calls: string[] = [];
    slowRelated(calls);
    renderWithProviders(<RelatedProducts categories="Perfumes" productIds="1" />);
    expect(await screen.findByRole('heading', { name: 'Similar products' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Recommended for you' })).toBeInTheDocument();
    expect(screen.getAllByTestId('skeleton-grid')).toHaveLength(2);
    expect(calls).toEqual(['/api/products/1/related']);
  });

  it("shows the first product's similar and recommended lists without the products already in the cart", async () => {
    const calls: string[] = [];
    const product = (id: number) => makeCartProduct({ id, name: `Item ${id}` });
    server.use(
      http.get(apiUrl('products/:id/related'), ({ request }) => {
        const url = new URL(request.url);
        calls.push(`${url.pathname}${url.search}`);
        // As the server chooses them for product 1: its category's others, then the best rated of the catalogue.
        return HttpResponse.json({
          similar: [2, 3].map(product),
          recommended: [2, 3, 4, 5, 6, 7, 8].map(product),
        });
      }),
    );
    renderWithProviders(<RelatedProducts categories="Perfumes" productIds="1,2" />);
    const similar = await screen.findByRole('region', { name: 'Similar products' });
    // Item 2 is in the cart.
    await waitFor(() => expect(cardNames(similar)).toEqual(['Item 3']));
    // Neither in the cart nor shown as similar; 4 of them.
    const recommended = screen.getByRole('region', { name: 'Recommended for you' });
    await waitFor(() => expect(cardNames(recommended)).toEqual(['Item 4', 'Item 5', 'Item 6', 'Item 7']));
    // The related lists of the cart's first product, in the shown currency.
    expect(calls).toEqual(['/api/products/1/related?currency_code=KWD']);
  });
});
