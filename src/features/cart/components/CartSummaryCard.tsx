import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { useAppSelector } from '../../../app/hooks';
import { SHOP_NAMESPACE } from '../../../i18n/i18n';
import { formatMoney } from '../../../lib/money';
import { PendingFigure } from '../../../ui/Skeleton';
import type { OrderSummary } from '../../../../shared/orderSummary';
import { selectAppliedCoupon } from '../../coupon/public';
import { selectLanguage } from '../../settings/public';
import type { CartSummary } from '../useCartSummary';

/** The figures of the order summary (2 decimals; shipping 0 reads as free) and the way to checkout. */
export function CartSummaryCard({
  summary,
  couponCounted,
  excludesUnavailable,
  canCheckout,
  shippingPending,
}: {
  summary: OrderSummary;
  couponCounted: CartSummary['couponCounted'];
  shippingPending: boolean;
  excludesUnavailable: boolean;
  canCheckout: boolean;
}) {
  const { t } = useTranslation(['translation', SHOP_NAMESPACE]);
  const language = useAppSelector(selectLanguage);
  const coupon = useAppSelector(selectAppliedCoupon);
  const money = (amount: number) => formatMoney(amount, summary.currency, language);
  return (
    <section aria-labelledby="cart-summary-title" data-testid="cart-summary">
      <h2 id="cart-summary-title" className="h5">
        {t('cart.summary.title')}
      </h2>
      <dl className="cart-summary mb-3">
        <dt>{t('cart.summary.subtotal')}</dt>
        <dd data-testid="summary-subtotal">{money(summary.subtotal)}</dd>
        {couponCounted && (
          <>
            <dt>
              {couponCounted.kind === 'percent'
                ? t('cart.summary.discount', { percent: couponCounted.percent })
                : t('cart.summary.discount_code', { code: couponCounted.code })}
            </dt>
            <dd data-testid="summary-discount">−{money(summary.discount)}</dd>
          </>
        )}
        <dt>{t('cart.summary.shipping')}</dt>
        <dd data-testid="summary-shipping">
          {shippingPending ? (
            <PendingFigure label={t('cart.summary.updating_shipping')} />
          ) : summary.freeShipping ? (
            t('cart.summary.free')
          ) : (
            money(summary.shipping)
          )}
        </dd>
        <dt className="fw-bold">{t('cart.summary.total')}</dt>
        <dd className="fw-bold fs-5" data-testid="summary-total">
          {shippingPending ? (
            <PendingFigure label={t('cart.summary.updating_shipping')} />
          ) : (
            money(summary.total)
          )}
        </dd>
      </dl>
      {excludesUnavailable && (
        <p className="small text-body-secondary">{t('cart.summary.unavailable_excluded')}</p>
      )}
      {canCheckout && (
        <Link
          to="/checkout"
          className="btn btn-primary btn-lg w-100"
          state={{
            appliedCoupon: couponCounted ? coupon : null,
            totalPrice: summary.subtotal,
            finalTotal: summary.total,
            discountAmount: summary.discount,
          }}
        >
          {t('cart.summary.checkout')}
        </Link>
      )}
    </section>
  );
}
