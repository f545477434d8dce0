// The coupon feature's public face: the one file other features may import.
export { CouponBox, type CouponBoxProps } from './components/CouponBox';
export { COUPON_PERSIST_KEY, couponConsumed, selectAppliedCoupon, type AppliedCoupon } from './couponSlice';
export { appliedTermsIn } from './couponRules';
