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
  /** 'staff' and 'owner' see the back office's link; the server checks every staff call itself. */
  role?: string | null;
}
export const signedIn = createAction<SignedInPayload>('auth/signedIn');
export const signedOut = createAction('auth/signedOut');
/** Any 401 from the API while a token was held. */
export const sessionExpired = createAction('auth/sessionExpired');
/** The shopper confirmed a new e-mail with the code mailed to it: it is the account's address from now on. */
export const profileEmailChanged = createAction<{ email: string; userId: number }>('profile/emailChanged');
/**
 * The server named the account's role (the profile answer, or a back office call refused as not staff): a role
 * given or taken away since the sign-in shows at once, the back office's link and route included.
 */
export const roleAnswered = createAction<{ userId: number | null; role: string }>('auth/roleAnswered');
export const loginRequired = createAction<{ reason?: string } | undefined>('auth/loginRequired');

export const searchSubmitted = createAction<string>('catalog/searchSubmitted');
export const guestTokenRejected = createAction('cart/guestTokenRejected');
/** An answer outside the cart (a guest's order) named the guest token the cart goes on with. */
export const guestTokenIssued = createAction<string>('cart/guestTokenIssued');

/** What the shopper asks the cart to add (product detail → cart, which never import each other). */
export interface CartAddRequest {
  product_id: number;
  quantity: number;
  size: string | null;
  color: string | null;
  currency: string;
}
/** The shopper pressed add-to-cart with a valid choice; the cart feature's add mutation takes it from here. */
export const addToCartClicked = createAction<CartAddRequest>('catalog/addToCartClicked');

/**
 * Where RTK Query keeps the state of a product's add (the add mutation's `fixedCacheKey`): the cart starts the add
 * under it, the add buttons read its state there.
 */
export const addToCartKey = (productId: number): string => `add-to-cart:${productId}`;

/** The part of RTK Query's state the busy add buttons read: the mutations in flight. */
interface MutationsState {
  api: { mutations: Record<string, { status: string } | undefined> };
}

/**
 * Whether an add of this product is in flight: the add mutation's own pending state, so a button's busy state and
 * the add are one thing (the product page and the cards read it; neither imports the cart feature).
 */
export const selectIsAddingToCart = (state: MutationsState, productId: number): boolean =>
  state.api.mutations[addToCartKey(productId)]?.status === 'pending';
