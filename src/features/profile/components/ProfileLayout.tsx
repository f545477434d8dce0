import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';

import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { DeleteAccountButton } from './DeleteAccountButton';
import '../profile.css';

const LINKS = [
  { to: '/profile', key: 'profile.menu.profile' },
  { to: '/profile-password', key: 'profile.menu.password' },
  { to: '/profile-orders', key: 'profile.menu.orders' },
  { to: '/profile-country', key: 'profile.menu.country' },
  { to: '/profile-shipping', key: 'profile.menu.shipping' },
] as const;

/**
 * The profile area: the side menu (collapsed behind a button on phones) beside the page. Every profile route
 * renders its content inside it, /profile-orders included.
 */
export function ProfileLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  useDocumentTitle(title);
  return (
    <div className="container py-4">
      <div className="row g-4">
        <aside className="col-12 col-md-4 col-lg-3">
          <button
            type="button"
            className="btn btn-outline-secondary w-100 d-md-none mb-2 profile-menu__toggle"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {t('profile.menu.toggle')}
          </button>
          <nav
            id={menuId}
            aria-label={t('profile.menu.label')}
            className={`profile-menu${menuOpen ? ' profile-menu--open' : ''}`}
          >
            <ul className="list-group">
              {LINKS.map((link) => (
                <li key={link.to} className="list-group-item p-0">
                  <NavLink
                    to={link.to}
                    end
                    className={({ isActive }) => `profile-menu__link${isActive ? ' active' : ''}`}
                    onClick={() => setMenuOpen(false)}
                  >
                    {t(link.key)}
                  </NavLink>
                </li>
              ))}
              <li className="list-group-item p-0">
                <DeleteAccountButton />
              </li>
            </ul>
          </nav>
        </aside>
        <section className="col-12 col-md-8 col-lg-9" aria-labelledby="profile-page-title">
          <h1 id="profile-page-title" className="h3 mb-4">
            {title}
          </h1>
          {children}
        </section>
      </div>
    </div>
  );
}
