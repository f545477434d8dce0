// The back office's calls, injected when its chunk loads. Its own tag types are added here too
// (`enhanceEndpoints({ addTagTypes })`), so not even their names are in the shop's first JavaScript; its changes
// also invalidate the storefront's tags, so a shop page open in this browser shows them at once.
import type { TagDescription } from '@reduxjs/toolkit/query';

import { api, type TagType } from '../../app/api';
import type {
  AdminCategoriesResponse,
  AdminCouponResponse,
  AdminCouponsResponse,
  AdminCouponsQuery,
  AdminOrder,
  AdminOrderResponse,
  AdminOrdersResponse,
  AdminOrdersQuery,
  AdminProduct,
  AdminProductResponse,
  AdminProductsResponse,
  AdminProductsQuery,
  AdminReviewResponse,
  AdminReviewsResponse,
  AdminReviewsQuery,
  CreateCouponBody,
  CreateProductBody,
  DashboardResponse,
  PictureResponse,
  SetRoleBody,
  StaffResponse,
  StaffMemberResponse,
  StaffNotificationsBody,
  UpdateCouponBody,
  UpdateProductBody,
} from '../../../contract/admin';

export type * from '../../../contract/admin';

const ADMIN_TAGS = [
  'AdminDashboard',
  'AdminOrder',
  'AdminReview',
  'AdminProduct',
  'AdminCoupon',
  'AdminStaff',
] as const;
type AdminTag = (typeof ADMIN_TAGS)[number];
type Tag = TagDescription<TagType | AdminTag>;

const LIST = 'LIST';

/** The query string of a list: empty filters are left out (the server reads an empty one as a filter). */
function listParams<T extends object>(query: T): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const text = String(value).trim();
    if (text !== '') params[key] = text;
  }
  return params;
}

/** What a changed product makes stale in the shop: its page, the lists that show it (cards, best sellers). */
const shopProductTags = (productId: number): Tag[] => [
  { type: 'Product', id: productId },
  { type: 'Category', id: 'LIST' },
  { type: 'BestSeller', id: 'LIST' },
];

/** An order's change: the order itself, the lists, the dashboard, and the shopper's own order pages. */
const orderTags = (answer: AdminOrderResponse | undefined, id: number): Tag[] => [
  { type: 'AdminOrder', id },
  { type: 'AdminOrder', id: LIST },
  { type: 'AdminDashboard', id: LIST },
  { type: 'Order', id },
  { type: 'Order', id: LIST },
  // A cancelled order's stock went back on sale.
  ...(answer?.order.status === 'canceled'
    ? answer.order.items.flatMap((item) => (item.product_id === null ? [] : shopProductTags(item.product_id)))
    : []),
];

export const adminApi = api.enhanceEndpoints({ addTagTypes: ADMIN_TAGS }).injectEndpoints({
  endpoints: (build) => ({
    dashboard: build.query<DashboardResponse, void>({
      query: () => 'admin/dashboard',
      providesTags: [{ type: 'AdminDashboard', id: LIST }],
    }),
    orders: build.query<AdminOrdersResponse, AdminOrdersQuery>({
      query: (query) => ({ url: 'admin/orders', params: listParams(query) }),
      providesTags: [{ type: 'AdminOrder', id: LIST }],
    }),
    order: build.query<AdminOrder, number>({
      query: (id) => `admin/orders/${id}`,
      providesTags: (_answer, _error, id) => [{ type: 'AdminOrder', id }],
    }),
    deliverOrder: build.mutation<AdminOrderResponse, number>({
      query: (id) => ({ url: `admin/orders/${id}/deliver`, method: 'POST', body: {} }),
      invalidatesTags: (answer, error, id) => (error ? [] : orderTags(answer, id)),
    }),
    cancelOrder: build.mutation<AdminOrderResponse, number>({
      query: (id) => ({ url: `admin/orders/${id}/cancel`, method: 'POST', body: {} }),
      invalidatesTags: (answer, error, id) => (error ? [] : orderTags(answer, id)),
    }),
    recordRefund: build.mutation<AdminOrderResponse, { orderId: number; paymentId: number }>({
      query: ({ orderId, paymentId }) => ({
        url: `admin/orders/${orderId}/payments/${paymentId}/refund`,
        method: 'POST',
        body: {},
      }),
      invalidatesTags: (answer, error, { orderId }) => (error ? [] : orderTags(answer, orderId)),
    }),
    acceptPayment: build.mutation<AdminOrderResponse, { orderId: number; paymentId: number }>({
      query: ({ orderId, paymentId }) => ({
        url: `admin/orders/${orderId}/payments/${paymentId}/accept`,
        method: 'POST',
        body: {},
      }),
      invalidatesTags: (answer, error, { orderId }) => (error ? [] : orderTags(answer, orderId)),
    }),
    reviews: build.query<AdminReviewsResponse, AdminReviewsQuery>({
      query: (query) => ({ url: 'admin/reviews', params: listParams(query) }),
      providesTags: [{ type: 'AdminReview', id: LIST }],
    }),
    moderateReview: build.mutation<
      AdminReviewResponse,
      { id: number; productId: number; decision: 'approve' | 'reject' }
    >({
      query: ({ id, decision }) => ({ url: `admin/reviews/${id}/${decision}`, method: 'POST', body: {} }),
      // The product's reviews and its rating (its page, its cards) change in the shop.
      invalidatesTags: (_answer, error, { productId }) =>
        error
          ? []
          : [
              { type: 'AdminReview', id: LIST },
              { type: 'AdminDashboard', id: LIST },
              { type: 'AdminProduct', id: productId },
              { type: 'Review', id: productId },
              ...shopProductTags(productId),
            ],
    }),
    products: build.query<AdminProductsResponse, AdminProductsQuery>({
      query: (query) => ({ url: 'admin/products', params: listParams(query) }),
      providesTags: [{ type: 'AdminProduct', id: LIST }],
    }),
    product: build.query<AdminProduct, number>({
      query: (id) => `admin/products/${id}`,
      providesTags: (_answer, _error, id) => [{ type: 'AdminProduct', id }],
    }),
    updateProduct: build.mutation<AdminProductResponse, { id: number; changes: UpdateProductBody }>({
      query: ({ id, changes }) => ({ url: `admin/products/${id}`, method: 'PUT', body: changes }),
      invalidatesTags: (_answer, error, { id }) =>
        error
          ? []
          : [
              { type: 'AdminProduct', id },
              { type: 'AdminProduct', id: LIST },
              { type: 'AdminDashboard', id: LIST },
              ...shopProductTags(id),
            ],
    }),
    createProduct: build.mutation<AdminProductResponse, CreateProductBody>({
      query: (body) => ({ url: 'admin/products', method: 'POST', body }),
      invalidatesTags: (_answer, error) =>
        error
          ? []
          : [
              { type: 'AdminProduct', id: LIST },
              { type: 'AdminDashboard', id: LIST },
              { type: 'Category', id: 'LIST' },
            ],
    }),
    uploadPicture: build.mutation<PictureResponse, File>({
      query: (file) => {
        const body = new FormData();
        body.append('image', file);
        return { url: 'admin/products/pictures', method: 'POST', body };
      },
    }),
    categories: build.query<AdminCategoriesResponse, void>({
      query: () => 'admin/categories',
    }),
    coupons: build.query<AdminCouponsResponse, AdminCouponsQuery>({
      query: (query) => ({ url: 'admin/coupons', params: listParams(query) }),
      providesTags: [{ type: 'AdminCoupon', id: LIST }],
    }),
    createCoupon: build.mutation<AdminCouponResponse, CreateCouponBody>({
      query: (body) => ({ url: 'admin/coupons', method: 'POST', body }),
      invalidatesTags: (_answer, error) =>
        error
          ? []
          : [
              { type: 'AdminCoupon', id: LIST },
              { type: 'Coupon', id: 'LIST' },
            ],
    }),
    updateCoupon: build.mutation<AdminCouponResponse, { id: number; changes: UpdateCouponBody }>({
      query: ({ id, changes }) => ({ url: `admin/coupons/${id}`, method: 'PUT', body: changes }),
      invalidatesTags: (_answer, error) =>
        error
          ? []
          : [
              { type: 'AdminCoupon', id: LIST },
              { type: 'Coupon', id: 'LIST' },
            ],
    }),
    staff: build.query<StaffResponse, void>({
      query: () => 'admin/staff',
      providesTags: [{ type: 'AdminStaff', id: LIST }],
    }),
    setRole: build.mutation<StaffMemberResponse, SetRoleBody>({
      query: (body) => ({ url: 'admin/staff', method: 'POST', body }),
      invalidatesTags: (_answer, error) => (error ? [] : [{ type: 'AdminStaff', id: LIST }]),
    }),
    setStaffNotifications: build.mutation<StaffMemberResponse, StaffNotificationsBody & { id: number }>({
      query: ({ id, ...body }) => ({ url: `admin/staff/${id}/notifications`, method: 'POST', body }),
      invalidatesTags: (_answer, error) => (error ? [] : [{ type: 'AdminStaff', id: LIST }]),
    }),
  }),
});

export const {
  useDashboardQuery,
  useOrdersQuery,
  useOrderQuery,
  useDeliverOrderMutation,
  useCancelOrderMutation,
  useRecordRefundMutation,
  useAcceptPaymentMutation,
  useReviewsQuery,
  useModerateReviewMutation,
  useProductsQuery,
  useProductQuery,
  useUpdateProductMutation,
  useCreateProductMutation,
  useUploadPictureMutation,
  useCategoriesQuery,
  useCouponsQuery,
  useCreateCouponMutation,
  useUpdateCouponMutation,
  useStaffQuery,
  useSetRoleMutation,
  useSetStaffNotificationsMutation,
} = adminApi;
