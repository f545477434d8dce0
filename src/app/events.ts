// Events more than one feature reacts to. They live here, not in a feature, so features never import each other.
import { createAction } from '@reduxjs/toolkit';

import type { Language } from '../lib/language';

export type { Language };

export const languageChanged = createAction<Language>('settings/languageChanged');
export const currencyChanged = createAction<string>('settings/currencyChanged');

export interface SignedInPayload {
  token: string;
  userId: number;
  email: string;
}
export const signedIn = createAction<SignedInPayload>('auth/signedIn');
export const signedOut = createAction('auth/signedOut');
/** Any 401 from the API while a token was held. */
export const sessionExpired = createAction('auth/sessionExpired');
/** The shopper changed their e-mail: the server mailed a code to the new address, which confirms it. */
export const profileEmailChanged = createAction<{ email: string; userId: number }>('profile/emailChanged');
export const loginRequired = createAction<{ reason?: string } | undefined>('auth/loginRequired');

export const searchSubmitted = createAction<string>('catalog/searchSubmitted');
export const guestTokenRejected = createAction('cart/guestTokenRejected');

/** Product detail asks the cart to add a line (catalog → cart, which never import each other). */
export interface CartAddRequest {
  product_id: number;
  quantity: number;
  size: string | null;
  color: string | null;
  currency: string;
}
export const addToCartRequested = createAction<CartAddRequest>('cart/addRequested');
/** login_required: a signed-in add was refused with 401; the catalog keeps the request and retries on signedIn. */
export type CartAddOutcome = 'added' | 'failed' | 'login_required';
export const addToCartSettled = createAction<{
  request: CartAddRequest;
  outcome: CartAddOutcome;
  message?: string;
}>('cart/addSettled');
