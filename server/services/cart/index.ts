// The cart's public face: ownership and expiry of guest carts (owner.ts) and the line operations (lines.ts).
export {
  createGuestCart,
  GUEST_CART_EMPTY_TTL_MS,
  GUEST_CART_IDLE_TTL_MS,
  guestCartExpiry,
  guestOwner,
  mergeGuestCart,
  type CartOwner,
  type MergeReport,
} from './owner';
export {
  addToCart,
  addToNewGuestCart,
  cartRows,
  choiceNames,
  listCart,
  normalizeCurrency,
  removeProduct,
  updateQuantity,
  type AddInput,
} from './lines';
