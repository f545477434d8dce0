import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

import { api } from '../../app/api';
import { nextTask } from '../../lib/nextTask';
import type { Language } from '../../app/events';
import type { AddReviewBody } from '../../../contract/catalog';
import type { MessageAnswer } from '../../../contract/common';
import { homeCopy } from './homeCopy';
import type { Category, Coupon, HomeData, Product, Review, Slide } from './types';

export const HOME_KEEP_SECONDS = 300;

const langParams = (lang: Language) => (lang === 'ar' ? { lang: 'ar' } : {});

export interface HomeArgs {
  lang: Language;
  currency: string;
}

export interface ProductArgs extends HomeArgs {
  id: number;
}

export type ReviewInput = AddReviewBody;

/**
 * A product's category comes from its parent category's name. Made once per answer: a stored copy read again is
 * the same answer (see `readKeptJson`), and the same categories keep the home data the same objects, so a page
 * mounted on it renders nothing anew.
 */
const namedCategories = new WeakMap<Category[], Category[]>();
function withCategoryNames(categories: Category[]): Category[] {
  let named = namedCategories.get(categories);
  if (!named) {
    named = categories.map((category) => ({
      ...category,
      products: (category.products ?? []).map((product) => ({ ...product, category: category.name })),
    }));
    namedCategories.set(categories, named);
  }
  return named;
}

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Categories (with their products), best sellers and coupons as one unit. Each call keeps its answer as the
     * base query's stored copy, per language (and currency where it carries prices): a copy under 5 minutes old
     * answers without a call, and a failed call falls back to its copy, however old.
     */
    getHomeData: build.query<HomeData, HomeArgs>({
      async queryFn({ lang, currency }, _api, _extra, baseQuery) {
        const priced = { ...langParams(lang), currency_code: currency };
        // Every page's first query is this one. RTK Query's machinery running for the first time and the three
        // requests took a phone one task of 60-110 ms: each request starts in a task of its own (a message apart).
        await nextTask();
        const categoriesCall = baseQuery({ url: 'categories', params: priced });
        await nextTask();
        const bestSellersCall = baseQuery({ url: 'best_selling_products', params: priced });
        await nextTask();
        // In the shown currency too: an amount coupon's figures come converted (`converted`).
        const couponsCall = baseQuery({ url: 'coupons', params: priced });
        const [categories, bestSellers, coupons] = await Promise.all([
          categoriesCall,
          bestSellersCall,
          couponsCall,
        ]);
        if (categories.error || bestSellers.error || coupons.error)
          console.warn('Some home data failed to load', categories.error, bestSellers.error, coupons.error);
        // 'No products found' only when every part failed with no stored copy to fall back to.
        if (categories.error && bestSellers.error && coupons.error)
          return { error: categories.error as FetchBaseQueryError };
        return {
          data: {
            categories: categories.error ? [] : withCategoryNames((categories.data as Category[]) ?? []),
            bestSellers: bestSellers.error
              ? []
              : ((bestSellers.data as { bestSellingProducts?: Product[] })?.bestSellingProducts ?? []),
            coupons: coupons.error ? [] : ((coupons.data as Coupon[]) ?? []),
            categoriesFailed: Boolean(categories.error),
          },
        };
      },
      extraOptions: { storedCopy: homeCopy },
      keepUnusedDataFor: HOME_KEEP_SECONDS,
      providesTags: [
        { type: 'Category', id: 'LIST' },
        { type: 'BestSeller', id: 'LIST' },
        { type: 'Coupon', id: 'LIST' },
      ],
    }),
    getSliders: build.query<Slide[], { lang: Language }>({
      query: ({ lang }) => ({ url: 'sliders', params: langParams(lang) }),
      transformResponse: (body: { data?: Slide[] }) =>
        (body.data ?? []).filter((slide) => slide.status === 1),
      providesTags: [{ type: 'Slider', id: 'LIST' }],
      // 'Failed to load slides' only when no earlier answer is stored.
      extraOptions: { storedCopy: ({ params }) => `catalog:${params?.lang === 'ar' ? 'ar' : 'en'}:sliders` },
    }),
    getProduct: build.query<Product, ProductArgs>({
      query: ({ id, lang, currency }) => ({
        url: `products/${id}`,
        params: { ...langParams(lang), currency_code: currency },
      }),
      providesTags: (_result, _error, { id }) => [{ type: 'Product', id }],
    }),
    getReviews: build.query<Review[], { productId: number; lang: Language }>({
      query: ({ productId, lang }) => ({
        url: 'reviews',
        params: { product_id: productId, ...langParams(lang) },
      }),
      // Only approved reviews of this product are shown, whatever the server sends.
      transformResponse: (body: Review[] | { data?: Review[] }, _meta, { productId }) =>
        (Array.isArray(body) ? body : (body.data ?? [])).filter(
          (review) => review.status === 'approved' && Number(review.product_id) === productId,
        ),
      providesTags: (_result, _error, { productId }) => [{ type: 'Review', id: productId }],
    }),
    addReview: build.mutation<MessageAnswer, ReviewInput>({
      query: (body) => ({ url: 'reviews/add', method: 'POST', body }),
      invalidatesTags: (_result, _error, { product_id }) => [{ type: 'Review', id: product_id }],
    }),
  }),
});

export const {
  useGetHomeDataQuery,
  useGetSlidersQuery,
  useGetProductQuery,
  useGetReviewsQuery,
  useAddReviewMutation,
} = catalogApi;

/**
 * The home data as every page reads it. Each mount runs the queryFn again because the 5-minute rule is counted
 * from the stored copies' time (homeCopy), not from RTK Query's own timestamp; a fresh stored copy answers
 * without a call, so this costs nothing while it is fresh.
 */
export const useHomeData = (args: HomeArgs) =>
  useGetHomeDataQuery(args, {
    refetchOnMountOrArgChange: true,
    // That re-run, with the lists already on screen, changes nothing a page shows (the same stored copy is the same
    // data): without its fetching flag the pages do not render twice for it (pending, then fulfilled), right after
    // a server-rendered page is taken over. The flag still shows a retry of a page that has nothing yet.
    selectFromResult: ({ data, isLoading, isError, error, isFetching }) => ({
      data,
      isLoading,
      isError,
      error,
      isFetching: isFetching && data === undefined,
    }),
  });
