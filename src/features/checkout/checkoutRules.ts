// The checkout's rules, apart from the page: what must be filled in, the order creation payload, and where the
// server's 422 messages go.
import type { TFunction } from 'i18next';

import { errorMessage } from '../../app/api';
import type { Address, OrderPayload } from './checkoutApi';
import { DEFAULT_DIAL_CODE } from './checkoutSlice';

/** The parts of the page a message can sit next to; general is the alert above the confirm button. */
export type CheckoutField =
  'shipping' | 'address' | 'savedAddress' | 'email' | 'phone' | 'method' | 'summary';
export type CheckoutProblem =
  | 'select_shipping_area'
  | 'enter_detailed_address'
  | 'select_address'
  | 'address_not_found'
  | 'address_phone_missing'
  | 'phone_too_short'
  | 'user_email_missing'
  | 'email_required'
  | 'invalid_email'
  | 'phone_required'
  | 'fill_all_fields';

export const GUEST_PHONE_MIN_LENGTH = 8;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ShippingInput {
  governorateName: string | null;
  areaName: string | null;
  shippingPrice: number;
  address: string;
}

export interface CheckoutInput {
  shipping: ShippingInput;
  /** what the summary shows: subtotal − discount + shipping */
  total: number;
  currency: string;
  coupon: { code: string } | null;
  signedIn: boolean;
  /** signed in: the account e-mail kept at login */
  userEmail: string | null;
  addresses: readonly Address[];
  addressId: number | null;
  guestEmail: string;
  guestPhoneCode: string;
  guestPhone: string;
}

export interface CheckoutCheck {
  fields: Partial<Record<CheckoutField, CheckoutProblem>>;
  /** the problem without a field of its own, or the first one, for the toast */
  general: CheckoutProblem | null;
}

export function checkCheckout(input: CheckoutInput): CheckoutCheck {
  const fields: CheckoutCheck['fields'] = {};
  let general: CheckoutProblem | null = null;
  if (!input.shipping.areaName || !input.shipping.governorateName) fields.shipping = 'select_shipping_area';
  if (!input.shipping.address.trim()) fields.address = 'enter_detailed_address';
  if (input.signedIn) {
    const chosen = input.addresses.find((address) => address.id === input.addressId);
    if (input.addressId === null) fields.savedAddress = 'select_address';
    else if (!chosen) fields.savedAddress = 'address_not_found';
    else if (!chosen.mobile_number.trim()) fields.savedAddress = 'address_phone_missing';
    else if (chosen.mobile_number.trim().length < GUEST_PHONE_MIN_LENGTH)
      fields.savedAddress = 'phone_too_short';
    if (!input.userEmail) general = 'user_email_missing';
  } else {
    const email = input.guestEmail.trim();
    if (!email) fields.email = 'email_required';
    else if (!EMAIL.test(email)) fields.email = 'invalid_email';
    if (!input.guestPhone) fields.phone = 'phone_required';
    else if (input.guestPhone.length < GUEST_PHONE_MIN_LENGTH) fields.phone = 'phone_too_short';
    if (fields.email === 'email_required' || fields.phone === 'phone_required') general = 'fill_all_fields';
  }
  return { fields, general: general ?? Object.values(fields)[0] ?? null };
}

export const isCheckoutValid = (check: CheckoutCheck) =>
  check.general === null && Object.keys(check.fields).length === 0;

function addressLine(detailed: string, saved: Address | undefined): string {
  if (!saved) return detailed.trim();
  const parts = [detailed.trim(), saved.address, saved.apartment_number, saved.city, saved.name]
    .map((part) => part.trim())
    .filter(Boolean);
  return [...new Set(parts)].join(', ');
}

/** The order creation payload; call it only when checkCheckout found nothing. */
export function buildOrderPayload(input: CheckoutInput): OrderPayload {
  const saved = input.signedIn
    ? input.addresses.find((address) => address.id === input.addressId)
    : undefined;
  return {
    governorate_name: input.shipping.governorateName ?? '',
    area_name: input.shipping.areaName ?? '',
    address: addressLine(input.shipping.address, saved),
    payment_method: 'online',
    shipping_cost: input.shipping.shippingPrice,
    total_price: input.total,
    shown_total: input.total,
    guest_phone: input.signedIn ? (saved?.mobile_number.trim() ?? '') : input.guestPhone,
    guest_email: input.signedIn ? (input.userEmail ?? '') : input.guestEmail.trim(),
    guest_country_code: input.signedIn
      ? saved?.code_number.trim() || DEFAULT_DIAL_CODE
      : input.guestPhoneCode || DEFAULT_DIAL_CODE,
    ...(input.signedIn && input.coupon ? { coupon_code: input.coupon.code } : {}),
    currency: input.currency,
  };
}

/** Two submits are one intent when they would send the same payload. */
export const payloadFingerprint = (payload: OrderPayload) => JSON.stringify(payload);

/** The server's own "required" wordings, shown in the shopper's language. */
const SERVER_MESSAGES: Record<string, string> = {
  'Governorate name is required': 'governorate_name_required',
  'Area name is required': 'area_name_required',
  'Address is required': 'address_required',
  'Payment method is required': 'payment_method_required',
  'Shipping cost is required': 'shipping_cost_required',
  'Total price is required': 'total_price_required',
  'Email is required': 'email_required',
  'Phone number is required': 'phone_required',
  'Country code is required': 'country_code_required',
  // A coupon past its limits (server/services/couponUses.ts): the order is refused, the cart kept.
  'This coupon has been used up.': 'coupon_used_up',
  'You have already used this coupon as many times as it allows.': 'coupon_used_up_by_you',
  // A price, coupon or delivery change since the summary was shown (server/services/orders/create.ts): the cart is
  // read again, and the shopper confirms the new total.
  'The prices changed since you opened the checkout: check the new total and confirm again.':
    'prices_changed',
  // server/services/orders/create.ts and pricing.ts
  'Invalid coupon': 'coupon_invalid',
  'Phone number must be at least 8 digits': 'phone_too_short',
  'Email must be a valid email address': 'invalid_email',
  'We do not deliver to this area': 'area_not_delivered',
  'Your cart is empty.': 'cart_empty',
  'No item of your cart is available any more.': 'nothing_available',
};

/** The refusals of the applied code that no change to the cart undoes: the coupon is taken off. */
const COUPON_WITHDRAWN: ReadonlySet<string> = new Set([
  'This coupon has been used up.',
  'You have already used this coupon as many times as it allows.',
  'Invalid coupon',
]);

/** A 422 answer to an order that refuses its coupon for good (not its minimum: more in the cart makes it count). */
export function refusesCoupon(error: unknown): boolean {
  const refused = (error as { data?: { errors?: { coupon_code?: unknown } } } | null)?.data?.errors
    ?.coupon_code;
  return Array.isArray(refused) && refused.some((message) => COUPON_WITHDRAWN.has(message as string));
}

/** The server's stock refusals and coupon minimum (server/services/orders/create.ts, pricing.ts), by their shapes. */
const OUT_OF_STOCK = /^(.+) is out of stock\.$/;
const ONLY_LEFT = /^Only (\d+) of (.+) left in stock\.$/;
const COUPON_MINIMUM = /^This coupon needs a subtotal of at least ([\d.]+) KWD\.$/;

function placeOf(field: string, signedIn: boolean): CheckoutField | null {
  switch (field) {
    case 'governorate_name':
    case 'area_name':
      return 'shipping';
    case 'address':
      return 'address';
    case 'payment_method':
      return 'method';
    case 'shipping_cost':
    case 'total_price':
      return 'summary';
    case 'guest_email':
      return signedIn ? null : 'email';
    case 'guest_phone':
    case 'guest_country_code':
      return signedIn ? 'savedAddress' : 'phone';
    default:
      return null;
  }
}

/** The server's refusal of a product above the per-order cap (field `cart`), with its name and the cap. */
const PRODUCT_OVER_LIMIT = /^The quantity of (.+) may not be greater than the limit per order \((\d+)\)\.$/;

/** The server's two 429s of order creation (server/services/orders/limits.ts). */
const TOO_MANY_PENDING =
  'You have too many unpaid orders. Please pay for one of them, or wait until it expires, before ordering again.';

/**
 * A 429 answer to an order: too many unpaid orders (pay or wait), or too many orders from this connection (wait);
 * both keep the cart and what was typed.
 */
export function tooManyOrdersMessage(error: unknown, t: TFunction): string {
  return errorMessage(error) === TOO_MANY_PENDING
    ? t('checkout.errors.too_many_pending')
    : t('checkout.errors.too_many_orders');
}

export interface ServerRefusal {
  fields: Partial<Record<CheckoutField, string>>;
  /** every message of the answer (or its message), for the alert above the confirm button */
  joined: string[];
}

/** A 422 answer: each field's first message next to its part of the page, and all messages together. */
export function serverRefusal(error: unknown, signedIn: boolean, t: TFunction): ServerRefusal {
  const errors = (error as { data?: { errors?: Record<string, unknown> } } | null)?.data?.errors;
  const fields: ServerRefusal['fields'] = {};
  const joined: string[] = [];
  const say = (message: string) => {
    const key = SERVER_MESSAGES[message];
    if (key) return t(`checkout.errors.${key}`);
    const overLimit = PRODUCT_OVER_LIMIT.exec(message);
    if (overLimit) {
      return t('checkout.errors.quantity_over_limit', { name: overLimit[1], count: Number(overLimit[2]) });
    }
    const gone = OUT_OF_STOCK.exec(message);
    if (gone) return t('checkout.errors.out_of_stock', { name: gone[1] });
    const few = ONLY_LEFT.exec(message);
    if (few) return t('checkout.errors.only_left', { name: few[2], count: Number(few[1]) });
    const minimum = COUPON_MINIMUM.exec(message);
    if (minimum) return t('checkout.errors.coupon_minimum', { amount: `${minimum[1]} KWD` });
    return message;
  };
  if (errors && typeof errors === 'object') {
    for (const [field, value] of Object.entries(errors)) {
      const messages = (Array.isArray(value) ? value : [value]).filter(
        (message): message is string => typeof message === 'string',
      );
      const shown = messages.map(say);
      joined.push(...shown);
      const place = placeOf(field, signedIn);
      if (place && shown[0] && !fields[place]) fields[place] = shown[0];
    }
  }
  if (joined.length === 0) {
    const message = errorMessage(error);
    if (message) joined.push(say(message));
  }
  return { fields, joined };
}
