// The coupon feature's public face: the one file other features may import.
export { CouponBox, type CouponBoxProps } from './components/CouponBox';
export { selectAppliedCoupon, type AppliedCoupon } from './couponSelectors';
export {
  COUPON_PERSIST_KEY,
  couponConsumed,
  couponRefusedAtOrder,
  selectCouponPick,
  type CouponPick,
} from './couponSlice';
export { appliedTermsIn } from './couponRules';
export { couponSnapshot } from './couponSnapshot';
