import { isRejectedWithValue } from '@reduxjs/toolkit';
import { notify } from '../../lib/notify';

import { sessionExpired } from '../../app/events';
import type { AppStartListening } from '../../app/listenerTypes';
import { i18n } from '../../i18n/i18n';

// Logging out with a session the server already dropped is still a logout (useLogout handles it): no warning.
const ENDPOINTS_WITHOUT_EXPIRY_WARNING = new Set(['logout']);

function isUnauthorized(action: unknown): boolean {
  if (!isRejectedWithValue(action)) return false;
  if ((action.payload as { status?: unknown } | undefined)?.status !== 401) return false;
  const endpoint = (action.meta as { arg?: { endpointName?: string } }).arg?.endpointName;
  return !endpoint || !ENDPOINTS_WITHOUT_EXPIRY_WARNING.has(endpoint);
}

export function addAuthListeners(startAppListening: AppStartListening): void {
  // Spec 01 §4: any 401 removes the auth token and the shopper becomes unauthenticated. Only the session is
  // dropped: forms, cart page and search text keep what the shopper typed.
  startAppListening({
    predicate: (action, currentState) => isUnauthorized(action) && currentState.auth.token !== null,
    effect: (_action, listenerApi) => {
      listenerApi.dispatch(sessionExpired());
      notify.warning(i18n.t('shell.session.expired'), { toastId: 'session-expired' });
    },
  });
}
