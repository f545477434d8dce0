import type { AddReviewBody } from '../../../contract/catalog';
import type { CancelOrderResponse, Order, OrdersResponse } from '../../../contract/orders';
import { api } from '../../app/api';

export type { Order, OrderItem } from '../../../contract/orders';

/** The review body the rating dialog sends (the author is the token's bearer; user_id only for the spec). */
export type ReviewSubmission = AddReviewBody & { user_id: number | null };

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrders: build.query<Order[], void>({
      query: () => 'orders',
      transformResponse: (body: OrdersResponse | { data?: Order[] }) =>
        Array.isArray(body) ? body : (body.data ?? []),
      providesTags: (orders) => [
        { type: 'Order', id: 'LIST' },
        ...(orders ?? []).map((order) => ({ type: 'Order' as const, id: order.id })),
      ],
    }),
    /** One order with its detail (address, payment method, items): asked when its card is opened. */
    getOrder: build.query<Order, number>({
      query: (id) => `orders/${id}`,
      transformResponse: (body: Order | { data?: Order }) =>
        'data' in body && body.data ? body.data : (body as Order),
      providesTags: (_order, _error, id) => [{ type: 'Order', id }],
    }),
    cancelOrder: build.mutation<CancelOrderResponse, number>({
      query: (id) => ({ url: `orders/${id}/cancel`, method: 'POST', body: {} }),
      // The card shows the cancel at once; a refusal puts the order back as it was.
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          ordersApi.util.updateQueryData('getOrders', undefined, (orders) => {
            const order = orders.find((candidate) => candidate.id === id);
            if (order) order.status = 'canceled';
          }),
        );
        const detailPatch = dispatch(
          ordersApi.util.updateQueryData('getOrder', id, (order) => {
            order.status = 'canceled';
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
          detailPatch.undo();
        }
      },
      invalidatesTags: (_answer, _error, id) => [{ type: 'Order', id }],
    }),
    rateOrderedProduct: build.mutation<{ message: string }, ReviewSubmission>({
      query: (body) => ({ url: 'reviews/add', method: 'POST', body }),
      invalidatesTags: (_answer, _error, { product_id }) => [{ type: 'Review', id: product_id }],
    }),
  }),
});

export const { useGetOrdersQuery, useGetOrderQuery, useCancelOrderMutation, useRateOrderedProductMutation } =
  ordersApi;
