// The shipping feature's public face: the one file other features may import.
export { ShippingPicker } from './components/ShippingPicker';
export { placeName } from './placeName';
export {
  selectShippingChoice,
  shippingChangedInAnotherTab,
  SHIPPING_PERSIST_KEY,
  type PlaceNames,
  type ShippingChoice,
} from './shippingSlice';
