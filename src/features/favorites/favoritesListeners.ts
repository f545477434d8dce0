import { REHYDRATE } from 'redux-persist';

import { signedIn } from '../../app/events';
import type { AppStartListening } from '../../app/listenerTypes';
import { selectIsAuthenticated } from '../auth/public';
import { favoritesActions } from './favoritesSlice';

// The effects load with the first tap or login: none of their code is in the first JavaScript.
const effects = () => import(/* webpackChunkName: "favorites-effects" */ './favoritesEffects');

export function addFavoritesListeners(startAppListening: AppStartListening): void {
  startAppListening({
    actionCreator: favoritesActions.heartTapped,
    effect: async ({ payload }, listenerApi) => {
      const { askToLogIn, sendHeart } = await effects();
      if (payload.signedIn) await sendHeart(payload.productId, listenerApi);
      else askToLogIn(listenerApi);
    },
  });
  // A returning shopper sees the stored hearts at once; the account's list then refreshes them once.
  startAppListening({
    predicate: (action, state) => action.type === REHYDRATE && selectIsAuthenticated(state),
    effect: async (_action, listenerApi) => {
      listenerApi.unsubscribe();
      const { loadFavorites } = await effects();
      await loadFavorites(listenerApi);
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
