// The cart's wire shapes come from the contract (types only: nothing of it reaches the bundle).
import type { Language } from '../../app/events';

import type { CartItemResponse, GuestCartItemResponse } from '../../../contract/cart';

export type { CartItem, MergeCartResponse as CartMergeReport } from '../../../contract/cart';
export type { Product as CartProduct } from '../../../contract/catalog';

/** The add and update answers; a guest's first add also carries the new cart's token. */
export type AddToCartResponse = CartItemResponse & Partial<Pick<GuestCartItemResponse, 'guest_token'>>;

/**
 * Which cart a query reads: the user cart (bearer) when guestToken is null, else that guest cart. The user's id is
 * part of it, so one account's answer is never another's (in RTK Query's cache and in the persisted cart).
 */
export interface CartArgs {
  guestToken: string | null;
  userId: number | null;
  lang: Language;
  currency: string;
}
