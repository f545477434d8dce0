import { api } from '../../app/api';
import type { CartAddRequest, Language } from '../../app/events';
import { guestTokenIssued } from './cartSlice';

export interface CartProduct {
  id: number;
  name: string;
  image_temp?: string | null;
  price: number;
  discounted_price?: number | null;
  category?: string;
}

export interface CartItem {
  id: number;
  product_id: number;
  quantity: number;
  size: string | null;
  color: string | null;
  currency: string | null;
  product?: CartProduct;
}

export interface AddToCartAnswer {
  message?: string;
  cart_item?: CartItem;
  guest_token?: string;
}

export interface GuestCartAddRequest extends CartAddRequest {
  /** absent on a guest's first add: the answer issues one */
  guest_token?: string;
}

const langParams = (lang: Language) => (lang === 'ar' ? { lang: 'ar' } : undefined);

export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCart: build.query<CartItem[], { lang: Language }>({
      query: ({ lang }) => ({ url: 'cart', params: langParams(lang) }),
      transformResponse: (body: { cart_items?: CartItem[] }) => body.cart_items ?? [],
      providesTags: [{ type: 'Cart', id: 'LIST' }],
    }),
    getGuestCart: build.query<CartItem[], { guestToken: string; lang: Language }>({
      query: ({ guestToken, lang }) => ({
        url: 'guest/cart',
        params: { guest_token: guestToken, ...langParams(lang) },
      }),
      transformResponse: (body: { cart_items?: CartItem[] }) => body.cart_items ?? [],
      providesTags: [{ type: 'Cart', id: 'LIST' }],
    }),
    addToCart: build.mutation<AddToCartAnswer, CartAddRequest>({
      query: (body) => ({ url: 'cart/add', method: 'POST', body }),
      invalidatesTags: [{ type: 'Cart', id: 'LIST' }],
    }),
    addToGuestCart: build.mutation<AddToCartAnswer, GuestCartAddRequest>({
      query: (body) => ({ url: 'guest/cart/add', method: 'POST', body }),
      // The first guest add issues the guest token; it is stored before the cart list refetches with it.
      async onQueryStarted(request, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data.guest_token && data.guest_token !== request.guest_token) {
            dispatch(guestTokenIssued(data.guest_token));
          }
        } catch {
          // The caller reports the failure.
        }
      },
      invalidatesTags: [{ type: 'Cart', id: 'LIST' }],
    }),
  }),
});

export const { useGetCartQuery, useGetGuestCartQuery, useAddToCartMutation, useAddToGuestCartMutation } =
  cartApi;
