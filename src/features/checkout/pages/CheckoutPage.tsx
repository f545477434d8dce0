import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { failureReason, isNetworkError, statusOf } from '../../../app/api';
import { guestTokenIssued } from '../../../app/events';
import { useAppDispatch, useAppSelector, useAppStore } from '../../../app/hooks';
import { leavePage } from '../../../lib/leavePage';
import { formatMoney } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import { LoadFailed } from '../../../ui/LoadFailed';
import { PhoneInput } from '../../../ui/PhoneInput';
import { PendingFigure } from '../../../ui/Skeleton';
import { PageSpinner } from '../../../ui/Spinner';
import { TextField } from '../../../ui/TextField';
import { selectIsAuthenticated, selectUserEmail } from '../../auth/public';
import { selectGuestToken, useCartSummary } from '../../cart/public';
import { CouponBox, couponConsumed, couponRefusedAtOrder, selectAppliedCoupon } from '../../coupon/public';
import { selectLanguage } from '../../settings/public';
import { selectShippingChoice, ShippingPicker } from '../../shipping/public';
import { useCreateGuestOrderMutation, useCreateOrderMutation, useGetAddressesQuery } from '../checkoutApi';
import {
  buildOrderPayload,
  checkCheckout,
  isCheckoutValid,
  payloadFingerprint,
  refusesCoupon,
  serverRefusal,
  tooManyOrdersMessage,
  type CheckoutField,
  type CheckoutInput,
} from '../checkoutRules';
import {
  contactEdited,
  orderPlaced,
  orderSubmitted,
  selectCheckoutDraft,
  selectOrderIntent,
} from '../checkoutSlice';
import { SavedAddresses } from '../components/SavedAddresses';
import '../checkout.css';

interface Shown {
  fields: Partial<Record<CheckoutField, string>>;
  messages: string[];
}

const NOTHING_SHOWN: Shown = { fields: {}, messages: [] };

export default function CheckoutPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const language = useAppSelector(selectLanguage);
  const signedIn = useAppSelector(selectIsAuthenticated);
  const userEmail = useAppSelector(selectUserEmail);
  const guestToken = useAppSelector(selectGuestToken);
  const shipping = useAppSelector(selectShippingChoice);
  const coupon = useAppSelector(selectAppliedCoupon);
  // What the shopper typed stays for this tab (the persisted checkout slice): a reload or a failed submit loses
  // nothing.
  const draft = useAppSelector(selectCheckoutDraft);
  const cart = useCartSummary();
  const addresses = useGetAddressesQuery(signedIn ? undefined : skipToken);
  const [createOrder] = useCreateOrderMutation();
  const [createGuestOrder] = useCreateGuestOrderMutation();
  // From the click until the browser has left for the payment page.
  const [submitting, setSubmitting] = useState(false);
  const [shown, setShown] = useState<Shown>(NOTHING_SHOWN);

  const { summary, couponCounted, orderLines, shippingPending } = cart;
  const leftOut = useMemo(() => cart.lines.filter((line) => line.unavailable), [cart.lines]);
  const input: CheckoutInput = useMemo(
    () => ({
      shipping: {
        governorateName: shipping.governorate?.name_en || shipping.governorate?.name_ar || null,
        areaName: shipping.areaId !== null ? shipping.area?.name_en || shipping.area?.name_ar || null : null,
        shippingPrice: summary.shipping,
        address: shipping.address,
      },
      total: summary.total,
      currency: summary.currency,
      // A coupon under its minimum counts for nothing: the order is placed without it, as the summary shows.
      coupon: signedIn && coupon && !summary.couponBelowMinimum ? { code: coupon.code } : null,
      signedIn,
      userEmail,
      addresses: addresses.data ?? [],
      addressId: draft.addressId,
      guestEmail: draft.email,
      guestPhoneCode: draft.phoneCode,
      guestPhone: draft.phone,
    }),
    [shipping, summary, signedIn, coupon, userEmail, addresses.data, draft],
  );

  const field = (name: CheckoutField) => shown.fields[name];
  const clearField = (name: CheckoutField) =>
    setShown((current) => ({ ...current, fields: { ...current.fields, [name]: undefined } }));

  const submit = async () => {
    if (submitting) return;
    // Until the chosen area's price is answered (a moment) its name is unknown and the total leaves it out: neither
    // "select an area" nor an order of that total.
    if (shippingPending) {
      setShown({ fields: {}, messages: [t('checkout.errors.shipping_pending')] });
      return;
    }
    const check = checkCheckout(input);
    if (!isCheckoutValid(check)) {
      const fields: Shown['fields'] = {};
      for (const [name, problem] of Object.entries(check.fields)) {
        fields[name as CheckoutField] = t(`checkout.errors.${problem}`);
      }
      setShown({ fields, messages: check.general ? [t(`checkout.errors.${check.general}`)] : [] });
      if (check.general) notify.error(t(`checkout.errors.${check.general}`));
      return;
    }
    const payload = buildOrderPayload(input);
    dispatch(orderSubmitted(payloadFingerprint(payload)));
    const intent = selectOrderIntent(store.getState());
    if (!intent) return;
    setShown(NOTHING_SHOWN);
    setSubmitting(true);
    const answer = signedIn
      ? await createOrder({ payload, idempotencyKey: intent.key })
      : await createGuestOrder({
          payload: { ...payload, ...(guestToken ? { guest_token: guestToken } : {}) },
          idempotencyKey: intent.key,
        });
    if ('data' in answer && answer.data) {
      if (answer.data.guest_token) dispatch(guestTokenIssued(answer.data.guest_token));
      if (answer.data.payment_url) {
        dispatch(couponConsumed());
        dispatch(orderPlaced());
        leavePage.to(answer.data.payment_url);
        return;
      }
      setShown({ fields: {}, messages: [t('checkout.errors.payment_link')] });
      notify.error(t('checkout.errors.payment_link'));
    } else if ('error' in answer) {
      const error = answer.error;
      if (statusOf(error) === 422) {
        // What the server refused may be the cart as it is now (prices, stock, a coupon): the summary shows it again.
        void cart.query.refetch();
        if (refusesCoupon(error)) dispatch(couponRefusedAtOrder());
        const refusal = serverRefusal(error, signedIn, t);
        setShown({ fields: refusal.fields, messages: refusal.joined });
        notify.error(t('checkout.errors.create_order'));
      } else {
        // 503: the shop takes no payments right now (no gateway configured); retrying will not help.
        // 429: too many unpaid orders, or too many orders from this connection; waiting is the way out.
        const messages = [
          statusOf(error) === 503
            ? t('checkout.errors.payments_unavailable')
            : statusOf(error) === 429
              ? tooManyOrdersMessage(error, t)
              : t('checkout.errors.create_order'),
        ];
        if (isNetworkError(error)) messages.push(t('checkout.errors.network'));
        setShown({ fields: {}, messages });
        notify.error(messages[0] ?? '');
      }
    }
    setSubmitting(false);
  };

  if (cart.query.isLoading) return <PageSpinner />;
  // Without the cart's answer nothing can be ordered; what the shopper typed stays in the draft meanwhile.
  if (cart.query.isError && !cart.query.data) {
    return (
      <section className="container py-4">
        <h1 className="h3 mb-3">{t('checkout.title')}</h1>
        <LoadFailed
          reason={failureReason(cart.query.error)}
          title={t('checkout.summary.cart_failed')}
          onRetry={() => void cart.query.refetch()}
          retrying={cart.query.isFetching}
        />
      </section>
    );
  }
  const money = (amount: number) => formatMoney(amount, summary.currency, language);

  if (orderLines.length === 0) {
    return (
      <section className="container py-4">
        <h1 className="h3 mb-3">{t('checkout.title')}</h1>
        <p>
          {t('checkout.summary.empty')} <Link to="/cart">{t('checkout.summary.to_cart')}</Link>
        </p>
      </section>
    );
  }

  return (
    <section className="container py-4 checkout-page" aria-labelledby="checkout-title">
      <h1 id="checkout-title" className="h3 mb-4">
        {t('checkout.title')}
      </h1>
      <div className="row g-4">
        <div className="col-12 col-lg-7">
          <fieldset className="mb-4" aria-describedby={field('method') ? 'method-error' : undefined}>
            <legend className="h5">{t('checkout.method.legend')}</legend>
            <div className="form-check">
              <input
                id="payment-online"
                className="form-check-input"
                type="radio"
                name="payment-method"
                checked
                readOnly
              />
              <label className="form-check-label" htmlFor="payment-online">
                {t('checkout.method.online')}
              </label>
            </div>
            {field('method') && (
              <div id="method-error" className="invalid-feedback d-block" role="alert">
                {field('method')}
              </div>
            )}
          </fieldset>

          {signedIn ? (
            <SavedAddresses
              addresses={addresses.data}
              loading={addresses.isLoading}
              failed={addresses.isError}
              error={field('savedAddress')}
            />
          ) : (
            <fieldset className="mb-4">
              <legend className="h5">{t('checkout.guest.legend')}</legend>
              <TextField
                id="guest-email"
                name="guest_email"
                type="email"
                label={t('checkout.guest.email')}
                value={draft.email}
                autoComplete="email"
                inputMode="email"
                dir="ltr"
                onChange={(event) => {
                  clearField('email');
                  dispatch(contactEdited({ field: 'email', value: event.target.value }));
                }}
                error={field('email')}
              />
              <PhoneInput
                language={language}
                idPrefix="guest-phone"
                label={t('checkout.guest.phone')}
                codeLabel={t('checkout.guest.phone_code')}
                phoneCode={draft.phoneCode}
                phoneNumber={draft.phone}
                codeName="guest_country_code"
                numberName="guest_phone"
                onPhoneCodeChange={(value) => {
                  clearField('phone');
                  dispatch(contactEdited({ field: 'phoneCode', value }));
                }}
                onPhoneNumberChange={(value) => {
                  clearField('phone');
                  dispatch(contactEdited({ field: 'phone', value }));
                }}
                numberError={field('phone')}
              />
            </fieldset>
          )}

          <div className="mb-4">
            <ShippingPicker showErrors={Boolean(field('address'))} />
            {(field('shipping') ?? field('address')) && (
              <div className="invalid-feedback d-block" role="alert" data-testid="shipping-error">
                {[field('shipping'), field('address')].filter(Boolean).join(' · ')}
              </div>
            )}
          </div>
        </div>

        <aside className="col-12 col-lg-5">
          <div className="card">
            <div className="card-body">
              <h2 className="h5">{t('checkout.summary.title')}</h2>
              <ul className="list-unstyled small mb-3">
                {orderLines.map((line) => (
                  <li key={line.item.id} className="d-flex justify-content-between gap-2">
                    <bdi>
                      {line.product?.name ?? ''} × {line.item.quantity}
                    </bdi>
                    <span dir="ltr">{money(line.unitPrice * line.item.quantity)}</span>
                  </li>
                ))}
              </ul>
              {leftOut.length > 0 && (
                // Told before paying: these lines stay in the cart but are not part of the order or its total.
                <div className="alert alert-warning small py-2" data-testid="left-out">
                  <p className="mb-1">{t('checkout.summary.left_out', { count: leftOut.length })}</p>
                  <ul className="mb-0 ps-3">
                    {leftOut.map((line) => (
                      <li key={line.item.id}>
                        <bdi>{line.product?.name ?? t('cart.line.removed_product')}</bdi>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              <CouponBox cartTotal={summary.subtotal} currency={summary.currency} guests="ask_to_log_in" />
              <dl className="checkout-summary mt-3" data-testid="checkout-summary">
                <dt>{t('checkout.summary.subtotal')}</dt>
                <dd>{money(summary.subtotal)}</dd>
                {couponCounted && (
                  <>
                    <dt>
                      {couponCounted.kind === 'percent'
                        ? t('checkout.summary.discount', { percent: couponCounted.percent })
                        : t('checkout.summary.discount_code', { code: couponCounted.code })}
                    </dt>
                    <dd>−{money(summary.discount)}</dd>
                  </>
                )}
                <dt>{t('checkout.summary.shipping')}</dt>
                <dd>
                  {shippingPending ? (
                    <PendingFigure label={t('checkout.summary.updating_shipping')} />
                  ) : summary.freeShipping ? (
                    t('checkout.summary.free')
                  ) : (
                    money(summary.shipping)
                  )}
                </dd>
                <dt className="fw-bold">{t('checkout.summary.total')}</dt>
                <dd className="fw-bold fs-5" data-testid="checkout-total">
                  {shippingPending ? (
                    <PendingFigure label={t('checkout.summary.updating_shipping')} />
                  ) : (
                    money(summary.total)
                  )}
                </dd>
              </dl>
              <p className="small text-body-secondary">{t('checkout.summary.note')}</p>
              {field('summary') && (
                <p className="text-danger small" role="alert">
                  {field('summary')}
                </p>
              )}
              {shown.messages.length > 0 && (
                <div className="alert alert-danger" role="alert" data-testid="checkout-errors">
                  <p className="fw-semibold mb-1">{t('checkout.errors.title')}</p>
                  <ul className="mb-0 ps-3">
                    {shown.messages.map((message) => (
                      <li key={message}>{message}</li>
                    ))}
                  </ul>
                </div>
              )}
              <button
                type="button"
                className="btn btn-primary btn-lg w-100"
                onClick={() => void submit()}
                disabled={submitting}
                aria-busy={submitting}
              >
                {submitting ? (
                  <>
                    <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
                    {t('checkout.submitting')}
                  </>
                ) : (
                  t('checkout.submit')
                )}
              </button>
            </div>
          </div>
        </aside>
      </div>
    </section>
  );
}
