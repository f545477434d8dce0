// MyFatoorah-shaped payment calls and the payment status check.
import { Type, type Static } from 'typebox';
import { ResponseObject, CheckedByService, DatabaseId, endpoints, Money, Nullable } from './common';
import { OrderStatus } from './orders';

export const InitiatePaymentBody = CheckedByService(
  {
    /** optional; when sent, it must be the order's total (else 422) */
    invoice_value: Type.Optional(Money),
    /** optional; when sent, it must be the order's currency (else 422) */
    currency_iso: Type.Optional(Type.String({ maxLength: 10 })),
    country_code: Type.Optional(Type.String({ maxLength: 10 })),
    /** required (422 without it): the methods for paying this order, priced at its own total */
    order_id: Type.Optional(DatabaseId),
    /** a guest asking for its own order */
    guest_token: Type.Optional(Type.String({ maxLength: 200 })),
  },
  ['order_id'],
);
export type InitiatePaymentBody = Static<typeof InitiatePaymentBody>;

export const PaymentMethod = ResponseObject({
  PaymentMethodId: Type.Integer(),
  PaymentMethodAr: Type.String(),
  PaymentMethodEn: Type.String(),
  PaymentMethodCode: Type.String(),
  IsDirectPayment: Type.Boolean(),
  ServiceCharge: Type.Number(),
  TotalAmount: Type.Number(),
  CurrencyIso: Type.String(),
  /** absolute URL */
  ImageUrl: Type.String(),
  IsEmbeddedSupported: Type.Boolean(),
  PaymentCurrencyIso: Type.String(),
});
export type PaymentMethod = Static<typeof PaymentMethod>;

export const InitiatePaymentResponse = ResponseObject({ payment_methods: Type.Array(PaymentMethod) });
export type InitiatePaymentResponse = Static<typeof InitiatePaymentResponse>;

export const ExecutePaymentBody = CheckedByService(
  {
    /**
     * optional; never charged (the order's own total is): when sent, it must be the order's total or the chosen
     * method's TotalAmount from initiate-payment (else 422)
     */
    invoice_value: Type.Optional(Money),
    payment_method_id: Type.Integer({ minimum: 1, maximum: 1000 }),
    country_code: Type.Optional(Type.String({ maxLength: 10 })),
    /** required (422 without it) */
    order_id: Type.Optional(DatabaseId),
    /** optional; when sent, it must be the order's currency (else 422) */
    currency_iso: Type.Optional(Type.String({ maxLength: 10 })),
    /** a guest paying its own order */
    guest_token: Type.Optional(Type.String({ maxLength: 200 })),
  },
  ['order_id'],
);
export type ExecutePaymentBody = Static<typeof ExecutePaymentBody>;

export const ExecutePaymentResponse = ResponseObject({
  payment_result: ResponseObject({ PaymentURL: Type.String(), InvoiceId: Type.String() }),
});
export type ExecutePaymentResponse = Static<typeof ExecutePaymentResponse>;

export const PaymentState = Type.Unsafe<'pending' | 'paid' | 'failed'>({
  type: 'string',
  enum: ['pending', 'paid', 'failed'],
});
export type PaymentState = Static<typeof PaymentState>;

export const PaymentStatusParams = Type.Object({ paymentId: Type.String() });

/**
 * Who asks: the order's owner (a bearer token, or the guest_token that made the order) or the signed return link
 * the gateway sends the shopper back with (`order`, `expires`, `signature`, as it arrives on /payment).
 */
export const PaymentStatusQuery = Type.Object({
  guest_token: Type.Optional(Type.String({ maxLength: 200 })),
  order: Type.Optional(Type.String({ maxLength: 20 })),
  expires: Type.Optional(Type.String({ maxLength: 20 })),
  signature: Type.Optional(Type.String({ maxLength: 128 })),
});
export type PaymentStatusQuery = Static<typeof PaymentStatusQuery>;

export const PaymentStatusResponse = ResponseObject({
  order_id: Nullable(Type.Integer()),
  /** the order's status (the gateway's when no order) */
  status: Type.Union([OrderStatus, PaymentState]),
  /** the gateway's */
  payment_status: PaymentState,
  payment_id: Type.String(),
  /** the order's, when there is one */
  total_price: Type.Optional(Type.Number()),
  currency: Type.Optional(Type.String()),
});
export type PaymentStatusResponse = Static<typeof PaymentStatusResponse>;

/** The gateway's webhook (MyFatoorah's shape); only the payment's id is read from it. */
export const PaymentCallbackBody = Type.Object({
  Data: Type.Optional(
    Type.Object({
      InvoiceId: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 100 })])),
      PaymentId: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 100 })])),
    }),
  ),
});
export type PaymentCallbackBody = Static<typeof PaymentCallbackBody>;

export const PaymentCallbackResponse = ResponseObject({
  received: Type.Literal(true),
  payment_status: PaymentState,
});
export type PaymentCallbackResponse = Static<typeof PaymentCallbackResponse>;

export const Payments = endpoints({
  initiate: {
    method: 'POST',
    url: '/initiate-payment',
    auth: 'optional',
    notes:
      "order_id is required (422 `The order id field is required.`); only the order's owner (bearer, or guest_token) else 404; priced at the order's total and currency; an invoice_value or currency_iso that differs from the order's 422; a paid or closed order 409; no gateway 503",
    schema: { body: InitiatePaymentBody, response: { 200: InitiatePaymentResponse } },
  },
  execute: {
    method: 'POST',
    url: '/execute-payment',
    auth: 'optional',
    notes:
      "order_id is required (422); only the order's owner (bearer, or guest_token) else 404; an invoice_value or currency_iso that differs from the order's 422; the order's stock is held for the payment; the charge is the order's total plus the method's ServiceCharge (the gateway adds it); the order's earlier live payment is withdrawn at the gateway where it allows it (every attempt stays recorded and followed); a paid or closed order 409; an unknown payment_method_id 422; gateway failure 502; no gateway 503",
    schema: { body: ExecutePaymentBody, response: { 200: ExecutePaymentResponse } },
  },
  status: {
    method: 'GET',
    url: '/payments/:paymentId/status',
    auth: 'optional',
    notes:
      "only the order's owner (bearer, or ?guest_token=) or the signed return link (?order=&expires=&signature=, as the gateway's return to /payment carries it, valid 2 hours) else 404, the gateway not asked; the server asks the gateway and records the outcome on the order; unknown id 404; 60 a minute per client address, then 429",
    schema: {
      params: PaymentStatusParams,
      querystring: PaymentStatusQuery,
      response: { 200: PaymentStatusResponse },
    },
  },
  callback: {
    method: 'POST',
    url: '/payments/callback',
    notes:
      "the gateway's webhook (extension): the server asks the gateway about the named payment (Data.InvoiceId or Data.PaymentId) and applies its answer to the order; the body's own status is never read; unknown payment 404",
    schema: { body: PaymentCallbackBody, response: { 200: PaymentCallbackResponse } },
  },
});
