import { isAsyncThunkAction, isFulfilled, isPending, isRejected, type UnknownAction } from '@reduxjs/toolkit';

import { api } from './api';
import type { AppStartListening } from './listenerTypes';

/** A request still waiting after 5000 ms is reported as taking too long. */
export const SLOW_REQUEST_MS = 5000;

const isApiPending = (action: UnknownAction) =>
  isAsyncThunkAction(action) && isPending(action) && action.type.startsWith(`${api.reducerPath}/`);

export function addSlowRequestListeners(startAppListening: AppStartListening): void {
  startAppListening({
    predicate: isApiPending,
    effect: async (action, listenerApi) => {
      const requestId = (action as { meta?: { requestId?: string } }).meta?.requestId;
      const settled = await listenerApi.condition(
        (other) =>
          (isFulfilled(other) || isRejected(other)) &&
          (other as { meta?: { requestId?: string } }).meta?.requestId === requestId,
        SLOW_REQUEST_MS,
      );
      // One notice at a time, however many calls are slow together.
      const { notify, t } = listenerApi.extra;
      if (!settled) notify.warning(t('common.request_slow'), { toastId: 'request-slow' });
    },
  });
}
