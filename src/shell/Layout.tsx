import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';

import { AuthModalHost } from './AuthModalHost';
import { NavBar } from './NavBar';
import { ScrollToTopButton } from './ScrollToTopButton';
import { Toasts } from './Toasts';

// Below the fold: the footer (about text, contact form, logos) loads after the page's own code.
const Footer = lazy(() => import(/* webpackChunkName: "after-start" */ './Footer'));

export function Layout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useEffect(() => {
    // The shell's first commit, for the start-up breakdown (bench/trace.ts).
    performance.mark?.('shop:shell-rendered');
  }, []);
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);
  return (
    <div className="d-flex flex-column min-vh-100">
      <a href="#main" className="visually-hidden-focusable skip-link">
        {t('shell.skip_to_content')}
      </a>
      <NavBar />
      <main id="main" className="flex-grow-1" tabIndex={-1}>
        <Outlet />
      </main>
      <Suspense fallback={<div className="footer-placeholder" aria-hidden="true" />}>
        <Footer />
      </Suspense>
      <ScrollToTopButton />
      <AuthModalHost />
      <Toasts />
    </div>
  );
}
