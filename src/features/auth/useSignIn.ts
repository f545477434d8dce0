import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';

import { signedIn } from '../../app/events';
import { useAppDispatch } from '../../app/hooks';
import type { LoginResponse } from './authApi';
import { sessionFromLogin, type Untrusted } from './authErrors';

/**
 * Login success: token stored, user id and e-mail kept for the session, authenticated, message,
 * modal closed — all through the `signedIn` event, which other features (cart retry) listen to.
 * Throws InvalidResponseError when the answer lacks the token or id.
 */
export function useSignIn() {
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  return useCallback(
    (answer: Untrusted<LoginResponse>, typedEmail: string) => {
      dispatch(signedIn(sessionFromLogin(answer, typedEmail)));
      notify.success(t('auth.login.success'));
    },
    [dispatch, t],
  );
}
