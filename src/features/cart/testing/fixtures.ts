// Cart fixtures shaped as the API contract answers them, and an in-memory cart server for msw.
import { http, HttpResponse, type HttpResponseResolver } from 'msw';

import { apiUrl } from '../../../testing/server';
import type { CartItem, CartProduct } from '../types';

export const GUEST_TOKEN = 'guest-token-0123456789';

export function makeCartProduct(overrides: Partial<CartProduct> = {}): CartProduct {
  const id = overrides.id ?? 1;
  return {
    id,
    name: `Product ${id}`,
    description: '',
    image_temp: `/media/products/${id}.svg`,
    image_url: [`/media/products/${id}.svg`],
    product_images: [],
    price: 10,
    discounted_price: null,
    discount_offer: null,
    category: 'Perfumes',
    category_id: 1,
    collection: '',
    brand: '',
    rating: 4,
    stock_quantity: 20,
    stock_warning: null,
    attributes: [],
    offer: false,
    sale: false,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeCartItem(overrides: Partial<CartItem> = {}): CartItem {
  const productId = overrides.product_id ?? overrides.product?.id ?? 1;
  return {
    id: productId * 10,
    product_id: productId,
    quantity: 1,
    size: null,
    color: null,
    currency: 'KWD',
    product: makeCartProduct({ id: productId }),
    ...overrides,
  };
}

export const sizedProduct = (id: number) =>
  makeCartProduct({
    id,
    name: `Dishdasha ${id}`,
    category: 'Dishdashas',
    attributes: [
      {
        attribute_name: 'size',
        sub_attributes: [
          { id: 1, name: 'M' },
          { id: 2, name: 'L' },
        ],
      },
    ],
  });

export interface CartCall {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}

/** The guest cart's GET answering `items()`, and every other cart call recorded then answered by `answer`. */
export function cartHandlers(
  items: () => CartItem[],
  calls: CartCall[] = [],
  answer: HttpResponseResolver = () => HttpResponse.json({ message: 'ok' }),
) {
  const record: HttpResponseResolver = async (info) => {
    const url = new URL(info.request.url);
    const text = await info.request.clone().text();
    calls.push({
      method: info.request.method,
      path: url.pathname.replace('/api/', ''),
      body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
    });
    return answer(info);
  };
  return [
    http.get(apiUrl('guest/cart'), () => HttpResponse.json({ cart_items: items() })),
    http.get(apiUrl('cart'), () => HttpResponse.json({ cart_items: items() })),
    http.post(apiUrl('guest/cart/update/:id'), record),
    http.post(apiUrl('cart/update/:id'), record),
    http.delete(apiUrl('guest/cart/product/:id'), record),
    http.delete(apiUrl('cart/product/:id'), record),
    http.post(apiUrl('guest/cart/add'), record),
    http.post(apiUrl('cart/add'), record),
    http.get(apiUrl('governorates'), () => HttpResponse.json({ data: [] })),
  ];
}
