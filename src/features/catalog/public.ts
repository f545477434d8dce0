// The catalog feature's public face: the one file other features may import.
export { selectSearchText } from './catalogSlice';
export { searchPath } from './filterUrl';
export { CatalogProductCard } from './components/CatalogProductCard';
export type { Product } from './types';
