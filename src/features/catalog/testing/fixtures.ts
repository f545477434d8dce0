// Catalogue fixtures shaped as the API contract answers them; tests build variations with overrides.
import type { Category, Coupon, Product, Review } from '../types';

export function makeProduct(overrides: Partial<Product> = {}): Product {
  const id = overrides.id ?? 1;
  return {
    id,
    name: `Product ${id}`,
    description: `Description of product ${id}`,
    price: 10,
    discounted_price: null,
    discount_offer: null,
    image_temp: `/media/products/${id}.svg`,
    image_url: [`/media/products/${id}.svg`, `/media/products/${id}-b.svg`],
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

export function makeCategory(id: number, name: string, products: Product[]): Category {
  return { id, name, image: `/media/categories/${id}.svg`, products };
}

export const sampleCategories: Category[] = [
  makeCategory(1, 'Perfumes', [
    makeProduct({ id: 1, name: 'Royal Oud', brand: 'Nasma', collection: 'Classic', price: 30, rating: 4.5 }),
    makeProduct({
      id: 2,
      name: 'Musk Al Tahara',
      brand: 'Layali',
      collection: 'Intense',
      price: 12,
      rating: 3.2,
    }),
    makeProduct({
      id: 3,
      name: 'Amber Nights',
      brand: 'Nasma',
      collection: 'Gift Set',
      price: 80,
      rating: 2.8,
    }),
  ]),
  makeCategory(2, 'Abayas', [
    makeProduct({
      id: 4,
      name: 'Black Abaya',
      category: 'Abayas',
      brand: 'Dana',
      collection: 'Classic',
      price: 45,
      discounted_price: 36,
      discount_offer: 20,
      rating: 4.8,
      attributes: [
        {
          attribute_name: 'size',
          sub_attributes: [
            { id: 11, name: 'M' },
            { id: 12, name: 'L' },
          ],
        },
        {
          attribute_name: 'color',
          sub_attributes: [
            { id: 13, name: 'Black' },
            { id: 14, name: 'Navy' },
          ],
        },
      ],
    }),
    makeProduct({ id: 5, name: 'Grey Abaya', category: 'Abayas', brand: 'Dana', price: 50, rating: 3 }),
  ]),
];

export const sampleCoupons: Coupon[] = [
  { id: 1, code: 'EID20', is_active: 1, end_date: '2099-12-31', discount: 20 },
  { id: 2, code: 'OLD10', is_active: 1, end_date: '2020-01-01', discount: 10 },
  { id: 3, code: 'OFF5', is_active: 0, end_date: '2099-12-31', discount: 5 },
];

export function makeReview(overrides: Partial<Review> = {}): Review {
  const id = overrides.id ?? 1;
  return {
    id,
    product_id: 4,
    status: 'approved',
    rating: 5,
    review: `Review number ${id}`,
    user_name: `Shopper ${id}`,
    created_at: '2024-02-09T10:00:00.000Z',
    ...overrides,
  };
}
