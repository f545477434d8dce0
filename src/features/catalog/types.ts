// The catalogue's wire shapes come from the contract (types only: nothing of it reaches the bundle).
import type { Category, Product } from '../../../contract/catalog';
import type { Coupon } from '../../../contract/coupons';

export type {
  Category,
  ConvertedPrices,
  Product,
  ProductAttribute,
  Review,
  StockWarning,
  SubAttribute,
} from '../../../contract/catalog';
export type { Coupon } from '../../../contract/coupons';
export type { Slide } from '../../../contract/content';

/** The home and search data that the spec's 5-minute rule caches together. */
export interface HomeData {
  categories: Category[];
  bestSellers: Product[];
  coupons: Coupon[];
  /** ms since epoch of the fetch that produced the lists */
  fetchedAt: number;
  currency: string;
  /** the categories call failed (search then has nothing to show); never true for a cached copy */
  categoriesFailed?: boolean;
}
