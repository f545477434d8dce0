import { screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';

import { renderWithProviders } from '../../../testing/renderWithProviders';
import { apiUrl, server } from '../../../testing/server';
import { RelatedProducts } from './RelatedProducts';

/** The catalogue answers late, so the sections are seen while they load. */
function slowCatalog() {
  server.use(
    http.get(apiUrl('categories'), async () => {
      await delay(200);
      return HttpResponse.json([]);
    }),
    http.get(apiUrl('best_selling_products'), () => HttpResponse.json({ bestSellingProducts: [] })),
    http.get(apiUrl('coupons'), () => HttpResponse.json([])),
  );
}

describe('related products under the cart', () => {
  it('an empty cart holds no place for similar products while they load (nothing can be similar)', async () => {
    slowCatalog();
    renderWithProviders(<RelatedProducts categories="" productIds="" />);
    expect(await screen.findByRole('heading', { name: 'Recommended for you' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Similar products' })).not.toBeInTheDocument();
  });

  it('a cart with products holds both places while they load', async () => {
    slowCatalog();
    renderWithProviders(<RelatedProducts categories="Perfumes" productIds="1" />);
    expect(await screen.findByRole('heading', { name: 'Similar products' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Recommended for you' })).toBeInTheDocument();
  });
});
