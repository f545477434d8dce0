import { useCallback } from 'react';

import { notify } from '../../lib/notify';
import { failureText } from './adminFormat';
import { useAdminT } from './adminTexts';
import { useWithReauth } from './reauth';

/**
 * Runs a staff action's call and says how it went: the success text, or why it was refused in the staff member's
 * language. Resolves to the answer, or undefined when it failed. Given as a function, a sensitive action refused for
 * an old proof asks the staff member to confirm who they are and runs again (reauth.ts).
 */
export function useStaffAction() {
  const { t } = useAdminT();
  const withReauth = useWithReauth();
  return useCallback(
    async <T>(
      call: { unwrap(): Promise<T> } | (() => { unwrap(): Promise<T> }),
      success: string | ((answer: T) => string),
    ): Promise<T | undefined> => {
      try {
        const answer = typeof call === 'function' ? await withReauth(call) : await call.unwrap();
        notify.success(typeof success === 'string' ? success : success(answer));
        return answer;
      } catch (error) {
        notify.error(failureText(t, error));
        return undefined;
      }
    },
    [t, withReauth],
  );
}
