import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../lib/notify';

import { loginRequired } from '../app/events';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { authModalOpened, selectIsAuthenticated } from '../features/auth/authSlice';
import { PageReady } from './RouteBoundary';

/** Account pages: signed out → 'please login first' and the login modal. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsAuthenticated);
  // Logging out, deleting the account or a lapsed session on the page is not "arriving signed out": those say
  // what happened themselves and move on, so no login dialog opens behind them.
  const wasSignedIn = useRef(signedIn);
  useEffect(() => {
    if (signedIn) {
      wasSignedIn.current = true;
      return;
    }
    if (wasSignedIn.current) return;
    notify.error(t('shell.session.please_login_first'), { toastId: 'please-login-first' });
    dispatch(loginRequired());
    // Only on arrival signed out, not on every language switch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn, dispatch]);
  if (signedIn) return <>{children}</>;
  return (
    <section className="container py-5 text-center">
      <h1 className="h4">{t('shell.session.please_login_first')}</h1>
      <button
        type="button"
        className="btn btn-primary mt-2"
        onClick={() => dispatch(authModalOpened('login'))}
      >
        {t('shell.nav.login')}
      </button>
      <PageReady />
    </section>
  );
}
