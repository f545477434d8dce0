import { useMemo } from 'react';

import { useAppSelector } from '../../app/hooks';
import { orderSummary, type OrderSummary } from '../../../shared/orderSummary';
import { selectIsAuthenticated } from '../auth/public';
import { selectAppliedCoupon } from '../coupon/public';
import { selectCurrency } from '../settings/public';
import { selectShippingChoice } from '../shipping/public';
import { cartView, type CartView } from './cartLines';
import { useCartItems } from './useCart';

export interface CartSummary extends CartView {
  summary: OrderSummary;
  /** the coupon counted (signed-in shoppers only), as a percentage; 0 without one */
  couponPercent: number;
  /** available lines only: the ones the order is made of */
  orderLines: CartView['lines'];
}

/**
 * The cart's lines and its exact summary: subtotal of the available lines, the signed-in shopper's coupon, the
 * chosen area's shipping price.
 */
export function useCartSummary(): CartSummary & { query: ReturnType<typeof useCartItems> } {
  const query = useCartItems();
  const currency = useAppSelector(selectCurrency);
  const signedIn = useAppSelector(selectIsAuthenticated);
  const coupon = useAppSelector(selectAppliedCoupon);
  const shipping = useAppSelector(selectShippingChoice);
  const couponPercent = signedIn && coupon ? coupon.percent : 0;
  const shippingPrice = shipping.areaId !== null ? shipping.shippingPrice : 0;
  const view = useMemo(() => cartView(query.data, currency), [query.data, currency]);
  const figures = useMemo(() => {
    const orderLines = view.lines.filter((line) => !line.unavailable);
    const summary = orderSummary({
      currency: orderLines[0]?.currency ?? currency,
      lines: orderLines.map((line) => ({ unitPrice: line.unitPrice, quantity: line.item.quantity })),
      couponPercent,
      shippingPrice,
    });
    return { ...view, orderLines, summary, couponPercent };
  }, [view, couponPercent, shippingPrice, currency]);
  return { ...figures, query };
}
