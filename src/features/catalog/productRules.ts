// Product rules as pure functions: prices, stock, attributes, add-to-cart refusals.
import { unitPrice } from '../../../shared/prices';
import type { Language } from '../../app/events';
import { DEFAULT_CURRENCY } from '../settings/public';
import type { Product, Review } from './types';

export interface DisplayPrices {
  amount: number;
  original: number | null;
  currency: string;
}

/** Converted prices when the answer carries them, else the base prices in the shop's currency (KWD). */
export function displayPrices(
  product: Pick<Product, 'price' | 'discounted_price' | 'converted_products'>,
): DisplayPrices {
  const converted = product.converted_products;
  const price = converted?.price ?? product.price;
  const discounted = converted ? converted.discounted_price : product.discounted_price;
  const currency = converted?.currency_code ?? DEFAULT_CURRENCY;
  // The item price is the discounted price if present, otherwise the original price.
  return { ...unitPrice(price, discounted), currency };
}

const OUT_OF_STOCK_WORDS = ['out of stock', 'نفد', 'نفذ', 'نفدت', 'غير متوفر', 'غير متاح'];

/** Out of stock when the stock warning says so or the quantity is 0 or less. */
export function isOutOfStock(product: Pick<Product, 'stock_quantity' | 'stock_warning'>): boolean {
  if (product.stock_quantity <= 0) return true;
  const warning = product.stock_warning;
  if (!warning) return false;
  const text = `${warning.warning_en} ${warning.warning_ar}`.toLowerCase();
  return OUT_OF_STOCK_WORDS.some((word) => text.includes(word));
}

export const STOCK_PLENTY_ABOVE = 5;

export type StockText =
  | { kind: 'available'; count: number }
  | { kind: 'warning'; text: string }
  | { kind: 'none' }
  | { kind: 'hidden' };

/**
 * Above 5 'available N pieces'; 5 or below the warning text; a quantity at or below zero without a
 * warning 'There is no available quantity!'. A low quantity without any warning still states the count.
 */
export function stockText(
  product: Pick<Product, 'stock_quantity' | 'stock_warning'>,
  language: Language,
): StockText {
  const quantity = product.stock_quantity;
  if (quantity > STOCK_PLENTY_ABOVE) return { kind: 'available', count: quantity };
  const warning = product.stock_warning;
  const text = warning
    ? (language === 'ar' ? warning.warning_ar : warning.warning_en) || warning.warning_en
    : '';
  if (text) return { kind: 'warning', text };
  if (quantity <= 0) return { kind: 'none' };
  return { kind: 'available', count: quantity };
}

export type AttributeKind = 'size' | 'color';

const SIZE_NAMES = ['size', 'sizes', 'المقاس', 'مقاس', 'الحجم', 'حجم', 'المقاسات'];
const COLOR_NAMES = ['color', 'colour', 'colors', 'colours', 'اللون', 'لون', 'الألوان', 'الالوان'];

/** Attribute names arrive in English or Arabic ('size'/'color' or 'المقاس'/'اللون'). */
export function attributeKind(name: string): AttributeKind | null {
  const key = name.trim().toLowerCase();
  if (SIZE_NAMES.includes(key)) return 'size';
  if (COLOR_NAMES.includes(key)) return 'color';
  return null;
}

export function attributeOptions(product: Pick<Product, 'attributes'>, kind: AttributeKind): string[] {
  const attribute = product.attributes.find((item) => attributeKind(item.attribute_name) === kind);
  return attribute ? attribute.sub_attributes.map((sub) => sub.name) : [];
}

export interface Selection {
  size: string | null;
  color: string | null;
}

export type AddRefusal = 'out_of_stock' | 'choose_country' | 'select_details';

/**
 * Adding is refused when out of stock, when no country/currency is chosen, and when the product
 * has a size or colour attribute and that selection is missing — checked in this order.
 */
export function addToCartRefusal(
  product: Pick<Product, 'stock_quantity' | 'stock_warning' | 'attributes'>,
  selection: Selection,
  currency: string | null | undefined,
): AddRefusal | null {
  if (isOutOfStock(product)) return 'out_of_stock';
  if (!currency || !currency.trim()) return 'choose_country';
  if (attributeOptions(product, 'size').length > 0 && !selection.size) return 'select_details';
  if (attributeOptions(product, 'color').length > 0 && !selection.color) return 'select_details';
  return null;
}

export interface RatingSummary {
  average: number;
  count: number;
  /** index 0 → 1 star … index 4 → 5 stars */
  bars: [number, number, number, number, number];
}

/**
 * The product's rating to one decimal beside a count per star of the approved reviews. The average is the server's
 * (computed from every approved review), so the summary can never show another figure than the header and cards.
 */
export function ratingSummary(reviews: Pick<Review, 'rating'>[], productRating: number): RatingSummary {
  const bars: RatingSummary['bars'] = [0, 0, 0, 0, 0];
  for (const review of reviews) {
    const stars = Math.min(5, Math.max(1, Math.round(review.rating)));
    bars[stars - 1] = (bars[stars - 1] ?? 0) + 1;
  }
  return { average: Math.round(productRating * 10) / 10, count: reviews.length, bars };
}

export const REVIEWS_PAGE_SIZE = 3;
export const DELIVERY_DAYS = 20;
export const MAGNIFIER_BOX_PX = 250;
export const MAGNIFIER_LENS_PX = 160;
