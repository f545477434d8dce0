import { addAuthListeners } from '../features/auth/authListeners';
import { addCartListeners } from '../features/cart/cartListeners';
import { addFavoritesListeners } from '../features/favorites/favoritesListeners';
import { addSettingsListeners } from '../features/settings/settingsListeners';
import type { AppStartListening } from './listenerTypes';
import { addSlowRequestListeners } from './slowRequests';

/** Every feature's cross-feature reactions, registered once per store. */
export function registerListeners(startAppListening: AppStartListening): void {
  addSettingsListeners(startAppListening);
  addAuthListeners(startAppListening);
  addCartListeners(startAppListening);
  addFavoritesListeners(startAppListening);
  addSlowRequestListeners(startAppListening);
}
