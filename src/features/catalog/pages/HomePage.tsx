import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { failureReason } from '../../../app/api';
import { useAppSelector } from '../../../app/hooks';
import { LoadFailed } from '../../../ui/LoadFailed';
import { KeptUntilNear } from '../../../ui/KeptUntilNear';
import { EAGER_CARDS, ProductGrid } from '../../../ui/ProductGrid';
import { SkeletonGrid } from '../../../ui/Skeleton';
import { useCoupons, useHomeData } from '../catalogApi';
import {
  selectBestSellers,
  selectCoupons,
  selectHomeArgs,
  selectHomeCategories,
  selectNewlyAdded,
  selectTodayDeals,
} from '../catalogSelectors';
import { CatalogProductCard, useProductCardShared } from '../components/CatalogProductCard';
import { CategoryTiles } from '../components/CategoryTiles';
import { CouponCard } from '../components/CouponCard';
import { HomeSlider } from '../components/HomeSlider';
import type { ListedProduct } from '../types';
import { columnsNow, useColumnCount } from '../useColumnCount';
import '../catalog.css';

export const HOME_TABS = ['all', 'gift_voucher', 'today_deals', 'best_sellers'] as const;
export type HomeTab = (typeof HOME_TABS)[number];
// Two rows: the grid's CSS (`twoRows`) hides what the server renders past them on a narrower screen.
const NEWLY_ADDED_ROWS = 2;
/**
 * The cards of a two-row list that every screen shows: two rows of a phone's one column. The server renders the
 * list for four columns and the grid's CSS hides the cards past two rows; a hidden picture that is not lazy would
 * be fetched all the same.
 */
const CARDS_EVERY_SCREEN_SHOWS = NEWLY_ADDED_ROWS;
const TODAY_DEALS_SHOWN = 12;

function PromoBanner() {
  const { t } = useTranslation();
  return (
    <section className="promo-banner p-4 p-md-5 mb-4" aria-labelledby="promo-title">
      <p className="text-uppercase small fw-semibold mb-1 opacity-75">{t('catalog.home.promo_kicker')}</p>
      <h1 id="promo-title" className="display-6 fw-bold">
        {t('catalog.home.promo_title')}
      </h1>
      <p className="lead mb-3">{t('catalog.home.promo_text')}</p>
      <Link to="/search" className="btn btn-light btn-lg">
        {t('catalog.home.shop_now')}
      </Link>
    </section>
  );
}

interface ProductSectionProps {
  id: string;
  title: string;
  products: ListedProduct[];
  loading: boolean;
  /** Skeleton cards while loading. */
  skeleton: number;
  action?: ReactNode;
  /** How many leading cards are above the fold and load at once; the rest load lazily. */
  eagerCards?: number;
  /** The list is `NEWLY_ADDED_ROWS` rows of the grid's columns (`TwoRowProductSection` cuts it). */
  twoRows?: boolean;
}

/**
 * A two-row list's cards past a phone's two (one column below 576 px): the server renders the widest grid's two rows
 * and the list drops the rest as soon as it runs, so the cards the browser's width does not show are not hydrated.
 */
const KEPT_PAST_TWO_ROWS = {
  from: CARDS_EVERY_SCREEN_SHOWS,
  shown: () => columnsNow(true) * NEWLY_ADDED_ROWS,
};

function ProductSection({
  id,
  title,
  products,
  loading,
  skeleton,
  action,
  eagerCards = 0,
  twoRows = false,
}: ProductSectionProps) {
  const { t } = useTranslation();
  const shared = useProductCardShared();
  return (
    <section className="mb-5 render-when-near" aria-labelledby={id}>
      <div className="d-flex justify-content-between align-items-center mb-3 gap-2">
        <h2 id={id} className="h4 mb-0">
          {title}
        </h2>
        {action}
      </div>
      {loading ? (
        <SkeletonGrid count={skeleton} variant="home" />
      ) : products.length === 0 ? (
        <p className="text-body-secondary">{t('catalog.home.nothing_here')}</p>
      ) : (
        <ProductGrid
          variant="home"
          twoRows={twoRows}
          kept={twoRows ? KEPT_PAST_TWO_ROWS : undefined}
          items={products}
          keyOf={(product) => product.id}
          renderItem={(product, index) => (
            <CatalogProductCard product={product} priority={index < eagerCards} shared={shared} />
          )}
        />
      )}
    </section>
  );
}

/**
 * A list of two whole rows of the grid's columns. Only these lists read the width: hydrating the server's page
 * (rendered for four columns), React re-renders what reads it at once, in one task; here that is these few cards,
 * not the whole page nor a list that is not cut to rows.
 */
function TwoRowProductSection({
  products,
  skeleton,
  ...section
}: Omit<ProductSectionProps, 'twoRows' | 'skeleton'> & { skeleton?: number }) {
  const columns = useColumnCount(true);
  return (
    <ProductSection
      {...section}
      twoRows
      products={products.slice(0, columns * NEWLY_ADDED_ROWS)}
      skeleton={skeleton ?? columns * NEWLY_ADDED_ROWS}
    />
  );
}

export default function HomePage() {
  const { t } = useTranslation();
  const args = useAppSelector(selectHomeArgs);
  const { isLoading, isError, data, error, refetch, isFetching } = useHomeData(args);
  // The coupons are a query of their own: their section waits for them, not only for the home lists.
  const couponsLoading = useDeferredValue(useCoupons(args).isLoading);
  // The lists arrive through the store, whose updates React renders at once in one task; deferred, the dozens of
  // cards render in slices that leave the main thread free between them (the skeletons stay meanwhile).
  const bestSellers = useDeferredValue(useAppSelector(selectBestSellers));
  const coupons = useDeferredValue(useAppSelector(selectCoupons));
  const newlyAdded = useDeferredValue(useAppSelector(selectNewlyAdded));
  const categories = useDeferredValue(useAppSelector(selectHomeCategories));
  const deals = useDeferredValue(useAppSelector(selectTodayDeals));
  const [tab, setTab] = useState<HomeTab>('all');
  // The time coupons are judged against: fixed per data load, so cards do not flip while one looks at them.
  const now = useMemo(() => (data ? Date.now() : 0), [data]);
  const todayDeals = useMemo(() => deals.slice(0, TODAY_DEALS_SHOWN), [deals]);
  const loading = useDeferredValue(isLoading || (!data && !isError));
  // Nothing to show at all (no answer, none cached): the retry notice stands in for the lists.
  const failed = isError && !data;
  const show = (section: HomeTab) => tab === 'all' || tab === section;

  return (
    <div className="container-xl py-4">
      <PromoBanner />
      <HomeSlider />
      <nav aria-label={t('catalog.home.tabs_label')} className="mb-4">
        <ul className="nav nav-tabs category-tabs" role="tablist">
          {HOME_TABS.map((name) => (
            <li className="nav-item" key={name} role="presentation">
              <button
                type="button"
                role="tab"
                className={`nav-link${tab === name ? ' active' : ''}`}
                aria-selected={tab === name}
                onClick={() => setTab(name)}
              >
                {t(`catalog.home.tabs.${name}`)}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {failed && (
        <LoadFailed
          reason={failureReason(error)}
          title={t('catalog.search.no_products_found')}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      )}
      {!failed && show('best_sellers') && (
        <TwoRowProductSection
          id="best-sellers-title"
          title={t('catalog.home.best_sellers')}
          products={bestSellers}
          loading={loading}
          skeleton={4}
          eagerCards={Math.min(EAGER_CARDS, CARDS_EVERY_SCREEN_SHOWS)}
        />
      )}
      {!failed && show('today_deals') && tab === 'today_deals' && (
        <ProductSection
          id="today-deals-title"
          title={t('catalog.home.tabs.today_deals')}
          products={todayDeals}
          loading={loading}
          skeleton={4}
          eagerCards={EAGER_CARDS}
        />
      )}
      {/* The sections below the best sellers start past a phone's first screen: kept out of its hydration. */}
      {!failed && show('gift_voucher') && (
        <KeptUntilNear showing={coupons}>
          <section className="mb-5 render-when-near" aria-labelledby="coupons-title">
            <h2 id="coupons-title" className="h4 mb-3">
              {t('catalog.home.coupons')}
            </h2>
            {loading || couponsLoading ? (
              <SkeletonGrid count={3} />
            ) : coupons.length === 0 ? (
              <p className="text-body-secondary">{t('catalog.coupons.none')}</p>
            ) : (
              <ul className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-3 list-unstyled">
                {coupons.map((coupon) => (
                  <li className="col" key={coupon.id}>
                    <CouponCard coupon={coupon} now={now} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </KeptUntilNear>
      )}
      {!failed && tab === 'all' && (
        <KeptUntilNear showing={newlyAdded}>
          <TwoRowProductSection
            id="newly-added-title"
            title={t('catalog.home.newly_added')}
            products={newlyAdded}
            loading={loading}
          />
        </KeptUntilNear>
      )}
      <KeptUntilNear showing={categories}>
        <section className="mb-4 render-when-near" aria-labelledby="categories-title">
          <div className="d-flex justify-content-between align-items-center mb-3">
            <h2 id="categories-title" className="h4 mb-0">
              {t('catalog.home.categories')}
            </h2>
            <Link to="/all-categories" className="btn btn-link">
              {t('catalog.home.view_more')}
            </Link>
          </div>
          <CategoryTiles categories={categories} loading={loading} failed={isError && !data} />
        </section>
      </KeptUntilNear>
    </div>
  );
}
