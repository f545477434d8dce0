import { useFormik } from 'formik';
import { useState } from 'react';

import { fieldErrors } from '../../../app/api';
import { useAppSelector } from '../../../app/hooks';
import { notify } from '../../../lib/notify';
import { TextField } from '../../../ui/TextField';
import { bindFields } from '../../../ui/formikField';
import { selectLanguage } from '../../settings/public';
import {
  useCouponsQuery,
  useCreateCouponMutation,
  useUpdateCouponMutation,
  type AdminCoupon,
  type AdminCouponsQuery,
  type CreateCouponBody,
} from '../adminApi';
import { failureText, formatDay, kwd } from '../adminFormat';
import { useAdminT } from '../adminTexts';
import { AuditTrail, BusyButton } from '../components/AdminUi';
import { PagedTable, TableSearch, useTablePlace, type Column } from '../components/PagedTable';
import { useWithReauth } from '../reauth';
import { useStaffAction } from '../useStaffAction';
import { amountOrNull, couponMayMakeFree, couponSchema, type CouponValues } from '../schemas';

const EMPTY: CouponValues = {
  code: '',
  kind: 'percent',
  value: '',
  min_total: '',
  starts_on: '',
  end_date: '',
  is_active: true,
  usage_limit: '',
  per_customer_limit: '',
  allows_free_orders: false,
};

const valuesOf = (coupon: AdminCoupon): CouponValues => ({
  code: coupon.code,
  kind: coupon.kind,
  value: String(coupon.value),
  min_total: coupon.min_total ? String(coupon.min_total) : '',
  starts_on: coupon.starts_on ?? '',
  end_date: coupon.end_date,
  is_active: coupon.is_active,
  usage_limit: coupon.usage_limit === null ? '' : String(coupon.usage_limit),
  per_customer_limit: coupon.per_customer_limit === null ? '' : String(coupon.per_customer_limit),
  allows_free_orders: coupon.allows_free_orders,
});

const bodyOf = (values: CouponValues): CreateCouponBody => ({
  code: values.code.trim(),
  kind: values.kind,
  value: Number(values.value),
  min_total: amountOrNull(values.min_total) ?? 0,
  starts_on: values.starts_on || null,
  end_date: values.end_date,
  is_active: values.is_active,
  usage_limit: values.usage_limit?.trim() ? Number(values.usage_limit) : null,
  per_customer_limit: values.per_customer_limit?.trim() ? Number(values.per_customer_limit) : null,
  allows_free_orders: values.allows_free_orders,
});

const FIELD_KEYS: Record<string, string> = {
  code: 'admin.coupons.errors.code_taken',
  value: 'admin.coupons.errors.value',
  min_total: 'admin.coupons.errors.min_total',
  starts_on: 'admin.coupons.errors.dates',
  end_date: 'admin.coupons.errors.dates',
  usage_limit: 'admin.coupons.errors.limit',
  per_customer_limit: 'admin.coupons.errors.limit',
  allows_free_orders: 'admin.coupons.errors.free_orders',
};

/** Makes a coupon, or changes one (its audit trail below the form). */
function CouponForm({ coupon, onDone }: { coupon: AdminCoupon | null; onDone: () => void }) {
  const { t } = useAdminT();
  const [create, creating] = useCreateCouponMutation();
  const [update, updating] = useUpdateCouponMutation();
  const withReauth = useWithReauth();
  const form = useFormik<CouponValues>({
    initialValues: coupon ? valuesOf(coupon) : EMPTY,
    enableReinitialize: true,
    validationSchema: couponSchema,
    onSubmit: async (values, helpers) => {
      const body = bodyOf(values);
      try {
        // A big coupon may ask who is there first (reauth.ts); the form keeps what was typed meanwhile.
        const answer = await withReauth(() =>
          coupon ? update({ id: coupon.id, changes: body }) : create(body),
        );
        notify.success(
          t(coupon ? 'admin.coupons.saved' : 'admin.coupons.created', { code: answer.coupon.code }),
        );
        onDone();
      } catch (error) {
        helpers.setErrors(
          Object.fromEntries(
            Object.keys(fieldErrors(error)).flatMap((field) =>
              FIELD_KEYS[field] ? [[field, FIELD_KEYS[field]]] : [],
            ),
          ),
        );
        notify.error(failureText(t, error));
      }
    },
  });
  const bind = bindFields(form, { translate: (key) => t(key) });
  const mayMakeFree = couponMayMakeFree(form.values);
  const freeOrdersError =
    form.submitCount > 0 || form.touched.allows_free_orders ? form.errors.allows_free_orders : undefined;
  const busy = creating.isLoading || updating.isLoading || form.isSubmitting;
  return (
    <section className="card mb-3" aria-labelledby="coupon-form-title" data-testid="coupon-form">
      <div className="card-body">
        <h2 id="coupon-form-title" className="h6">
          {coupon ? t('admin.coupons.edit_title', { code: coupon.code }) : t('admin.coupons.new_title')}
        </h2>
        <form noValidate onSubmit={form.handleSubmit}>
          <div className="row g-2">
            <div className="col-sm-6 col-lg-4">
              <TextField
                id="coupon-code"
                label={t('admin.coupons.code')}
                dir="ltr"
                maxLength={32}
                {...bind('code')}
              />
              <p className="small text-body-secondary mt-n2">{t('admin.coupons.code_hint')}</p>
            </div>
            <div className="col-sm-6 col-lg-4 mb-3">
              <label htmlFor="coupon-kind" className="form-label">
                {t('admin.coupons.kind')}
              </label>
              <select
                id="coupon-kind"
                name="kind"
                className="form-select"
                value={form.values.kind}
                onChange={form.handleChange}
              >
                <option value="percent">{t('admin.coupons.percent')}</option>
                <option value="amount">{t('admin.coupons.amount')}</option>
              </select>
            </div>
            <div className="col-sm-6 col-lg-4">
              <TextField id="coupon-value" label={t('admin.coupons.value')} dir="ltr" {...bind('value')} />
            </div>
            <div className="col-sm-6 col-lg-4">
              <TextField
                id="coupon-min"
                label={t('admin.coupons.min_total')}
                dir="ltr"
                {...bind('min_total')}
              />
            </div>
            <div className="col-sm-6 col-lg-4">
              <TextField
                id="coupon-starts"
                type="date"
                label={t('admin.coupons.starts_on')}
                {...bind('starts_on')}
              />
            </div>
            <div className="col-sm-6 col-lg-4">
              <TextField
                id="coupon-end"
                type="date"
                label={t('admin.coupons.end_date')}
                {...bind('end_date')}
              />
              <p className="small text-body-secondary mt-n2">{t('admin.coupons.end_hint')}</p>
            </div>
            <div className="col-sm-6 col-lg-4">
              <TextField
                id="coupon-usage-limit"
                label={t('admin.coupons.usage_limit')}
                dir="ltr"
                inputMode="numeric"
                {...bind('usage_limit')}
              />
              <p className="small text-body-secondary mt-n2">{t('admin.coupons.limit_hint')}</p>
            </div>
            <div className="col-sm-6 col-lg-4">
              <TextField
                id="coupon-customer-limit"
                label={t('admin.coupons.per_customer_limit')}
                dir="ltr"
                inputMode="numeric"
                {...bind('per_customer_limit')}
              />
              <p className="small text-body-secondary mt-n2">{t('admin.coupons.per_customer_hint')}</p>
            </div>
          </div>
          {(mayMakeFree || form.values.allows_free_orders) && (
            <div className="alert alert-warning py-2" role="note">
              <div className="form-check mb-0">
                <input
                  id="coupon-free-orders"
                  type="checkbox"
                  className={`form-check-input${freeOrdersError ? ' is-invalid' : ''}`}
                  name="allows_free_orders"
                  checked={form.values.allows_free_orders}
                  onChange={form.handleChange}
                  aria-describedby="coupon-free-orders-note"
                  aria-invalid={freeOrdersError ? true : undefined}
                />
                <label htmlFor="coupon-free-orders" className="form-check-label">
                  {t('admin.coupons.free_orders')}
                </label>
                <p id="coupon-free-orders-note" className="small mb-0">
                  {t('admin.coupons.free_orders_note')}
                </p>
                {freeOrdersError && <div className="invalid-feedback d-block">{t(freeOrdersError)}</div>}
              </div>
            </div>
          )}
          <div className="form-check form-switch mb-3">
            <input
              id="coupon-active"
              type="checkbox"
              role="switch"
              className="form-check-input"
              name="is_active"
              checked={form.values.is_active}
              onChange={form.handleChange}
            />
            <label htmlFor="coupon-active" className="form-check-label">
              {t('admin.coupons.active')}
            </label>
          </div>
          <div className="d-flex gap-2">
            <BusyButton
              type="submit"
              busy={busy}
              label={coupon ? t('admin.common.save') : t('admin.coupons.create')}
              busyLabel={t('admin.common.saving')}
              testId="save-coupon"
            />
            <button type="button" className="btn btn-outline-secondary" onClick={onDone}>
              {t('admin.common.close')}
            </button>
          </div>
        </form>
        {coupon && <AuditTrail entries={coupon.audit} />}
      </div>
    </section>
  );
}

/** Switches a coupon off (or on again) in one click; the button waits for the answer. */
function SwitchButton({ coupon }: { coupon: AdminCoupon }) {
  const { t } = useAdminT();
  const act = useStaffAction();
  const [update, { isLoading }] = useUpdateCouponMutation();
  const on = coupon.is_active;
  return (
    <BusyButton
      small
      busy={isLoading}
      variant={on ? 'outline-danger' : 'outline-success'}
      label={t(on ? 'admin.coupons.switch_off' : 'admin.coupons.switch_on')}
      busyLabel={t('admin.common.working')}
      testId="switch-coupon"
      onClick={() =>
        void act(
          // Switching a big coupon back on asks who is there first (reauth.ts): a function, so it runs again after.
          () => update({ id: coupon.id, changes: { is_active: !on } }),
          t(on ? 'admin.coupons.switched_off' : 'admin.coupons.switched_on', { code: coupon.code }),
        )
      }
    />
  );
}

export function CouponsPage() {
  const { t } = useAdminT();
  const language = useAppSelector(selectLanguage);
  const { filters, sort, paging } = useTablePlace('coupons');
  const [editing, setEditing] = useState<AdminCoupon | 'new' | null>(null);
  // The server sorts the whole list, so page 2 continues page 1's order.
  const query = useCouponsQuery({
    search: filters.search || undefined,
    sort: sort as AdminCouponsQuery['sort'],
    ...paging,
  });
  const columns: Column<AdminCoupon>[] = [
    {
      key: 'code',
      label: t('admin.coupons.code'),
      sort: 'code',
      render: (coupon) => (
        <button
          type="button"
          className="btn btn-link p-0"
          onClick={() => setEditing(coupon)}
          data-testid="edit-coupon"
        >
          <bdi>{coupon.code}</bdi>
        </button>
      ),
    },
    {
      key: 'value',
      label: t('admin.coupons.value'),
      sort: 'value',
      render: (coupon) => (
        <bdi>
          {coupon.kind === 'percent'
            ? t('admin.coupons.percent_value', { value: coupon.value })
            : kwd(coupon.value, language)}
        </bdi>
      ),
    },
    {
      key: 'min',
      label: t('admin.coupons.min_total'),
      sort: 'min_total',
      render: (coupon) => (coupon.min_total > 0 ? <bdi>{kwd(coupon.min_total, language)}</bdi> : '—'),
    },
    {
      key: 'uses',
      label: t('admin.coupons.uses'),
      render: (coupon) =>
        coupon.usage_limit === null
          ? coupon.uses
          : t('admin.coupons.uses_of', { uses: coupon.uses, limit: coupon.usage_limit }),
      className: 'text-nowrap',
    },
    {
      key: 'starts',
      label: t('admin.coupons.starts_on'),
      sort: 'starts_on',
      render: (coupon) => (coupon.starts_on ? formatDay(coupon.starts_on) : t('admin.coupons.at_once')),
      className: 'text-nowrap',
    },
    {
      key: 'end',
      label: t('admin.coupons.end_date'),
      sort: 'end_date',
      render: (coupon) => formatDay(coupon.end_date),
      className: 'text-nowrap',
    },
    {
      key: 'active',
      label: t('admin.coupons.active'),
      render: (coupon) => (
        <div className="d-flex align-items-center gap-2">
          <span className={`badge text-bg-${coupon.is_active ? 'success' : 'secondary'}`}>
            {t(coupon.is_active ? 'admin.common.yes' : 'admin.common.no')}
          </span>
          <SwitchButton coupon={coupon} />
        </div>
      ),
    },
  ];
  const current =
    editing === 'new' ? null : editing && (query.data?.data.find((c) => c.id === editing.id) ?? editing);
  return (
    <section aria-labelledby="coupons-title">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 id="coupons-title" className="h4 mb-0">
          {t('admin.coupons.title')}
        </h1>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing('new')}>
          {t('admin.coupons.new')}
        </button>
      </div>
      {editing !== null && (
        <CouponForm
          key={editing === 'new' ? 'new' : editing.id}
          coupon={current ?? null}
          onDone={() => setEditing(null)}
        />
      )}
      <TableSearch
        table="coupons"
        label={t('admin.coupons.search')}
        placeholder={t('admin.coupons.search_placeholder')}
        maxLength={64}
        className="d-flex gap-2 mb-3"
        dir="ltr"
      />
      <PagedTable
        table="coupons"
        title={t('admin.coupons.title')}
        query={query}
        columns={columns}
        testId="coupons-table"
      />
    </section>
  );
}
