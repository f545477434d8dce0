import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { renderWithProviders } from '../../../testing/renderWithProviders';
import { apiUrl, server } from '../../../testing/server';
import type { ProductCardProps } from '../../../ui/ProductCard';
import type { Product } from '../../catalog/public';
import { cartHandlers, GUEST_TOKEN, makeCartItem, makeCartProduct, type CartCall } from '../testing/fixtures';
import type { CartItem } from '../types';
import CartPage from './CartPage';

// Render counting: every render of a card's body and of a grid is recorded (the real components do the work).
const mockCardRenders = new Map<number, number>();
let mockGridRenders = 0;
jest.mock('../../../ui/ProductCard', () => {
  const actual = jest.requireActual<typeof import('../../../ui/ProductCard')>('../../../ui/ProductCard');
  const react = jest.requireActual<typeof import('react')>('react');
  const body = (actual.ProductCard as unknown as { type: (props: ProductCardProps) => React.ReactNode }).type;
  return {
    ...actual,
    ProductCard: react.memo(function CountedProductCard(props: ProductCardProps) {
      mockCardRenders.set(props.product.id, (mockCardRenders.get(props.product.id) ?? 0) + 1);
      return body(props);
    }),
  };
});
jest.mock('../../../ui/ProductGrid', () => {
  const actual = jest.requireActual<typeof import('../../../ui/ProductGrid')>('../../../ui/ProductGrid');
  return {
    ...actual,
    ProductGrid: (props: Parameters<typeof actual.ProductGrid>[0]) => {
      mockGridRenders += 1;
      return actual.ProductGrid(props);
    },
  };
});

function shopProduct(id: number, name: string): Product {
  return {
    ...makeCartProduct({ id, name, price: 5 + id, rating: 4 }),
    description: '',
    discount_offer: null,
    image_url: [],
    product_images: [],
    category_id: 1,
    collection: 'Classic',
    brand: 'Nasma',
    offer: false,
    sale: false,
    created_at: '2024-03-01T10:00:00.000Z',
  };
}

const related = [shopProduct(2, 'Musk'), shopProduct(3, 'Amber'), shopProduct(4, 'Rose')];

describe('cart page renders', () => {
  it('quantity clicks re-render the cart line, never the similar and recommended grids or their cards', async () => {
    let items: CartItem[] = [makeCartItem({ quantity: 1 })];
    const calls: CartCall[] = [];
    server.use(
      ...cartHandlers(
        () => items,
        calls,
        async ({ request }) => {
          const { quantity } = (await request.json()) as { quantity: number };
          items = [makeCartItem({ quantity })];
          return HttpResponse.json({ message: 'ok' });
        },
      ),
      http.get(apiUrl('categories'), () =>
        HttpResponse.json([{ id: 1, name: 'Perfumes', image: '', products: related }]),
      ),
    );
    const { user } = renderWithProviders(<CartPage />, {
      preloadedState: { cart: { guestToken: GUEST_TOKEN } },
    });
    const similar = await screen.findByRole('region', { name: 'Similar products' });
    await within(similar).findAllByTestId('product-card');
    await waitFor(() => expect(mockCardRenders.size).toBe(3));
    const gridBefore = mockGridRenders;
    const cardsBefore = new Map(mockCardRenders);

    const plus = screen.getByRole('button', { name: 'Increase the quantity of Product 1' });
    await user.click(plus);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Quantity of Product 1' })).toHaveValue('2'),
    );
    await waitFor(() => expect(plus).toBeEnabled());
    await user.click(plus);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Quantity of Product 1' })).toHaveValue('3'),
    );
    await waitFor(() => expect(plus).toBeEnabled());

    expect(calls.filter((call) => call.path === 'guest/cart/update/1')).toHaveLength(2);
    expect(mockGridRenders).toBe(gridBefore);
    expect(mockCardRenders).toEqual(cardsBefore);
  });
});
