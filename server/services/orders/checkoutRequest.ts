// The checkout request (docs/spec/02-shopping.md §8): its fields checked with the spec's exact messages,
// before any order is made.
import { MAX_AMOUNT } from '../../../contract/common';
import { Invalid, type FieldErrors } from '../errors';

export interface OrderRequest {
  governorate_name?: unknown;
  area_name?: unknown;
  address?: unknown;
  payment_method?: unknown;
  shipping_cost?: unknown;
  total_price?: unknown;
  shown_total?: unknown;
  guest_phone?: unknown;
  guest_email?: unknown;
  guest_country_code?: unknown;
  coupon_code?: unknown;
  currency?: unknown;
}

function text(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' ? value.trim() : '';
}

/** A finite amount the money columns can hold, as a JSON number or plain decimal text. */
function isAmount(value: unknown): boolean {
  let amount = Number.NaN;
  if (typeof value === 'number') amount = value;
  else if (typeof value === 'string' && /^\d{1,15}(\.\d{1,15})?$/.test(value.trim())) amount = Number(value);
  return Number.isFinite(amount) && amount >= 0 && amount <= MAX_AMOUNT;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ValidOrderRequest {
  governorateName: string;
  areaName: string;
  address: string;
  paymentMethod: string;
  email: string;
  phone: string;
  countryCode: string;
  couponCode: string | null;
  currency: unknown;
  clientTotal: string;
  clientShipping: string;
  /** the total the shopper confirms (shown_total): the order is refused when its own differs */
  shownTotal: number | null;
}

/**
 * The checks of docs/spec/02-shopping.md §8 with its exact messages. Signed-in shoppers fall back to their
 * account e-mail.
 */
export function validateOrderRequest(
  body: OrderRequest,
  account: { email: string } | null,
): ValidOrderRequest {
  const errors: FieldErrors = {};
  const need = (field: keyof OrderRequest, message: string) => {
    const value = text(body[field]);
    if (!value) errors[field] = [message];
    return value;
  };
  const governorateName = need('governorate_name', 'Governorate name is required');
  const areaName = need('area_name', 'Area name is required');
  const address = need('address', 'Address is required');
  const paymentMethod = need('payment_method', 'Payment method is required');
  if (body.shipping_cost === undefined || body.shipping_cost === null || body.shipping_cost === '') {
    errors.shipping_cost = ['Shipping cost is required'];
  } else if (!isAmount(body.shipping_cost)) errors.shipping_cost = ['Shipping cost must be a number'];
  if (body.total_price === undefined || body.total_price === null || body.total_price === '') {
    errors.total_price = ['Total price is required'];
  } else if (!isAmount(body.total_price)) errors.total_price = ['Total price must be a number'];
  const hasShownTotal =
    body.shown_total !== undefined && body.shown_total !== null && body.shown_total !== '';
  if (hasShownTotal && !isAmount(body.shown_total)) errors.shown_total = ['Shown total must be a number'];

  let email = text(body.guest_email);
  if (!email && account) email = account.email;
  if (!email) errors.guest_email = ['Email is required'];
  else if (!EMAIL.test(email) || email.length > 255)
    errors.guest_email = ['Email must be a valid email address'];

  const phone = text(body.guest_phone).replace(/[\s-]/g, '');
  if (!phone) errors.guest_phone = ['Phone number is required'];
  else if (!/^\+?\d+$/.test(phone)) errors.guest_phone = ['Phone number must contain only digits'];
  else if (phone.length < 8 || phone.length > 16)
    errors.guest_phone = ['Phone number must be at least 8 digits'];

  let countryCode = text(body.guest_country_code);
  if (!countryCode && account) countryCode = '+965';
  if (!countryCode) errors.guest_country_code = ['Country code is required'];
  else if (!/^\+?\d{1,4}$/.test(countryCode)) errors.guest_country_code = ['Country code is invalid'];

  for (const [field, value, max] of [
    ['governorate_name', governorateName, 100],
    ['area_name', areaName, 100],
    ['address', address, 1000],
    ['payment_method', paymentMethod, 50],
  ] as const) {
    if (value.length > max && !errors[field]) errors[field] = [`The ${field.replace(/_/g, ' ')} is too long`];
  }
  if (Object.keys(errors).length > 0) throw new Invalid(errors);
  const couponCode = text(body.coupon_code);
  return {
    governorateName,
    areaName,
    address,
    paymentMethod,
    email: email.toLowerCase(),
    phone,
    countryCode: countryCode.startsWith('+') ? countryCode : `+${countryCode}`,
    couponCode: couponCode ? couponCode.slice(0, 64) : null,
    currency: body.currency,
    clientTotal: text(body.total_price).slice(0, 32),
    clientShipping: text(body.shipping_cost).slice(0, 32),
    shownTotal: hasShownTotal ? Number(text(body.shown_total)) : null,
  };
}
