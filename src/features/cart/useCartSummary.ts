import { useMemo } from 'react';

import { useAppSelector } from '../../app/hooks';
import { orderSummary, type OrderSummary } from '../../../shared/orderSummary';
import { selectIsAuthenticated } from '../auth/public';
import { selectCoupons } from '../catalog/public';
import { appliedTermsIn, selectAppliedCoupon } from '../coupon/public';
import { selectCurrency } from '../settings/public';
import { selectShippingChoice } from '../shipping/public';
import { cartView, type CartView } from './cartLines';
import { selectCartFromSnapshot } from './cartSlice';
import type { CartItem } from './types';
import { useCartItems } from './useCart';

export interface CartSummary extends CartView {
  summary: OrderSummary;
  /** a percent coupon counted (signed-in shoppers only); 0 without one or for an amount coupon */
  couponPercent: number;
  /** the coupon counted in the summary: its code and kind (null: none, or under its minimum) */
  couponCounted: { code: string; kind: 'percent' | 'amount'; percent: number } | null;
  /** available lines only: the ones the order is made of */
  orderLines: CartView['lines'];
  /** the cart's items as answered (lines without a currency too) */
  items: readonly CartItem[];
  /** the lines are the snapshot the last visit left in RTK Query's cache: the server has not answered yet */
  lastKnown: boolean;
  /**
   * an area is chosen but its price in the summary's currency is not answered yet (the page's start, a currency
   * switch): the delivery and the total are not shown, and no order is sent, until it is
   */
  shippingPending: boolean;
}

const NO_ITEMS: readonly CartItem[] = [];

/**
 * The cart's lines and its exact summary: subtotal of the available lines, the signed-in shopper's coupon, the
 * chosen area's shipping price. Until the server answers, the cache holds the snapshot of this cart the last visit
 * left (`lastKnown`: what only the server's answer allows waits for it).
 */
export function useCartSummary(): CartSummary & { query: ReturnType<typeof useCartItems> } {
  const query = useCartItems();
  const currency = useAppSelector(selectCurrency);
  const signedIn = useAppSelector(selectIsAuthenticated);
  const coupon = useAppSelector(selectAppliedCoupon);
  const shipping = useAppSelector(selectShippingChoice);
  const listed = useAppSelector(selectCoupons);
  const fromSnapshot = useAppSelector(selectCartFromSnapshot);
  const items = query.data ?? NO_ITEMS;
  const lastKnown = fromSnapshot && query.data !== undefined;
  const view = useMemo(() => cartView(items, currency), [items, currency]);
  const figures = useMemo(() => {
    const orderLines = view.lines.filter((line) => !line.unavailable);
    const summaryCurrency = orderLines[0]?.currency ?? currency;
    const terms = signedIn && coupon ? appliedTermsIn(coupon, listed, summaryCurrency) : null;
    // A price of another currency (the areas' answer before a switch) is not added to this one's lines.
    const shippingPending = shipping.areaId !== null && shipping.answeredIn !== summaryCurrency;
    const summary = orderSummary({
      currency: summaryCurrency,
      lines: orderLines.map((line) => ({ unitPrice: line.unitPrice, quantity: line.item.quantity })),
      coupon: terms,
      shippingPrice: shipping.areaId !== null && !shippingPending ? shipping.shippingPrice : 0,
    });
    const couponCounted =
      coupon && terms && !summary.couponBelowMinimum
        ? { code: coupon.code, kind: terms.kind, percent: terms.percent }
        : null;
    const couponPercent = couponCounted?.kind === 'percent' ? couponCounted.percent : 0;
    return { ...view, items, orderLines, summary, couponPercent, couponCounted, lastKnown, shippingPending };
  }, [view, items, signedIn, coupon, listed, shipping, currency, lastKnown]);
  // The snapshot is no answer: `query` is the server's own state (loading, or failed), so what only an answer
  // allows (checkout's order, the load-failure screen) waits for it.
  const answered = useMemo(
    () =>
      lastKnown
        ? ({
            ...query,
            data: undefined,
            currentData: undefined,
            isSuccess: false,
            isLoading: !query.isError,
          } as typeof query)
        : query,
    [query, lastKnown],
  );
  return { ...figures, query: answered };
}
