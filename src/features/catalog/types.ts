// The catalogue's wire shapes come from the contract (types only: nothing of it reaches the bundle).

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

/**
 * A product as the home, search and recommendation lists hold it: what cards, filters and sorting read. Its gallery
 * and description come with its own page (getProduct).
 */
export type { ListedProduct, ListedCategory } from '../../../contract/catalogSearch';
import type { ListedCategory, ListedProduct } from '../../../contract/catalogSearch';

/** The home page's bounded lists, kept for 5 minutes per language and currency. */
export interface HomeData {
  bestSellers: ListedProduct[];
  newlyAdded: ListedProduct[];
  todayDeals: ListedProduct[];
  categories: ListedCategory[];
  categoryCount: number;
}
