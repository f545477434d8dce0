// Coupon usage limits (issue 47, finding 3): a total number of uses and a number per customer.
//
// A use is an order that took the coupon and has not given it back: pending (it may still be paid), failed (it may
// still be paid again until its deadline, then it expires), paid, completed and refund_due (money was taken; a
// refund does not make the discount unused). Expired and cancelled orders give their use back: they will never be
// paid. The count runs in the order's own transaction under the coupon's row lock (FOR UPDATE), so two orders racing
// for the last use queue on the row and the second one counts the first: exactly one wins.
//
// A customer is an account, and anyone ordering with the same e-mail (case and spaces ignored) or the same phone
// (digits only, with its country code, leading zeros and a repeated country code dropped): a guest or a second
// account is counted by the contact details it orders with. Orders whose contact details were erased with their
// account (services/profile.ts) no longer count for anyone.
import type { Db } from '../db/client';
import { candidateCouponUses, countCouponUses, lockCouponRow } from '../db/queries/couponUses';
import { findUserById } from '../db/queries/users';
import { Invalid } from './errors';

export const COUPON_USED_UP = 'This coupon has been used up.';
export const COUPON_USED_UP_BY_CUSTOMER = 'You have already used this coupon as many times as it allows.';

export interface CouponCustomer {
  userId: number | null;
  email: string;
  /** the signed-in account's own address: its other accounts of one mailbox are the same customer */
  accountEmail?: string;
  phone: string;
  countryCode: string;
}

/**
 * A mailbox's one spelling: lower case, without a `+tag` (me+1@ and me+2@ are one mailbox, so one customer's
 * accounts), and for Gmail without dots and under one domain. The same as queries/couponUses.ts `mailboxOf`.
 */
export function emailKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const local = address.slice(0, at).split('+')[0] ?? '';
  const domain = address.slice(at + 1);
  return domain === 'gmail.com' || domain === 'googlemail.com'
    ? `${local.replaceAll('.', '')}@gmail.com`
    : `${local}@${domain}`;
}

/** The phone with its country code as digits only: '+965 5000-0001', '0096550000001' and '50000001' (+965) agree. */
export function phoneKey(phone: string, countryCode: string): string {
  const code = countryCode.replace(/\D/g, '').replace(/^0+/, '');
  const international = /^\s*(\+|00)/.test(phone);
  let national = phone.replace(/\D/g, '');
  if (international) {
    national = national.replace(/^00/, '');
    return national.replace(/^0+/, '');
  }
  national = national.replace(/^0+/, '');
  // The number typed with its country code again, without the +.
  if (code && national.startsWith(code) && national.length - code.length >= 7) {
    national = national.slice(code.length);
  }
  return code + national;
}

export interface CouponLimits {
  id: number;
  usageLimit: number | null;
  perCustomerLimit: number | null;
}

/**
 * In the order's transaction, before the order is written: locks the coupon's row and refuses (422 on coupon_code)
 * an order past the coupon's total or per-customer limit.
 */
export async function claimCouponUse(
  tx: Db,
  coupon: CouponLimits,
  customer: CouponCustomer,
  { lock = true }: { lock?: boolean } = {},
): Promise<void> {
  // Without the lock (applying the coupon to a cart) it is an early answer only; the order's count is the one that holds.
  if (lock) await lockCouponRow(tx, coupon.id);
  if (coupon.usageLimit !== null && (await countCouponUses(tx, coupon.id)) >= coupon.usageLimit) {
    throw new Invalid({ coupon_code: [COUPON_USED_UP] }, COUPON_USED_UP);
  }
  if (coupon.perCustomerLimit === null) return;
  if ((await customerUses(tx, coupon.id, customer)) >= coupon.perCustomerLimit) {
    throw new Invalid({ coupon_code: [COUPON_USED_UP_BY_CUSTOMER] }, COUPON_USED_UP_BY_CUSTOMER);
  }
}

/** The uses already made by this customer (see the head of this file). */
export async function customerUses(db: Db, couponId: number, customer: CouponCustomer): Promise<number> {
  // The mailbox typed for the order and the account's own: an order is this customer's when either is its typed
  // contact or the address of the account that placed it.
  const accountEmail =
    customer.accountEmail ??
    (customer.userId !== null ? (await findUserById(db, customer.userId))?.email : undefined) ??
    '';
  const mailboxes = [
    ...new Set([customer.email, accountEmail].filter((email) => email.trim()).map(emailKey)),
  ];
  const phone = customer.phone ? phoneKey(customer.phone, customer.countryCode) : '';
  const rows = await candidateCouponUses(db, couponId, {
    userId: customer.userId,
    mailboxes,
    phoneTail: phone.length >= 7 ? phone.slice(-7) : '',
  });
  const ofMailboxes = (email: string | null) => email !== null && mailboxes.includes(emailKey(email));
  return rows.filter(
    (row) =>
      (customer.userId !== null && row.userId === customer.userId) ||
      ofMailboxes(row.contactEmail) ||
      ofMailboxes(row.accountEmail) ||
      (phone !== '' &&
        row.contactPhone !== '' &&
        phoneKey(row.contactPhone, row.contactCountryCode) === phone),
  ).length;
}

/** An order such a coupon takes to 0 (with free delivery) is paid by the coupon, without a gateway (orders/create.ts). */
export { mayMakeGoodsFree } from '../../shared/couponFreeOrders';
