// The back office's form rules, as the contract bounds them (contract/admin.ts). Messages are translation keys.
import * as yup from 'yup';

import { mayMakeGoodsFree } from '../../../shared/couponFreeOrders';

export const MAX_STOCK = 1_000_000;
const MAX_AMOUNT = 100_000_000;
const P = 'admin.product.errors.';
const N = 'admin.new_product.errors.';
const C = 'admin.coupons.errors.';

/** A number field's text: blank is undefined, anything else must be a plain finite number. */
const amountText = (message: string) =>
  yup
    .string()
    .trim()
    .test(
      'amount',
      message,
      (value) => !value || (/^\d+(\.\d{1,3})?$/.test(value) && Number(value) <= MAX_AMOUNT),
    );

/** A coupon's limit: blank is none, else a whole number from 1 to a million (contract/admin.ts). */
const limitText = (message: string) =>
  yup
    .string()
    .trim()
    .test(
      'limit',
      message,
      (value) => !value || (/^\d{1,7}$/.test(value) && Number(value) >= 1 && Number(value) <= 1_000_000),
    );

const stockRule = yup
  .string()
  .trim()
  .required(`${P}stock`)
  .test('stock', `${P}stock`, (value) => /^\d{1,7}$/.test(value) && Number(value) <= MAX_STOCK);

const priceRule = amountText(`${P}price`)
  .required(`${P}price`)
  .test('positive', `${P}price`, (value) => Number(value) > 0);

/** A discount is above 0 and below the price; blank means none. */
const discountRule = amountText(`${P}discounted_price`).test(
  'below-price',
  `${P}discounted_price`,
  function belowPrice(value) {
    if (!value) return true;
    const price = Number((this.parent as { price?: string }).price);
    return Number(value) > 0 && (!Number.isFinite(price) || Number(value) < price);
  },
);

/** What a product's page changes: stock, prices and flags. */
export const productEditSchema = yup.object({
  stock_quantity: stockRule,
  price: priceRule,
  discounted_price: discountRule,
  sale: yup.boolean().required(),
  offer: yup.boolean().required(),
});

/** A new product: the same, with its names, descriptions, category and brand. */
export const newProductSchema = productEditSchema.shape({
  name_en: yup.string().trim().required(`${N}name`).max(255, `${N}name`),
  name_ar: yup.string().trim().required(`${N}name`).max(255, `${N}name`),
  description_en: yup.string().max(5000),
  description_ar: yup.string().max(5000),
  category_id: yup.string().required(`${N}category`),
  brand: yup.string().max(255),
});
export type NewProductValues = yup.InferType<typeof newProductSchema>;

export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const MAX_PICTURES = 8;

export const couponSchema = yup.object({
  code: yup
    .string()
    .trim()
    .required(`${C}code`)
    .matches(/^[A-Za-z0-9_-]{3,32}$/, `${C}code`),
  kind: yup.mixed<'percent' | 'amount'>().oneOf(['percent', 'amount']).required(),
  value: amountText(`${C}value`)
    .required(`${C}value`)
    .test('positive', `${C}value`, (value) => Number(value) > 0)
    .test('percent', `${C}percent`, function percent(value) {
      return (this.parent as { kind?: string }).kind !== 'percent' || Number(value) <= 100;
    }),
  min_total: amountText(`${C}min_total`),
  starts_on: yup.string(),
  end_date: yup
    .string()
    .required(`${C}end_date`)
    .test('order', `${C}dates`, function order(value) {
      const starts = (this.parent as { starts_on?: string }).starts_on;
      return !starts || !value || starts <= value;
    }),
  is_active: yup.boolean().required(),
  usage_limit: limitText(`${C}limit`),
  per_customer_limit: limitText(`${C}limit`),
  // Server-side too (422 errors.allows_free_orders): an order for nothing is a deliberate choice.
  allows_free_orders: yup
    .boolean()
    .required()
    .test('confirmed', `${C}free_orders`, function confirmed(value) {
      const { kind, value: amount, min_total: minTotal } = this.parent as CouponValuesShape;
      return value === true || !couponMayMakeFree({ kind, value: amount, min_total: minTotal });
    }),
});
export type CouponValues = yup.InferType<typeof couponSchema>;

interface CouponValuesShape {
  kind?: 'percent' | 'amount';
  value?: string;
  min_total?: string;
}

/** The form's values read by the server's rule (shared/couponFreeOrders.ts); an unfinished value says no. */
export function couponMayMakeFree({ kind, value, min_total: minTotal }: CouponValuesShape): boolean {
  const amount = Number(value);
  if (!kind || !value?.trim() || !Number.isFinite(amount) || amount <= 0) return false;
  return mayMakeGoodsFree({ kind, value: amount, minTotal: minTotal?.trim() ? Number(minTotal) : 0 });
}

/** A money field's text as the contract's number (blank: null). */
export const amountOrNull = (text: string | undefined) => (text?.trim() ? Number(text) : null);
