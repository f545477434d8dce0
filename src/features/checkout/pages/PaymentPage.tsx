import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';

import { invoiceFromParams } from '../../../lib/paymentLink';
import { PaymentMethods } from '../components/PaymentMethods';
import { PaymentResult } from '../components/PaymentResult';

/**
 * /payment?order_id=N[&invoice_value=V&currency_iso=C]: choose a method and pay the order. /payment?paymentId=… (how the gateway sends the shopper
 * back, with the signed order=…&expires=…&signature=… that lets a fresh browser read it): the outcome of that payment.
 */
export default function PaymentPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const paymentId = params.get('paymentId');
  const orderId = Number(params.get('order_id'));
  return (
    <section className="container py-4 payment-page" aria-labelledby="payment-title">
      <h1 id="payment-title" className="h3 mb-3">
        {t('checkout.payment.title')}
      </h1>
      {paymentId ? (
        <PaymentResult
          paymentId={paymentId}
          proof={{
            order: params.get('order') ?? undefined,
            expires: params.get('expires') ?? undefined,
            signature: params.get('signature') ?? undefined,
          }}
        />
      ) : Number.isInteger(orderId) && orderId > 0 ? (
        <>
          <p className="text-body-secondary">{t('checkout.payment.order', { id: orderId })}</p>
          <PaymentMethods orderId={orderId} invoice={invoiceFromParams(params)} />
        </>
      ) : (
        <p>
          {t('checkout.payment.no_order')} <Link to="/orders">{t('checkout.result.to_orders')}</Link>
        </p>
      )}
    </section>
  );
}
