// Tabs of one browser share the cart, the delivery choice and the applied coupon: a change made in one tab
// reaches the others through the storage event (no polling).
import { CART_LIST } from '../features/cart/cartApi';
import {
  cartChangedInAnotherTab,
  CART_PERSIST_KEY,
  selectCartRevision,
  selectGuestToken,
} from '../features/cart/cartSlice';
import {
  couponApplied,
  couponRemoved,
  COUPON_PERSIST_KEY,
  isCouponPick,
  selectCouponPick,
  type CouponPick,
} from '../features/coupon/couponSlice';
import {
  isShippingPick,
  selectShippingPick,
  shippingChangedInAnotherTab,
  SHIPPING_PERSIST_KEY,
  type ShippingPick,
} from '../features/shipping/shippingSlice';
import { selectIsAuthenticated } from '../features/auth/public';
import { onPersistedChange } from '../lib/storageEvents';
import { api } from './api';
import type { AppStore } from './store';

export function syncAcrossTabs(store: AppStore): () => void {
  const stops = [
    onPersistedChange(CART_PERSIST_KEY, (fields) => {
      const state = store.getState();
      const theirs = typeof fields?.guestToken === 'string' ? fields.guestToken : null;
      // Another tab signing out (or in) leaves no guest token: a guest in this tab keeps its own cart. A token the
      // server no longer knows (its cart merged into an account) is dropped at its next answer (a 401).
      const keepOwn = theirs === null && !selectIsAuthenticated(state) && selectGuestToken(state) !== null;
      const guestToken = keepOwn ? selectGuestToken(state) : theirs;
      const revision = typeof fields?.revision === 'number' ? fields.revision : 0;
      if (guestToken === selectGuestToken(state) && revision === selectCartRevision(state)) return;
      store.dispatch(cartChangedInAnotherTab({ guestToken, revision }));
      store.dispatch(api.util.invalidateTags([CART_LIST]));
    }),
    onPersistedChange(SHIPPING_PERSIST_KEY, (fields) => {
      const next = fields?.choice as ShippingPick | undefined;
      if (!next || !isShippingPick(next)) return;
      const current = selectShippingPick(store.getState());
      if (JSON.stringify(next) === JSON.stringify(current)) return;
      store.dispatch(shippingChangedInAnotherTab(next));
    }),
    onPersistedChange(COUPON_PERSIST_KEY, (fields) => {
      const applied = (fields?.applied ?? null) as CouponPick | null;
      if (!isCouponPick(applied)) return;
      if (JSON.stringify(applied) === JSON.stringify(selectCouponPick(store.getState()))) return;
      // Another tab applied or removed the coupon: the same events here.
      store.dispatch(applied ? couponApplied(applied) : couponRemoved());
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
