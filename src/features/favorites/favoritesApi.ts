import { api, statusOf } from '../../app/api';
import type { Language } from '../../app/events';
import type { MessageResponse } from '../../../contract/common';
import type {
  AddToWishlistBody,
  WishlistAddedResponse,
  WishlistResponse,
  WishlistEntry,
} from '../../../contract/wishlist';
import type { FavoriteEntry } from './favoritesSlice';
import { favoritesActions } from './favoritesSlice';

export type Favorite = WishlistEntry;

export interface FavoritesArgs {
  lang: Language;
  currency: string;
}

const LIST = { type: 'Wishlist' as const, id: 'LIST' };

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
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            favoritesActions.listLoaded(
              data.map(({ wishlist_id, product_id }) => ({ wishlist_id, product_id })),
            ),
          );
        } catch {
          // The page shows the failure; the hearts keep what they had.
        }
      },
    }),
    addFavorite: build.mutation<
      WishlistAddedResponse,
      Pick<AddToWishlistBody, 'product_id'> & { user_id: number | null }
    >({
      query: (body) => ({ url: 'wishlist', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST]),
    }),
    removeFavorite: build.mutation<MessageResponse, FavoriteEntry>({
      query: ({ wishlist_id, product_id }) => ({
        url: `wishlist/${wishlist_id}`,
        method: 'DELETE',
        body: { product_id },
      }),
      // Removal is optimistic; a 404 means it is gone already, any other failure reloads the list.
      async onQueryStarted(entry, { dispatch, getState, queryFulfilled }) {
        const patches = favoritesApi.util
          .selectCachedArgsForQuery(getState(), 'getFavorites')
          .map((args) =>
            dispatch(
              favoritesApi.util.updateQueryData('getFavorites', args, (draft) =>
                draft.filter((favorite) => favorite.wishlist_id !== entry.wishlist_id),
              ),
            ),
          );
        try {
          await queryFulfilled;
        } catch (rejection) {
          if (statusOf((rejection as { error?: unknown }).error) === 404) return;
          for (const patch of patches) patch.undo();
          dispatch(favoritesApi.util.invalidateTags([LIST]));
        }
      },
    }),
  }),
});

export const { useGetFavoritesQuery, useRemoveFavoriteMutation } = favoritesApi;
