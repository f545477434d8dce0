import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { notify } from '../../lib/notify';

import { api, statusOf } from '../../app/api';
import { signedOut } from '../../app/events';
import { useAppDispatch } from '../../app/hooks';
import { useLogoutMutation } from './sessionApi';

/**
 * The server is called, then token, cart and guest token are removed (the `signedOut` event: the auth
 * and cart slices react to it), the shopper is unauthenticated, a message shows, favorites reload, and home.
 */
export function useLogout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const [logout, state] = useLogoutMutation();
  const run = useCallback(async () => {
    try {
      await logout().unwrap();
    } catch (error) {
      // A 401 means the server already forgot the session: the shopper is logged out either way.
      if (statusOf(error) !== 401) {
        notify.error(t('shell.session.logout_failed'));
        return;
      }
    }
    dispatch(signedOut());
    // The cart and favorites shown so far were the customer's: reload them as a guest sees them.
    dispatch(api.util.invalidateTags(['Cart', 'Wishlist']));
    notify.success(t('shell.session.logout_success'));
    void navigate('/');
  }, [dispatch, logout, navigate, t]);
  return [run, state] as const;
}
