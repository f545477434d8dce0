import { http, HttpResponse } from 'msw';

import { apiUrl } from '../../../testing/server';
import type { Category, Coupon, Product, Review, Slide } from '../types';
import { makeReview, sampleCategories, sampleCoupons } from './fixtures';

export interface CatalogServerData {
  categories?: Category[];
  bestSellers?: Product[];
  coupons?: Coupon[];
  slides?: Slide[];
  reviews?: Review[];
}

export const sampleSlides: Slide[] = [
  {
    id: 1,
    title: 'Eid offers',
    image: '/media/sliders/1.svg',
    image2: '/media/sliders/1-mobile.svg',
    status: 1,
  },
  { id: 2, title: 'Hidden', image: '/media/sliders/2.svg', image2: null, status: 0 },
  { id: 3, title: 'New oud', image: '/media/sliders/3.svg', image2: null, status: 1 },
];

/** Catalogue calls answered from fixtures; every request is recorded for assertions. */
export function catalogHandlers(data: CatalogServerData = {}, calls: string[] = []) {
  const categories = data.categories ?? sampleCategories;
  const products = categories.flatMap((category) => category.products);
  const record = (request: Request) => {
    const url = new URL(request.url);
    calls.push(`${request.method} ${url.pathname.replace(/^\/api/, '')}${url.search}`);
  };
  return [
    http.get(apiUrl('categories'), ({ request }) => {
      record(request);
      return HttpResponse.json(categories);
    }),
    http.get(apiUrl('best_selling_products'), ({ request }) => {
      record(request);
      return HttpResponse.json({ bestSellingProducts: data.bestSellers ?? products.slice(0, 4) });
    }),
    http.get(apiUrl('coupons'), ({ request }) => {
      record(request);
      return HttpResponse.json(data.coupons ?? sampleCoupons);
    }),
    http.get(apiUrl('sliders'), ({ request }) => {
      record(request);
      return HttpResponse.json({ data: data.slides ?? sampleSlides });
    }),
    http.get(apiUrl('products/:id'), ({ request, params }) => {
      record(request);
      const product = products.find((item) => item.id === Number(params.id));
      if (!product) return HttpResponse.json({ message: 'Product not found' }, { status: 404 });
      const currency = new URL(request.url).searchParams.get('currency_code');
      return HttpResponse.json(
        currency
          ? {
              ...product,
              converted_products: {
                currency_code: currency,
                price: product.price,
                discounted_price: product.discounted_price,
              },
            }
          : product,
      );
    }),
    http.get(apiUrl('reviews'), ({ request }) => {
      record(request);
      return HttpResponse.json(
        data.reviews ?? [makeReview({ id: 1 }), makeReview({ id: 2, status: 'pending' })],
      );
    }),
  ];
}

export const failing = (path: string, status = 500) =>
  http.get(apiUrl(path), () => HttpResponse.json({ message: 'Server error' }, { status }));
