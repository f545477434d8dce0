import type { Address, AddressAddedResponse, AddressesResponse } from '../../../contract/addresses';
import type {
  CreateOrderBody,
  GuestOrderCreatedResponse,
  OrderCreatedResponse,
} from '../../../contract/orders';
import type {
  ExecutePaymentResponse,
  ExecutePaymentBody,
  InitiatePaymentResponse,
  InitiatePaymentBody,
  PaymentMethod,
  PaymentStatusResponse,
  PaymentStatusQuery,
} from '../../../contract/payments';
import { api } from '../../app/api';

export type { Address } from '../../../contract/addresses';
export type { PaymentMethod, PaymentStatusResponse } from '../../../contract/payments';

/** What the checkout form sends to save a new address. */
export type NewAddress = Pick<
  Address,
  'name' | 'address' | 'mobile_number' | 'apartment_number' | 'city' | 'code_number' | 'country_code'
>;

/** The contract takes loose bodies (checked by the server's own rules); this form sends texts as strings. */
type TextsOf<T> = { [K in keyof T]-?: Extract<T[K], string> };

/** The order creation payload: the contract's body as this form sends it (amounts as numbers, no guest token). */
export type OrderPayload = Omit<
  TextsOf<CreateOrderBody>,
  'guest_token' | 'shipping_cost' | 'total_price' | 'shown_total' | 'coupon_code' | 'currency'
> &
  Partial<Pick<TextsOf<CreateOrderBody>, 'coupon_code' | 'currency'>> & {
    shipping_cost: number;
    total_price: number;
    /** the total the summary shows: the server refuses the order if the prices no longer make it */
    shown_total: number;
  };

/** Either creation answer: a guest's also carries its cart's token. */
export type CreatedOrder = OrderCreatedResponse & Partial<Pick<GuestOrderCreatedResponse, 'guest_token'>>;

/** Which order a payment call is for; a guest names its cart's token. */
export type PaymentOwner = Required<Pick<InitiatePaymentBody, 'order_id'>> &
  Pick<InitiatePaymentBody, 'guest_token'>;

/** A payment's status: the payment, and what shows the asker may read it (see PaymentStatusQuery). */
export type PaymentStatusRequest = { paymentId: string } & PaymentStatusQuery;

/** Spec: payment execution always names Saudi Arabia as the country. */
export const PAYMENT_COUNTRY_CODE = 'SAU';

export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAddresses: build.query<Address[], void>({
      query: () => 'addresses',
      transformResponse: (body: AddressesResponse) => body.addresses,
      providesTags: [{ type: 'Address', id: 'LIST' }],
    }),
    addAddress: build.mutation<AddressAddedResponse, NewAddress>({
      query: (body) => ({ url: 'addresses', method: 'POST', body }),
      invalidatesTags: [{ type: 'Address', id: 'LIST' }],
    }),
    createOrder: build.mutation<CreatedOrder, { payload: OrderPayload; idempotencyKey: string }>({
      query: ({ payload, idempotencyKey }) => ({
        url: 'create-order',
        method: 'POST',
        body: payload,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: [{ type: 'Order', id: 'LIST' }],
    }),
    createGuestOrder: build.mutation<
      CreatedOrder,
      { payload: OrderPayload & { guest_token?: string }; idempotencyKey: string }
    >({
      query: ({ payload, idempotencyKey }) => ({
        url: 'guest/create-order',
        method: 'POST',
        body: payload,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    }),
    initiatePayment: build.query<
      PaymentMethod[],
      PaymentOwner & Pick<InitiatePaymentBody, 'invoice_value' | 'currency_iso'> & { country_code: string }
    >({
      query: (body) => ({ url: 'initiate-payment', method: 'POST', body }),
      transformResponse: (body: InitiatePaymentResponse) => body.payment_methods,
      providesTags: [{ type: 'PaymentMethod', id: 'LIST' }],
    }),
    executePayment: build.mutation<
      ExecutePaymentResponse,
      PaymentOwner &
        Pick<ExecutePaymentBody, 'invoice_value' | 'payment_method_id'> & { country_code: string }
    >({
      query: (body) => ({ url: 'execute-payment', method: 'POST', body }),
    }),
    getPaymentStatus: build.query<PaymentStatusResponse, PaymentStatusRequest>({
      // Only the order's owner (the session's bearer, or the guest cart's token) or the return link's signature
      // reads it; the parameters not known are left out.
      query: ({ paymentId, ...proof }) => ({
        url: `payments/${encodeURIComponent(paymentId)}/status`,
        params: Object.fromEntries(Object.entries(proof).filter(([, value]) => value)),
      }),
      // The outcome of a payment is read anew each time the page asks.
      keepUnusedDataFor: 0,
      providesTags: (answer) => (answer?.order_id ? [{ type: 'Order', id: answer.order_id }] : []),
    }),
  }),
});

export const {
  useGetAddressesQuery,
  useAddAddressMutation,
  useCreateOrderMutation,
  useCreateGuestOrderMutation,
  useInitiatePaymentQuery,
  useExecutePaymentMutation,
  useGetPaymentStatusQuery,
} = checkoutApi;
