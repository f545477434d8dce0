// The catalog feature's public face: the one file other features may import.
export { useBestRated, useCoupons, useHomeData, useRelatedProducts } from './catalogApi';
export { effectivePrice, MIN_GOOD_RATING, selectCoupons, selectHomeArgs } from './catalogSelectors';
export { selectSearchText } from './catalogSlice';
export { searchPath } from './filterUrl';
export { CatalogProductCard, useProductCardShared } from './components/CatalogProductCard';
export { HeaderSearch } from './components/HeaderSearch';
export { ProductSections } from './components/ProductSections';
export { attributeOptions, displayPrices, isOutOfStock } from './productRules';
export type { Product } from './types';
