// The signed return link: the gateway sends the shopper back to /payment with the order's id, an expiry and an
// HMAC of both (TOKEN_SECRET), so the status check answers a shopper who comes back in a fresh browser (no session,
// no guest token) and nobody else who only knows or guesses a payment's id.
import { createHmac } from 'node:crypto';
import { sameHash } from './tokens';

/** How long a return link opens its order's payment status. */
export const PAYMENT_RETURN_TTL_MS = 2 * 60 * 60 * 1000;

export interface PaymentReturnProof {
  order?: string | undefined;
  expires?: string | undefined;
  signature?: string | undefined;
}

function signatureOf(secret: string, orderId: number, expires: number): string {
  return createHmac('sha256', secret)
    .update(`payment-return:${orderId}:${expires}`)
    .digest('hex')
    .slice(0, 40);
}

/** `order=…&expires=…&signature=…` for the return link of `orderId`, valid PAYMENT_RETURN_TTL_MS from `now`. */
export function paymentReturnQuery(secret: string, orderId: number, now: Date): string {
  const expires = Math.floor((now.getTime() + PAYMENT_RETURN_TTL_MS) / 1000);
  return `order=${orderId}&expires=${expires}&signature=${signatureOf(secret, orderId, expires)}`;
}

/** The order a return link's proof opens at `now`, or null (missing, malformed, forged or expired). */
export function orderOfPaymentReturn(secret: string, proof: PaymentReturnProof, now: Date): number | null {
  const { order, expires, signature } = proof;
  if (!order || !expires || !signature) return null;
  if (!/^\d{1,12}$/.test(order) || !/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{40}$/.test(signature))
    return null;
  const orderId = Number(order);
  const expiresAt = Number(expires);
  if (expiresAt * 1000 <= now.getTime()) return null;
  return sameHash(signature, signatureOf(secret, orderId, expiresAt)) ? orderId : null;
}
