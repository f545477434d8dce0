// Which coupons can take an order's goods to nothing (issue 47, finding 3), the one rule of the back office's form and
// the server: a percent coupon of 100, or an amount coupon whose amount reaches its own minimum (a subtotal between
// the minimum and the amount exists). Such a coupon needs staff's explicit confirmation (allows_free_orders).
export function mayMakeGoodsFree(coupon: {
  kind: 'percent' | 'amount';
  value: number;
  minTotal: number;
}): boolean {
  return coupon.kind === 'percent' ? coupon.value >= 100 : coupon.value >= coupon.minTotal;
}
