// The catalogue's shapes as the API contract gives them (docs/api-contract.md, Shop).

export interface SubAttribute {
  id: number;
  name: string;
}

export interface ProductAttribute {
  attribute_name: string;
  sub_attributes: SubAttribute[];
}

export interface ConvertedPrices {
  currency_code: string;
  price: number;
  discounted_price: number | null;
}

export interface StockWarning {
  warning_ar: string;
  warning_en: string;
}

export interface Product {
  id: number;
  name: string;
  description: string;
  price: number;
  discounted_price: number | null;
  discount_offer: number | null;
  converted_products?: ConvertedPrices;
  image_temp: string;
  image_url: string[];
  product_images?: { id: number; image: string }[];
  category: string;
  category_id?: number;
  collection: string;
  brand: string;
  rating: number;
  stock_quantity: number;
  stock_warning: StockWarning | null;
  attributes: ProductAttribute[];
  offer?: boolean;
  sale?: boolean;
  created_at?: string;
}

export interface Category {
  id: number;
  name: string;
  image: string;
  products: Product[];
}

export interface Coupon {
  id: number;
  code: string;
  is_active: number;
  end_date: string;
  discount: number;
}

export interface Review {
  id: number;
  product_id: number;
  status: string;
  rating: number;
  review: string;
  user_name: string;
  created_at: string;
}

export interface Slide {
  id: number;
  title: string;
  image: string;
  image2?: string | null;
  status: number;
}

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
