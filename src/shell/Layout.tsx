import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';

import {
  ALL_CATEGORIES_PATH,
  categoriesPageOf,
  SEARCH_PAGE_PARAM,
  searchPageOf,
} from '../../shared/pageAddress';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { selectLanguage } from '../features/settings/public';
import { loadWhenOnline } from '../lib/loadWhenOnline';
import { focusPlaceIn, restoreFocusPlace } from '../ui/focusPlace';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { useCommitEffect } from '../ui/useCommitEffect';
import { NEAR_SCREEN, useNearScreen, usePageSettled } from '../ui/useNearScreen';
import { AuthModalHost } from './AuthModalHost';
import { loadFooter, loadedFooter } from './footerCode';
import { FOOTER_CLASS } from './footerFrame';
import { NavBar } from './NavBar';
import { ScrollToTopButton } from './ScrollToTopButton';
import { Toasts } from './Toasts';

// Below the fold: the footer (its texts, about text and its request, contact form, logos) loads when the shopper
// nears it, not with the page. A page rendered on the server carries the footer's markup (crawlers and visitors
// without JavaScript read its links), which stays as the server sent it, its links plain links, until then.
// Loaded after the start, maybe offline: a failed load waits for the connection instead of breaking the page.
const Footer = lazy(() => loadWhenOnline(loadFooter));

/** The footer's element, the server's or the loaded footer's. */
const SERVER_FOOTER = `footer.${FOOTER_CLASS.split(' ')[0]}`;

/** Whether this first render hydrates a page whose footer the server rendered (app/boot marks the document). */
function hydratingServerFooter(): boolean {
  return (
    typeof document !== 'undefined' &&
    document.documentElement.dataset.firstRender === 'hydrate' &&
    document.querySelector(SERVER_FOOTER) !== null
  );
}

/**
 * The server's footer, kept as it came (React leaves an element's inner HTML alone when hydrating it from
 * `dangerouslySetInnerHTML`) until the shopper nears or touches it, or the language changes: then its code and the
 * answers it shows load, and the footer itself takes its place with the same markup.
 */
function ServerFooter({ onLoaded }: { onLoaded: (footer: ComponentType) => void }) {
  const dispatch = useAppDispatch();
  const language = useAppSelector(selectLanguage);
  const [firstLanguage] = useState(language);
  const place = useRef<HTMLElement>(null);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const element = place.current;
    if (wanted || !element) return undefined;
    const want = () => setWanted(true);
    if (typeof IntersectionObserver === 'undefined') {
      want();
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && want(),
      {
        rootMargin: `${NEAR_SCREEN} 0px`,
      },
    );
    observer.observe(element);
    element.addEventListener('pointerdown', want);
    element.addEventListener('focusin', want);
    return () => {
      observer.disconnect();
      element.removeEventListener('pointerdown', want);
      element.removeEventListener('focusin', want);
    };
  }, [wanted]);
  const needed = wanted || language !== firstLanguage;
  useEffect(() => {
    if (!needed) return undefined;
    let current = true;
    void loadWhenOnline(loadFooter).then(async (footer) => {
      await footer.footerAnswersLoaded(dispatch, language);
      if (current) onLoaded(footer.default);
    });
    return () => {
      current = false;
    };
  }, [needed, dispatch, language, onLoaded]);
  return (
    <footer
      ref={place}
      className={FOOTER_CLASS}
      dangerouslySetInnerHTML={{ __html: '' }}
      suppressHydrationWarning
    />
  );
}

function LazyFooter() {
  // Loaded before the first render (the server's render, or a later page): shown at once, as the server did.
  const [Loaded, setLoaded] = useState(loadedFooter);
  const [fromServer] = useState(() => Loaded === null && hydratingServerFooter());
  // A focus inside the server's footer (a keyboard's Tab, a screen reader) moves to the same place in the footer that
  // takes its place, with the same markup.
  const focusAt = useRef<number | null>(null);
  const showLoaded = useCallback((footer: ComponentType) => {
    focusAt.current = focusPlaceIn(document.querySelector(SERVER_FOOTER));
    setLoaded(() => footer);
  }, []);
  useCommitEffect(() => {
    if (!Loaded || focusAt.current === null) return;
    restoreFocusPlace(document.querySelector(SERVER_FOOTER), focusAt.current);
    focusAt.current = null;
  }, [Loaded]);
  // Watched once the page has settled: while a route's code is still loading, the page is short and the footer's
  // place would count as near on every first load.
  const settled = usePageSettled();
  const { place, near } = useNearScreen<HTMLElement>(NEAR_SCREEN, settled && Loaded === null && !fromServer);
  if (Loaded) return <Loaded />;
  if (fromServer) return <ServerFooter onLoaded={showLoaded} />;
  // The footer landmark is there from the start (an empty one holds the footer's place until it loads).
  const placeholder = <footer ref={place} className="footer-placeholder" />;
  if (!near) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <Footer />
    </Suspense>
  );
}

/**
 * The shell's pages and their titles' keys. A product, the not-found page, the content, favourites, profile and
 * staff pages title themselves (ui/useDocumentTitle).
 */
const PAGE_TITLES: Record<string, string> = {
  '/all-categories': 'all_categories',
  '/cart': 'cart',
  '/checkout': 'checkout',
  '/payment': 'payment',
  '/orders': 'orders',
};

/** The page's title as the shell knows it: null for home, undefined for a page that sets its own. */
function shellTitle(pathname: string, search: string, t: TFunction) {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '').toLowerCase() : pathname;
  if (path === '/') return null;
  if (path === '/search') {
    const params = new URLSearchParams(search);
    const words = params.get('q')?.trim();
    // A category's page titles itself with the category's name (features/catalog's SearchPage).
    if (!words && params.get('category')?.trim()) return undefined;
    const title = words ? t('common.page_title.search', { words }) : t('common.page_title.all_products');
    // A later page of results is titled with its number, as the server writes it (server/services/pageHead.ts).
    const page = searchPageOf(params.get(SEARCH_PAGE_PARAM));
    return page > 1 ? t('common.page_title.page_number', { title, page }) : title;
  }
  const key = PAGE_TITLES[path];
  if (!key) return undefined;
  const title = t(`common.page_title.${key}`);
  // The categories' later pages too (their page is in the address, as the server titles it).
  const page =
    path === ALL_CATEGORIES_PATH ? categoriesPageOf(new URLSearchParams(search).get(SEARCH_PAGE_PARAM)) : 1;
  return page > 1 ? t('common.page_title.page_number', { title, page }) : title;
}

/** How far down each history entry was when the shopper left it (by its key): the tab's history, this tab only. */
const scrolledTo = new Map<string, number>();

/**
 * Scrolls back to `top`, again on the next frames while the page is not yet tall enough (pictures or a lazy part
 * still coming): a few tries, then the nearest the page allows.
 */
function returnTo(top: number, tries = 10): void {
  window.scrollTo?.(0, top);
  if (tries > 0 && Math.abs(window.scrollY - top) > 1)
    window.requestAnimationFrame?.(() => returnTo(top, tries - 1));
}

export function Layout() {
  const { t } = useTranslation();
  const { pathname, search, key } = useLocation();
  const navigationType = useNavigationType();
  const title = shellTitle(pathname, search, t);
  useDocumentTitle(title ?? null, { skip: title === undefined, tagline: true });
  useEffect(() => {
    // The shell's first commit, for the start-up breakdown (bench/trace.ts).
    performance.mark?.('shop:shell-rendered');
  }, []);
  const shown = useRef({ pathname, key });
  useEffect(() => {
    // A new page starts at its top; back or forward to one returns where the shopper was (a list of results left for
    // a product). Not on the first page: the browser has placed it, and scrolling there would force a layout inside
    // the shell's first commit.
    const left = shown.current;
    if (left.key === key) return;
    shown.current = { pathname, key };
    // Where the page left was scrolled to: the effect runs before anything scrolls the new one.
    scrolledTo.set(left.key, window.scrollY);
    if (left.pathname === pathname) return;
    const back = navigationType === 'POP' ? scrolledTo.get(key) : undefined;
    if (back === undefined) window.scrollTo?.(0, 0);
    else returnTo(back);
  }, [pathname, key, navigationType]);
  return (
    <div className="d-flex flex-column min-vh-100">
      <a href="#main" className="visually-hidden-focusable skip-link">
        {t('shell.skip_to_content')}
      </a>
      <NavBar />
      <main id="main" className="flex-grow-1" tabIndex={-1}>
        <Outlet />
      </main>
      <LazyFooter />
      <ScrollToTopButton />
      <AuthModalHost />
      <Toasts />
    </div>
  );
}
