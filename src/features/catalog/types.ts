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

/**
 * A product as the home, search and recommendation lists hold it: what cards, filters and sorting read. Its gallery
 * and description come with its own page (getProduct), so the lists (and every server-rendered page that embeds
 * them) do not carry them.
 */
export type ListedProduct = Omit<Product, 'description' | 'image_url' | 'product_images'>;

export interface ListedCategory extends Omit<Category, 'products'> {
  products: ListedProduct[];
}

/** The home and search data, kept for 5 minutes per language and currency. */
export interface HomeData {
  categories: ListedCategory[];
  bestSellers: ListedProduct[];
  coupons: Coupon[];
  /** the categories call failed with no cached answer (search then has nothing to show) */
  categoriesFailed?: boolean;
}
