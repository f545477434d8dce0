import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { SearchResponse } from '../../contract/catalogSearch';

export const API = 'http://localhost/api';
export const apiUrl = (path: string) => `${API}/${path.replace(/^\//, '')}`;

/** The search's answer when nothing matches, as the server gives it. */
export const EMPTY_SEARCH_ANSWER: SearchResponse = {
  data: [],
  total: 0,
  page: 1,
  per_page: 12,
  page_count: 1,
  sort: 'relevance',
  category: null,
  facets: { categories: [], brands: [], collections: [], ratings: [], price: { min: null, max: null } },
};

/** Calls every screen of the shell makes; tests override them with server.use(...). */
export const defaultHandlers = [
  // The back office's second factor: nothing to enter unless a test says otherwise.
  http.get(apiUrl('account/second-factor'), () =>
    HttpResponse.json({
      enrolled: false,
      required: false,
      passed: true,
      demo_exempt: false,
      recovery_codes_left: 0,
    }),
  ),
  http.get(apiUrl('abouts'), ({ request }) => {
    const ar = new URL(request.url).searchParams.get('lang') === 'ar';
    return HttpResponse.json({
      data: [{ id: 1, title: ar ? 'من نحن' : 'About us', body: ar ? 'متجر كويتي للتسوق' : 'A Kuwaiti shop' }],
    });
  }),
  // Home and search data: an empty shop unless a test says otherwise.
  http.get(apiUrl('categories'), () => HttpResponse.json([])),
  http.get(apiUrl('catalog/home'), () =>
    HttpResponse.json({
      best_sellers: [],
      newly_added: [],
      today_deals: [],
      categories: [],
      category_count: 0,
    }),
  ),
  http.get(apiUrl('catalog/search'), () => HttpResponse.json(EMPTY_SEARCH_ANSWER)),
  http.get(apiUrl('catalog/suggestions'), () => HttpResponse.json({ products: [], categories: [] })),
  http.get(apiUrl('products/:id/related'), () => HttpResponse.json({ similar: [], recommended: [] })),
  http.get(apiUrl('best_selling_products'), () => HttpResponse.json({ bestSellingProducts: [] })),
  http.get(apiUrl('coupons'), () => HttpResponse.json([])),
  http.get(apiUrl('sliders'), () => HttpResponse.json({ data: [] })),
  // Every sign-in loads the account's favorites (the hearts): none unless a test says otherwise.
  http.get(apiUrl('user-wishlist'), () => HttpResponse.json([])),
];

export const server = setupServer(...defaultHandlers);
