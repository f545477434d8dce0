// The cart feature's public face: the one file other features may import.
export {
  cartChangedInAnotherTab,
  CART_PERSIST_KEY,
  selectCartArgs,
  selectCartRevision,
  selectGuestToken,
  selectPendingAdd,
} from './cartSlice';
export { loadCartCodeOnFirstInteraction } from './cartListeners';
export { cartSnapshot } from './cartSnapshot';
export { useCartCount, useCartItems } from './useCart';
export type { CartArgs, CartItem, CartProduct } from './types';
export { useCartSummary, type CartSummary } from './useCartSummary';
