import { api } from '../../app/api';

export interface OrderItem {
  id: number;
  product_id: number | null;
  product_name: { en: string; ar?: string };
  quantity: { en: number };
  total_price: { en: number };
  size?: string | null;
  color?: string | null;
}

/** The list answer carries each order's detail, so a card expands without another call. */
export interface Order {
  id: number;
  status: string;
  total_price: number;
  currency: string;
  created_at: string;
  address?: string;
  payment_method?: string;
  items?: OrderItem[];
}

export interface ReviewSubmission {
  user_id: number | null;
  product_id: number;
  rating: number;
  review: string;
}

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrders: build.query<Order[], void>({
      query: () => 'orders',
      transformResponse: (body: Order[] | { data?: Order[] }) =>
        Array.isArray(body) ? body : (body.data ?? []),
      providesTags: (orders) => [
        { type: 'Order', id: 'LIST' },
        ...(orders ?? []).map((order) => ({ type: 'Order' as const, id: order.id })),
      ],
    }),
    cancelOrder: build.mutation<{ message: string; order: Order }, number>({
      query: (id) => ({ url: `orders/${id}/cancel`, method: 'POST', body: {} }),
      // The card shows the cancel at once; a refusal puts the order back as it was.
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          ordersApi.util.updateQueryData('getOrders', undefined, (orders) => {
            const order = orders.find((candidate) => candidate.id === id);
            if (order) order.status = 'canceled';
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
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

export const { useGetOrdersQuery, useCancelOrderMutation, useRateOrderedProductMutation } = ordersApi;
