// Tabs of one browser share the cart, the delivery choice and the applied coupon: a change made in one tab
// reaches the others through the storage event (no polling).
import {
  cartChangedInAnotherTab,
  CART_PERSIST_KEY,
  selectCartRevision,
  selectGuestToken,
} from '../features/cart/cartSlice';
import {
  couponChangedInAnotherTab,
  COUPON_PERSIST_KEY,
  selectAppliedCoupon,
  type AppliedCoupon,
} from '../features/coupon/couponSlice';
import {
  selectShippingChoice,
  shippingChangedInAnotherTab,
  SHIPPING_PERSIST_KEY,
  type ShippingState as ShippingChoice,
} from '../features/shipping/shippingSlice';
import { onPersistedChange } from '../lib/storage';
import type { AppStore } from './store';

export function syncAcrossTabs(store: AppStore): () => void {
  const stops = [
    onPersistedChange(CART_PERSIST_KEY, (fields) => {
      const guestToken = typeof fields?.guestToken === 'string' ? fields.guestToken : null;
      const revision = typeof fields?.revision === 'number' ? fields.revision : 0;
      const state = store.getState();
      if (guestToken === selectGuestToken(state) && revision === selectCartRevision(state)) return;
      store.dispatch(cartChangedInAnotherTab({ guestToken, revision }));
    }),
    onPersistedChange(SHIPPING_PERSIST_KEY, (fields) => {
      if (!fields) return;
      const next = fields as unknown as ShippingChoice;
      const current = selectShippingChoice(store.getState());
      if (JSON.stringify(next) === JSON.stringify(current)) return;
      store.dispatch(shippingChangedInAnotherTab(next));
    }),
    onPersistedChange(COUPON_PERSIST_KEY, (fields) => {
      const applied = (fields?.applied ?? null) as AppliedCoupon | null;
      if (JSON.stringify(applied) === JSON.stringify(selectAppliedCoupon(store.getState()))) return;
      store.dispatch(couponChangedInAnotherTab(applied));
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
