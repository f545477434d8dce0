import { http, HttpResponse } from 'msw';

import { apiUrl } from '../../../testing/server';
import type { HomeResponse, SearchResponse } from '../../../../contract/catalogSearch';
import type { Category, Coupon, ListedCategory, ListedProduct, Product, Review, Slide } from '../types';
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
    http.get(apiUrl('catalog/home'), ({ request }) => {
      record(request);
      return HttpResponse.json(homeAnswerOf(categories, data.bestSellers ?? products.slice(0, 4)));
    }),
    http.get(apiUrl('catalog/search'), ({ request }) => {
      record(request);
      const params = new URL(request.url).searchParams;
      const answer = searchAnswerOf(categories, params);
      // As the server: a page past the last is a 404 carrying the last page.
      return Number(params.get('page') ?? 1) > answer.page_count
        ? HttpResponse.json(
            { ...answer, message: 'There is no such page.', code: 'no_such_page' },
            { status: 404 },
          )
        : HttpResponse.json(answer);
    }),
    http.get(apiUrl('catalog/categories'), ({ request }) => {
      record(request);
      const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
      const pageCount = Math.max(1, Math.ceil(categories.length / 20));
      const answered = Math.min(Math.max(1, page), pageCount);
      return HttpResponse.json({
        data: categories.slice((answered - 1) * 20, answered * 20).map(listedCategory),
        total: categories.length,
        page: answered,
        per_page: 20,
        page_count: pageCount,
      });
    }),
    http.get(apiUrl('products/:id/related'), ({ request, params }) => {
      record(request);
      const product = products.find((item) => item.id === Number(params.id));
      if (!product) return HttpResponse.json({ message: 'Product not found' }, { status: 404 });
      return HttpResponse.json({
        similar: products
          .filter((item) => item.category === product.category && item.id !== product.id)
          .slice(0, 12)
          .map(listed),
        recommended: products
          .filter((item) => item.id !== product.id && item.rating >= 3)
          .sort((a, b) => b.rating - a.rating || a.id - b.id)
          .slice(0, 8)
          .map(listed),
      });
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

/** What lists carry of a product (the server's ListedProduct). */
export function listed(product: Product): ListedProduct {
  const { description: _description, image_url: _gallery, product_images: _images, ...shown } = product;
  return shown;
}

export const listedCategory = (category: Category): ListedCategory => ({
  id: category.id,
  name: category.name,
  image: category.image,
  product_count: category.products.length,
});

const effective = (product: Product) => product.discounted_price ?? product.price;

/** The server's home lists, computed from fixture categories as the server computes them from its tables. */
export function homeAnswerOf(categories: Category[], bestSellers: Product[]): HomeResponse {
  const products = categories.flatMap((category) => category.products);
  return {
    best_sellers: bestSellers.map(listed),
    newly_added: products
      .filter((product) => product.rating >= 3)
      .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id)
      .slice(0, 20)
      .map(listed),
    today_deals: products
      .filter((product) => product.discounted_price !== null && product.discounted_price < product.price)
      .slice(0, 20)
      .map(listed),
    categories: categories.slice(0, 6).map(listedCategory),
    category_count: categories.length,
  };
}

/** The server's search, filters, facets and paging over fixture categories (name contains the words). */
export function searchAnswerOf(categories: Category[], params: URLSearchParams): SearchResponse {
  const products = categories.flatMap((category) => category.products);
  const list = (name: string) => (params.get(name) ?? '').split(',').filter(Boolean);
  const q = (params.get('q') ?? '').trim().toLowerCase();
  // As the server reads it (categoryIdNamed): the category's id, or its name in any capitals.
  const asked = params.get('category')?.trim() ?? null;
  const chosen =
    asked === null
      ? undefined
      : categories.find((entry) =>
          /^\d+$/.test(asked) ? entry.id === Number(asked) : entry.name.toLowerCase() === asked.toLowerCase(),
        );
  const category = asked === null ? null : (chosen?.name ?? asked);
  const brands = list('brands');
  const collections = list('collections');
  const maxPrice = params.has('max_price') ? Number(params.get('max_price')) : Infinity;
  const minRating = Number(params.get('min_rating') ?? 0);
  const base = products.filter(
    (product) => (q === '' || product.name.toLowerCase().includes(q)) && effective(product) <= maxPrice,
  );
  const ok = {
    category: (product: Product) => category === null || product.category === category,
    brand: (product: Product) => brands.length === 0 || brands.includes(product.brand),
    collection: (product: Product) => collections.length === 0 || collections.includes(product.collection),
    rating: (product: Product) => product.rating >= minRating,
  };
  const passing = (skip: keyof typeof ok) =>
    base.filter((product) =>
      (Object.keys(ok) as (keyof typeof ok)[]).every((key) => key === skip || ok[key](product)),
    );
  const count = (values: string[]) => {
    const counts = new Map<string, number>();
    for (const value of values) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
    return [...counts]
      .map(([value, n]) => ({ value, count: n }))
      .sort((a, b) => a.value.localeCompare(b.value));
  };
  const matches = base.filter((product) => Object.values(ok).every((test) => test(product)));
  const perPage = 12;
  const pageCount = Math.max(1, Math.ceil(matches.length / perPage));
  const page = Math.min(Math.max(1, Number(params.get('page') ?? 1)), pageCount);
  const prices = matches.map(effective);
  return {
    data: matches.slice((page - 1) * perPage, page * perPage).map(listed),
    total: matches.length,
    page,
    per_page: perPage,
    page_count: pageCount,
    sort: 'relevance',
    category: chosen ? { id: chosen.id, name: chosen.name } : null,
    ...(collections.length > 0 ? { collections } : {}),
    facets: {
      categories: categories
        .map((entry) => ({
          id: entry.id,
          name: entry.name,
          count: passing('category').filter((product) => product.category === entry.name).length,
        }))
        .filter((entry) => entry.count > 0),
      brands: count(passing('brand').map((product) => product.brand)),
      collections: count(passing('collection').map((product) => product.collection)),
      ratings: [4, 3, 2, 1].map((min) => ({
        min_rating: min,
        count: passing('rating').filter((product) => product.rating >= min).length,
      })),
      price: prices.length
        ? { min: Math.min(...prices), max: Math.max(...prices) }
        : { min: null, max: null },
    },
  };
}
