import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectLanguage } from '../../settings/public';
import { useOrdersQuery, type AdminOrderSummary } from '../adminApi';
import { formatDateTime, kwd } from '../adminFormat';
import { filtersChanged, filtersCleared, type OrderFilters } from '../adminSlice';
import { useAdminT } from '../adminTexts';
import { StatusBadge } from '../components/AdminUi';
import { PagedTable, useTablePlace, type Column } from '../components/PagedTable';

const STATUSES = ['pending', 'paid', 'completed', 'canceled', 'failed', 'refund_due', 'expired'] as const;

function Filters({ applied }: { applied: OrderFilters }) {
  const { t } = useAdminT();
  const dispatch = useAppDispatch();
  const [draft, setDraft] = useState(applied);
  const [problem, setProblem] = useState<string | null>(null);
  const field = (name: keyof OrderFilters) => ({
    id: `orders-${name}`,
    name,
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) {
      setProblem(t('admin.orders.dates_reversed'));
      return;
    }
    setProblem(null);
    dispatch(filtersChanged('orders', { ...draft, number: draft.number.replace(/[^\d]/g, '') }));
  };
  const clear = () => {
    setProblem(null);
    dispatch(filtersCleared('orders'));
    setDraft({ status: '', from: '', to: '', number: '', contact: '' });
  };
  return (
    <form className="row g-2 align-items-end mb-3" onSubmit={apply} aria-label={t('admin.common.filters')}>
      <div className="col-6 col-md-2">
        <label htmlFor="orders-status" className="form-label small mb-1">
          {t('admin.orders.status')}
        </label>
        <select className="form-select form-select-sm" {...field('status')}>
          <option value="">{t('admin.orders.any_status')}</option>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`admin.statuses.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="col-6 col-md-2">
        <label htmlFor="orders-number" className="form-label small mb-1">
          {t('admin.orders.number')}
        </label>
        <input className="form-control form-control-sm" inputMode="numeric" dir="ltr" {...field('number')} />
      </div>
      <div className="col-12 col-md-3">
        <label htmlFor="orders-contact" className="form-label small mb-1">
          {t('admin.orders.contact')}
        </label>
        <input className="form-control form-control-sm" dir="ltr" maxLength={255} {...field('contact')} />
      </div>
      <div className="col-6 col-md-2">
        <label htmlFor="orders-from" className="form-label small mb-1">
          {t('admin.orders.from')}
        </label>
        <input type="date" className="form-control form-control-sm" {...field('from')} />
      </div>
      <div className="col-6 col-md-2">
        <label htmlFor="orders-to" className="form-label small mb-1">
          {t('admin.orders.to')}
        </label>
        <input type="date" className="form-control form-control-sm" {...field('to')} />
      </div>
      <div className="col-12 col-md-1 d-flex gap-2 flex-md-column">
        <button type="submit" className="btn btn-primary btn-sm">
          {t('admin.common.apply')}
        </button>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={clear}>
          {t('admin.common.clear')}
        </button>
      </div>
      {problem && (
        <p className="col-12 text-danger small mb-0" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

export function OrdersPage() {
  const { t } = useAdminT();
  const language = useAppSelector(selectLanguage);
  const { filters, sort, paging } = useTablePlace('orders');
  const query = useOrdersQuery({
    ...filters,
    status: filters.status || undefined,
    sort: sort as 'created_at',
    ...paging,
  });
  const columns: Column<AdminOrderSummary>[] = [
    {
      key: 'id',
      label: t('admin.orders.id'),
      sort: 'id',
      render: (order) => (
        <Link to={`/admin/orders/${order.id}`} data-testid="order-link">
          #{order.id}
        </Link>
      ),
    },
    {
      key: 'created_at',
      label: t('admin.orders.created_at'),
      sort: 'created_at',
      render: (order) => <bdi>{formatDateTime(order.created_at)}</bdi>,
      className: 'text-nowrap',
    },
    {
      key: 'customer',
      label: t('admin.orders.customer'),
      render: (order) => (
        <>
          <div>{order.customer_name ?? t('admin.orders.guest')}</div>
          <bdi className="small text-body-secondary text-nowrap">{order.contact_email}</bdi>{' '}
          <bdi className="small text-body-secondary">{order.contact_phone}</bdi>
        </>
      ),
    },
    { key: 'items', label: t('admin.orders.items'), render: (order) => order.items_count },
    {
      key: 'total',
      label: t('admin.orders.total'),
      sort: 'total_price',
      render: (order) => <bdi>{kwd(order.total_price, language)}</bdi>,
      className: 'text-nowrap',
    },
    {
      key: 'status',
      label: t('admin.orders.status'),
      sort: 'status',
      render: (order) => <StatusBadge status={order.status} />,
    },
  ];
  return (
    <section aria-labelledby="orders-title">
      <h1 id="orders-title" className="h4 mb-3">
        {t('admin.orders.title')}
      </h1>
      <Filters key={JSON.stringify(filters)} applied={filters} />
      <PagedTable
        table="orders"
        title={t('admin.orders.title')}
        query={query}
        columns={columns}
        testId="orders-table"
      />
    </section>
  );
}
