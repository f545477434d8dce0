// Sensitive back office actions the server refused with `reauth_required` (contract/secondFactor REAUTH_REFUSAL):
// the re-authentication dialog opens, and once it is confirmed the very same call runs again, so nothing the staff
// member typed is lost. The waiting calls' resolvers live here, not in the store (they are functions).
import { useCallback } from 'react';

import { useAppDispatch } from '../../app/hooks';
import { reauthClosed, reauthRequested } from './adminSlice';
import { refusalCode } from './adminFormat';

let waiting: Array<(confirmed: boolean) => void> = [];

/** The dialog was confirmed (true) or dismissed: every call that waited for it goes on or gives up. */
export function settleReauth(confirmed: boolean): void {
  const settled = waiting;
  waiting = [];
  for (const resolve of settled) resolve(confirmed);
}

export const needsReauth = (error: unknown): boolean => refusalCode(error) === 'reauth_required';

/**
 * Runs a call; refused for an old proof, it asks the staff member to confirm who they are and runs the same call
 * once more. Dismissed, the refusal is thrown as it came.
 */
export function useWithReauth() {
  const dispatch = useAppDispatch();
  return useCallback(
    async <T>(start: () => { unwrap(): Promise<T> }): Promise<T> => {
      try {
        return await start().unwrap();
      } catch (error) {
        if (!needsReauth(error)) throw error;
        dispatch(reauthRequested());
        const confirmed = await new Promise<boolean>((resolve) => waiting.push(resolve));
        dispatch(reauthClosed());
        if (!confirmed) throw error;
        return start().unwrap();
      }
    },
    [dispatch],
  );
}
