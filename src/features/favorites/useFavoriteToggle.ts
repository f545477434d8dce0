import { useCallback } from 'react';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsAuthenticated } from '../auth/public';
import { favoritesActions, selectFavoriteBusy, selectIsFavorite } from './favoritesSlice';

/** A product's heart: whether it is a favorite, whether a request is in flight, and the tap. */
export function useFavoriteToggle(productId: number) {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsAuthenticated);
  // Hearts persist across visits; without a session they belong to nobody and show empty.
  const favorite = useAppSelector((state) => signedIn && selectIsFavorite(state, productId));
  const busy = useAppSelector((state) => selectFavoriteBusy(state, productId));
  const toggle = useCallback(() => {
    if (!busy) dispatch(favoritesActions.heartTapped({ productId, signedIn }));
  }, [busy, dispatch, productId, signedIn]);
  return { favorite, busy, toggle };
}
