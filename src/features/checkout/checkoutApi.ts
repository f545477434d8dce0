import { api } from '../../app/api';

export interface Address {
  id: number;
  name: string;
  address: string;
  apartment_number: string;
  city: string;
  mobile_number: string;
  code_number: string;
  country_code: string;
}

export interface NewAddress {
  name: string;
  address: string;
  mobile_number: string;
  apartment_number: string;
  city: string;
  code_number: string;
  country_code: string;
}

/** The order creation payload of the spec, plus the coupon and currency the server prices with. */
export interface OrderPayload {
  governorate_name: string;
  area_name: string;
  address: string;
  payment_method: string;
  shipping_cost: number;
  total_price: number;
  guest_phone: string;
  guest_email: string;
  guest_country_code: string;
  coupon_code?: string;
  currency?: string;
}

export interface CreatedOrder {
  message?: string;
  order_id?: number;
  payment_url?: string;
  guest_token?: string;
}

export interface PaymentMethod {
  PaymentMethodId: number;
  PaymentMethodAr: string;
  PaymentMethodEn: string;
  ImageUrl: string;
  ServiceCharge: number;
  CurrencyIso: string;
  TotalAmount: number;
  PaymentCurrencyIso: string;
}

export interface PaymentOwner {
  order_id: number;
  guest_token?: string;
}

export interface PaymentStatusAnswer {
  order_id: number | null;
  status: string;
  payment_status: string;
  payment_id: string;
  total_price?: number;
  currency?: string;
}

/** Spec: payment execution always names Saudi Arabia as the country. */
export const PAYMENT_COUNTRY_CODE = 'SAU';

export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAddresses: build.query<Address[], void>({
      query: () => 'addresses',
      transformResponse: (body: { addresses?: Address[] }) => body.addresses ?? [],
      providesTags: [{ type: 'Address', id: 'LIST' }],
    }),
    addAddress: build.mutation<{ message: string; address: Address }, NewAddress>({
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
      PaymentOwner & { invoice_value?: number; currency_iso?: string; country_code: string }
    >({
      query: (body) => ({ url: 'initiate-payment', method: 'POST', body }),
      transformResponse: (body: { payment_methods?: PaymentMethod[] }) => body.payment_methods ?? [],
      providesTags: [{ type: 'PaymentMethod', id: 'LIST' }],
    }),
    executePayment: build.mutation<
      { payment_result?: { PaymentURL?: string; InvoiceId?: string } },
      PaymentOwner & { invoice_value?: number; payment_method_id: number; country_code: string }
    >({
      query: (body) => ({ url: 'execute-payment', method: 'POST', body }),
    }),
    getPaymentStatus: build.query<PaymentStatusAnswer, string>({
      query: (paymentId) => `payments/${encodeURIComponent(paymentId)}/status`,
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
