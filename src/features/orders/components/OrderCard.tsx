import { memo, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatDate } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { selectLanguage } from '../../settings/public';
import { canRate, isUnpaid, statusBadge } from '../orderStatus';
import type { Order, OrderItem } from '../ordersApi';
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
  const items = order.items ?? [];

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
              <Link className="btn btn-sm btn-primary" to={`/payment?order_id=${order.id}`}>
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
          <dl className="row small mb-2">
            <dt className="col-sm-4">{t('orders.card.address')}</dt>
            <dd className="col-sm-8">
              <bdi>{order.address}</bdi>
            </dd>
            <dt className="col-sm-4">{t('orders.card.payment_method')}</dt>
            <dd className="col-sm-8">
              <bdi>{order.payment_method}</bdi>
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
        </div>
      </div>
    </li>
  );
});
