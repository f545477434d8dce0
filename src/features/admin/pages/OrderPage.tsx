import { Link, useParams } from 'react-router-dom';

import { useAppSelector } from '../../../app/hooks';
import { selectLanguage } from '../../settings/public';
import {
  useAcceptPaymentMutation,
  useCancelOrderMutation,
  useDeliverOrderMutation,
  useOrderQuery,
  useRecordRefundMutation,
  type AdminOrder,
  type PaymentAttempt,
} from '../adminApi';
import { formatDateTime, kwd } from '../adminFormat';
import { useAdminT } from '../adminTexts';
import {
  AuditTrail,
  BusyButton,
  Card,
  ConfirmedAction,
  Loaded,
  SmallTable,
  StatusBadge,
} from '../components/AdminUi';
import { useStaffAction } from '../useStaffAction';

function Payments({ order }: { order: AdminOrder }) {
  const { t } = useAdminT();
  const language = useAppSelector(selectLanguage);
  const act = useStaffAction();
  const [refund, refunding] = useRecordRefundMutation();
  const [accept, accepting] = useAcceptPaymentMutation();
  const busyPayment = refunding.isLoading ? refunding.originalArgs?.paymentId : undefined;
  const acceptingPayment = accepting.isLoading ? accepting.originalArgs?.paymentId : undefined;
  const recordRefund = (payment: PaymentAttempt) =>
    void act(() => refund({ orderId: order.id, paymentId: payment.id }), t('admin.order.refund_recorded'));
  const acceptPayment = (payment: PaymentAttempt) =>
    void act(
      accept({ orderId: order.id, paymentId: payment.id }),
      t('admin.order.accepted', { id: order.id }),
    );
  const paymentMoney = (payment: PaymentAttempt) =>
    payment.currency === 'KWD' ? kwd(payment.amount, language) : `${payment.amount} ${payment.currency}`;
  return (
    <Card id="payments-title" title={t('admin.order.payments')} className="card mb-3">
      {order.payments.length === 0 ? (
        <p className="small text-body-secondary mb-0">{t('admin.order.no_payments')}</p>
      ) : (
        <SmallTable
          testId="payments"
          headers={[
            t('admin.order.gateway'),
            t('admin.order.amount'),
            t('admin.order.state'),
            t('admin.order.created'),
            t('admin.order.checked'),
            <span className="visually-hidden">{t('admin.order.actions')}</span>,
          ]}
        >
          {order.payments.map((payment) => (
            <tr key={payment.id} data-testid="payment">
              <td>
                <div>{payment.gateway}</div>
                {(payment.gateway_payment_id ?? payment.invoice_id) && (
                  <bdi className="small text-body-secondary">
                    {t('admin.order.reference')}: {payment.gateway_payment_id ?? payment.invoice_id}
                  </bdi>
                )}
              </td>
              <td className="text-nowrap">
                <bdi>{paymentMoney(payment)}</bdi>
              </td>
              <td>
                <StatusBadge status={payment.state} kind="payment" />
                {payment.refunded_at && (
                  <div className="small text-body-secondary">
                    {t('admin.order.refunded', {
                      date: formatDateTime(payment.refunded_at),
                      name: payment.refunded_by ?? '—',
                    })}
                  </div>
                )}
              </td>
              <td className="small text-nowrap">{formatDateTime(payment.created_at)}</td>
              <td className="small text-nowrap">{formatDateTime(payment.checked_at)}</td>
              <td>
                <div className="d-flex flex-wrap gap-2">
                  {payment.state === 'amount_mismatch' && order.can_accept_payment && (
                    <ConfirmedAction
                      label={t('admin.order.accept')}
                      busyLabel={t('admin.order.accepting')}
                      question={t('admin.order.accept_confirm', {
                        amount: paymentMoney(payment),
                        id: order.id,
                      })}
                      busy={acceptingPayment === payment.id}
                      variant="primary"
                      onConfirm={() => acceptPayment(payment)}
                      testId="accept-payment"
                    />
                  )}
                  {(payment.state === 'refund_due' || payment.state === 'amount_mismatch') && (
                    <ConfirmedAction
                      label={t('admin.order.refund')}
                      busyLabel={t('admin.order.refunding')}
                      question={t('admin.order.refund_confirm', { amount: paymentMoney(payment) })}
                      busy={busyPayment === payment.id}
                      variant="success"
                      onConfirm={() => recordRefund(payment)}
                      testId="record-refund"
                    />
                  )}
                </div>
              </td>
            </tr>
          ))}
        </SmallTable>
      )}
    </Card>
  );
}

function Actions({ order }: { order: AdminOrder }) {
  const { t } = useAdminT();
  const act = useStaffAction();
  const [deliver, delivering] = useDeliverOrderMutation();
  const [cancel, canceling] = useCancelOrderMutation();
  const busy = delivering.isLoading || canceling.isLoading;
  return (
    <Card id="actions-title" title={t('admin.order.actions')} className="card mb-3">
      {!order.can_deliver && !order.can_cancel && (
        <p className="small text-body-secondary mb-0">{t('admin.order.no_actions')}</p>
      )}
      <div className="d-flex flex-wrap gap-2">
        {order.can_deliver && (
          <BusyButton
            busy={delivering.isLoading}
            disabled={busy}
            label={t('admin.order.deliver')}
            busyLabel={t('admin.order.delivering')}
            variant="success"
            testId="deliver-order"
            onClick={() => void act(deliver(order.id), t('admin.order.delivered', { id: order.id }))}
          />
        )}
        {order.can_cancel && (
          <ConfirmedAction
            label={t('admin.order.cancel')}
            busyLabel={t('admin.order.canceling')}
            question={t('admin.order.cancel_confirm', { id: order.id })}
            busy={canceling.isLoading}
            variant="danger"
            testId="cancel-order"
            onConfirm={() => void act(cancel(order.id), t('admin.order.canceled', { id: order.id }))}
          />
        )}
      </div>
    </Card>
  );
}

function Order({ order }: { order: AdminOrder }) {
  const { t } = useAdminT();
  const language = useAppSelector(selectLanguage);
  const money = (amount: number) =>
    order.currency === 'KWD' ? kwd(amount, language) : `${amount.toFixed(2)} ${order.currency}`;
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
        <h1 className="h4 mb-0">{t('admin.order.title', { id: order.id })}</h1>
        <StatusBadge status={order.status} />
      </div>
      <p className="small text-body-secondary">
        {t('admin.order.placed', { date: formatDateTime(order.created_at) })}
        {order.paid_at && ` · ${t('admin.order.paid_at', { date: formatDateTime(order.paid_at) })}`}
      </p>
      {order.money_to_review && (
        <div className="alert alert-danger" role="status" data-testid="money-to-review">
          <p className="mb-1">{t('admin.order.money_to_review', { total: money(order.total_price) })}</p>
          {order.status === 'pending' && (
            <p className="small mb-0">{t('admin.order.money_to_review_held')}</p>
          )}
        </div>
      )}
      <Actions order={order} />
      <div className="row g-3 mb-3">
        <div className="col-md-6">
          <Card id="contact-title" title={t('admin.order.contact')} className="card h-100">
            <p className="mb-1">
              {order.customer_name ?? t('admin.orders.guest')}
              {order.user_id !== null && (
                <span className="small text-body-secondary">
                  {' '}
                  · {t('admin.order.account', { id: order.user_id })}
                </span>
              )}
            </p>
            <p className="mb-1">
              <bdi>{order.contact_email}</bdi>
            </p>
            <p className="mb-3">
              <bdi>
                {order.contact_country_code} {order.contact_phone}
              </bdi>
            </p>
            <h2 className="h6">{t('admin.order.address')}</h2>
            <p className="mb-0">{order.address}</p>
            <p className="small text-body-secondary mb-0">
              {order.area_name}, {order.governorate_name}
            </p>
          </Card>
        </div>
        <div className="col-md-6">
          <Card id="summary-title" title={t('admin.order.summary')} className="card h-100">
            <dl className="row small mb-0">
              <dt className="col-6 fw-normal">{t('admin.order.subtotal')}</dt>
              <dd className="col-6 text-end">
                <bdi>{money(order.subtotal)}</bdi>
              </dd>
              {order.discount_amount > 0 && (
                <>
                  <dt className="col-6 fw-normal">
                    {t('admin.order.discount')}
                    {order.coupon_code && ` (${t('admin.order.coupon', { code: order.coupon_code })})`}
                  </dt>
                  <dd className="col-6 text-end">
                    <bdi>-{money(order.discount_amount)}</bdi>
                  </dd>
                </>
              )}
              <dt className="col-6 fw-normal">{t('admin.order.shipping')}</dt>
              <dd className="col-6 text-end">
                <bdi>{money(order.shipping_cost)}</bdi>
              </dd>
              <dt className="col-6">{t('admin.order.total')}</dt>
              <dd className="col-6 text-end fw-semibold">
                <bdi>{money(order.total_price)}</bdi>
              </dd>
              <dt className="col-6 fw-normal">{t('admin.order.payment_method')}</dt>
              <dd className="col-6 text-end mb-0">
                {order.payment_method === 'coupon' ? t('admin.order.paid_by_coupon') : order.payment_method}
              </dd>
            </dl>
          </Card>
        </div>
      </div>
      <Card id="lines-title" title={t('admin.order.lines')} className="card mb-3">
        <SmallTable
          testId="order-lines"
          headers={[
            t('admin.order.product'),
            t('admin.order.quantity'),
            t('admin.order.unit_price'),
            t('admin.order.line_total'),
          ]}
        >
          {order.items.map((item) => (
            <tr key={item.id}>
              <td>
                {item.product_id === null ? (
                  item.product_name[language]
                ) : (
                  <Link to={`/admin/products/${item.product_id}`}>{item.product_name[language]}</Link>
                )}
                {(item.size ?? item.color) && (
                  <div className="small text-body-secondary">
                    {t('admin.order.options', { size: item.size ?? '—', color: item.color ?? '—' })}
                  </div>
                )}
              </td>
              <td>{item.quantity.en}</td>
              <td className="text-nowrap">
                <bdi>{money(item.price)}</bdi>
              </td>
              <td className="text-nowrap">
                <bdi>{money(item.total_price.en)}</bdi>
              </td>
            </tr>
          ))}
        </SmallTable>
      </Card>
      <Payments order={order} />
      <AuditTrail entries={order.audit} />
    </>
  );
}

export function OrderPage() {
  const { t } = useAdminT();
  const id = Number(useParams().id);
  const query = useOrderQuery(id, { skip: !Number.isInteger(id) || id <= 0 });
  return (
    <section>
      <Link to="/admin/orders" className="small d-inline-block mb-2">
        <span aria-hidden="true" className="flip-rtl">
          ‹
        </span>{' '}
        {t('admin.order.back')}
      </Link>
      {Number.isInteger(id) && id > 0 ? (
        <Loaded query={query}>{(order) => <Order order={order} />}</Loaded>
      ) : (
        <p className="alert alert-warning">{t('admin.common.not_found')}</p>
      )}
    </section>
  );
}
