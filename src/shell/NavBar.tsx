import { useState, type FormEvent } from 'react';
import Badge from 'react-bootstrap/Badge';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import NavDropdown from 'react-bootstrap/NavDropdown';
import Navbar from 'react-bootstrap/Navbar';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate } from 'react-router-dom';

import { languageChanged, searchSubmitted } from '../app/events';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { authModalOpened, selectIsAuthenticated, selectUserEmail } from '../features/auth/authSlice';
import { useLogout } from '../features/auth/useLogout';
import { useCartCount } from '../features/cart/useCart';
import { selectSearchText } from '../features/catalog/catalogSlice';
import { selectLanguage } from '../features/settings/settingsSlice';

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

function SearchBox({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const saved = useAppSelector(selectSearchText);
  const [text, setText] = useState(saved);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    setText(query);
    dispatch(searchSubmitted(query));
    onDone();
    void navigate('/search');
  };

  return (
    <form className="d-flex flex-grow-1 my-2 my-lg-0 mx-lg-3 shell-search" role="search" onSubmit={submit}>
      <label htmlFor="shell-search-input" className="visually-hidden">
        {t('shell.nav.search_label')}
      </label>
      <input
        id="shell-search-input"
        type="search"
        className="form-control"
        placeholder={t('shell.nav.search_placeholder')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        enterKeyHint="search"
      />
      <button type="submit" className="btn btn-primary ms-2">
        {t('shell.nav.search_button')}
      </button>
    </form>
  );
}

function AccountMenu({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsAuthenticated);
  const email = useAppSelector(selectUserEmail);
  const [logout, { isLoading }] = useLogout();

  const openModal = (view: 'login' | 'signup') => {
    onDone();
    dispatch(authModalOpened(view));
  };

  return (
    <NavDropdown title={t('shell.nav.account')} id="account-menu" align="end" data-testid="account-menu">
      {signedIn ? (
        <>
          {email && (
            <NavDropdown.ItemText className="small text-body-secondary">
              {t('shell.nav.signed_in_as', { email })}
            </NavDropdown.ItemText>
          )}
          <NavDropdown.Item as={Link} to="/profile" onClick={onDone}>
            {t('shell.nav.profile')}
          </NavDropdown.Item>
          <NavDropdown.Item as={Link} to="/orders" onClick={onDone}>
            {t('shell.nav.orders')}
          </NavDropdown.Item>
          <NavDropdown.Item as={Link} to="/favorites" onClick={onDone}>
            {t('shell.nav.favorites')}
          </NavDropdown.Item>
          <NavDropdown.Divider />
          <NavDropdown.Item as="button" disabled={isLoading} onClick={() => void logout().then(onDone)}>
            {t('shell.nav.logout')}
          </NavDropdown.Item>
        </>
      ) : (
        <>
          <NavDropdown.ItemText className="small text-body-secondary account-prompt">
            {t('shell.nav.signed_out_prompt')}
          </NavDropdown.ItemText>
          <NavDropdown.Item as="button" onClick={() => openModal('login')}>
            {t('shell.nav.login')}
          </NavDropdown.Item>
          <NavDropdown.Item as="button" onClick={() => openModal('signup')}>
            {t('shell.nav.signup')}
          </NavDropdown.Item>
        </>
      )}
    </NavDropdown>
  );
}

export function NavBar() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const language = useAppSelector(selectLanguage);
  const cartCount = useCartCount();
  const [expanded, setExpanded] = useState(false);
  const collapse = () => setExpanded(false);

  return (
    <Navbar
      expand="lg"
      bg="body"
      className="border-bottom shadow-sm sticky-top"
      expanded={expanded}
      onToggle={setExpanded}
    >
      <Container fluid="xl">
        <Navbar.Brand
          as={Link}
          to="/"
          aria-label={t('shell.nav.logo_label')}
          onClick={collapse}
          className="fw-bold"
        >
          <img src="/favicon.svg" width="32" height="32" alt="" className="me-2" />
          {t('common.app_name')}
        </Navbar.Brand>
        <div className="d-flex align-items-center order-lg-last gap-1">
          <Nav.Link
            as={Link}
            to="/cart"
            className="position-relative px-2"
            aria-label={t('shell.nav.cart_label', { count: cartCount })}
            onClick={collapse}
          >
            <CartIcon />
            <Badge bg="danger" pill className="cart-count" data-testid="cart-count">
              {cartCount}
            </Badge>
          </Nav.Link>
          <Navbar.Toggle aria-controls="shell-nav" aria-label={t('shell.nav.toggle_menu')} />
        </div>
        <Navbar.Collapse id="shell-nav">
          <Nav className="me-lg-2">
            <Nav.Link as={NavLink} to="/" end onClick={collapse}>
              {t('shell.nav.home')}
            </Nav.Link>
          </Nav>
          <SearchBox onDone={collapse} />
          <Nav className="align-items-lg-center">
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm mx-lg-2 my-2 my-lg-0 language-toggle"
              lang={language === 'ar' ? 'en' : 'ar'}
              aria-label={t('shell.nav.language_toggle_label')}
              onClick={() => dispatch(languageChanged(language === 'ar' ? 'en' : 'ar'))}
            >
              {t('shell.nav.language_toggle')}
            </button>
            <AccountMenu onDone={collapse} />
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
