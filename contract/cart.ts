// The signed-in shopper's cart (bearer) and the guest cart (guest_token).
import { Type, type Static } from 'typebox';
import {
  ResponseObject,
  DatabaseId,
  endpoints,
  IdText,
  MessageResponse,
  Nullable,
  type ReadBody,
} from './common';
import { Product } from './catalog';

export const MAX_QUANTITY = 100_000;

export const CartItem = ResponseObject({
  id: Type.Integer(),
  product_id: Type.Integer(),
  quantity: Type.Integer(),
  size: Nullable(Type.String()),
  color: Nullable(Type.String()),
  /**
   * The line's currency. The shop's API may send null (a line added before the shopper chose a country); this
   * server always names one. Clients hide such lines and ask for a country.
   */
  currency: Nullable(Type.String()),
  /** Absent when the product left the shop since it was added (this server leaves such lines out). */
  product: Type.Optional(Product),
});
export type CartItem = Static<typeof CartItem>;

const GuestToken = Type.String({ maxLength: 200 });

/** A size or colour as its name or id, or null; checked against the product's own choices. */
export const Choice = Type.Union([Type.String({ maxLength: 100 }), Type.Integer(), Type.Null()]);
export type Choice = Static<typeof Choice>;

/** `currency_code` shows every line's prices in that currency, as the catalogue does (unknown: 422). */
export const CartQuery = Type.Object({
  lang: Type.Optional(Type.String({ maxLength: 10 })),
  currency_code: Type.Optional(Type.String({ maxLength: 10 })),
});
export type CartQuery = Static<typeof CartQuery>;

export const GuestCartQuery = Type.Object({
  ...CartQuery.properties,
  guest_token: Type.Optional(GuestToken),
});
export type GuestCartQuery = Static<typeof GuestCartQuery>;

export const AddToCartBody = Type.Object({
  product_id: DatabaseId,
  quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_QUANTITY, default: 1 })),
  size: Type.Optional(Choice),
  color: Type.Optional(Choice),
  currency: Type.Optional(Nullable(Type.String({ maxLength: 10 }))),
  /** guest cart only; absent on the first add, which creates the cart */
  guest_token: Type.Optional(Nullable(GuestToken)),
});
export type AddToCartBody = Static<typeof AddToCartBody>;

export const UpdateCartBody = Type.Object({
  quantity: Type.Integer({ minimum: 1, maximum: MAX_QUANTITY }),
  /** picks one line when the product is in the cart with several choices */
  size: Type.Optional(Choice),
  color: Type.Optional(Choice),
  guest_token: Type.Optional(GuestToken),
});
export type UpdateCartBody = Static<typeof UpdateCartBody>;

/**
 * DELETE bodies are optional and any JSON: a size/colour picks one line, the guest token may also come in the
 * query string. Read leniently by the route, so no schema refuses them.
 */
export interface RemoveFromCartBody {
  size?: unknown;
  color?: unknown;
  guest_token?: unknown;
}
const REMOVE_BODY = 'optional JSON: size, color';

/** For the published document: what a removal may carry, any JSON in each field (the route reads it leniently). */
const removeBody = (fields: readonly string[]): ReadBody => ({
  mediaType: 'application/json',
  required: false,
  schema: Type.Object(Object.fromEntries(fields.map((field) => [field, Type.Optional(Type.Unknown())]))),
});

export const CartProductParams = Type.Object({ product_id: IdText });

export const MergeCartBody = Type.Object({ guest_token: GuestToken });
export type MergeCartBody = Static<typeof MergeCartBody>;

/** Lines moved as they were, lines capped at the stock, out-of-stock lines left out. */
export const MergeCartResponse = ResponseObject({
  message: Type.String(),
  merged: Type.Integer(),
  capped: Type.Integer(),
  dropped: Type.Integer(),
});
export type MergeCartResponse = Static<typeof MergeCartResponse>;

export const CartResponse = ResponseObject({ cart_items: Type.Array(CartItem) });
export type CartResponse = Static<typeof CartResponse>;

export const CartItemResponse = ResponseObject({ message: Type.String(), cart_item: CartItem });
export type CartItemResponse = Static<typeof CartItemResponse>;

export const GuestCartItemResponse = ResponseObject({
  message: Type.String(),
  cart_item: CartItem,
  guest_token: Type.String(),
});
export type GuestCartItemResponse = Static<typeof GuestCartItemResponse>;

const GUEST_NOTES = "a missing or unknown guest_token 401 `{ message: 'Unauthenticated.' }`";

const CAP_NOTE =
  ' above MAX_QUANTITY_PER_PRODUCT (10, published as `maxQuantityPerProduct` in /config.js) 422 `errors.quantity` `The quantity may not be greater than the limit per order (10).`';

export const Cart = endpoints({
  list: {
    method: 'GET',
    url: '/cart',
    auth: 'bearer',
    notes: 'an unknown currency_code 422 `errors.currency_code`',
    schema: { querystring: CartQuery, response: { 200: CartResponse } },
  },
  add: {
    method: 'POST',
    url: '/cart/add',
    auth: 'bearer',
    notes: `quantity above the stock, or with the product's other lines${CAP_NOTE}`,
    schema: { body: AddToCartBody, response: { 200: CartItemResponse } },
  },
  update: {
    method: 'POST',
    url: '/cart/update/:product_id',
    auth: 'bearer',
    notes: `a size/colour matching none of the product's lines 404 \`{ message: 'Product not found in cart' }\`; quantity with the product's other lines${CAP_NOTE}`,
    schema: { params: CartProductParams, body: UpdateCartBody, response: { 200: CartItemResponse } },
  },
  remove: {
    method: 'DELETE',
    url: '/cart/product/:product_id',
    auth: 'bearer',
    bodyNote: REMOVE_BODY,
    readBody: removeBody(['size', 'color']),
    schema: { params: CartProductParams, response: { 200: MessageResponse } },
  },
  merge: {
    method: 'POST',
    url: '/cart/merge',
    auth: 'bearer',
    notes:
      "on sign-in: the guest cart moves into the user's (same product and choices add up, capped at the stock and at MAX_QUANTITY_PER_PRODUCT pieces of a product; out of stock left out) and is deleted; the guest cart's orders become the user's; an unknown or already merged guest_token 404",
    schema: { body: MergeCartBody, response: { 200: MergeCartResponse } },
  },
  guestList: {
    method: 'GET',
    url: '/guest/cart',
    notes: `${GUEST_NOTES}; an unknown currency_code 422`,
    schema: { querystring: GuestCartQuery, response: { 200: CartResponse } },
  },
  guestAdd: {
    method: 'POST',
    url: '/guest/cart/add',
    notes: `the first add (no guest_token) creates the cart and answers its token (new carts: 20 a minute per client address, then 429); an unknown token 401; quantity with the product's other lines${CAP_NOTE}`,
    schema: { body: AddToCartBody, response: { 200: GuestCartItemResponse } },
  },
  guestUpdate: {
    method: 'POST',
    url: '/guest/cart/update/:product_id',
    notes: `${GUEST_NOTES}; quantity with the product's other lines${CAP_NOTE}`,
    schema: { params: CartProductParams, body: UpdateCartBody, response: { 200: CartItemResponse } },
  },
  guestRemove: {
    method: 'DELETE',
    url: '/guest/cart/product/:product_id',
    notes: `${GUEST_NOTES}; guest_token in the body or the query`,
    bodyNote: `${REMOVE_BODY}, guest_token (or ?guest_token=)`,
    readBody: removeBody(['size', 'color', 'guest_token']),
    schema: { params: CartProductParams, response: { 200: MessageResponse } },
  },
});
