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

/** The home and search data, kept for 5 minutes per language and currency (homeCopy). */
export interface HomeData {
  categories: Category[];
  bestSellers: Product[];
  coupons: Coupon[];
  /** the categories call failed with no stored copy (search then has nothing to show) */
  categoriesFailed?: boolean;
}
