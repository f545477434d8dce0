// The cart's shapes as the API contract gives them (docs/api-contract.md, Shop: CartItem).
import type { Language } from '../../app/events';

export interface CartProduct {
  id: number;
  name: string;
  image_temp: string;
  price: number;
  discounted_price: number | null;
  converted_products?: { currency_code: string; price: number; discounted_price: number | null };
  category: string;
  category_id?: number;
  rating: number;
  stock_quantity: number;
  stock_warning: { warning_ar: string; warning_en: string } | null;
  attributes: { attribute_name: string; sub_attributes: { id: number; name: string }[] }[];
}

export interface CartItem {
  id: number;
  product_id: number;
  quantity: number;
  size: string | null;
  color: string | null;
  currency: string | null;
  /** absent when the product was removed from the shop since it was added */
  product?: CartProduct;
}

export interface AddToCartAnswer {
  message?: string;
  cart_item?: CartItem;
  guest_token?: string;
}

/** Which cart a query reads: the user cart (bearer) when guestToken is null, else that guest cart. */
export interface CartArgs {
  guestToken: string | null;
  lang: Language;
  currency: string;
}

/** What happened to each guest line when it moved into the user cart on sign-in. */
export interface CartMergeReport {
  merged: number;
  capped: number;
  dropped: number;
}
