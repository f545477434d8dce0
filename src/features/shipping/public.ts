// The shipping feature's public face: the one file other features may import.
export { ShippingPicker } from './components/ShippingPicker';
export { placeName } from './placeName';
export { selectShippingChoice, type ShippingChoice } from './shippingSelectors';
export {
  isShippingPick,
  selectShippingPick,
  shippingChangedInAnotherTab,
  SHIPPING_PERSIST_KEY,
  type PlaceNames,
  type ShippingPick,
} from './shippingSlice';
export { shippingSnapshot } from './shippingSnapshot';
