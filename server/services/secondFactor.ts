// The back office's second factor: enrolment (a secret shown once, confirmed by its first code, ten recovery codes
// shown once), the sign-in's second step, and the owner's choice for staff. Guesses count against the account like
// e-mailed codes do (lib/guessLockout).
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import {
  confirmEnrolment,
  findSecondFactor,
  markSecondStepPassed,
  markSessionProven,
  setStaffSecondFactor,
  startEnrolment,
  staffSecondFactorRequired,
  unusedRecoveryCodes,
  useRecoveryCode,
  useStep,
} from '../db/queries/secondFactors';
import { guarded, lockoutKey, passwordProvesHolder } from '../lib/guessLockout';
import {
  acceptedStep,
  newRecoveryCode,
  newTotpSecret,
  normalizeRecoveryCode,
  otpauthUrl,
  qrCodeDataUrl,
  RECOVERY_CODE_COUNT,
  recoveryCodeHash,
  TOTP_ISSUER,
} from '../lib/totp';
import {
  SECOND_FACTOR_REFUSALS,
  WRONG_PASSWORD,
  WRONG_SECOND_FACTOR_CODE,
} from '../../contract/secondFactor';
import { findUserById } from '../db/queries/users';
import { Conflict, Invalid } from './errors';

export interface SecondFactorDeps {
  db: Db;
  config: Pick<Config, 'now' | 'ownerSecondFactor' | 'demoShop'>;
  log?: FastifyBaseLogger;
}

export interface Holder {
  id: number;
  email: string;
  role: 'shopper' | 'staff' | 'owner';
  tokenId: number;
}

const wrongCode = () => new Invalid({ code: [WRONG_SECOND_FACTOR_CODE] }, WRONG_SECOND_FACTOR_CODE);

export async function mustHaveSecondFactor(
  deps: Pick<SecondFactorDeps, 'db' | 'config'>,
  role: Holder['role'],
): Promise<boolean> {
  if (role === 'owner') return deps.config.ownerSecondFactor;
  if (role === 'staff') return staffSecondFactorRequired(deps.db);
  return false;
}

export async function secondFactorStatus(deps: SecondFactorDeps, holder: Holder, secondStepPassed: boolean) {
  const row = await findSecondFactor(deps.db, holder.id);
  const enrolled = Boolean(row?.confirmedAt);
  const required = await mustHaveSecondFactor(deps, holder.role);
  return {
    enrolled,
    required,
    passed: enrolled ? secondStepPassed : !required,
    demo_exempt: holder.role === 'owner' && !enrolled && !required && deps.config.demoShop,
    recovery_codes_left: enrolled ? await unusedRecoveryCodes(deps.db, holder.id) : 0,
  };
}

/** A new secret for the app, waiting for its first code; an account that has one keeps it (409). */
export async function beginEnrolment(deps: SecondFactorDeps, holder: Holder) {
  const secret = newTotpSecret();
  if (!(await startEnrolment(deps.db, holder.id, secret, deps.config.now()))) {
    throw new Conflict(SECOND_FACTOR_REFUSALS.already_enrolled, undefined, 'already_enrolled');
  }
  const url = otpauthUrl(secret, holder.email, TOTP_ISSUER);
  return { secret, otpauth_url: url, qr_code: await qrCodeDataUrl(url) };
}

/**
 * The app's first code confirms the enrolment: this session has passed its second step, and the recovery codes are
 * answered now and never again (only their hashes stay).
 */
export async function finishEnrolment(deps: SecondFactorDeps, holder: Holder, code: unknown) {
  const { db, config } = deps;
  const row = await findSecondFactor(db, holder.id);
  if (row?.confirmedAt)
    throw new Conflict(SECOND_FACTOR_REFUSALS.already_enrolled, undefined, 'already_enrolled');
  if (!row) throw new Conflict(SECOND_FACTOR_REFUSALS.no_enrolment, undefined, 'no_enrolment');
  const now = config.now();
  const recovery = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const accepted = await guarded(
    db,
    lockoutKey('second-factor', holder.id),
    now,
    async () => {
      const step = acceptedStep(row.secret, String(code).trim(), now, null);
      if (step === null) return false;
      return confirmEnrolment(
        db,
        holder.id,
        step,
        recovery.map((each) => recoveryCodeHash(holder.id, each)),
        now,
      );
    },
    deps.log,
  );
  if (!accepted) throw wrongCode();
  await markSecondStepPassed(db, holder.tokenId, now);
  return { message: 'Two-step sign-in is on.', recovery_codes: recovery };
}

/**
 * Checks an authenticator code (each once) or an unused recovery code against the account. With `secondStep`, a
 * right one also makes this session staff-capable.
 */
export async function proveSecondFactor(
  deps: SecondFactorDeps,
  holder: Holder,
  code: unknown,
  secondStep: boolean,
): Promise<void> {
  const { db, config } = deps;
  const row = await findSecondFactor(db, holder.id);
  if (!row?.confirmedAt) throw new Conflict(SECOND_FACTOR_REFUSALS.no_enrolment, undefined, 'no_enrolment');
  const now = config.now();
  const typed = String(code).trim();
  const accepted = await guarded(
    db,
    lockoutKey('second-factor', holder.id),
    now,
    async () => {
      if (/^\d{6}$/.test(typed)) {
        const step = acceptedStep(row.secret, typed, now, row.lastStep);
        return step !== null && (await useStep(db, holder.id, step, row.lastStep));
      }
      if (normalizeRecoveryCode(typed).length !== 10) return false;
      return useRecoveryCode(db, holder.id, recoveryCodeHash(holder.id, typed), now);
    },
    deps.log,
  );
  if (!accepted) throw wrongCode();
  await markSessionProven(db, holder.tokenId, now, secondStep);
}

export async function shopSecurity(db: Db) {
  return { staff_second_factor: await staffSecondFactorRequired(db) };
}

export async function changeShopSecurity(db: Db, staffSecondFactor: boolean, now: Date) {
  await setStaffSecondFactor(db, staffSecondFactor, now);
  return shopSecurity(db);
}

/**
 * Proves again who holds the session, for the sensitive back office actions of the next 15 minutes: the password
 * (its guesses lock out like codes do), or a code from the app or a recovery code.
 */
export async function reauthenticate(
  deps: SecondFactorDeps,
  holder: Holder,
  proof: { password?: string; code?: string },
): Promise<void> {
  if (proof.code !== undefined) {
    await proveSecondFactor(deps, holder, proof.code, false);
    return;
  }
  const { db, config } = deps;
  const now = config.now();
  const user = await findUserById(db, holder.id);
  const accepted = await passwordProvesHolder(
    db,
    holder.id,
    user?.passwordHash,
    proof.password ?? '',
    now,
    deps.log,
  );
  if (!accepted) throw new Invalid({ password: [WRONG_PASSWORD] }, WRONG_PASSWORD);
  await markSessionProven(db, holder.tokenId, now, false);
}
