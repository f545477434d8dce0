import { lazy, Suspense, useCallback } from 'react';
import { Link, useNavigate } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { loadWhenOnline } from '../../../lib/loadWhenOnline';
import { selectLanguage } from '../../settings/public';
import { useDashboardQuery, useOrdersQuery, type DashboardResponse } from '../adminApi';
import { formatDateTime, formatDay, kwd } from '../adminFormat';
import { filtersChanged, filtersCleared } from '../adminSlice';
import { useAdminT } from '../adminTexts';
import { Card, Loaded, StatusBadge } from '../components/AdminUi';

const RevenueChart = lazy(() =>
  loadWhenOnline(() => import(/* webpackChunkName: "admin-chart" */ '../components/RevenueChart')),
);

/** The dashboard names the few products lowest in stock; "see them" lists them all. */
const LOW_STOCK_SHOWN = 6;

function Figure({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <div className="col-6 col-md-3">
      <div className="card h-100">
        <div className="card-body py-2">
          <p className="small text-body-secondary mb-1">{label}</p>
          <p className="h5 mb-0" data-testid={testId}>
            <bdi>{value}</bdi>
          </p>
        </div>
      </div>
    </div>
  );
}

/** A count that leads to the list of what it counts. */
function Waiting({
  label,
  count,
  onOpen,
  testId,
}: {
  label: string;
  count: number;
  onOpen: () => void;
  testId: string;
}) {
  const { t } = useAdminT();
  return (
    <li className="list-group-item d-flex justify-content-between align-items-center gap-2">
      <span>{label}</span>
      <span className="d-flex align-items-center gap-2">
        <span
          className={`badge rounded-pill text-bg-${count > 0 ? 'warning' : 'secondary'}`}
          data-testid={testId}
        >
          {count}
        </span>
        {count > 0 && (
          <button type="button" className="btn btn-link btn-sm p-0" onClick={onOpen}>
            {t('admin.dashboard.see_all')}
          </button>
        )}
      </span>
    </li>
  );
}

/** Payments taken for another amount or currency than their order's: how many, and a link to each order. */
function PaymentsToReview({ dashboard }: { dashboard: DashboardResponse }) {
  const { t } = useAdminT();
  const count = dashboard.payments_to_review;
  return (
    <li className="list-group-item" data-testid="payments-to-review-row">
      <div className="d-flex justify-content-between align-items-center gap-2">
        <span>{t('admin.dashboard.payments_to_review')}</span>
        <span
          className={`badge rounded-pill text-bg-${count > 0 ? 'danger' : 'secondary'}`}
          data-testid="payments-to-review"
        >
          {count}
        </span>
      </div>
      {dashboard.payments_to_review_orders.length > 0 && (
        <ul className="list-inline small mb-0 mt-1">
          {dashboard.payments_to_review_orders.map((orderId) => (
            <li key={orderId} className="list-inline-item">
              <Link to={`/admin/orders/${orderId}`}>
                {t('admin.dashboard.review_order', { id: orderId })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function PaidOrders() {
  const { t } = useAdminT();
  const language = useAppSelector(selectLanguage);
  const query = useOrdersQuery({ status: 'paid', sort: 'created_at', dir: 'asc', per_page: '10' });
  return (
    <Card id="to-deliver-title" title={t('admin.dashboard.to_deliver')}>
      <Loaded query={query}>
        {(answer) =>
          answer.data.length === 0 ? (
            <p className="small text-body-secondary mb-0">{t('admin.dashboard.none_to_deliver')}</p>
          ) : (
            <ul className="list-unstyled mb-0" data-testid="orders-to-deliver">
              {answer.data.map((order) => (
                <li
                  key={order.id}
                  className="d-flex flex-wrap justify-content-between gap-2 py-1 border-bottom"
                >
                  <Link to={`/admin/orders/${order.id}`}>{t('admin.order.title', { id: order.id })}</Link>
                  <bdi className="text-body-secondary small">{order.contact_email}</bdi>
                  <span className="small">{formatDateTime(order.paid_at ?? order.created_at)}</span>
                  <bdi>{kwd(order.total_price, language)}</bdi>
                  <StatusBadge status={order.status} />
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </Card>
  );
}

function Dashboard({ dashboard }: { dashboard: DashboardResponse }) {
  const { t } = useAdminT();
  const language = useAppSelector(selectLanguage);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const money = useCallback((amount: number) => kwd(amount, language), [language]);
  const openOrders = (status: 'paid' | 'refund_due') => {
    dispatch(filtersCleared('orders'));
    dispatch(filtersChanged('orders', { status }));
    void navigate('/admin/orders');
  };
  const openProducts = () => {
    dispatch(filtersCleared('products'));
    dispatch(filtersChanged('products', { stock: 'low' }));
    void navigate('/admin/products');
  };
  const summary = t('admin.dashboard.chart_summary', {
    total: money(dashboard.last_30_days.revenue),
    count: dashboard.last_30_days.orders,
  });
  return (
    <>
      <div className="row g-2 mb-3">
        <Figure
          label={t('admin.dashboard.orders_today')}
          value={dashboard.today.orders}
          testId="orders-today"
        />
        <Figure
          label={t('admin.dashboard.revenue_today')}
          value={money(dashboard.today.revenue)}
          testId="revenue-today"
        />
        <Figure
          label={t('admin.dashboard.orders_30')}
          value={dashboard.last_30_days.orders}
          testId="orders-30"
        />
        <Figure
          label={t('admin.dashboard.revenue_30')}
          value={money(dashboard.last_30_days.revenue)}
          testId="revenue-30"
        />
      </div>
      <div className="row g-3">
        <div className="col-lg-7">
          <Card id="chart-title" title={t('admin.dashboard.chart_title')} className="card h-100">
            <Suspense fallback={<div className="admin-chart" aria-hidden="true" />}>
              <RevenueChart series={dashboard.series} label={summary} />
            </Suspense>
            <details className="small mt-2">
              <summary>{t('admin.dashboard.chart_table')}</summary>
              <table className="table table-sm mb-0">
                <thead>
                  <tr>
                    <th scope="col">{t('admin.dashboard.day')}</th>
                    <th scope="col">{t('admin.dashboard.orders')}</th>
                    <th scope="col">{t('admin.dashboard.revenue')}</th>
                  </tr>
                </thead>
                <tbody>
                  {dashboard.series.map((entry) => (
                    <tr key={entry.date}>
                      <td>{formatDay(entry.date)}</td>
                      <td>{entry.orders}</td>
                      <td>
                        <bdi>{money(entry.revenue)}</bdi>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </Card>
        </div>
        <div className="col-lg-5 d-flex flex-column gap-3">
          <ul className="list-group">
            <Waiting
              label={t('admin.dashboard.awaiting_delivery')}
              count={dashboard.awaiting_delivery}
              onOpen={() => openOrders('paid')}
              testId="awaiting-delivery"
            />
            <Waiting
              label={t('admin.dashboard.refunds_due')}
              count={dashboard.refunds_due}
              onOpen={() => openOrders('refund_due')}
              testId="refunds-due"
            />
            <PaymentsToReview dashboard={dashboard} />
            <Waiting
              label={t('admin.dashboard.reviews_pending')}
              count={dashboard.reviews_pending}
              onOpen={() => void navigate('/admin/reviews')}
              testId="reviews-pending"
            />
          </ul>
          <Card id="low-stock-title" title={t('admin.dashboard.low_stock')} titleClassName="h6 mb-0">
            <p className="small text-body-secondary">
              {t('admin.dashboard.low_stock_note', { threshold: dashboard.low_stock_threshold })}
            </p>
            {dashboard.low_stock.length === 0 ? (
              <p className="small mb-0">{t('admin.dashboard.no_low_stock')}</p>
            ) : (
              <>
                <ul className="list-unstyled mb-2" data-testid="low-stock">
                  {dashboard.low_stock.slice(0, LOW_STOCK_SHOWN).map((product) => (
                    <li key={product.id} className="d-flex justify-content-between gap-2 small">
                      <Link to={`/admin/products/${product.id}`}>{product.name[language]}</Link>
                      <span className={`text-nowrap${product.stock_quantity === 0 ? ' text-danger' : ''}`}>
                        {t('admin.dashboard.pieces_left', { count: product.stock_quantity })}
                      </span>
                    </li>
                  ))}
                </ul>
                <button type="button" className="btn btn-link btn-sm p-0" onClick={openProducts}>
                  {t('admin.dashboard.see_all')}
                </button>
              </>
            )}
          </Card>
        </div>
      </div>
    </>
  );
}

export function DashboardPage() {
  const { t } = useAdminT();
  const query = useDashboardQuery();
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="h4 mb-3">
        {t('admin.dashboard.title')}
      </h1>
      <Loaded query={query}>{(dashboard) => <Dashboard dashboard={dashboard} />}</Loaded>
      <div className="mt-3">
        <PaidOrders />
      </div>
    </section>
  );
}
