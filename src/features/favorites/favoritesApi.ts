import { api } from '../../app/api';
import type { WishlistResponse, WishlistEntry } from '../../../contract/wishlist';
import type { Product } from '../../../contract/catalog';
import type { FavoritesArgs } from './favoritesSlice';

export type { FavoritesArgs } from './favoritesSlice';

/**
 * A favorite as the cache holds it. A heart added on this page has no product details until the list is read again
 * (the add's answer names only its wishlist id): the favorites page lists the ones that have them.
 */
export type Favorite = Omit<WishlistEntry, 'product_details'> & { product_details?: Product };

export const LIST = { type: 'Wishlist' as const, id: 'LIST' };

export const favoritesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFavorites: build.query<Favorite[], FavoritesArgs>({
      query: ({ lang, currency }) => ({
        url: 'user-wishlist',
        params: { ...(lang === 'ar' ? { lang: 'ar' } : {}), currency_code: currency },
      }),
      // "data as a list" — a bare list or one wrapped in `data`.
      transformResponse: (body: WishlistResponse | { data?: Favorite[] }) =>
        Array.isArray(body) ? body : Array.isArray(body.data) ? body.data : [],
      providesTags: [LIST],
    }),
  }),
});

export const { useGetFavoritesQuery } = favoritesApi;
