import { isAsyncThunkAction, isFulfilled, isPending, isRejected, type UnknownAction } from '@reduxjs/toolkit';

import { api, statusOf } from './api';
import type { AppStartListening } from './listenerTypes';

interface CallMeta {
  requestId: string;
  arg?: { type?: string; queryCacheKey?: string; endpointName?: string; originalArgs?: unknown };
}

const metaOf = (action: UnknownAction) => (action as unknown as { meta: CallMeta }).meta;
const isApiCall = (action: UnknownAction) =>
  isAsyncThunkAction(action) && action.type.startsWith(`${api.reducerPath}/`);

/**
 * A page whose calls failed because the shop could not be reached (connection refused, network gone) gets them
 * asked again as soon as any later call gets through: the shop is back, and the cart badge or a side list should
 * not stay empty until the shopper presses every retry. Only calls that failed before that call started are
 * asked again, so a call that keeps failing is retried once per proof of recovery, never in a loop.
 */
export function addRecoveryListeners(startAppListening: AppStartListening): void {
  const startedAt = new Map<string, number>();
  /** Queries (by cache key) that failed for want of a connection, with when they failed. */
  const unreachable = new Map<string, { at: number; endpointName: string; args: unknown }>();
  let clock = 0;

  startAppListening({
    predicate: (action) => isApiCall(action),
    effect: (action, listenerApi) => {
      const meta = metaOf(action);
      clock += 1;
      if (isPending(action)) {
        startedAt.set(meta.requestId, clock);
        return;
      }
      const started = startedAt.get(meta.requestId) ?? clock;
      startedAt.delete(meta.requestId);
      const key = meta.arg?.type === 'query' ? meta.arg.queryCacheKey : undefined;
      if (isRejected(action)) {
        if (key && meta.arg?.endpointName && statusOf(action.payload) === 'FETCH_ERROR')
          unreachable.set(key, {
            at: clock,
            endpointName: meta.arg.endpointName,
            args: meta.arg.originalArgs,
          });
        return;
      }
      if (!isFulfilled(action)) return;
      if (key) unreachable.delete(key);
      for (const [failedKey, failure] of unreachable) {
        if (failure.at > started) continue;
        unreachable.delete(failedKey);
        const entry = listenerApi.getState()[api.reducerPath].queries[failedKey];
        // Nobody shows it any more, or it is already being asked again.
        if (!entry || entry.status !== 'rejected') continue;
        const endpoint = (api.endpoints as Record<string, { initiate?: unknown }>)[failure.endpointName];
        if (typeof endpoint?.initiate !== 'function') continue;
        const initiate = endpoint.initiate as (
          args: unknown,
          options: { subscribe: boolean; forceRefetch: boolean },
        ) => Parameters<typeof listenerApi.dispatch>[0];
        void listenerApi.dispatch(initiate(failure.args, { subscribe: false, forceRefetch: true }));
      }
    },
  });
}
