// Started by the boot once the store holds the persisted state; queries that had already failed for want of a
// connection by then are read from the store's state when it starts.
import {
  addListener,
  isAsyncThunkAction,
  isFulfilled,
  isPending,
  isRejected,
  type UnknownAction,
} from '@reduxjs/toolkit';

import { api, statusOf } from './api';
import type { AppStore } from './store';

interface CallMeta {
  requestId: string;
  arg?: { type?: string; queryCacheKey?: string; endpointName?: string; originalArgs?: unknown };
}

interface Failure {
  /** When it failed, on this watcher's own count of calls. */
  at: number;
  endpointName: string;
  args: unknown;
}

const metaOf = (action: UnknownAction) => (action as unknown as { meta: CallMeta }).meta;
const isApiCall = (action: UnknownAction) =>
  isAsyncThunkAction(action) && action.type.startsWith(`${api.reducerPath}/`);

type Initiate = (args: unknown, options: { subscribe: boolean; forceRefetch: boolean }) => UnknownAction;

/**
 * A page whose calls failed because the shop could not be reached (connection refused, network gone) gets them
 * asked again as soon as any later call gets through: the shop is back, and the cart badge or a side list should
 * not stay empty until the shopper presses every retry. Only calls that failed before that call started are
 * asked again, so a call that keeps failing is retried once per proof of recovery, never in a loop.
 */
export function watchRecovery(store: AppStore): () => void {
  const startedAt = new Map<string, number>();
  /** Queries (by cache key) that failed for want of a connection. */
  const unreachable = new Map<string, Failure>();
  let clock = 1;
  for (const [key, entry] of Object.entries(store.getState()[api.reducerPath].queries)) {
    if (entry?.status === 'rejected' && statusOf(entry.error) === 'FETCH_ERROR')
      unreachable.set(key, { at: 0, endpointName: entry.endpointName, args: entry.originalArgs });
  }

  const refetchUnreachable = (started: number) => {
    for (const [key, failure] of unreachable) {
      if (failure.at > started) continue;
      unreachable.delete(key);
      const entry = store.getState()[api.reducerPath].queries[key];
      // Nobody shows it any more, or it is already being asked again.
      if (entry?.status !== 'rejected') continue;
      const endpoint = (api.endpoints as Record<string, { initiate?: unknown } | undefined>)[
        failure.endpointName
      ];
      if (typeof endpoint?.initiate !== 'function') continue;
      void store.dispatch(
        (endpoint.initiate as Initiate)(failure.args, { subscribe: false, forceRefetch: true }),
      );
    }
  };

  return store.dispatch(
    addListener({
      predicate: isApiCall,
      effect: (action) => {
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
        refetchUnreachable(started);
      },
    }),
  ) as unknown as () => void;
}
