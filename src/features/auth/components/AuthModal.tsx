import { useEffect, useRef } from 'react';
import Modal from 'react-bootstrap/Modal';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useTranslation } from 'react-i18next';

import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import {
  authModalClosed,
  authModalViewChanged,
  prepareTokenCipher,
  selectAuthModal,
  type AuthModalView,
} from '../authSlice';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';
import { ResetPasswordForm } from './ResetPasswordForm';
import { VerifyCodeDialog } from './VerifyCodeDialog';
import { VerifyLoginForm } from './VerifyLoginForm';

const TITLES: Record<AuthModalView, string> = {
  login: 'auth.modal.title',
  signup: 'auth.modal.title',
  forgot: 'auth.forgot.title',
  reset: 'auth.reset.title',
  verify: 'auth.verify.title',
  verifyLogin: 'auth.verify.title',
};

function isHidden(element: HTMLElement): boolean {
  if (!element.isConnected) return true;
  if (typeof element.checkVisibility === 'function') return !element.checkVisibility();
  // Without layout (jsdom), a closed dropdown menu is what hides a menu item.
  return Boolean(element.closest('.dropdown-menu:not(.show), [hidden]'));
}

/**
 * Focus goes back where it came from. A menu item that opened the modal has closed with its menu, so the
 * account menu's toggle (or the menu button on a phone) takes it instead.
 */
function returnFocus(opener: Element | null) {
  const candidates = [
    opener,
    document.getElementById('account-menu-button'),
    document.querySelector('.navbar-toggler'),
    document.getElementById('main'),
  ];
  for (const candidate of candidates) {
    if (candidate instanceof HTMLElement && candidate !== document.body && !isHidden(candidate)) {
      candidate.focus();
      return;
    }
  }
}

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * react-bootstrap pulls focus back only when it lands elsewhere on the page; Tab from the last control would
 * still leave for the browser's own UI. This keeps Tab and Shift+Tab cycling inside the dialog.
 */
function useTabCycle(containerId: string) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const container = document.getElementById(containerId);
      if (!container) return;
      const tabbables = Array.from(container.querySelectorAll<HTMLElement>(TABBABLE)).filter(
        (element) => !element.closest('[hidden], .fade:not(.show) .tab-pane, .tab-pane:not(.active)'),
      );
      const first = tabbables[0];
      const last = tabbables.at(-1);
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !container.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !container.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [containerId]);
}

const FIELDS = 'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])';
const TAB_VIEWS: ReadonlySet<AuthModalView> = new Set(['login', 'signup']);

/**
 * A view that replaces another unmounts the control that had focus, which leaves it on <body>. The new view's first
 * field takes it (or the dialog's title when the view has none); a field that focused itself keeps it. Switching
 * between the login and signup tabs is left to the tabs, whose keyboard handling keeps focus on the tab.
 */
function useFocusOnViewChange(view: AuthModalView, containerId: string, titleId: string) {
  const previousView = useRef(view);
  useEffect(() => {
    const previous = previousView.current;
    previousView.current = view;
    if (previous === view || (TAB_VIEWS.has(previous) && TAB_VIEWS.has(view))) return;
    const container = document.getElementById(containerId);
    if (!container) return;
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.matches(FIELDS) && container.contains(active)) return;
    const field = Array.from(container.querySelectorAll<HTMLElement>(`.modal-body :is(${FIELDS})`)).find(
      (element) => !element.closest('.tab-pane:not(.active), [hidden]'),
    );
    (field ?? document.getElementById(titleId))?.focus();
  }, [view, containerId, titleId]);
}

/**
 * The one account dialog: login and signup tabs; forgot, reset and the verification screens
 * replace them in place, so closing the dialog closes the whole flow. Focus is trapped inside (react-bootstrap)
 * and returns to the control that opened it.
 */
export default function AuthModal() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { open, view, email, userId } = useAppSelector(selectAuthModal);
  const opener = useRef<Element | null>(typeof document === 'undefined' ? null : document.activeElement);

  useEffect(() => {
    const element = opener.current;
    prepareTokenCipher();
    return () => returnFocus(element);
  }, []);

  useTabCycle('auth-modal');
  useFocusOnViewChange(view, 'auth-modal', 'auth-modal-title');
  const close = () => dispatch(authModalClosed());

  let body;
  switch (view) {
    case 'forgot':
      body = <ForgotPasswordForm initialEmail={email} />;
      break;
    case 'reset':
      body = (
        <ResetPasswordForm
          email={email ?? ''}
          // docs/spec/01-shell-and-account.md §4: a successful reset shows its message (the form's toast) and
          // closes everything.
          onSuccess={() => dispatch(authModalClosed())}
        />
      );
      break;
    case 'verify':
      body = <VerifyCodeDialog email={email ?? ''} userId={userId} />;
      break;
    case 'verifyLogin':
      body = <VerifyLoginForm email={email ?? ''} />;
      break;
    default:
      body = (
        <Tabs
          id="auth-tabs"
          activeKey={view === 'signup' ? 'signup' : 'login'}
          onSelect={(key) => dispatch(authModalViewChanged(key === 'signup' ? 'signup' : 'login'))}
          className="mb-3"
          mountOnEnter
          fill
        >
          <Tab eventKey="login" title={t('auth.modal.login_tab')}>
            <LoginForm key={email ?? ''} initialEmail={email} />
          </Tab>
          <Tab eventKey="signup" title={t('auth.modal.signup_tab')}>
            <RegisterForm />
          </Tab>
        </Tabs>
      );
  }

  return (
    <Modal
      show={open}
      onHide={close}
      centered
      scrollable
      restoreFocus={false}
      aria-labelledby="auth-modal-title"
      id="auth-modal"
      data-testid="auth-modal"
    >
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id="auth-modal-title" as="h2" className="h5" tabIndex={-1}>
          {t(TITLES[view])}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{body}</Modal.Body>
    </Modal>
  );
}
