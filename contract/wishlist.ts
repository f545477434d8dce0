// Favourites of the signed-in shopper.
import { Type, type Static } from 'typebox';
import { ResponseObject, DatabaseId, endpoints, IdText, MessageResponse } from './common';
import { CatalogQuery, Product } from './catalog';

export const WishlistEntry = ResponseObject({
  wishlist_id: Type.Integer(),
  product_id: Type.Integer(),
  product_details: Product,
});
export type WishlistEntry = Static<typeof WishlistEntry>;

export const WishlistResponse = Type.Array(WishlistEntry);
export type WishlistResponse = Static<typeof WishlistResponse>;

export const AddToWishlistBody = Type.Object({
  /** sent by the SPA, never trusted: the list is the token's bearer's */
  user_id: Type.Optional(Type.Unknown()),
  product_id: DatabaseId,
});
export type AddToWishlistBody = Static<typeof AddToWishlistBody>;

export const WishlistAddedResponse = ResponseObject({
  message: Type.String(),
  /** absent only when the entry was removed again meanwhile */
  wishlist_id: Type.Optional(Type.Integer()),
});
export type WishlistAddedResponse = Static<typeof WishlistAddedResponse>;

export const WishlistParams = Type.Object({ wishlist_id: IdText });

export const Wishlist = endpoints({
  list: {
    method: 'GET',
    url: '/user-wishlist',
    auth: 'bearer',
    notes: 'prices in `currency_code` as `converted_products`; an unknown code keeps KWD',
    schema: { querystring: CatalogQuery, response: { 200: WishlistResponse } },
  },
  add: {
    method: 'POST',
    url: '/wishlist',
    auth: 'bearer',
    notes: "already there: 200 `message: 'Product is already in your wishlist'` with its wishlist_id",
    schema: { body: AddToWishlistBody, response: { 200: WishlistAddedResponse, 201: WishlistAddedResponse } },
  },
  remove: {
    method: 'DELETE',
    url: '/wishlist/:wishlist_id',
    auth: 'bearer',
    notes: '404 when gone',
    schema: { params: WishlistParams, response: { 200: MessageResponse } },
  },
});
