// Coupons: the public list and applying one to the signed-in shopper's cart.
import { Type, type Static } from 'typebox';
import { ResponseObject, endpoints, Money, Nullable } from './common';
import { CatalogQuery } from './catalog';

export const Coupon = ResponseObject({
  id: Type.Integer(),
  code: Type.String(),
  /** 1 or 0 */
  is_active: Type.Integer(),
  /** ISO date */
  end_date: Type.String(),
  /** percent (kind percent) or KWD off the subtotal (kind amount) */
  discount: Type.Number(),
  /** percent when absent (the back office adds amount coupons) */
  kind: Type.Optional(Type.Unsafe<'percent' | 'amount'>({ type: 'string', enum: ['percent', 'amount'] })),
  /** the subtotal (KWD) it needs; 0 for none */
  min_total: Type.Optional(Type.Number()),
  /** ISO date it starts working; null at once */
  starts_on: Type.Optional(Nullable(Type.String())),
  /** with currency_code: the KWD figures in that currency, rounded to its minor unit (what the cart counts) */
  converted: Type.Optional(
    Type.Object({
      currency_code: Type.String(),
      /** kind amount: what it takes off; 0 for kind percent */
      amount: Type.Number(),
      min_total: Type.Number(),
    }),
  ),
});
export type Coupon = Static<typeof Coupon>;

export const CouponsResponse = Type.Array(Coupon);
export type CouponsResponse = Static<typeof CouponsResponse>;

export const ApplyCouponBody = Type.Object({
  coupon_code: Type.String({ minLength: 1, maxLength: 64 }),
  /** only counts when the server's cart is empty */
  cart_total: Type.Optional(Money),
});
export type ApplyCouponBody = Static<typeof ApplyCouponBody>;

export const ApplyCouponResponse = ResponseObject({
  message: Type.String(),
  code: Type.String(),
  /** percent; for kind amount its share of this cart */
  discount: Type.Number(),
  discount_amount: Type.Number(),
  new_total: Type.Number(),
  kind: Type.Optional(Type.Unsafe<'percent' | 'amount'>({ type: 'string', enum: ['percent', 'amount'] })),
  /** the cart's currency, that of amount and min_total */
  currency: Type.Optional(Type.String()),
  /** kind amount: what it takes off, in currency */
  amount: Type.Optional(Type.Number()),
  /** the subtotal it needs, in currency; 0 for none */
  min_total: Type.Optional(Type.Number()),
});
export type ApplyCouponResponse = Static<typeof ApplyCouponResponse>;

export const Coupons = endpoints({
  list: {
    method: 'GET',
    url: '/coupons',
    notes:
      'only the coupons a shopper can use now: switched on, started (starts_on today or before) and not ended (end_date after today, UTC); planned and switched-off ones are left out',
    schema: { querystring: CatalogQuery, response: { 200: CouponsResponse } },
  },
  apply: {
    method: 'POST',
    url: '/cart/apply-coupon',
    auth: 'bearer',
    notes:
      "invalid, not started or under its minimum 422 `{message}`; the server's own cart total wins over cart_total",
    schema: { body: ApplyCouponBody, response: { 200: ApplyCouponResponse } },
  },
});
