// Categories with their products, best sellers, product detail, reviews.
import { Type, type Static } from 'typebox';
import { ResponseObject, DatabaseId, endpoints, IdText, Nullable } from './common';

/** `?lang=ar` and `?currency_code=` (prices converted into that currency as `converted_products`). */
export const CatalogQuery = Type.Object({
  lang: Type.Optional(Type.String({ maxLength: 10 })),
  currency_code: Type.Optional(Type.String({ maxLength: 10 })),
});
export type CatalogQuery = Static<typeof CatalogQuery>;

export const SubAttribute = ResponseObject({ id: Type.Integer(), name: Type.String() });
export type SubAttribute = Static<typeof SubAttribute>;

/** attribute_name: 'size'/'color' (English) or 'المقاس'/'اللون' (lang=ar). */
export const ProductAttribute = ResponseObject({
  attribute_name: Type.String(),
  sub_attributes: Type.Array(SubAttribute),
});
export type ProductAttribute = Static<typeof ProductAttribute>;

export const ConvertedPrices = ResponseObject({
  currency_code: Type.String(),
  price: Type.Number(),
  discounted_price: Nullable(Type.Number()),
});
export type ConvertedPrices = Static<typeof ConvertedPrices>;

export const StockWarning = ResponseObject({ warning_ar: Type.String(), warning_en: Type.String() });
export type StockWarning = Static<typeof StockWarning>;

export const ProductImage = ResponseObject({ id: Type.Integer(), image: Type.String() });

export const Product = ResponseObject({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  price: Type.Number(),
  discounted_price: Nullable(Type.Number()),
  /** percent */
  discount_offer: Nullable(Type.Number()),
  /** only when ?currency_code= is given */
  converted_products: Type.Optional(ConvertedPrices),
  /** main image URL */
  image_temp: Type.String(),
  image_url: Type.Array(Type.String()),
  product_images: Type.Array(ProductImage),
  /** the category's name */
  category: Type.String(),
  category_id: Type.Integer(),
  collection: Type.String(),
  brand: Type.String(),
  /** 0..5, 1 decimal */
  rating: Type.Number(),
  stock_quantity: Type.Integer(),
  stock_warning: Nullable(StockWarning),
  attributes: Type.Array(ProductAttribute),
  offer: Type.Boolean(),
  sale: Type.Boolean(),
  created_at: Type.String(),
});
export type Product = Static<typeof Product>;

export const Category = ResponseObject({
  id: Type.Integer(),
  name: Type.String(),
  image: Type.String(),
  products: Type.Array(Product),
});
export type Category = Static<typeof Category>;

export const CategoriesResponse = Type.Array(Category);
export type CategoriesResponse = Static<typeof CategoriesResponse>;

export const BestSellersResponse = ResponseObject({ bestSellingProducts: Type.Array(Product) });
export type BestSellersResponse = Static<typeof BestSellersResponse>;

export const ProductParams = Type.Object({ id: IdText });

export const ReviewStatus = Type.Unsafe<'approved' | 'pending'>({
  type: 'string',
  enum: ['approved', 'pending'],
});

export const Review = ResponseObject({
  id: Type.Integer(),
  product_id: Type.Integer(),
  status: ReviewStatus,
  rating: Type.Integer(),
  review: Type.String(),
  user_name: Type.String(),
  created_at: Type.String(),
});
export type Review = Static<typeof Review>;

export const ReviewsQuery = Type.Object({
  product_id: Type.Optional(Type.String({ maxLength: 12 })),
  lang: Type.Optional(Type.String({ maxLength: 10 })),
});
export type ReviewsQuery = Static<typeof ReviewsQuery>;

export const ReviewsResponse = Type.Array(Review);
export type ReviewsResponse = Static<typeof ReviewsResponse>;

export const AddReviewBody = Type.Object({
  /** sent by the SPA, never trusted: the author is the token's bearer */
  user_id: Type.Optional(Type.Unknown()),
  product_id: DatabaseId,
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  review: Type.String({ minLength: 1, maxLength: 2000 }),
});
export type AddReviewBody = Static<typeof AddReviewBody>;

export const Catalog = endpoints({
  categories: {
    method: 'GET',
    url: '/categories',
    schema: { querystring: CatalogQuery, response: { 200: CategoriesResponse } },
  },
  bestSellers: {
    method: 'GET',
    url: '/best_selling_products',
    schema: { querystring: CatalogQuery, response: { 200: BestSellersResponse } },
  },
  product: {
    method: 'GET',
    url: '/products/:id',
    notes: "404 `{message:'Product not found'}`; an unknown currency_code 422 `errors.currency_code`",
    schema: { querystring: CatalogQuery, params: ProductParams, response: { 200: Product } },
  },
  reviews: {
    method: 'GET',
    url: '/reviews',
    notes: 'approved reviews only: one waiting for approval is not served',
    schema: { querystring: ReviewsQuery, response: { 200: ReviewsResponse } },
  },
  addReview: {
    method: 'POST',
    url: '/reviews/add',
    auth: 'bearer',
    notes:
      "the review waits for approval; 403 unless the product is in one of the user's completed orders; one review per product (422 `errors.product_id`)",
    schema: { body: AddReviewBody, response: { 201: ResponseObject({ message: Type.String() }) } },
  },
});
