import { isRejectedWithValue } from '@reduxjs/toolkit';

import { statusOf } from '../../app/api';
import { sessionExpired } from '../../app/events';
import type { AppStartListening } from '../../app/listenerTypes';
import { selectToken } from './authSlice';

// Logging out with a session the server already dropped is still a logout (useLogout handles it): no warning.
const ENDPOINTS_WITHOUT_EXPIRY_WARNING = new Set(['logout']);

function isUnauthorized(action: unknown): boolean {
  if (!isRejectedWithValue(action)) return false;
  if (statusOf(action.payload) !== 401) return false;
  const endpoint = (action.meta as { arg?: { endpointName?: string } }).arg?.endpointName;
  return !endpoint || !ENDPOINTS_WITHOUT_EXPIRY_WARNING.has(endpoint);
}

export function addAuthListeners(startAppListening: AppStartListening): void {
  // Any 401 removes the auth token and the shopper becomes unauthenticated. Only the session is dropped: forms,
  // cart page and search text keep what the shopper typed.
  startAppListening({
    predicate: (action, currentState) => isUnauthorized(action) && selectToken(currentState) !== null,
    effect: (_action, listenerApi) => {
      listenerApi.dispatch(sessionExpired());
      const { notify, t } = listenerApi.extra;
      notify.warning(t('shell.session.expired'), { toastId: 'session-expired' });
    },
  });
}
