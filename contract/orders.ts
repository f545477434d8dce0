// Checkout (signed in and guest) and the signed-in shopper's orders.
import { Type, type Static } from 'typebox';
import {
  ResponseObject,
  Bilingual,
  CheckedByService,
  endpoints,
  IdText,
  LooseAmount,
  Nullable,
} from './common';

/**
 * Every field is checked by the orders service with the shop's own messages ('Area name is required'), so the
 * schema only bounds sizes and types.
 */
const Field = Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Number(), Type.Null()]));

const OrderFields = {
  governorate_name: Field,
  area_name: Field,
  address: Field,
  payment_method: Field,
  shipping_cost: Type.Optional(LooseAmount('Shipping cost must be a number')),
  total_price: Type.Optional(LooseAmount('Total price must be a number')),
  /**
   * extension: the total the shopper was shown and confirms, in the order's currency; given, an order whose total
   * (prices, coupon, delivery as they are now) differs by more than 0.01 is refused: 422 `errors.total_price`
   * `The prices changed since you opened the checkout: check the new total and confirm again.` (total_price stays
   * the spec's field the server does not charge by)
   */
  shown_total: Type.Optional(LooseAmount('Shown total must be a number')),
  guest_phone: Field,
  guest_email: Field,
  guest_country_code: Field,
  coupon_code: Field,
  currency: Field,
  /** guest checkout: the guest cart to order */
  guest_token: Field,
};

/** What every order needs (a signed-in shopper's e-mail and country code default to the account's). */
const ORDER_REQUIRED = [
  'governorate_name',
  'area_name',
  'address',
  'payment_method',
  'shipping_cost',
  'total_price',
  'guest_phone',
] as const;

export const CreateOrderBody = CheckedByService(OrderFields, ORDER_REQUIRED);
export type CreateOrderBody = Static<typeof CreateOrderBody>;

/** A guest also names its e-mail, its phone's country code and its cart. */
export const GuestCreateOrderBody = CheckedByService(OrderFields, [
  ...ORDER_REQUIRED,
  'guest_email',
  'guest_country_code',
  'guest_token',
]);

const OrderCreatedFields = {
  message: Type.String(),
  order_id: Type.Integer(),
  payment_url: Type.String(),
};

export const OrderCreatedResponse = ResponseObject(OrderCreatedFields);
export type OrderCreatedResponse = Static<typeof OrderCreatedResponse>;

/** A guest's order also answers the token that reads and pays it. */
export const GuestOrderCreatedResponse = ResponseObject({
  ...OrderCreatedFields,
  guest_token: Type.String(),
});
export type GuestOrderCreatedResponse = Static<typeof GuestOrderCreatedResponse>;

/**
 * refund_due: paid after it was cancelled or its stock went, so the money goes back. expired: left unpaid too long,
 * its stock went back on sale.
 */
export const OrderStatus = Type.Unsafe<
  'pending' | 'paid' | 'completed' | 'canceled' | 'failed' | 'refund_due' | 'expired'
>({
  type: 'string',
  enum: ['pending', 'paid', 'completed', 'canceled', 'failed', 'refund_due', 'expired'],
});
export type OrderStatus = Static<typeof OrderStatus>;

export const OrderItem = ResponseObject({
  id: Type.Integer(),
  /** null once the product is gone from the catalogue */
  product_id: Nullable(Type.Integer()),
  product_name: Bilingual,
  quantity: ResponseObject({ en: Type.Integer() }),
  total_price: ResponseObject({ en: Type.Number() }),
  size: Nullable(Type.String()),
  color: Nullable(Type.String()),
  /** unit price */
  price: Type.Number(),
});
export type OrderItem = Static<typeof OrderItem>;

/**
 * A payment attempt's state: declined is a declined try the gateway may still take money for (the shopper may pay
 * on the same page); amount_mismatch, money received for another amount or currency than the order's, which the
 * shop's staff look at; refund_due is money received that the order could not take; refunded, given back.
 */
export const PaymentAttemptState = Type.Unsafe<
  'pending' | 'declined' | 'paid' | 'failed' | 'canceled' | 'amount_mismatch' | 'refund_due' | 'refunded'
>({
  type: 'string',
  enum: ['pending', 'declined', 'paid', 'failed', 'canceled', 'amount_mismatch', 'refund_due', 'refunded'],
});
export type PaymentAttemptState = Static<typeof PaymentAttemptState>;

/** One payment attempt of an order (extension): each time a payment was started, what became of it. */
export const OrderPayment = ResponseObject({
  id: Type.Integer(),
  state: PaymentAttemptState,
  /** asked for while pending; what the gateway received once paid or refund_due */
  amount: Type.Number(),
  currency: Type.String(),
  created_at: Type.String(),
  refunded_at: Nullable(Type.String()),
});
export type OrderPayment = Static<typeof OrderPayment>;

/** What every answer about an order starts with, the shopper's and the back office's: which, its state, how much. */
export const OrderHeadFields = {
  id: Type.Integer(),
  status: OrderStatus,
  total_price: Type.Number(),
  currency: Type.String(),
  created_at: Type.String(),
};

/** Where an order goes, how it is paid, and its lines and their sums, the shopper's and the back office's. */
export const OrderDeliveryFields = {
  /** street address, area, governorate */
  address: Type.String(),
  governorate_name: Type.String(),
  area_name: Type.String(),
  payment_method: Type.String(),
  subtotal: Type.Number(),
  discount_amount: Type.Number(),
  coupon_code: Nullable(Type.String()),
  shipping_cost: Type.Number(),
  items: Type.Array(OrderItem),
};

export const Order = ResponseObject({
  ...OrderHeadFields,
  ...OrderDeliveryFields,
  /** extension: true while money received for this order waits to be given back (a second payment, or paid too late) */
  refund_due: Type.Boolean(),
  /** extension: every payment attempt of the order, oldest first */
  payments: Type.Array(OrderPayment),
});
export type Order = Static<typeof Order>;

export const OrdersResponse = Type.Array(Order);
export type OrdersResponse = Static<typeof OrdersResponse>;

export const OrderParams = Type.Object({ id: IdText });

export const CancelOrderResponse = ResponseObject({ message: Type.String(), order: Order });
export type CancelOrderResponse = Static<typeof CancelOrderResponse>;

const REPEAT_NOTE =
  "the same request again within 2 minutes (or the same `Idempotency-Key` header within 24 h) answers the first order; another request for the same cart lines, address and contact while the owner's earlier order of them is unpaid (confirmed again after Back from the payment page) replaces that order (cancelled, its stock back; a payment that still comes for it is kept to be refunded); empty cart 422 `{ message: 'Your cart is empty.' }`; an area the shop does not deliver to 422 `errors.area_name`; more than MAX_QUANTITY_PER_PRODUCT (10) pieces of a product 422 `errors.cart`; MAX_PENDING_ORDERS (3) unpaid orders of this shopper or guest cart, or of this client address, 429 `You have too many unpaid orders. …`; ORDER_RATE_LIMIT (10 in 10 minutes per client address) 429 `Too many orders. Please try again later.`; no gateway 503";

export const Orders = endpoints({
  create: {
    method: 'POST',
    url: '/create-order',
    auth: 'bearer',
    notes: REPEAT_NOTE,
    schema: { body: CreateOrderBody, response: { 201: OrderCreatedResponse } },
  },
  guestCreate: {
    method: 'POST',
    url: '/guest/create-order',
    notes: `coupons are for signed-in shoppers; ${REPEAT_NOTE}`,
    schema: { body: GuestCreateOrderBody, response: { 201: GuestOrderCreatedResponse } },
  },
  list: {
    method: 'GET',
    url: '/orders',
    auth: 'bearer',
    notes: 'newest first, each with its detail',
    schema: { response: { 200: OrdersResponse } },
  },
  detail: {
    method: 'GET',
    url: '/orders/:id',
    auth: 'bearer',
    notes: "another shopper's or unknown 404 `{message:'Order not found'}`",
    schema: { params: OrderParams, response: { 200: Order } },
  },
  cancel: {
    method: 'POST',
    url: '/orders/:id/cancel',
    auth: 'bearer',
    notes:
      "a pending, unpaid order only (the gateway is asked first): its stock goes back on sale; paid or closed 409 `{ message: 'Only an unpaid order can be cancelled.' }`; another shopper's or unknown 404",
    schema: { params: OrderParams, response: { 200: CancelOrderResponse } },
  },
});
