import { isRejectedWithValue } from '@reduxjs/toolkit';
import { toast } from 'react-toastify';

import { sessionExpired } from '../../app/events';
import type { AppStartListening } from '../../app/listenerTypes';
import { i18n } from '../../i18n/i18n';

function isUnauthorized(action: unknown): boolean {
  if (!isRejectedWithValue(action)) return false;
  return (action.payload as { status?: unknown } | undefined)?.status === 401;
}

export function addAuthListeners(startAppListening: AppStartListening): void {
  // Spec 01 §4: any 401 removes the auth token and the shopper becomes unauthenticated.
  startAppListening({
    predicate: (action, currentState) => isUnauthorized(action) && currentState.auth.token !== null,
    effect: (_action, listenerApi) => {
      listenerApi.dispatch(sessionExpired());
      toast.warning(i18n.t('auth.session.expired'), { toastId: 'session-expired' });
    },
  });
}
