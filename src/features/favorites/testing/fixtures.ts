// Wishlist answers as the contract gives them (GET /user-wishlist: wishlist_id, product_id, product_details).
import type { Product } from '../../catalog/public';
import type { Favorite } from '../favoritesApi';

export function makeFavoriteProduct(id: number, overrides: Partial<Product> = {}): Product {
  return {
    id,
    name: `Product ${id}`,
    description: `Description of product ${id}`,
    price: 10,
    discounted_price: null,
    discount_offer: null,
    image_temp: `/media/products/${id}.svg`,
    image_url: [],
    product_images: [],
    category: 'Perfumes',
    category_id: 1,
    collection: 'Classic',
    brand: 'Nasma',
    rating: 4,
    stock_quantity: 20,
    stock_warning: null,
    attributes: [],
    offer: false,
    sale: false,
    created_at: '2024-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeFavorite(
  wishlistId: number,
  productId: number,
  overrides: Partial<Product> = {},
): Favorite {
  return {
    wishlist_id: wishlistId,
    product_id: productId,
    product_details: makeFavoriteProduct(productId, overrides),
  };
}
