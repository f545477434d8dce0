import { memo, useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';

import { languageChanged, searchSubmitted } from '../app/events';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import {
  authModalOpened,
  selectIsAuthenticated,
  selectIsStaff,
  selectUserEmail,
} from '../features/auth/authSlice';
import { useLogout } from '../features/auth/useLogout';
import { useCartCount } from '../features/cart/public';
import { HeaderSearch, searchPath, selectSearchText } from '../features/catalog/public';
import { selectLanguage } from '../features/settings/settingsSlice';
import { useDisclosure } from './useDisclosure';

function CartIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM6.2 6l.9 5.6c.2 1.2 1.2 2.1 2.4 2.1h7.2c1.1 0 2-.7 2.3-1.7L20.8 6H6.2ZM5.9 4H22a1 1 0 0 1 1 1.3l-2.2 7.3A4.4 4.4 0 0 1 16.7 16H9.5a4.4 4.4 0 0 1-4.4-3.8L3.6 3H1V1h3.3c.8 0 1.4.5 1.5 1.3L5.9 4Z"
      />
    </svg>
  );
}

/**
 * The shop's mark and the menu icon are drawn in the page: as `<img>` or CSS background pictures, each SVG would be a
 * document of its own, parsed and laid out on the main thread during the first paint of every page.
 */
function LogoMark() {
  return (
    <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="me-2">
      <rect width="32" height="32" rx="6" fill="#0d6efd" />
      <path d="M9 11h14l-1.5 10h-11z" fill="#fff" />
      <path d="M12 11a4 4 0 0 1 8 0" stroke="#fff" strokeWidth="2" fill="none" />
    </svg>
  );
}

function MenuIcon() {
  return (
    <svg
      width="1.5em"
      height="1.5em"
      viewBox="0 0 30 30"
      aria-hidden="true"
      focusable="false"
      className="align-middle"
    >
      <path stroke="currentColor" strokeLinecap="round" strokeWidth="2" d="M4 7h22M4 15h22M4 23h22" />
    </svg>
  );
}

function SearchBox({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return (
    <HeaderSearch
      id="shell-search-input"
      className="d-flex flex-grow-1 my-2 my-lg-0 mx-lg-3 shell-search"
      buttonClassName="btn btn-primary ms-2"
      label={t('shell.nav.search_label')}
      placeholder={t('shell.nav.search_placeholder')}
      buttonLabel={t('shell.nav.search_button')}
      value={useAppSelector(selectSearchText)}
      onSearch={(text) => {
        dispatch(searchSubmitted(text));
        onDone();
        void navigate(searchPath(text));
      }}
      onChosen={onDone}
    />
  );
}

/** The toasts find the bar by it, to sit below it. */
export const NAVBAR_ID = 'shell-navbar';

/** Stable id: the auth modal returns focus here when the menu item that opened it has closed. */
export const ACCOUNT_MENU_BUTTON_ID = 'account-menu-button';

function AccountMenu({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsAuthenticated);
  const email = useAppSelector(selectUserEmail);
  const staff = useAppSelector(selectIsStaff);
  const [logout, { isLoading }] = useLogout();
  const menu = useDisclosure<HTMLLIElement>();
  const menuId = useId();

  const done = () => {
    menu.close();
    onDone();
  };
  const openModal = (view: 'login' | 'signup') => {
    done();
    dispatch(authModalOpened(view));
  };

  return (
    <li className="nav-item dropdown" ref={menu.containerRef} data-testid="account-menu">
      <button
        ref={menu.buttonRef}
        id={ACCOUNT_MENU_BUTTON_ID}
        type="button"
        className="nav-link dropdown-toggle"
        aria-expanded={menu.open}
        aria-controls={menuId}
        onClick={menu.toggle}
      >
        {t('shell.nav.account')}
      </button>
      <ul
        id={menuId}
        className={`dropdown-menu dropdown-menu-end${menu.open ? ' show' : ''}`}
        data-bs-popper="static"
      >
        {signedIn ? (
          <>
            {email && (
              <li>
                <span className="dropdown-item-text small text-body-secondary">
                  {t('shell.nav.signed_in_as')} <bdi>{email}</bdi>
                </span>
              </li>
            )}
            <li>
              <Link className="dropdown-item" to="/profile" onClick={done}>
                {t('shell.nav.profile')}
              </Link>
            </li>
            <li>
              <Link className="dropdown-item" to="/orders" onClick={done}>
                {t('shell.nav.orders')}
              </Link>
            </li>
            <li>
              <Link className="dropdown-item" to="/favorites" onClick={done}>
                {t('shell.nav.favorites')}
              </Link>
            </li>
            {staff && (
              <li>
                <Link className="dropdown-item" to="/admin" onClick={done} data-testid="admin-link">
                  {t('shell.nav.admin')}
                </Link>
              </li>
            )}
            <li>
              <hr className="dropdown-divider" />
            </li>
            <li>
              <button
                type="button"
                className="dropdown-item"
                disabled={isLoading}
                onClick={() => void logout().then(done)}
              >
                {t('shell.nav.logout')}
              </button>
            </li>
          </>
        ) : (
          <>
            <li>
              <span className="dropdown-item-text small text-body-secondary account-prompt">
                {t('shell.nav.signed_out_prompt')}
              </span>
            </li>
            <li>
              <button type="button" className="dropdown-item" onClick={() => openModal('login')}>
                {t('shell.nav.login')}
              </button>
            </li>
            <li>
              <button type="button" className="dropdown-item" onClick={() => openModal('signup')}>
                {t('shell.nav.signup')}
              </button>
            </li>
          </>
        )}
      </ul>
    </li>
  );
}

/** The cart link with its count: its own component, so the count's subscription re-renders the link alone. */
const CartLink = memo(function CartLink({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  const cartCount = useCartCount();
  return (
    <Link
      to="/cart"
      className="nav-link position-relative px-2"
      aria-label={t('shell.nav.cart_label', { count: cartCount })}
      onClick={onClick}
    >
      <CartIcon />
      {cartCount > 0 && (
        <span className="badge rounded-pill text-bg-danger cart-count" data-testid="cart-count">
          {cartCount}
        </span>
      )}
    </Link>
  );
});

/**
 * The switch to the other language. An address that names its language (`?lng=`, a shared or indexed link) is made
 * to name the new one: the address outranks the stored choice at the next start, so a reload would switch back.
 */
function LanguageToggle() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const language = useAppSelector(selectLanguage);
  const location = useLocation();
  const navigate = useNavigate();
  const other = language === 'ar' ? 'en' : 'ar';
  return (
    <button
      type="button"
      className="btn btn-outline-secondary btn-sm mx-lg-2 my-2 my-lg-0 language-toggle"
      lang={other}
      aria-label={t('shell.nav.language_toggle_label')}
      onClick={() => {
        dispatch(languageChanged(other));
        const params = new URLSearchParams(location.search);
        if (!params.has('lng')) return;
        params.set('lng', other);
        void navigate(
          { pathname: location.pathname, search: `?${params.toString()}`, hash: location.hash },
          { replace: true, state: location.state as unknown },
        );
      }}
    >
      {t('shell.nav.language_toggle')}
    </button>
  );
}

/** What the phone menu holds (inline on large screens): opening or closing the menu does not render it again. */
const NavMenu = memo(function NavMenu({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <ul className="navbar-nav me-lg-2">
        <li className="nav-item">
          <NavLink to="/" end className="nav-link" onClick={onDone}>
            {t('shell.nav.home')}
          </NavLink>
        </li>
      </ul>
      <SearchBox onDone={onDone} />
      <ul className="navbar-nav align-items-lg-center">
        <li className="nav-item">
          <LanguageToggle />
        </li>
        <AccountMenu onDone={onDone} />
      </ul>
    </>
  );
});

export function NavBar() {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const collapse = useCallback(() => setExpanded(false), []);

  return (
    <nav
      id={NAVBAR_ID}
      className="navbar navbar-expand-lg bg-body border-bottom shadow-sm sticky-top"
      aria-label={t('shell.nav.main_label')}
    >
      <div className="container-xl">
        <Link
          to="/"
          className="navbar-brand fw-bold"
          aria-label={t('shell.nav.logo_label')}
          onClick={collapse}
        >
          <LogoMark />
          {t('common.app_name')}
        </Link>
        <div className="d-flex align-items-center order-lg-last gap-1">
          <CartLink onClick={collapse} />
          <button
            type="button"
            className="navbar-toggler"
            aria-controls="shell-nav"
            aria-expanded={expanded}
            aria-label={t('shell.nav.toggle_menu')}
            onClick={() => setExpanded((value) => !value)}
          >
            <MenuIcon />
          </button>
        </div>
        <div id="shell-nav" className={`collapse navbar-collapse${expanded ? ' show' : ''}`}>
          <NavMenu onDone={collapse} />
        </div>
      </div>
    </nav>
  );
}
