import { memo, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatDate } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { paymentPageUrl } from '../../../lib/paymentLink';
import { selectLanguage } from '../../settings/public';
import { canRate, isUnpaid, statusBadge } from '../orderStatus';
import { useGetOrderQuery, type Order, type OrderItem } from '../ordersApi';
import { rateItemRequested } from '../ordersSlice';

interface Props {
  order: Order;
  onCancel(orderId: number): void;
}

function itemName(item: OrderItem, language: string): string {
  return (language === 'ar' ? item.product_name.ar : undefined) ?? item.product_name.en;
}

export const OrderCard = memo(function OrderCard({ order, onCancel }: Props) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const language = useAppSelector(selectLanguage);
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const badge = statusBadge(order.status);
  // docs/spec/02-shopping.md §7: the detail is GET /orders/{id}, asked once the card is opened; a list that
  // already carries it (our server's) shows it meanwhile, a list with the summary only waits for it.
  const detail = useGetOrderQuery(order.id, { skip: !open });
  const shown = detail.data ?? order;
  const hasDetail = shown.items !== undefined;
  const items = shown.items ?? [];

  return (
    <li className="card shadow-sm" data-testid="order-card">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
          <h2 className="h6 mb-0">{t('orders.card.number', { id: order.id })}</h2>
          <span className={`badge text-bg-${badge.tone}`} data-testid="order-status">
            {badge.labelKey ? t(badge.labelKey) : order.status}
          </span>
        </div>
        <div className="d-flex flex-wrap justify-content-between gap-2 mt-2 text-body-secondary small">
          <span>{t('orders.card.placed_on', { date: formatDate(order.created_at) })}</span>
          <span>
            {t('orders.card.total')}:{' '}
            <strong className="text-body" dir="ltr">
              {formatMoney(order.total_price, order.currency, language)}
            </strong>
          </span>
        </div>
        {order.status === 'refund_due' ? (
          <p className="alert alert-warning small mt-2 mb-0">{t('orders.card.refund_due')}</p>
        ) : (
          order.refund_due && (
            <p className="alert alert-warning small mt-2 mb-0">{t('orders.card.extra_payment_refund')}</p>
          )
        )}
        <div className="d-flex flex-wrap gap-2 mt-3">
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? t('orders.card.hide_details') : t('orders.card.show_details')}
          </button>
          {isUnpaid(order) && (
            <>
              <Link
                className="btn btn-sm btn-primary"
                to={paymentPageUrl(order.id, {
                  invoice_value: order.total_price,
                  currency_iso: order.currency,
                })}
              >
                {t('orders.card.pay')}
              </Link>
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                onClick={() => onCancel(order.id)}
              >
                {t('orders.card.cancel')}
              </button>
            </>
          )}
        </div>
        <div id={detailsId} hidden={!open} className="mt-3">
          {!hasDetail && detail.isError && (
            <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2 small" role="alert">
              <span>{t('orders.card.details_failed')}</span>
              <button type="button" className="btn btn-sm btn-danger" onClick={() => void detail.refetch()}>
                {t('orders.errors.retry')}
              </button>
            </div>
          )}
          {!hasDetail && !detail.isError && open && (
            <p className="small text-body-secondary" role="status">
              {t('orders.card.details_loading')}
            </p>
          )}
          {hasDetail && (
            <>
              <dl className="row small mb-2">
                <dt className="col-sm-4">{t('orders.card.address')}</dt>
                <dd className="col-sm-8">
                  <bdi>{shown.address}</bdi>
                </dd>
                <dt className="col-sm-4">{t('orders.card.payment_method')}</dt>
                <dd className="col-sm-8">
                  {/* an order its coupon took to 0 was paid by the coupon, not online (issue 47, finding 3) */}
                  <bdi>
                    {shown.payment_method === 'coupon'
                      ? t('orders.card.paid_by_coupon')
                      : shown.payment_method}
                  </bdi>
                </dd>
              </dl>
              <h3 className="h6">{t('orders.card.items')}</h3>
              <ul className="list-group">
                {items.map((item) => {
                  const name = itemName(item, language);
                  return (
                    <li
                      key={item.id}
                      className="list-group-item d-flex flex-wrap align-items-center justify-content-between gap-2"
                    >
                      <div>
                        <bdi className="fw-semibold">{name}</bdi>
                        <div className="small text-body-secondary">
                          {t('orders.card.quantity', { count: item.quantity.en })} ·{' '}
                          <span dir="ltr">{formatMoney(item.total_price.en, order.currency, language)}</span>
                        </div>
                      </div>
                      {canRate(order) && item.product_id !== null && (
                        <button
                          type="button"
                          className="btn btn-sm btn-warning"
                          aria-label={t('orders.card.rate_item', { name })}
                          onClick={() =>
                            dispatch(
                              rateItemRequested({
                                orderId: order.id,
                                productId: item.product_id as number,
                                productName: name,
                              }),
                            )
                          }
                        >
                          {t('orders.card.rate')}
                        </button>
                      )}
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </div>
      </div>
    </li>
  );
});
