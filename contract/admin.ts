// The back office under /api/admin: staff fulfil orders, moderate reviews, keep stock, prices and coupons, and see
// how the shop is doing. Every call checks the caller's role on the server: signed out 401, a shopper 403.
import { Type, type Static, type TSchema } from 'typebox';
import { UserRole } from './accounts';
import {
  ResponseObject,
  Bilingual,
  DatabaseId,
  endpoints,
  IdText,
  MAX_AMOUNT,
  Nullable,
  PictureUpload,
} from './common';
import { OrderDeliveryFields, OrderHeadFields, OrderStatus } from './orders';

export const ROLES = ['shopper', 'staff', 'owner'] as const;
export const Role = UserRole;
export type Role = UserRole;

/**
 * Why a staff action was refused: a stable word next to the English `message` of the error answer (`code`), for
 * the SPA to translate. 409: the thing's state does not allow it; 403: the caller's role does not.
 */
export const ADMIN_REFUSALS = {
  not_staff: 'This area is for the shop’s staff only.',
  not_owner: 'Only the shop’s owner can do this.',
  order_not_deliverable: 'Only a paid order can be marked delivered.',
  order_not_cancelable: 'Only a pending or paid order can be cancelled.',
  payment_not_refund_due: 'Only a payment waiting for a refund can be marked refunded.',
  payment_not_in_review: 'Only a payment whose amount or currency did not match its order can be accepted.',
  payment_not_acceptable:
    'This order cannot take a payment any more: record the payment as refunded instead.',
  order_stock_gone:
    'Some items of this order are no longer in stock: record the payment as refunded instead.',
  payment_not_found: 'Payment not found',
  owner_role_fixed: 'The owner’s role cannot be changed here.',
  user_not_found: 'No account uses this e-mail address.',
} as const;
export type AdminRefusal = keyof typeof ADMIN_REFUSALS;

// ---- shared pieces ----

/** A value as the audit log keeps it. */
const AuditValue = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]);
export const AuditChanges = Nullable(Type.Record(Type.String(), AuditValue));

export const AuditEntry = ResponseObject({
  id: Type.Integer(),
  /** e.g. order.delivered, order.canceled, payment.refunded, review.approved, product.updated, coupon.created */
  action: Type.String(),
  subject_type: Type.Unsafe<
    'order' | 'payment' | 'review' | 'product' | 'coupon' | 'user' | 'catalogue_import'
  >({
    type: 'string',
    enum: ['order', 'payment', 'review', 'product', 'coupon', 'user', 'catalogue_import'],
  }),
  subject_id: Type.Integer(),
  /**
   * who did it, as they were at that moment (a later rename or the account's deletion changes nothing); id null
   * for the command line on the server
   */
  actor: ResponseObject({ id: Nullable(Type.Integer()), name: Type.String(), email: Type.String() }),
  /** the fields the action changed, as they were and as they became */
  before: AuditChanges,
  after: AuditChanges,
  created_at: Type.String(),
});
export type AuditEntry = Static<typeof AuditEntry>;

const PAGE_PATTERN = '^\\s*[1-9]\\d{0,5}\\s*$';
const PER_PAGE_PATTERN = '^\\s*(?:[1-9]|[1-9]\\d|100)\\s*$';
const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

/** Paging and sorting of every list: page from 1, per_page 1..100 (20), dir asc|desc. */
const PagingFields = {
  page: Type.Optional(Type.String({ pattern: PAGE_PATTERN, maxLength: 10 })),
  per_page: Type.Optional(Type.String({ pattern: PER_PAGE_PATTERN, maxLength: 5 })),
  dir: Type.Optional(Type.Unsafe<'asc' | 'desc'>({ type: 'string', enum: ['asc', 'desc'] })),
};

const Paged = <T extends TSchema>(item: T) =>
  ResponseObject({
    data: Type.Array(item),
    page: Type.Integer(),
    per_page: Type.Integer(),
    /** how many match the filters, over every page */
    total: Type.Integer(),
  });

export const AdminParams = Type.Object({ id: IdText });

// ---- the dashboard ----

export const DayFigures = ResponseObject({
  /** YYYY-MM-DD in the shop's time zone (Kuwait, UTC+3) */
  date: Type.String(),
  orders: Type.Integer(),
  /** KWD */
  revenue: Type.Number(),
});
export type DayFigures = Static<typeof DayFigures>;

export const LowStockProduct = ResponseObject({
  id: Type.Integer(),
  name: Bilingual,
  stock_quantity: Type.Integer(),
});
export type LowStockProduct = Static<typeof LowStockProduct>;

export const DashboardResponse = ResponseObject({
  /** revenue is in KWD: other currencies at today's rate */
  currency: Type.Literal('KWD'),
  /** paid orders (paid or delivered since), by the day they were paid */
  today: ResponseObject({ orders: Type.Integer(), revenue: Type.Number() }),
  last_30_days: ResponseObject({ orders: Type.Integer(), revenue: Type.Number() }),
  /** the last 30 days, oldest first, one entry a day (days without orders too) */
  series: Type.Array(DayFigures),
  /** paid, not yet delivered */
  awaiting_delivery: Type.Integer(),
  /** orders and payments waiting for their money to go back */
  refunds_due: Type.Integer(),
  /** payments taken for another amount or currency than their order's (amount_mismatch): money to look at */
  payments_to_review: Type.Integer(),
  /** the orders of those payments, oldest first (at most 20) */
  payments_to_review_orders: Type.Array(Type.Integer()),
  reviews_pending: Type.Integer(),
  /** products at or below low_stock_threshold pieces, fewest first (at most 20) */
  low_stock: Type.Array(LowStockProduct),
  low_stock_threshold: Type.Integer(),
});
export type DashboardResponse = Static<typeof DashboardResponse>;

// ---- orders ----

export const ORDER_SORTS = ['created_at', 'total_price', 'id', 'status'] as const;

export const AdminOrdersQuery = Type.Object({
  status: Type.Optional(OrderStatus),
  /** created on or after this day (YYYY-MM-DD, shop time; 1970-01-01..2999-12-31, else 422 `errors.from`) */
  from: Type.Optional(Type.String({ pattern: DATE_PATTERN })),
  /** created on or before this day */
  to: Type.Optional(Type.String({ pattern: DATE_PATTERN })),
  /** the order's number */
  number: Type.Optional(Type.String({ pattern: '^\\s*#?\\d{1,10}\\s*$', maxLength: 12 })),
  /** part of the contact e-mail or phone */
  contact: Type.Optional(Type.String({ maxLength: 255 })),
  sort: Type.Optional(Type.Unsafe<(typeof ORDER_SORTS)[number]>({ type: 'string', enum: [...ORDER_SORTS] })),
  ...PagingFields,
});
export type AdminOrdersQuery = Static<typeof AdminOrdersQuery>;

export const AdminOrderSummary = ResponseObject({
  ...OrderHeadFields,
  paid_at: Nullable(Type.String()),
  contact_email: Type.String(),
  contact_phone: Type.String(),
  /** the account's name; null for a guest's order or a deleted account */
  customer_name: Nullable(Type.String()),
  items_count: Type.Integer(),
});
export type AdminOrderSummary = Static<typeof AdminOrderSummary>;

export const AdminOrdersResponse = Paged(AdminOrderSummary);
export type AdminOrdersResponse = Static<typeof AdminOrdersResponse>;

export const PAYMENT_STATES = [
  'pending',
  'declined',
  'paid',
  'failed',
  'canceled',
  'amount_mismatch',
  'refund_due',
  'refunded',
] as const;
export const PaymentState = Type.Unsafe<(typeof PAYMENT_STATES)[number]>({
  type: 'string',
  enum: [...PAYMENT_STATES],
});
export type PaymentState = Static<typeof PaymentState>;

/** One attempt to pay an order at the gateway. */
export const PaymentAttempt = ResponseObject({
  id: Type.Integer(),
  gateway: Type.String(),
  gateway_payment_id: Nullable(Type.String()),
  invoice_id: Nullable(Type.String()),
  amount: Type.Number(),
  currency: Type.String(),
  state: PaymentState,
  created_at: Type.String(),
  updated_at: Type.String(),
  checked_at: Nullable(Type.String()),
  refunded_at: Nullable(Type.String()),
  /** the staff member's name who recorded the refund */
  refunded_by: Nullable(Type.String()),
});
export type PaymentAttempt = Static<typeof PaymentAttempt>;

export const AdminOrder = ResponseObject({
  ...OrderHeadFields,
  updated_at: Type.String(),
  paid_at: Nullable(Type.String()),
  contact_email: Type.String(),
  contact_phone: Type.String(),
  contact_country_code: Type.String(),
  customer_name: Nullable(Type.String()),
  /** a guest's order has no account */
  user_id: Nullable(Type.Integer()),
  ...OrderDeliveryFields,
  /** every payment attempt, oldest first */
  payments: Type.Array(PaymentAttempt),
  /** what staff did to this order and its payments, newest first */
  audit: Type.Array(AuditEntry),
  /** the actions its status allows now */
  can_deliver: Type.Boolean(),
  can_cancel: Type.Boolean(),
  /**
   * money to look at: a payment the gateway took for another amount or currency than the order's
   * (`amount_mismatch`), never counted as revenue, waiting for staff to accept or refund it
   */
  money_to_review: Type.Boolean(),
  /** the order has taken no money (pending, failed, expired): a mismatched payment may be accepted for it */
  can_accept_payment: Type.Boolean(),
});
export type AdminOrder = Static<typeof AdminOrder>;

export const AdminOrderResponse = ResponseObject({ message: Type.String(), order: AdminOrder });
export type AdminOrderResponse = Static<typeof AdminOrderResponse>;

export const RefundParams = Type.Object({ id: IdText, paymentId: IdText });

// ---- reviews ----

export const ADMIN_REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const AdminReviewStatus = Type.Unsafe<(typeof ADMIN_REVIEW_STATUSES)[number]>({
  type: 'string',
  enum: [...ADMIN_REVIEW_STATUSES],
});

export const REVIEW_SORTS = ['created_at', 'rating', 'id'] as const;

export const AdminReviewsQuery = Type.Object({
  /** pending (the queue) by default */
  status: Type.Optional(AdminReviewStatus),
  /** created_at by default (oldest first: the queue's order) */
  sort: Type.Optional(
    Type.Unsafe<(typeof REVIEW_SORTS)[number]>({ type: 'string', enum: [...REVIEW_SORTS] }),
  ),
  ...PagingFields,
});
export type AdminReviewsQuery = Static<typeof AdminReviewsQuery>;

export const AdminReview = ResponseObject({
  id: Type.Integer(),
  product_id: Type.Integer(),
  product_name: Bilingual,
  user_name: Type.String(),
  rating: Type.Integer(),
  review: Type.String(),
  status: AdminReviewStatus,
  created_at: Type.String(),
  audit: Type.Array(AuditEntry),
});
export type AdminReview = Static<typeof AdminReview>;

export const AdminReviewsResponse = Paged(AdminReview);
export type AdminReviewsResponse = Static<typeof AdminReviewsResponse>;

export const AdminReviewResponse = ResponseObject({ message: Type.String(), review: AdminReview });
export type AdminReviewResponse = Static<typeof AdminReviewResponse>;

// ---- products ----

export const PRODUCT_SORTS = ['name', 'price', 'stock_quantity', 'created_at', 'sold_count', 'id'] as const;

export const AdminProductsQuery = Type.Object({
  /** part of the English or Arabic name, or the brand; a number finds the product with that id */
  search: Type.Optional(Type.String({ maxLength: 255 })),
  /** low: at or below the low-stock threshold; out: none left */
  stock: Type.Optional(Type.Unsafe<'low' | 'out'>({ type: 'string', enum: ['low', 'out'] })),
  category_id: Type.Optional(Type.String({ pattern: '^\\s*\\d{1,10}\\s*$' })),
  sort: Type.Optional(
    Type.Unsafe<(typeof PRODUCT_SORTS)[number]>({ type: 'string', enum: [...PRODUCT_SORTS] }),
  ),
  ...PagingFields,
});
export type AdminProductsQuery = Static<typeof AdminProductsQuery>;

/** What the products table and a product's page both say of it, between its names and its pictures. */
const AdminProductFields = {
  category_id: Type.Integer(),
  category_name: Bilingual,
  brand: Type.String(),
  /** KWD */
  price: Type.Number(),
  discounted_price: Nullable(Type.Number()),
  stock_quantity: Type.Integer(),
  sale: Type.Boolean(),
  offer: Type.Boolean(),
  sold_count: Type.Integer(),
  rating: Type.Number(),
};

export const AdminProductSummary = ResponseObject({
  id: Type.Integer(),
  name: Bilingual,
  ...AdminProductFields,
  /** the first picture */
  image: Nullable(Type.String()),
  created_at: Type.String(),
});
export type AdminProductSummary = Static<typeof AdminProductSummary>;

export const AdminProductsResponse = Paged(AdminProductSummary);
export type AdminProductsResponse = Static<typeof AdminProductsResponse>;

export const AdminProduct = ResponseObject({
  id: Type.Integer(),
  name: Bilingual,
  description: Bilingual,
  ...AdminProductFields,
  images: Type.Array(Type.String()),
  created_at: Type.String(),
  audit: Type.Array(AuditEntry),
});
export type AdminProduct = Static<typeof AdminProduct>;

export const AdminProductResponse = ResponseObject({ message: Type.String(), product: AdminProduct });
export type AdminProductResponse = Static<typeof AdminProductResponse>;

export const MAX_STOCK = 1_000_000;
const Price = Type.Number({ exclusiveMinimum: 0, maximum: MAX_AMOUNT });
const Stock = Type.Integer({ minimum: 0, maximum: MAX_STOCK });
const Name = Type.String({ minLength: 1, maxLength: 255, pattern: '\\S' });
const Description = Type.String({ maxLength: 5000 });

/**
 * Any of the fields; what is left out stays. discounted_price null: no discount; it must be below the price (422
 * `errors.discounted_price`). With expected_stock_quantity (the stock the form showed), a stock that orders moved
 * since gets the change made to it, not the number: what orders took stays taken.
 */
export const UpdateProductBody = Type.Object(
  {
    stock_quantity: Type.Optional(Stock),
    /**
     * the stock the staff member saw when they changed it: the stock becomes the shop's stock now plus
     * (stock_quantity − expected_stock_quantity), at least 0
     */
    expected_stock_quantity: Type.Optional(Stock),
    price: Type.Optional(Price),
    discounted_price: Type.Optional(Nullable(Price)),
    sale: Type.Optional(Type.Boolean()),
    offer: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateProductBody = Static<typeof UpdateProductBody>;

/** A picture is first uploaded (POST /admin/products/pictures), then named here by the path that answered. */
export const CreateProductBody = Type.Object(
  {
    name_en: Name,
    name_ar: Name,
    description_en: Type.Optional(Description),
    description_ar: Type.Optional(Description),
    category_id: DatabaseId,
    brand: Type.Optional(Type.String({ maxLength: 255 })),
    price: Price,
    discounted_price: Type.Optional(Nullable(Price)),
    stock_quantity: Stock,
    sale: Type.Optional(Type.Boolean()),
    offer: Type.Optional(Type.Boolean()),
    images: Type.Array(Type.String({ maxLength: 255 }), { minItems: 1, maxItems: 8 }),
  },
  { additionalProperties: false },
);
export type CreateProductBody = Static<typeof CreateProductBody>;

export const PictureResponse = ResponseObject({
  /** the address to name in CreateProductBody.images (and to show) */
  image: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
});
export type PictureResponse = Static<typeof PictureResponse>;

export const AdminCategory = ResponseObject({ id: Type.Integer(), name: Bilingual });
export const AdminCategoriesResponse = ResponseObject({ data: Type.Array(AdminCategory) });
export type AdminCategoriesResponse = Static<typeof AdminCategoriesResponse>;

// ---- coupons ----

export const COUPON_KINDS = ['percent', 'amount'] as const;
export const CouponKind = Type.Unsafe<(typeof COUPON_KINDS)[number]>({
  type: 'string',
  enum: [...COUPON_KINDS],
});
export type CouponKind = Static<typeof CouponKind>;

export const AdminCoupon = ResponseObject({
  id: Type.Integer(),
  code: Type.String(),
  kind: CouponKind,
  /** percent (kind percent, 0 < value ≤ 100) or KWD off the order (kind amount) */
  value: Type.Number(),
  /** the order's subtotal (KWD) it needs; 0 for none */
  min_total: Type.Number(),
  /** first day it works (YYYY-MM-DD); null: at once */
  starts_on: Nullable(Type.String()),
  /** it works until this day's start (YYYY-MM-DD, midnight UTC), as the shop has always read it */
  end_date: Type.String(),
  is_active: Type.Boolean(),
  /** orders that may use it in all; null: no limit */
  usage_limit: Nullable(Type.Integer()),
  /** orders one customer (account, e-mail or phone) may use it for; null: no limit */
  per_customer_limit: Nullable(Type.Integer()),
  /** uses so far: orders with it that are not expired or cancelled */
  uses: Type.Integer(),
  /** staff confirmed it may take an order's goods to nothing (such an order is paid by the coupon) */
  allows_free_orders: Type.Boolean(),
  audit: Type.Array(AuditEntry),
});
export type AdminCoupon = Static<typeof AdminCoupon>;

const CouponLimit = Nullable(Type.Integer({ minimum: 1, maximum: 1_000_000 }));

export const COUPON_SORTS = ['created_at', 'code', 'value', 'min_total', 'starts_on', 'end_date'] as const;

export const AdminCouponsQuery = Type.Object({
  /** part of the code */
  search: Type.Optional(Type.String({ maxLength: 64 })),
  /** created_at by default (newest first); value sorts by kind, then by the percent or amount */
  sort: Type.Optional(
    Type.Unsafe<(typeof COUPON_SORTS)[number]>({ type: 'string', enum: [...COUPON_SORTS] }),
  ),
  ...PagingFields,
});
export type AdminCouponsQuery = Static<typeof AdminCouponsQuery>;

export const AdminCouponsResponse = Paged(AdminCoupon);
export type AdminCouponsResponse = Static<typeof AdminCouponsResponse>;

export const COUPON_CODE_PATTERN = '^[A-Za-z0-9_-]{3,32}$';

/**
 * A percent coupon's value is 0 < value ≤ 100 (422 `errors.value`); starts_on must not be after end_date (422
 * `errors.end_date`); both days lie between 1970-01-01 and 2999-12-31 (422 `errors.end_date` / `errors.starts_on`);
 * a code another coupon has (case ignored) 422 `errors.code`. A coupon that may make an order's goods free (a percent
 * of 100, or an amount at or above its own minimum) needs `allows_free_orders: true`, else 422
 * `errors.allows_free_orders`: staff confirm it on purpose.
 */
export const CreateCouponBody = Type.Object(
  {
    code: Type.String({ pattern: COUPON_CODE_PATTERN }),
    kind: CouponKind,
    value: Price,
    min_total: Type.Optional(Type.Number({ minimum: 0, maximum: MAX_AMOUNT })),
    starts_on: Type.Optional(Nullable(Type.String({ pattern: DATE_PATTERN }))),
    end_date: Type.String({ pattern: DATE_PATTERN }),
    is_active: Type.Optional(Type.Boolean()),
    usage_limit: Type.Optional(CouponLimit),
    per_customer_limit: Type.Optional(CouponLimit),
    allows_free_orders: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CreateCouponBody = Static<typeof CreateCouponBody>;

/** Any of the fields; what is left out stays. `is_active: false` switches it off. */
export const UpdateCouponBody = Type.Object(
  {
    code: Type.Optional(Type.String({ pattern: COUPON_CODE_PATTERN })),
    kind: Type.Optional(CouponKind),
    value: Type.Optional(Price),
    min_total: Type.Optional(Type.Number({ minimum: 0, maximum: MAX_AMOUNT })),
    starts_on: Type.Optional(Nullable(Type.String({ pattern: DATE_PATTERN }))),
    end_date: Type.Optional(Type.String({ pattern: DATE_PATTERN })),
    is_active: Type.Optional(Type.Boolean()),
    usage_limit: Type.Optional(CouponLimit),
    per_customer_limit: Type.Optional(CouponLimit),
    allows_free_orders: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateCouponBody = Static<typeof UpdateCouponBody>;

export const AdminCouponResponse = ResponseObject({ message: Type.String(), coupon: AdminCoupon });
export type AdminCouponResponse = Static<typeof AdminCouponResponse>;

// ---- staff (the owner's) ----

export const StaffMember = ResponseObject({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  role: Role,
  /** mailed of each paid order and each review waiting (the owner switches it per person) */
  notifications: Type.Boolean(),
});
export type StaffMember = Static<typeof StaffMember>;

export const StaffResponse = ResponseObject({ data: Type.Array(StaffMember) });
export type StaffResponse = Static<typeof StaffResponse>;

/** staff: the account becomes staff; shopper: it is staff no more. The account must exist (404 user_not_found). */
export const SetRoleBody = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 255, pattern: '@' }),
    role: Type.Unsafe<'staff' | 'shopper'>({ type: 'string', enum: ['staff', 'shopper'] }),
  },
  { additionalProperties: false },
);
export type SetRoleBody = Static<typeof SetRoleBody>;

export const StaffMemberResponse = ResponseObject({ message: Type.String(), member: StaffMember });
export type StaffMemberResponse = Static<typeof StaffMemberResponse>;

export const StaffNotificationsBody = Type.Object({ on: Type.Boolean() }, { additionalProperties: false });
export type StaffNotificationsBody = Static<typeof StaffNotificationsBody>;

const ORDER_ACTION_NOTE =
  'the same click again answers 200 with the order as it is (no second audit entry, no second mail); 409 with `code`';

export const Admin = endpoints({
  dashboard: {
    method: 'GET',
    url: '/admin/dashboard',
    auth: 'staff',
    schema: { response: { 200: DashboardResponse } },
  },
  orders: {
    method: 'GET',
    url: '/admin/orders',
    auth: 'staff',
    notes: 'newest first unless sorted',
    schema: { querystring: AdminOrdersQuery, response: { 200: AdminOrdersResponse } },
  },
  order: {
    method: 'GET',
    url: '/admin/orders/:id',
    auth: 'staff',
    notes: "unknown 404 `{message:'Order not found'}`",
    schema: { params: AdminParams, response: { 200: AdminOrder } },
  },
  deliver: {
    method: 'POST',
    url: '/admin/orders/:id/deliver',
    auth: 'staff',
    notes: `paid → completed (the shopper may then review its items); ${ORDER_ACTION_NOTE} \`order_not_deliverable\` otherwise`,
    schema: { params: AdminParams, response: { 200: AdminOrderResponse } },
  },
  cancel: {
    method: 'POST',
    url: '/admin/orders/:id/cancel',
    auth: 'staff',
    notes: `pending or paid → canceled: its stock goes back on sale and the shopper is mailed; a paid order's payment becomes refund_due; ${ORDER_ACTION_NOTE} \`order_not_cancelable\` otherwise`,
    schema: { params: AdminParams, response: { 200: AdminOrderResponse } },
  },
  refund: {
    method: 'POST',
    url: '/admin/orders/:id/payments/:paymentId/refund',
    auth: 'staff',
    notes: `records that a refund_due (or amount_mismatch) payment's money went back (refunded); an unpaid order held for a mismatched payment is released (it expires at the next job run); ${ORDER_ACTION_NOTE} \`payment_not_refund_due\` otherwise; unknown 404`,
    schema: { params: RefundParams, response: { 200: AdminOrderResponse } },
  },
  acceptPayment: {
    method: 'POST',
    url: '/admin/orders/:id/payments/:paymentId/accept',
    auth: 'staff',
    notes: `an amount_mismatch payment is accepted: the order (pending, failed or expired) is paid with it, taking its stock again if it holds none; audited as payment.accepted; ${ORDER_ACTION_NOTE} \`payment_not_in_review\`, \`payment_not_acceptable\` (the order is paid, delivered or cancelled) or \`order_stock_gone\`; unknown 404`,
    schema: { params: RefundParams, response: { 200: AdminOrderResponse } },
  },
  reviews: {
    method: 'GET',
    url: '/admin/reviews',
    auth: 'staff',
    notes: 'oldest first (a queue)',
    schema: { querystring: AdminReviewsQuery, response: { 200: AdminReviewsResponse } },
  },
  approveReview: {
    method: 'POST',
    url: '/admin/reviews/:id/approve',
    auth: 'staff',
    notes:
      'shown on its product page and counted in its rating at once; approving an approved review again changes nothing',
    schema: { params: AdminParams, response: { 200: AdminReviewResponse } },
  },
  rejectReview: {
    method: 'POST',
    url: '/admin/reviews/:id/reject',
    auth: 'staff',
    notes: 'never shown (an approved one is taken off); again changes nothing',
    schema: { params: AdminParams, response: { 200: AdminReviewResponse } },
  },
  products: {
    method: 'GET',
    url: '/admin/products',
    auth: 'staff',
    schema: { querystring: AdminProductsQuery, response: { 200: AdminProductsResponse } },
  },
  product: {
    method: 'GET',
    url: '/admin/products/:id',
    auth: 'staff',
    schema: { params: AdminParams, response: { 200: AdminProduct } },
  },
  updateProduct: {
    method: 'PUT',
    url: '/admin/products/:id',
    auth: 'staff',
    notes: 'the shop shows the new stock and prices at once; nothing changed: no audit entry',
    schema: { params: AdminParams, body: UpdateProductBody, response: { 200: AdminProductResponse } },
  },
  createProduct: {
    method: 'POST',
    url: '/admin/products',
    auth: 'staff',
    notes: 'unknown category 422 `errors.category_id`; a picture not uploaded here 422 `errors.images`',
    schema: { body: CreateProductBody, response: { 201: AdminProductResponse } },
  },
  uploadPicture: {
    method: 'POST',
    url: '/admin/products/pictures',
    auth: 'staff',
    bodyNote: 'multipart `image` (png, jpeg or webp, at most 5 MB)',
    readBody: PictureUpload,
    notes: "stored as the server's own WebP (at most 1200 px); 422 as the profile picture",
    schema: { response: { 201: PictureResponse } },
  },
  categories: {
    method: 'GET',
    url: '/admin/categories',
    auth: 'staff',
    schema: { response: { 200: AdminCategoriesResponse } },
  },
  coupons: {
    method: 'GET',
    url: '/admin/coupons',
    auth: 'staff',
    notes: 'newest first',
    schema: { querystring: AdminCouponsQuery, response: { 200: AdminCouponsResponse } },
  },
  createCoupon: {
    method: 'POST',
    url: '/admin/coupons',
    auth: 'staff',
    schema: { body: CreateCouponBody, response: { 201: AdminCouponResponse } },
  },
  updateCoupon: {
    method: 'PUT',
    url: '/admin/coupons/:id',
    auth: 'staff',
    notes: 'nothing changed: no audit entry',
    schema: { params: AdminParams, body: UpdateCouponBody, response: { 200: AdminCouponResponse } },
  },
  staff: {
    method: 'GET',
    url: '/admin/staff',
    auth: 'owner',
    notes: 'the owners and staff',
    schema: { response: { 200: StaffResponse } },
  },
  setRole: {
    method: 'POST',
    url: '/admin/staff',
    auth: 'owner',
    notes: 'an owner’s own role is not changed here (409 `owner_role_fixed`)',
    schema: { body: SetRoleBody, response: { 200: StaffMemberResponse } },
  },
  staffNotifications: {
    method: 'POST',
    url: '/admin/staff/:id/notifications',
    auth: 'owner',
    notes:
      'mails of each paid order and each review waiting, on or off for one staff member (audited); 404 `user_not_found` for an account that is not staff',
    schema: { params: AdminParams, body: StaffNotificationsBody, response: { 200: StaffMemberResponse } },
  },
});
