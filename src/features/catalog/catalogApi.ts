import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

import { api } from '../../app/api';
import type { RootState } from '../../app/store';
import type { Language } from '../../app/events';
import type { AddReviewBody } from '../../../contract/catalog';
import type { MessageAnswer } from '../../../contract/common';
import type {
  Category,
  Coupon,
  HomeData,
  ListedCategory,
  ListedProduct,
  Product,
  Review,
  Slide,
} from './types';

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

/** What the lists keep of a product (see ListedProduct): its page loads the description and the gallery. */
function listed(product: Product): ListedProduct {
  const { description: _description, image_url: _gallery, product_images: _images, ...shown } = product;
  return shown;
}

/** A product's category comes from its parent category's name. */
const listedCategories = (categories: Category[]): ListedCategory[] =>
  categories.map((category) => ({
    ...category,
    products: (category.products ?? []).map((product) => ({ ...listed(product), category: category.name })),
  }));

/** The home data the cache holds for these arguments (from an earlier fetch), if any. */
function cachedHomeData(state: unknown, args: HomeArgs): HomeData | undefined {
  return catalogApi.endpoints.getHomeData.select(args)(state as RootState).data;
}

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Categories (with their products), best sellers and coupons as one unit, cached per language and currency
     * (the arguments) for 5 minutes (spec 02 §4; see useHomeData). A failed refetch keeps the last answer.
     */
    getHomeData: build.query<HomeData, HomeArgs>({
      async queryFn(args, { getState }, _extra, baseQuery) {
        const { lang, currency } = args;
        const priced = { ...langParams(lang), currency_code: currency };
        const [categories, bestSellers, coupons] = await Promise.all([
          baseQuery({ url: 'categories', params: priced }),
          baseQuery({ url: 'best_selling_products', params: priced }),
          // In the shown currency too: an amount coupon's figures come converted (`converted`).
          baseQuery({ url: 'coupons', params: priced }),
        ]);
        if (categories.error || bestSellers.error || coupons.error)
          console.warn('Some home data failed to load', categories.error, bestSellers.error, coupons.error);
        // A part that failed keeps its last answer from the cache, however old; 'No products found' only when
        // every part failed with none.
        const last = cachedHomeData(getState(), args);
        if (categories.error && bestSellers.error && coupons.error && !last)
          return { error: categories.error as FetchBaseQueryError };
        const categoryList = categories.error
          ? (last?.categories ?? [])
          : listedCategories((categories.data as Category[]) ?? []);
        return {
          data: {
            categories: categoryList,
            bestSellers: bestSellers.error
              ? (last?.bestSellers ?? [])
              : ((bestSellers.data as { bestSellingProducts?: Product[] })?.bestSellingProducts ?? []).map(
                  listed,
                ),
            coupons: coupons.error ? (last?.coupons ?? []) : ((coupons.data as Coupon[]) ?? []),
            categoriesFailed: Boolean(categories.error) && categoryList.length === 0,
          },
        };
      },
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
 * The home data as every page reads it: an answer younger than 5 minutes is used as it is; an older one is asked
 * for again when a page mounts (spec 02 §4). Another language or currency is another cache entry.
 */
export const useHomeData = (args: HomeArgs) =>
  useGetHomeDataQuery(args, { refetchOnMountOrArgChange: HOME_KEEP_SECONDS });
