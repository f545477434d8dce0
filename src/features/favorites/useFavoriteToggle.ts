import { useCallback } from 'react';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { selectIsAuthenticated } from '../auth/public';
import { favoritesActions, selectFavoriteBusy, selectIsFavorite } from './favoritesSlice';

const FAVORITE = 1;
const BUSY = 2;

// One number, so a heart holds one store subscription however many flags it shows.
function heartFlags(state: RootState, productId: number, signedIn: boolean): number {
  // Hearts persist across visits; without a session they belong to nobody and show empty.
  return (
    (signedIn && selectIsFavorite(state, productId) ? FAVORITE : 0) |
    (selectFavoriteBusy(state, productId) ? BUSY : 0)
  );
}

/**
 * A product's heart when the caller already knows whether the shopper is signed in (a grid reads it once for all its
 * cards): whether it is a favorite, whether a request is in flight, and the tap.
 */
export function useFavoriteToggleFor(productId: number, signedIn: boolean) {
  const dispatch = useAppDispatch();
  const flags = useAppSelector((state) => heartFlags(state, productId, signedIn));
  const busy = (flags & BUSY) !== 0;
  const toggle = useCallback(() => {
    if (!busy) dispatch(favoritesActions.heartTapped({ productId, signedIn }));
  }, [busy, dispatch, productId, signedIn]);
  return { favorite: (flags & FAVORITE) !== 0, busy, toggle };
}

/** A product's heart: whether it is a favorite, whether a request is in flight, and the tap. */
export function useFavoriteToggle(productId: number) {
  const signedIn = useAppSelector(selectIsAuthenticated);
  return useFavoriteToggleFor(productId, signedIn);
}
