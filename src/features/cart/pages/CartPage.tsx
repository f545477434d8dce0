import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { useAppSelector } from '../../../app/hooks';
import { failureReason, isNetworkError } from '../../../app/api';
import { SHOP_NAMESPACE } from '../../../i18n/i18n';
import { notify } from '../../../lib/notify';
import { LoadFailed } from '../../../ui/LoadFailed';
import { SkeletonBox } from '../../../ui/Skeleton';
import { CouponBox } from '../../coupon/public';
import { ShippingPicker } from '../../shipping/public';
import { CartSummaryCard } from '../components/CartSummaryCard';
import { CartLine } from '../components/CartLine';
import { RelatedProducts } from '../components/RelatedProducts';
import { selectCartArgs } from '../useCart';
import { useCartSummary } from '../useCartSummary';
import '../cart.css';

function CartSkeleton() {
  const { t } = useTranslation(['translation', SHOP_NAMESPACE]);
  return (
    <div role="status" aria-live="polite" data-testid="cart-skeleton">
      <span className="visually-hidden">{t('cart.loading')}</span>
      {[0, 1, 2].map((index) => (
        <SkeletonBox key={index} className="mb-3" style={{ blockSize: '8rem' }} />
      ))}
    </div>
  );
}

/**
 * The empty cart's picture, inside the code: it shows with the page's first render instead of one request later (an
 * empty cart is what a new shopper opens first). Decorative: the texts below say it.
 */
const EMPTY_CART_PICTURE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="180" viewBox="0 0 240 180">' +
    '<rect width="240" height="180" rx="16" fill="#f1f5f9"/>' +
    '<path d="M52 52h20l16 62h78l14-44H80" fill="none" stroke="#64748b" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>' +
    '<circle cx="96" cy="134" r="10" fill="#64748b"/><circle cx="156" cy="134" r="10" fill="#64748b"/>' +
    '<path d="M110 84h34" stroke="#cbd5e1" stroke-width="8" stroke-linecap="round"/></svg>',
)}`;

function EmptyCart() {
  const { t } = useTranslation(['translation', SHOP_NAMESPACE]);
  return (
    <div className="text-center py-5" role="status" data-testid="empty-cart">
      <img src={EMPTY_CART_PICTURE} alt="" width={240} height={180} className="mb-3" />
      <p className="h5">{t('cart.empty_title')}</p>
      <p className="text-body-secondary">{t('cart.empty_text')}</p>
      <Link to="/search" className="btn btn-primary">
        {t('cart.browse')}
      </Link>
    </div>
  );
}

export default function CartPage() {
  const { t, ready } = useTranslation(['translation', SHOP_NAMESPACE]);
  const cart = useAppSelector(selectCartArgs);
  const {
    query,
    items,
    lines,
    withoutCurrency,
    summary,
    orderLines,
    couponCounted,
    lastKnown,
    shippingPending,
  } = useCartSummary();
  const failed = query.isError && !query.data;
  // Strings, so a quantity change (a new cart array, the same products) leaves the related grids alone.
  const related = useMemo(() => {
    const products = items.flatMap((item) => (item.product ? [item.product] : []));
    return {
      categories: [...new Set(products.map((product) => product.category))].sort().join('\n'),
      productIds: [...new Set(products.map((product) => product.id))].sort((a, b) => a - b).join(','),
    };
  }, [items]);

  // The load failure is also said as a toast (once per failure); a slow or absent server gets the same words.
  useEffect(() => {
    if (!failed || !ready) return;
    notify.error(t('cart.data_loading_error'), { toastId: 'cart-load-failed' });
    if (!isNetworkError(query.error)) console.warn('The cart could not be loaded', query.error);
  }, [failed, ready, t, query.error]);

  if (!ready) return <div className="container py-4" />;

  let body;
  // The skeleton only while nothing is known of the cart: a returning shopper sees the snapshot of their cart.
  if (cart && query.isLoading && !lastKnown) {
    body = <CartSkeleton />;
  } else if (cart && failed) {
    body = (
      <LoadFailed
        reason={failureReason(query.error)}
        title={t('cart.data_loading_error')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (!cart || lines.length === 0) {
    body = withoutCurrency > 0 ? null : <EmptyCart />;
  } else {
    body = (
      <div className="row g-4">
        <div className="col-12 col-lg-7">
          <ul className="list-unstyled mb-0" aria-label={t('cart.title')}>
            {lines.map((line) => (
              <CartLine key={line.item.id} line={line} cart={cart} waiting={lastKnown} />
            ))}
          </ul>
        </div>
        <aside className="col-12 col-lg-5">
          <div className="card">
            <div className="card-body">
              <ShippingPicker />
              <hr />
              <CouponBox cartTotal={summary.subtotal} currency={summary.currency} />
              <CartSummaryCard
                summary={summary}
                couponCounted={couponCounted}
                shippingPending={shippingPending}
                excludesUnavailable={orderLines.length < lines.length}
                canCheckout={orderLines.length > 0}
              />
            </div>
          </div>
        </aside>
      </div>
    );
  }

  return (
    <div className="container py-4">
      <h1 className="h3 mb-4">{t('cart.title')}</h1>
      {withoutCurrency > 0 && (
        <div className="alert alert-warning d-flex flex-wrap align-items-center gap-3" role="alert">
          <span className="flex-grow-1">{t('cart.choose_country_from_profile_first')}</span>
          <Link to="/profile-country" className="btn btn-sm btn-warning">
            {t('cart.choose_country')}
          </Link>
        </div>
      )}
      {body}
      <RelatedProducts categories={related.categories} productIds={related.productIds} />
    </div>
  );
}
