// The cart feature's public face: the one file other features may import.
export { selectGuestToken } from './cartSlice';
export { useCartCount, useCartItems } from './useCart';
