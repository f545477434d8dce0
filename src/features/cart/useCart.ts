import { skipToken } from '@reduxjs/toolkit/query';

import { useAppSelector } from '../../app/hooks';
import { selectLanguage } from '../settings/public';
import { useGetCartQuery, useGetGuestCartQuery } from './cartApi';
import { selectGuestToken } from './cartSlice';

/**
 * The shopper's cart: the user cart when signed in, else the guest cart; without any token the cart is empty and
 * no call is made (spec 02 §4).
 */
export function useCartItems() {
  const token = useAppSelector((state) => state.auth.token);
  const guestToken = useAppSelector(selectGuestToken);
  const lang = useAppSelector(selectLanguage);
  const user = useGetCartQuery(token ? { lang } : skipToken);
  const guest = useGetGuestCartQuery(!token && guestToken ? { guestToken, lang } : skipToken);
  return token ? user : guest;
}

export function useCartCount(): number {
  const { data } = useCartItems();
  return data?.reduce((sum, item) => sum + item.quantity, 0) ?? 0;
}
