// Sensitive back office actions ask the staff member to prove again who they are (the password, or a code from
// the app) when the session's last proof is older than 15 minutes: a session left open on a shared computer, or a
// stolen token, cannot change staff, record refunds or make big coupons. Which actions: staff changes (roles, the
// staff second-factor switch), refunds, and coupons of 50 % or more, or 20 KWD or more, or allowed to make orders
// free: made, or changed into one (its kind, more time or uses, switched back on: services/backOffice/coupons.ts).
import type { FastifyRequest } from 'fastify';
import { REAUTH_REFUSAL } from '../../contract/secondFactor';
import { Forbidden, NotSignedIn } from '../services/errors';

export const PROOF_LIFETIME_MS = 15 * 60 * 1000;

/** A coupon from this big on is a sensitive action. */
export const BIG_COUPON = { percent: 50, amount: 20 } as const;

/**
 * A coupon (created, or changed with these fields) that takes this much off. A change of the value alone is judged
 * as the larger of the two kinds would be (20 or more), so a big coupon is never made without the check.
 */
export function isBigCoupon(body: { kind?: 'percent' | 'amount'; value?: number }): boolean {
  if (body.value === undefined) return false;
  if (body.kind === 'percent') return body.value >= BIG_COUPON.percent;
  return body.value >= BIG_COUPON.amount;
}

/** preHandler (after requireStaff / requireOwner): refuses with `reauth_required` when the proof is too old. */
export function requireRecentProof(now: () => Date) {
  return async (request: FastifyRequest): Promise<void> => assertRecentProof(request, now());
}

/** The session's holder proved who they are (signed in, or typed the password or a code) within 15 minutes. */
export function provenRecently(provenAt: Date | undefined, now: Date): boolean {
  return provenAt !== undefined && now.getTime() - provenAt.getTime() <= PROOF_LIFETIME_MS;
}

export function assertRecentProof(request: FastifyRequest, now: Date): void {
  if (!request.user) throw new NotSignedIn();
  if (!provenRecently(request.user.provenAt, now)) {
    throw new Forbidden(REAUTH_REFUSAL, undefined, 'reauth_required');
  }
}
