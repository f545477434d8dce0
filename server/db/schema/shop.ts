// Drizzle mirror of migrations/002_shop.sql; the SQL file is the source of truth for the database.
import { boolean, date, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const money = (name: string) => numeric(name, { precision: 12, scale: 3, mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const currencyRates = pgTable('currency_rates', {
  currencyCode: text('currency_code').primaryKey(),
  ratePerKwd: numeric('rate_per_kwd', { precision: 14, scale: 6, mode: 'number' }).notNull(),
  decimals: integer('decimals').notNull().default(2),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameAr: text('name_ar').notNull(),
  iso2: text('iso2').notNull(),
  iso3: text('iso3').notNull(),
  dialCode: text('dial_code').notNull(),
  currencyCode: text('currency_code').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const governorates = pgTable('governorates', {
  id: serial('id').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameAr: text('name_ar').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const areas = pgTable('areas', {
  id: serial('id').primaryKey(),
  governorateId: integer('governorate_id').notNull(),
  nameEn: text('name_en').notNull(),
  nameAr: text('name_ar').notNull(),
  shippingPrice: money('shipping_price').notNull().default(0),
});

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameAr: text('name_ar').notNull(),
  image: text('image').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  categoryId: integer('category_id').notNull(),
  nameEn: text('name_en').notNull(),
  nameAr: text('name_ar').notNull(),
  descriptionEn: text('description_en').notNull().default(''),
  descriptionAr: text('description_ar').notNull().default(''),
  price: money('price').notNull(),
  discountedPrice: money('discounted_price'),
  brand: text('brand').notNull().default(''),
  collectionEn: text('collection_en').notNull().default(''),
  collectionAr: text('collection_ar').notNull().default(''),
  rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }).notNull().default(0),
  stockQuantity: integer('stock_quantity').notNull().default(0),
  stockWarningEn: text('stock_warning_en'),
  stockWarningAr: text('stock_warning_ar'),
  offer: boolean('offer').notNull().default(false),
  sale: boolean('sale').notNull().default(false),
  soldCount: integer('sold_count').notNull().default(0),
  createdAt: createdAt(),
  /** migrations/014: the identity a CSV import matches on; `product-<id>` unless imported (a trigger sets it). */
  handle: text('handle'),
  /** migrations/014: the imported product's first variant's SKU */
  sku: text('sku'),
  /**
   * migrations/027: when what its page shows last changed (set by the database; null for a product not changed
   * since before it: its created_at stands for it)
   */
  pageChangedAt: timestamp('page_changed_at', { withTimezone: true, mode: 'date' }),
});

export const productImages = pgTable('product_images', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull(),
  image: text('image').notNull(),
  position: integer('position').notNull().default(0),
  /** migrations/014: the address an imported picture was fetched from */
  sourceUrl: text('source_url'),
});

export type AttributeKind = 'size' | 'color';

export const productAttributeValues = pgTable('product_attribute_values', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull(),
  kind: text('kind').$type<AttributeKind>().notNull(),
  nameEn: text('name_en').notNull(),
  nameAr: text('name_ar').notNull(),
  position: integer('position').notNull().default(0),
});

export type ReviewStatus = 'approved' | 'pending' | 'rejected';

export const reviews = pgTable('reviews', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull(),
  userId: integer('user_id'),
  userName: text('user_name').notNull(),
  rating: integer('rating').notNull(),
  review: text('review').notNull(),
  status: text('status').$type<ReviewStatus>().notNull().default('pending'),
  createdAt: createdAt(),
});

export type CouponKind = 'percent' | 'amount';

export const coupons = pgTable('coupons', {
  id: serial('id').primaryKey(),
  code: text('code').notNull(),
  /** kind percent: the percent; kind amount: KWD off the subtotal (migrations/008) */
  discount: numeric('discount', { precision: 12, scale: 3, mode: 'number' }).notNull(),
  isActive: boolean('is_active').notNull().default(true),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  kind: text('kind').$type<CouponKind>().notNull().default('percent'),
  /** the subtotal (KWD) an order needs for it */
  minTotal: money('min_total').notNull().default(0),
  startsOn: date('starts_on', { mode: 'string' }),
  createdAt: createdAt(),
  /** orders that may use it in all; null: no limit (migrations/019) */
  usageLimit: integer('usage_limit'),
  /** orders one customer (account, e-mail or phone) may use it for; null: no limit */
  perCustomerLimit: integer('per_customer_limit'),
  /** staff confirmed it may take an order's goods to nothing */
  allowsFreeOrders: boolean('allows_free_orders').notNull().default(false),
});

export const sliders = pgTable('sliders', {
  id: serial('id').primaryKey(),
  titleEn: text('title_en').notNull(),
  titleAr: text('title_ar').notNull(),
  image: text('image').notNull(),
  image2: text('image2').notNull(),
  status: integer('status').notNull().default(1),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const abouts = pgTable('abouts', {
  id: serial('id').primaryKey(),
  titleEn: text('title_en').notNull(),
  titleAr: text('title_ar').notNull(),
  bodyEn: text('body_en').notNull(),
  bodyAr: text('body_ar').notNull(),
  image: text('image'),
});

export type ContentPageKind = 'privacy' | 'refund';

export const contentPages = pgTable('content_pages', {
  id: serial('id').primaryKey(),
  kind: text('kind').$type<ContentPageKind>().notNull(),
  titleEn: text('title_en').notNull(),
  titleAr: text('title_ar').notNull(),
  contentEn: text('content_en').notNull(),
  contentAr: text('content_ar').notNull(),
});

export const shippings = pgTable('shippings', {
  id: serial('id').primaryKey(),
  detailsEn: text('details_en').notNull(),
  detailsAr: text('details_ar').notNull(),
  createdAt: createdAt(),
});

export const guestCarts = pgTable('guest_carts', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull(),
  createdAt: createdAt(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const cartItems = pgTable('cart_items', {
  id: serial('id').primaryKey(),
  userId: integer('user_id'),
  guestCartId: integer('guest_cart_id'),
  productId: integer('product_id').notNull(),
  quantity: integer('quantity').notNull(),
  sizeValueId: integer('size_value_id'),
  colorValueId: integer('color_value_id'),
  currency: text('currency').notNull().default('KWD'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const wishlists = pgTable('wishlists', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  productId: integer('product_id').notNull(),
  createdAt: createdAt(),
});

export const addresses = pgTable('addresses', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  apartmentNumber: text('apartment_number').notNull(),
  city: text('city').notNull(),
  mobileNumber: text('mobile_number').notNull(),
  codeNumber: text('code_number').notNull().default('+965'),
  countryCode: text('country_code').notNull().default('KWT'),
  createdAt: createdAt(),
});

export const ORDER_STATUSES = [
  'pending',
  'paid',
  'completed',
  'canceled',
  'failed',
  'refund_due',
  'expired',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const orders = pgTable('orders', {
  id: serial('id').primaryKey(),
  userId: integer('user_id'),
  guestCartId: integer('guest_cart_id'),
  status: text('status').$type<OrderStatus>().notNull().default('pending'),
  currency: text('currency').notNull().default('KWD'),
  governorateName: text('governorate_name').notNull(),
  areaName: text('area_name').notNull(),
  address: text('address').notNull(),
  paymentMethod: text('payment_method').notNull(),
  contactEmail: text('contact_email').notNull(),
  contactPhone: text('contact_phone').notNull(),
  contactCountryCode: text('contact_country_code').notNull(),
  couponCode: text('coupon_code'),
  /** the coupon it used, by id: its uses are counted by this (migrations/019) */
  couponId: integer('coupon_id'),
  couponDiscount: numeric('coupon_discount', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
  subtotal: money('subtotal').notNull(),
  discountAmount: money('discount_amount').notNull().default(0),
  shippingCost: money('shipping_cost').notNull().default(0),
  totalPrice: money('total_price').notNull(),
  clientTotalPrice: text('client_total_price'),
  clientShippingCost: text('client_shipping_cost'),
  requestFingerprint: text('request_fingerprint'),
  requestHash: text('request_hash'),
  stockReserved: boolean('stock_reserved').notNull().default(false),
  /** A pending order left unpaid after this is expired and its stock goes back on sale. */
  reservedUntil: timestamp('reserved_until', { withTimezone: true, mode: 'date' }),
  /** The expiry job's claim on an overdue order: other processes leave it alone until then (it crashed if later). */
  expiryClaimedUntil: timestamp('expiry_claimed_until', { withTimezone: true, mode: 'date' }),
  paymentCheckedAt: timestamp('payment_checked_at', { withTimezone: true, mode: 'date' }),
  paymentId: text('payment_id'),
  paymentUrl: text('payment_url'),
  /** sha256 of the client address the order was placed from, to count unpaid orders per address. */
  clientAddressHash: text('client_address_hash'),
  paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** The account was deleted: the contact details go once the order settles (services/profile.ts). */
  eraseContact: boolean('erase_contact').notNull().default(false),
  /** migrations/017: the language the shopper ordered in; every mail about the order speaks it */
  language: text('language').$type<'en' | 'ar'>().notNull().default('en'),
});

export const orderItems = pgTable('order_items', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull(),
  productId: integer('product_id'),
  productNameEn: text('product_name_en').notNull(),
  productNameAr: text('product_name_ar').notNull(),
  size: text('size'),
  color: text('color'),
  quantity: integer('quantity').notNull(),
  unitPrice: money('unit_price').notNull(),
  totalPrice: money('total_price').notNull(),
});

export type SandboxPaymentStatus = 'pending' | 'paid' | 'failed' | 'canceled';

export const sandboxPayments = pgTable('sandbox_payments', {
  paymentId: text('payment_id').primaryKey(),
  invoiceId: text('invoice_id').notNull(),
  orderId: integer('order_id'),
  amount: money('amount').notNull(),
  currency: text('currency').notNull(),
  paymentMethodId: integer('payment_method_id').notNull(),
  status: text('status').$type<SandboxPaymentStatus>().notNull().default('pending'),
  createdAt: createdAt(),
  decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
});

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true, mode: 'date' }).notNull(),
});
