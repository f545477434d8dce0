import { skipToken } from '@reduxjs/toolkit/query';

import { api } from '../../app/api';
import type { Language } from '../../app/events';
import type { AddReviewBody } from '../../../contract/catalog';
import type { MessageResponse } from '../../../contract/common';
import type {
  CategoriesPageResponse,
  HomeResponse,
  NoSuchSearchPage,
  RelatedResponse,
  SearchResponse,
  SearchSort,
  SuggestResponse,
} from '../../../contract/catalogSearch';
import { searchRequestParams } from '../../../shared/pageAddress';
import type { Coupon, HomeData, Product, Review, Slide } from './types';

/** The code of a search page past the last (contract/catalogSearch; the contract's values stay out of the bundle). */
const NO_SUCH_SEARCH_PAGE: NoSuchSearchPage['code'] = 'no_such_page';

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

/** What the search page asks for: the address's search (words, filters, page) in the shown language and currency. */
export interface SearchArgs extends HomeArgs {
  q: string;
  category: string | null;
  brands: string[];
  collections: string[];
  maxPrice: number | null;
  /** the currency maxPrice is in when a link named another than the shown one */
  priceCurrency?: string | null;
  minRating: number;
  page: number;
  /** the server's order (relevance when left out) */
  sort?: SearchSort;
}

export const homeDataOf = (answer: HomeResponse): HomeData => ({
  bestSellers: answer.best_sellers,
  newlyAdded: answer.newly_added,
  todayDeals: answer.today_deals,
  categories: answer.categories,
  categoryCount: answer.category_count,
});

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The home page's bounded lists (best sellers, newly added, today's deals, the first categories), cached
     * per language and currency for 5 minutes (docs/spec/02-shopping.md §4; see useHomeData). Its size does
     * not grow with the catalogue.
     */
    getHomeData: build.query<HomeData, HomeArgs>({
      query: ({ lang, currency }) => ({
        url: 'catalog/home',
        params: { ...langParams(lang), currency_code: currency },
      }),
      transformResponse: homeDataOf,
      keepUnusedDataFor: HOME_KEEP_SECONDS,
      providesTags: [
        { type: 'Category', id: 'LIST' },
        { type: 'BestSeller', id: 'LIST' },
      ],
    }),
    /** The coupons (gift vouchers) in the shown currency: the home page's section and the cart's coupon box. */
    getCoupons: build.query<Coupon[], HomeArgs>({
      query: ({ lang, currency }) => ({
        url: 'coupons',
        params: { ...langParams(lang), currency_code: currency },
      }),
      keepUnusedDataFor: HOME_KEEP_SECONDS,
      providesTags: [{ type: 'Coupon', id: 'LIST' }],
    }),
    /** A page of search results with the filter panel's facets, answered by the server (issue 48). */
    searchProducts: build.query<SearchResponse, SearchArgs>({
      query: ({ lang, currency, ...search }) => ({
        url: 'catalog/search',
        params: { ...langParams(lang), currency_code: currency, ...searchRequestParams(search) },
        // A page past the last is a 404 carrying the last page: the page says "no such page" from it, with the
        // filters and their counts still on screen (useSearchResult's noSuchPage).
        validateStatus: (response: Response, body: unknown) =>
          response.ok ||
          (response.status === 404 && (body as { code?: unknown } | null)?.code === NO_SUCH_SEARCH_PAGE),
      }),
      providesTags: [{ type: 'Category', id: 'LIST' }],
    }),
    /** What the header's search box suggests as the shopper types. */
    getSuggestions: build.query<SuggestResponse, HomeArgs & { q: string }>({
      query: ({ lang, currency, q }) => ({
        url: 'catalog/suggestions',
        params: { ...langParams(lang), currency_code: currency, q },
      }),
      keepUnusedDataFor: 30,
      providesTags: [{ type: 'Category', id: 'LIST' }],
    }),
    /** The categories a page at a time (docs/spec/02-shopping.md §9: 20 a page). */
    getCategoriesPage: build.query<CategoriesPageResponse, { lang: Language; page: number }>({
      query: ({ lang, page }) => ({ url: 'catalog/categories', params: { ...langParams(lang), page } }),
      providesTags: [{ type: 'Category', id: 'LIST' }],
    }),
    /** A product's similar and recommended products, chosen by the server from the whole catalogue. */
    getRelatedProducts: build.query<RelatedResponse, ProductArgs>({
      query: ({ id, lang, currency }) => ({
        url: `products/${id}/related`,
        params: { ...langParams(lang), currency_code: currency },
      }),
      providesTags: (_result, _error, { id }) => [
        { type: 'Product', id },
        { type: 'Category', id: 'LIST' },
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
    addReview: build.mutation<MessageResponse, ReviewInput>({
      query: (body) => ({ url: 'reviews/add', method: 'POST', body }),
      invalidatesTags: (_result, _error, { product_id }) => [{ type: 'Review', id: product_id }],
    }),
  }),
});

export const {
  useGetHomeDataQuery,
  useGetCouponsQuery,
  useSearchProductsQuery,
  useGetSuggestionsQuery,
  useGetCategoriesPageQuery,
  useGetRelatedProductsQuery,
  useGetSlidersQuery,
  useGetProductQuery,
  useGetReviewsQuery,
  useAddReviewMutation,
} = catalogApi;

/**
 * The home data as every page reads it: an answer younger than 5 minutes is used as it is; an older one is
 * asked for again when a page mounts (docs/spec/02-shopping.md §4). Another language or currency is another
 * cache entry.
 */
export const useHomeData = (args: HomeArgs) =>
  useGetHomeDataQuery(args, { refetchOnMountOrArgChange: HOME_KEEP_SECONDS });

/** The coupons, with the home data's 5-minute rule. */
export const useCoupons = (args: HomeArgs) =>
  useGetCouponsQuery(args, { refetchOnMountOrArgChange: HOME_KEEP_SECONDS });

/** A product's related lists (none asked for without a product). */
export const useRelatedProducts = (args: HomeArgs, productId: number | undefined) =>
  useGetRelatedProductsQuery(productId === undefined ? skipToken : { ...args, id: productId });

/** The best-rated products (rating 3 or more), for a page that has no product to relate to (an empty cart). */
export const useBestRated = (args: HomeArgs, skip: boolean) =>
  useSearchProductsQuery(
    skip
      ? skipToken
      : {
          ...args,
          q: '',
          category: null,
          brands: [],
          collections: [],
          maxPrice: null,
          minRating: 3,
          page: 1,
          sort: 'rating',
        },
  );
