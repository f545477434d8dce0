import { lazy, memo, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';

import { loadWhenOnline } from '../../../lib/loadWhenOnline';
import { EAGER_CARDS, ProductGrid } from '../../../ui/ProductGrid';
import { Pagination } from '../../../ui/Pagination';
import { SearchForm } from '../../../ui/SearchForm';
import { SkeletonGrid } from '../../../ui/Skeleton';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { useScreenMatches } from '../../../ui/useScreenMatches';
import { categoryFacetOf, useFacetOptions, useSearchResult } from '../searchSelectors';
import { DEFAULT_FILTERS } from '../catalogSlice';
import { activeFilterCount, categoryCleared, categoryToggle } from '../filterChanges';
import { commaList } from '../../../../shared/pageAddress';
import { searchAtPage } from '../filterUrl';
import {
  SearchInAddress,
  useChosen,
  useChosenFilters,
  useSearchChanges,
  useShownSearch,
} from '../searchInAddress';
import { CatalogProductCard, useProductCardShared } from '../components/CatalogProductCard';
import { EmptyState } from '../components/EmptyState';
import { FilterChips } from '../components/FilterChips';
import { FilterPanel } from '../components/FilterPanel';
import type { ListedProduct } from '../types';
import '../catalog.css';

/** The results' heading (hidden but for screen readers): where the focus goes when a page is turned. */
const RESULTS_HEADING = 'search-results-heading';

// The drawer (react-bootstrap's offcanvas and its transitions, 9.4 KB gzip) only ever opens on a tap: its code is
// fetched once the page works, instead of sharing a phone's line with the code the page needs before it can work.
const FilterDrawer = lazy(() =>
  loadWhenOnline(() => import(/* webpackChunkName: "filter-drawer" */ '../components/FilterDrawer')),
);

/** Below Bootstrap's `lg` the filters sit in the drawer (the filter bar is `d-lg-none`). */
const DRAWER_SCREENS = '(max-width: 991.98px)';

/**
 * The drawer, mounted closed right after the page's first render on a screen that has the filter bar, so that its
 * code is loaded before the shopper's tap and the tap opens it at once. Elsewhere it loads on the first opening.
 * The server renders nothing here, as for any closed drawer.
 */
function FilterDrawerAfterFirstRender({ show, onHide }: { show: boolean; onHide: () => void }) {
  const [mounted, setMounted] = useState(false);
  // Once opened it stays mounted, so that closing it plays its transition.
  if (show && !mounted) setMounted(true);
  useEffect(() => {
    if (window.matchMedia?.(DRAWER_SCREENS).matches) setMounted(true);
  }, []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <FilterDrawer show={show} onHide={onHide} />
    </Suspense>
  );
}

/** From Bootstrap's `lg` up the filters sit beside the results (the sidebar is `d-none d-lg-block`). */
const SIDEBAR_SCREENS = '(min-width: 992px)';

/**
 * The sidebar's filters, rendered on the screens that show them. The server, which cannot know the screen, renders
 * them; a narrower screen hydrating that page keeps the server's hidden markup as it came (React leaves an element's
 * inner HTML alone when hydrating it from `dangerouslySetInnerHTML`) instead of hydrating a third of the page's
 * elements, which it never shows (its filters are the drawer's). A screen that widens to `lg` gets the panel in place
 * of that markup (another key: another element).
 */
function SidebarFilters() {
  const shown = useScreenMatches(SIDEBAR_SCREENS, true);
  if (shown)
    return (
      <div key="panel" className="search-sidebar">
        <FilterPanel />
      </div>
    );
  return (
    <div
      key="hidden"
      className="search-sidebar"
      dangerouslySetInnerHTML={{ __html: '' }}
      suppressHydrationWarning
    />
  );
}

function SearchBox() {
  const { t } = useTranslation();
  const { searchWords } = useSearchChanges();
  return (
    <SearchForm
      id="catalog-search-input"
      className="d-flex gap-2 mb-3"
      label={t('catalog.search.label')}
      placeholder={t('catalog.search.placeholder')}
      buttonLabel={t('catalog.search.button')}
      value={useShownSearch().text}
      onSearch={searchWords}
    />
  );
}

const CategoryTabs = memo(function CategoryTabs() {
  const { t } = useTranslation();
  const { changeFilters } = useSearchChanges();
  const categories = useFacetOptions('categories');
  const category = useChosen('category');
  if (categories.length === 0) return null;
  return (
    <nav aria-label={t('catalog.search.category_tabs')}>
      <ul className="nav nav-pills category-tabs gap-1 mb-3 pb-1">
        <li className="nav-item">
          <button
            type="button"
            className={`nav-link${category === null ? ' active' : ''}`}
            aria-pressed={category === null}
            onClick={() => changeFilters(categoryCleared)}
          >
            {t('catalog.search.all')}
          </button>
        </li>
        {categories.map(({ value: name }) => (
          <li className="nav-item" key={name}>
            <button
              type="button"
              className={`nav-link${category === name ? ' active' : ''}`}
              aria-pressed={category === name}
              onClick={() => changeFilters(categoryToggle(name))}
            >
              {name}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
});

/**
 * The grid and pager of the server's answer for the search on screen. While the next answer is on its way (a
 * filter tapped, a page turned), the last one stays, marked busy; the tapped filter itself shows as chosen at once.
 */
const SearchResults = memo(function SearchResults() {
  const { data, updating, noSuchPage } = useSearchResult();
  if (!data) return <SkeletonGrid count={8} />;
  if (noSuchPage && !updating && data.total > 0) return <NoSuchPage lastPage={data.page_count} />;
  return (
    <div
      className={updating ? 'search-results search-results--updating' : 'search-results'}
      aria-busy={updating}
    >
      <ResultsView
        products={data.data}
        page={data.page}
        pageCount={data.page_count}
        total={data.total}
        wordsTooShort={data.words_too_short === true}
      />
    </div>
  );
});

/**
 * The address names a page these results do not have (`?page=9` of 3 pages, `?page=abc`): said so, in place of
 * another page under this address, with the way to the first and the last page. The filters stay usable.
 */
function NoSuchPage({ lastPage }: { lastPage: number }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <EmptyState
      image="/images/no-products.svg"
      title={t('catalog.search.no_such_page')}
      body={t('catalog.search.last_page_is', { page: lastPage })}
      action={
        <div className="d-flex flex-wrap justify-content-center gap-2">
          <Link className="btn btn-primary" to={searchAtPage(params, 1)}>
            {t('catalog.search.first_page')}
          </Link>
          {lastPage > 1 && (
            <Link className="btn btn-outline-primary" to={searchAtPage(params, lastPage)}>
              {t('catalog.search.last_page', { page: lastPage })}
            </Link>
          )}
        </div>
      }
    />
  );
}

/** What the grid shows: renders again only when the (deferred) result does. */
const ResultsView = memo(function ResultsView({
  products,
  page,
  pageCount,
  total,
  wordsTooShort,
}: {
  products: readonly ListedProduct[];
  page: number;
  pageCount: number;
  total: number;
  /** the words typed have no word of two letters once folded: nothing was searched for */
  wordsTooShort: boolean;
}) {
  const { t } = useTranslation();
  const { changeFilters, searchWords, turnPage } = useSearchChanges();
  const { filters } = useShownSearch();
  const shared = useProductCardShared();
  if (total === 0) {
    // What found nothing is what the shopper can undo: the filters when there are any, else the words; words too
    // short to search for find nothing whatever the filters.
    const filtered = activeFilterCount(filters) > 0 && !wordsTooShort;
    return (
      <EmptyState
        image="/images/no-products.svg"
        title={t('catalog.search.no_products_found')}
        {...(wordsTooShort ? { body: t('catalog.search.words_too_short') } : {})}
        action={
          <button
            type="button"
            className="btn btn-outline-primary"
            onClick={() => (filtered ? changeFilters(() => DEFAULT_FILTERS) : searchWords(''))}
          >
            {t(filtered ? 'catalog.filters.reset' : 'catalog.search.clear_search')}
          </button>
        }
      />
    );
  }
  return (
    <>
      <p className="text-body-secondary small mb-2" aria-live="polite" data-testid="result-count">
        {t('catalog.search.result_count', { count: total })}
      </p>
      <ProductGrid
        items={products}
        keyOf={(_product, index) => index}
        label={t('catalog.search.results')}
        renderItem={(product, index) => (
          <CatalogProductCard product={product} priority={index < EAGER_CARDS} shared={shared} />
        )}
      />
      <Pagination
        page={page}
        pageCount={pageCount}
        onPageChange={(next) => {
          turnPage(next);
          window.scrollTo?.({ top: 0 });
          // The keyboard and a screen reader go to the top with the eyes: to the results' heading, not left on the
          // pager at the bottom of a page that has changed.
          document.getElementById(RESULTS_HEADING)?.focus({ preventScroll: true });
        }}
        label={t('catalog.search.pages')}
      />
    </>
  );
});

function FilterBar({ open, onOpen }: { open: boolean; onOpen: () => void }) {
  const { t } = useTranslation();
  const count = activeFilterCount(useChosenFilters());
  return (
    <div className="d-lg-none mb-3">
      <button
        type="button"
        className="btn btn-outline-secondary w-100 d-flex justify-content-between align-items-center"
        onClick={onOpen}
        aria-expanded={open}
        // The drawer exists only while open; pointing at it otherwise would be an invalid reference.
        aria-controls={open ? 'filter-drawer' : undefined}
        data-testid="filter-bar"
      >
        <span>{t('catalog.filters.filter_products')}</span>
        {count > 0 && <span className="badge text-bg-primary">{count}</span>}
      </button>
    </div>
  );
}

/**
 * A category's page is titled with the category's name, as the server titles it (server/services/pageHead.ts; the
 * shell titles the other search pages). An address naming the category otherwise than the shop does in this language
 * (its id, as the sitemaps and a product's crumbs link it; other capitals; its name in the other language, a link
 * shared across languages) is replaced by one naming it as the answer does: the tabs, the panel, the chip and the
 * title then show its name.
 */
/**
 * Collections named in the other language (a link a shopper of that language shared): the answer names them in the
 * page's, as the filter panel lists them, and the address follows (replaced), as it does for a category.
 */
function CollectionNames() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const { currentData } = useSearchResult();
  const { filters } = useShownSearch();
  const read = currentData?.collections;
  const rename = read !== undefined && read.join('\u0000') !== filters.collections.join('\u0000');
  useEffect(() => {
    if (!rename || !read) return;
    const params = new URLSearchParams(search);
    params.set('collections', commaList(read));
    void navigate({ search: `?${params.toString()}` }, { replace: true });
  }, [rename, read, search, navigate]);
  return null;
}

function CategoryTitle() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { data, currentData } = useSearchResult();
  const { filters, text, page } = useShownSearch();
  const asked = filters.category;
  // The answer to this very address says which category it read; while it is on its way, the last answer's facets
  // name it (a category's id and names stay the same across searches).
  const named = currentData
    ? currentData.category
    : data
      ? categoryFacetOf(data.facets.categories, asked)
      : null;
  const rename = currentData?.category && asked !== null && currentData.category.name !== asked;
  useEffect(() => {
    if (!rename || !currentData?.category) return;
    const params = new URLSearchParams(search);
    params.set('category', currentData.category.name);
    void navigate({ search: `?${params.toString()}` }, { replace: true });
  }, [rename, currentData, search, navigate]);
  const byCategory = asked !== null && !text.trim();
  // Until an answer names it, the title the page has (the server's) stays; a category the shop does not have is the
  // whole catalogue's page.
  const name = named ? named.name : currentData ? t('common.page_title.all_products') : null;
  const title = name && page > 1 ? t('common.page_title.page_number', { title: name, page }) : name;
  useDocumentTitle(title, { skip: !byCategory || title === null });
  return null;
}

/** The page's body: every part reads the search from the address (SearchInAddress), none from the store. */
function SearchPageBody() {
  const { t } = useTranslation();
  const { data, isError } = useSearchResult();
  const [drawerOpen, setDrawerOpen] = useState(false);

  const body =
    isError && !data ? (
      <EmptyState image="/images/no-products.svg" title={t('catalog.search.no_products_found')} alert />
    ) : (
      <SearchResults />
    );

  return (
    <section className="container-xl py-4" aria-labelledby="search-title">
      <CategoryTitle />
      <CollectionNames />
      <h1 id="search-title" className="h3 mb-3">
        {t('catalog.search.title')}
      </h1>
      <SearchBox />
      <div className="row g-4">
        <aside className="col-lg-3 d-none d-lg-block" aria-label={t('catalog.filters.title')}>
          <SidebarFilters />
        </aside>
        <div className="col-12 col-lg-9">
          <CategoryTabs />
          <FilterBar open={drawerOpen} onOpen={() => setDrawerOpen(true)} />
          <FilterChips />
          <h2 id={RESULTS_HEADING} className="visually-hidden" tabIndex={-1}>
            {t('catalog.search.results_heading')}
          </h2>
          {body}
        </div>
      </div>
      <FilterDrawerAfterFirstRender show={drawerOpen} onHide={() => setDrawerOpen(false)} />
    </section>
  );
}

export default function SearchPage() {
  return (
    <SearchInAddress>
      <SearchPageBody />
    </SearchInAddress>
  );
}
