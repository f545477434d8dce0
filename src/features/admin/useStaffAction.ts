import { useCallback } from 'react';

import { notify } from '../../lib/notify';
import { failureText } from './adminFormat';
import { useAdminT } from './adminTexts';

/**
 * Runs a staff action's call and says how it went: the success text, or why it was refused in the staff member's
 * language. Resolves to the answer, or undefined when it failed.
 */
export function useStaffAction() {
  const { t } = useAdminT();
  return useCallback(
    async <T>(
      call: { unwrap(): Promise<T> },
      success: string | ((answer: T) => string),
    ): Promise<T | undefined> => {
      try {
        const answer = await call.unwrap();
        notify.success(typeof success === 'string' ? success : success(answer));
        return answer;
      } catch (error) {
        notify.error(failureText(t, error));
        return undefined;
      }
    },
    [t],
  );
}
