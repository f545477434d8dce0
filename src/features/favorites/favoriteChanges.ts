// A heart's changes: they load with the first tap (favoritesEffects.ts), never with the first JavaScript.
import { statusOf } from '../../app/api';
import type { MessageResponse } from '../../../contract/common';
import type { AddToWishlistBody, WishlistAddedResponse } from '../../../contract/wishlist';
import { favoritesApi, LIST } from './favoritesApi';
import type { FavoriteEntry } from './favoritesSlice';

export const favoriteChanges = favoritesApi.injectEndpoints({
  endpoints: (build) => ({
    /** The heart fills when the server has added it (its answer names the wishlist row that removes it). */
    addFavorite: build.mutation<
      WishlistAddedResponse,
      Pick<AddToWishlistBody, 'product_id'> & { user_id: number | null }
    >({
      query: (body) => ({ url: 'wishlist', method: 'POST', body }),
      async onQueryStarted({ product_id }, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // Without an id (removed again meanwhile) the next read of the list decides the heart.
          const wishlistId = data.wishlist_id;
          if (wishlistId === undefined) return;
          // Every list the cache holds (each language and currency): a heart shows the same in each.
          for (const args of favoritesApi.util.selectCachedArgsForQuery(getState(), 'getFavorites'))
            dispatch(
              favoritesApi.util.updateQueryData('getFavorites', args, (draft) => {
                if (!draft.some((favorite) => favorite.product_id === product_id))
                  draft.push({ wishlist_id: wishlistId, product_id });
              }),
            );
        } catch {
          // The heart stays empty; the caller says why.
        }
      },
    }),
    /** Optimistic: the heart empties at once; a 404 means it is gone already, any other failure puts it back. */
    removeFavorite: build.mutation<MessageResponse, FavoriteEntry>({
      query: ({ wishlist_id, product_id }) => ({
        url: `wishlist/${wishlist_id}`,
        method: 'DELETE',
        body: { product_id },
      }),
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
          // The spec's "reloaded on a failure other than 404".
          dispatch(favoritesApi.util.invalidateTags([LIST]));
        }
      },
    }),
  }),
});
