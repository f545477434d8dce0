import { api } from '../../app/api';
import type { Language } from '../../app/events';

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
  }),
});

export const { useGetCartQuery, useGetGuestCartQuery } = cartApi;
