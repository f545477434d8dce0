import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { statusOf } from '../../../app/api';
import { useAppSelector } from '../../../app/hooks';
import { leavePage } from '../../../lib/leavePage';
import { formatMoney } from '../../../lib/money';
import type { PaymentInvoice } from '../../../lib/paymentLink';
import { notify } from '../../../lib/notify';
import { PageSpinner } from '../../../ui/Spinner';
import { selectIsAuthenticated } from '../../auth/public';
import { selectGuestToken } from '../../cart/public';
import { selectLanguage } from '../../settings/public';
import { PAYMENT_COUNTRY_CODE, useExecutePaymentMutation, useInitiatePaymentQuery } from '../checkoutApi';

/**
 * The methods for paying one order, then the gateway's page in the same window. The invoice (value and
 * currency) goes with the order id when the link that led here carried it (docs/spec/02-shopping.md §7); the
 * server checks it against the order.
 */
/** The server's 409s for an order that can no longer be paid (server/services/orders/lifecycle.ts), by their words. */
const CLOSED_ORDER: Record<string, 'order_closed' | 'order_expired' | 'stock_gone'> = {
  'This order is already paid or closed.': 'order_closed',
  'This order expired unpaid and its items went back on sale.': 'order_expired',
  'Some items of this order are no longer in stock.': 'stock_gone',
};

/** Why this order cannot be paid (a 409), in the shopper's words; null for any other failure. */
function closedReason(error: unknown): 'order_closed' | 'order_expired' | 'stock_gone' | null {
  if (statusOf(error) !== 409) return null;
  const message = (error as { data?: { message?: unknown } } | null)?.data?.message;
  return (typeof message === 'string' && CLOSED_ORDER[message]) || 'stock_gone';
}

export function PaymentMethods({ orderId, invoice }: { orderId: number; invoice: PaymentInvoice | null }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const signedIn = useAppSelector(selectIsAuthenticated);
  const guestToken = useAppSelector(selectGuestToken);
  const owner = { order_id: orderId, ...(!signedIn && guestToken ? { guest_token: guestToken } : {}) };
  const methods = useInitiatePaymentQuery({ ...owner, ...invoice, country_code: 'KWT' });
  const [execute, execution] = useExecutePaymentMutation();
  const [chosen, setChosen] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const legendId = useId();
  // From the click until the browser has left for the gateway.
  const [processing, setProcessing] = useState(false);

  const closed = closedReason(methods.error);
  const methodsFailure = closed
    ? t(`checkout.payment.errors.${closed}`)
    : statusOf(methods.error) === 503
      ? t('checkout.errors.payments_unavailable')
      : t('checkout.payment.errors.fetch_methods');
  useEffect(() => {
    if (methods.isError) notify.error(methodsFailure);
  }, [methods.isError, methodsFailure]);

  if (methods.isLoading) {
    return (
      <div className="text-center">
        <PageSpinner />
        <p>{t('checkout.payment.loading')}</p>
      </div>
    );
  }
  if (methods.isError || !methods.data) {
    return (
      <div className="alert alert-danger d-flex flex-wrap align-items-center gap-3" role="alert">
        <span>{methodsFailure}</span>
        {closed ? (
          // Trying again cannot help: the shopper's orders (paid or closed), or the cart to order again.
          <Link
            className="btn btn-sm btn-danger"
            to={closed === 'order_closed' && signedIn ? '/orders' : '/cart'}
          >
            {t(
              closed === 'order_closed' && signedIn
                ? 'checkout.payment.to_orders'
                : 'checkout.payment.to_cart',
            )}
          </Link>
        ) : (
          <button type="button" className="btn btn-sm btn-danger" onClick={() => void methods.refetch()}>
            {t('checkout.payment.retry')}
          </button>
        )}
      </div>
    );
  }

  const pay = async () => {
    const method = methods.data?.find((candidate) => candidate.PaymentMethodId === chosen);
    if (!method) return;
    setFailure(null);
    setProcessing(true);
    const answer = await execute({
      ...owner,
      invoice_value: method.TotalAmount,
      payment_method_id: method.PaymentMethodId,
      country_code: PAYMENT_COUNTRY_CODE,
    });
    const url = 'data' in answer ? answer.data?.payment_result?.PaymentURL : undefined;
    if (url) {
      leavePage.to(url);
      return;
    }
    const status = 'error' in answer ? statusOf(answer.error) : undefined;
    const refused = 'error' in answer ? closedReason(answer.error) : null;
    const message = refused
      ? t(`checkout.payment.errors.${refused}`)
      : status === 503
        ? t('checkout.errors.payments_unavailable')
        : t('checkout.payment.errors.process');
    setFailure(message);
    notify.error(message);
    setProcessing(false);
  };

  const busy = processing || execution.isLoading;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void pay();
      }}
    >
      <fieldset disabled={busy} aria-busy={busy}>
        <legend id={legendId} className="h5">
          {t('checkout.payment.choose')}
        </legend>
        <ul className="list-unstyled d-grid gap-2 mb-3" aria-labelledby={legendId}>
          {methods.data.map((method) => {
            const id = `payment-method-${method.PaymentMethodId}`;
            const name = language === 'ar' ? method.PaymentMethodAr : method.PaymentMethodEn;
            return (
              <li key={method.PaymentMethodId}>
                <label
                  htmlFor={id}
                  className={`card card-body flex-row align-items-center gap-3 ${chosen === method.PaymentMethodId ? 'border-primary' : ''}`}
                >
                  <input
                    id={id}
                    type="radio"
                    name="payment-method"
                    className="form-check-input mt-0"
                    checked={chosen === method.PaymentMethodId}
                    onChange={() => setChosen(method.PaymentMethodId)}
                  />
                  <img src={method.ImageUrl} alt="" width={48} height={32} className="object-fit-contain" />
                  <span className="flex-grow-1 fw-semibold">{name}</span>
                  <span className="small text-end">
                    <span className="d-block text-body-secondary">
                      {t('checkout.payment.service_charge')}:{' '}
                      <span dir="ltr">{formatMoney(method.ServiceCharge, method.CurrencyIso, language)}</span>
                    </span>
                    <span className="d-block">
                      {t('checkout.payment.total')}:{' '}
                      <strong dir="ltr">
                        {formatMoney(method.TotalAmount, method.CurrencyIso, language)}
                      </strong>
                    </span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
        {failure && (
          <p className="alert alert-danger" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-lg w-100" disabled={chosen === null || busy}>
          {busy ? (
            <>
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              {t('checkout.payment.processing')}
            </>
          ) : (
            t('checkout.payment.pay')
          )}
        </button>
      </fieldset>
    </form>
  );
}
