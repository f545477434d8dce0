import { isAnyOf } from '@reduxjs/toolkit';

import { api, LOCALISED_TAGS } from '../../app/api';
import { currencyChanged, languageChanged } from '../../app/events';
import type { AppStartListening } from '../../app/listenerTypes';

export const RELOAD_DELAY_MS = 100;

export function addSettingsListeners(startAppListening: AppStartListening): void {
  // Slices reset on the event itself; what the page shows reloads 100 ms later.
  // A second switch within the delay cancels the first reload, so a quick AR→EN→AR fetches once.
  startAppListening({
    matcher: isAnyOf(languageChanged, currencyChanged),
    effect: async (_action, listenerApi) => {
      listenerApi.cancelActiveListeners();
      await listenerApi.delay(RELOAD_DELAY_MS);
      listenerApi.dispatch(api.util.invalidateTags(LOCALISED_TAGS));
    },
  });
}
