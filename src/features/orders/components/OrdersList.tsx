import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { notify } from '../../../lib/notify';
import { PageSpinner } from '../../../ui/Spinner';
import { ordersInTab, TABS, type OrdersView } from '../orderStatus';
import { useGetOrdersQuery } from '../ordersApi';
import { selectOrdersTab, tabChosen } from '../ordersSlice';
import { CancelOrderDialog } from './CancelOrderDialog';
import { OrderCard } from './OrderCard';
import { RatingDialog } from './RatingDialog';

/** The signed-in shopper's orders in status tabs; /orders and the profile area show it. */
export function OrdersList({ view }: { view: OrdersView }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const tab = useAppSelector((state) => selectOrdersTab(state, view));
  const { data: orders, isLoading, isError, refetch } = useGetOrdersQuery();
  const [cancelling, setCancelling] = useState<number | null>(null);
  const shown = useMemo(() => ordersInTab(orders ?? [], tab), [orders, tab]);

  useEffect(() => {
    if (isError) notify.error(t('orders.errors.load'));
  }, [isError, t]);

  if (isLoading) return <PageSpinner />;
  if (isError && !orders) {
    return (
      <div className="alert alert-danger d-flex flex-wrap align-items-center gap-3" role="alert">
        <span>{t('orders.errors.load')}</span>
        <button type="button" className="btn btn-sm btn-danger" onClick={() => void refetch()}>
          {t('orders.errors.retry')}
        </button>
      </div>
    );
  }
  if (!orders || orders.length === 0) {
    return (
      <div className="text-center py-5">
        <p className="h5">{t('orders.empty.title')}</p>
        <Link to="/search" className="btn btn-primary mt-2">
          {t('orders.empty.shop')}
        </Link>
      </div>
    );
  }

  return (
    <>
      <div className="nav nav-pills flex-wrap gap-2 mb-3" role="tablist" aria-label={t('orders.tabs.label')}>
        {TABS[view].map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className={`nav-link${tab === name ? ' active' : ''}`}
            onClick={() => dispatch(tabChosen({ view, tab: name }))}
          >
            {name === 'all' ? t('orders.tabs.all', { count: orders.length }) : t(`orders.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {shown.length === 0 ? (
          <p className="text-body-secondary">{t('orders.empty.tab')}</p>
        ) : (
          <ul className="list-unstyled d-grid gap-3 mb-0">
            {shown.map((order) => (
              <OrderCard key={order.id} order={order} onCancel={setCancelling} />
            ))}
          </ul>
        )}
      </div>
      <RatingDialog />
      <CancelOrderDialog orderId={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}
