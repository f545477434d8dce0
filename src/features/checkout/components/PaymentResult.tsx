import { useEffect, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { api, statusOf } from '../../../app/api';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatMoney } from '../../../lib/money';
import { paymentPageUrl } from '../../../lib/paymentLink';
import { PageSpinner } from '../../../ui/Spinner';
import { selectIsAuthenticated } from '../../auth/public';
import { selectGuestToken } from '../../cart/public';
import { selectLanguage } from '../../settings/public';
import { useGetPaymentStatusQuery, type PaymentStatusRequest } from '../checkoutApi';

/**
 * docs/spec/02-shopping.md §9: the success modal after an order closes by itself this long after it opened.
 */
export const ORDER_SUCCESS_CLOSE_DELAY_MS = 2000;

/** 'Order placed': shown once when the server says the order is paid, closed by itself after 2 s. */
function OrderPlacedModal({ orderId }: { orderId: number | null }) {
  const { t } = useTranslation();
  const [show, setShow] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setShow(false), ORDER_SUCCESS_CLOSE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <Modal show={show} onHide={() => setShow(false)} centered aria-labelledby="order-placed-title">
      <Modal.Header closeButton closeLabel={t('checkout.result.success_modal.close')}>
        <Modal.Title id="order-placed-title" as="h2" className="h5">
          {t('checkout.result.success_modal.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">{t('checkout.result.success_modal.body', { id: orderId ?? '' })}</p>
      </Modal.Body>
    </Modal>
  );
}

/** The signed part of the gateway's return link (/payment?paymentId=…&order=…&expires=…&signature=…). */
export type ReturnProof = Pick<PaymentStatusRequest, 'order' | 'expires' | 'signature'>;

export type PaymentOutcome = 'paid' | 'failed' | 'pending' | 'refund' | 'expired';

/** The order's status after the server asked the gateway, as the shopper reads it. */
export function outcomeOf(orderStatus: string): PaymentOutcome {
  if (orderStatus === 'paid' || orderStatus === 'completed') return 'paid';
  if (orderStatus === 'failed' || orderStatus === 'canceled') return 'failed';
  if (orderStatus === 'refund_due') return 'refund';
  if (orderStatus === 'expired') return 'expired';
  return 'pending';
}

const TONE: Record<PaymentOutcome, string> = {
  paid: 'success',
  failed: 'danger',
  pending: 'warning',
  refund: 'warning',
  expired: 'secondary',
};

/**
 * Where the gateway sends the shopper back. The link's own status parameter is ignored: the outcome is what the
 * server says after asking the gateway.
 */
export function PaymentResult({ paymentId, proof = {} }: { paymentId: string; proof?: ReturnProof }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const language = useAppSelector(selectLanguage);
  const signedIn = useAppSelector(selectIsAuthenticated);
  const guestToken = useAppSelector(selectGuestToken);
  // The server answers the order's owner only: the session (sent by the base query), the guest cart's token, or
  // the signature the return link carries (a shopper back in a fresh browser).
  const { data, error, isLoading, isFetching, refetch } = useGetPaymentStatusQuery({
    paymentId,
    ...proof,
    ...(guestToken ? { guest_token: guestToken } : {}),
  });
  const outcome = data ? outcomeOf(data.status) : null;

  useEffect(() => {
    // A paid order emptied the cart on the server and changed the orders list.
    if (outcome === 'paid') {
      dispatch(
        api.util.invalidateTags([
          { type: 'Cart', id: 'LIST' },
          { type: 'Order', id: 'LIST' },
        ]),
      );
    }
  }, [outcome, dispatch]);

  if (isLoading) {
    return (
      <div className="text-center">
        <PageSpinner />
        <p>{t('checkout.result.checking')}</p>
      </div>
    );
  }
  if (!data || !outcome) {
    const unknown = statusOf(error) === 404;
    return (
      <div className="alert alert-danger" role="alert">
        <h2 className="h5">{unknown ? t('checkout.result.unknown_title') : t('checkout.result.error')}</h2>
        {unknown ? (
          <p>{t('checkout.result.unknown')}</p>
        ) : (
          <button type="button" className="btn btn-danger" onClick={() => void refetch()}>
            {t('checkout.result.check_again')}
          </button>
        )}
      </div>
    );
  }

  const orderId = data.order_id;
  const canRetry = orderId !== null && (outcome === 'failed' || outcome === 'pending');
  return (
    <div className={`alert alert-${TONE[outcome]}`} role="status" data-testid="payment-outcome">
      {outcome === 'paid' && <OrderPlacedModal orderId={orderId} />}
      <h2 className="h4">{t(`checkout.result.${outcome}_title`)}</h2>
      <p className="mb-1">{t(`checkout.result.${outcome}`, { id: orderId ?? '' })}</p>
      {data.total_price !== undefined && data.currency && (
        <p className="fw-semibold" dir="ltr">
          {formatMoney(data.total_price, data.currency, language)}
        </p>
      )}
      <div className="d-flex flex-wrap gap-2 mt-3">
        {outcome === 'pending' && (
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => void refetch()}
            disabled={isFetching}
          >
            {t('checkout.result.check_again')}
          </button>
        )}
        {canRetry && (
          <Link
            className="btn btn-primary"
            to={paymentPageUrl(orderId, { invoice_value: data.total_price, currency_iso: data.currency })}
          >
            {t('checkout.result.retry')}
          </Link>
        )}
        {signedIn && (
          <Link className="btn btn-outline-primary" to="/orders">
            {t('checkout.result.to_orders')}
          </Link>
        )}
        <Link className="btn btn-outline-secondary" to="/">
          {t('checkout.result.continue')}
        </Link>
      </div>
    </div>
  );
}
