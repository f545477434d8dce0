import { api } from '../../app/api';
import type { Language } from '../../app/events';
import type { CartArgs, CartItem } from './types';

export const CART_LIST = { type: 'Cart', id: 'LIST' } as const;

const langParams = (lang: Language) => (lang === 'ar' ? { lang: 'ar' } : {});

/** The cart list: in the first JavaScript, because the navbar shows its count on every page. */
export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCart: build.query<CartItem[], CartArgs>({
      query: ({ guestToken, lang, currency }) => ({
        url: guestToken ? 'guest/cart' : 'cart',
        params: {
          ...(guestToken ? { guest_token: guestToken } : {}),
          ...langParams(lang),
          currency_code: currency,
        },
      }),
      transformResponse: (body: { cart_items?: CartItem[] }) => body.cart_items ?? [],
      providesTags: [CART_LIST],
    }),
  }),
});

export const { useGetCartQuery } = cartApi;
