import { signedIn } from '../../app/events';
import type { AppStartListening } from '../../app/listenerTypes';
import type { RootState } from '../../app/store';
import { favoritesApi } from './favoritesApi';
import { favoritesActions, selectFavoritesArgs, type FavoritesArgs } from './favoritesSlice';

// The effects load with the first tap or login: none of their code is in the first JavaScript.
const effects = () => import(/* webpackChunkName: "favorites-effects" */ './favoritesEffects');

/** The session and the settings are read back from storage (or never were stored): whose list, in what, is known. */
const isRestored = (state: RootState) =>
  [state.auth, state.settings].every(
    (slice) => (slice as { _persist?: { rehydrated: boolean } })._persist?.rehydrated ?? true,
  );

export function addFavoritesListeners(startAppListening: AppStartListening): void {
  startAppListening({
    actionCreator: favoritesActions.heartTapped,
    effect: async ({ payload }, listenerApi) => {
      const { askToLogIn, sendHeart } = await effects();
      if (payload.signedIn) await sendHeart(payload.productId, listenerApi);
      else askToLogIn(listenerApi);
    },
  });

  // Every heart reads the signed-in shopper's favorites from RTK Query's cache: the list of the session, language and
  // currency stays subscribed while they last, and is asked for anew when they change (a sign-in, a restored session,
  // another language); a sign-out lets it go.
  let followed: FavoritesArgs | null = null;
  let subscription: { unsubscribe(): void } | null = null;
  startAppListening({
    predicate: (_action, state) => isRestored(state) && selectFavoritesArgs(state) !== followed,
    effect: (_action, listenerApi) => {
      const next = selectFavoritesArgs(listenerApi.getState());
      // A new session reads its list afresh (one kept from an earlier session may be stale); another language or
      // currency reads it if the cache has none (the settings listener then reloads what is on screen).
      const newSession = next?.userId !== followed?.userId;
      followed = next;
      subscription?.unsubscribe();
      subscription = next
        ? listenerApi.dispatch(
            favoritesApi.endpoints.getFavorites.initiate(next, { forceRefetch: newSession }),
          )
        : null;
    },
  });

  // After signing in, the heart the shopper tapped is added.
  startAppListening({
    actionCreator: signedIn,
    effect: async (_action, listenerApi) => {
      const { afterSignIn } = await effects();
      await afterSignIn(listenerApi);
    },
  });
}
