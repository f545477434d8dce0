import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { prepareTokenLookup, recordTokenUse, type TokenRow, type UserRole } from '../db/queries/apiTokens';
import { deleteToken, rememberLanguage } from '../db/queries/users';
import { EMAIL_NOT_VERIFIED } from '../lib/errors';
import { LookupRounds } from '../lib/lookupRounds';
import { sha256Hex } from '../lib/tokens';
import type { AuthUser } from '../types';
import { Forbidden, NotSignedIn } from '../services/errors';
import { mustHaveSecondFactor } from '../services/secondFactor';
import { ADMIN_REFUSALS } from '../../contract/admin';
import { SECOND_FACTOR_REFUSALS } from '../../contract/secondFactor';
import { languageOf } from './spa';

export interface Authenticated extends AuthUser {
  verified: boolean;
  tokenId: number;
  role: UserRole;
  /** The account has a confirmed authenticator app (migrations/020). */
  enrolled: boolean;
  /** This session passed its second step (an enrolled account's code). */
  secondStepPassed: boolean;
  /** The last time this session's holder typed the password or a code. */
  provenAt: Date;
}

/** A session ends after 30 days without any use (sliding). */
export const TOKEN_IDLE_LIMIT_MS = 30 * 24 * 60 * 60 * 1000;
/** Use is recorded at most once an hour per token, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Every signed-in request looks its token up, so the lookups go in rounds (lib/lookupRounds): one prepared
 * statement for the tokens of all the requests that arrived while the previous statement ran, never a statement
 * sent before the request arrived, and nothing kept once it has answered.
 *
 * The bound on a revoked token is zero: a token signed out, deleted, or whose account changed — on any instance,
 * through the API or by SQL — is refused by every request that arrives after that change committed. Why rounds and
 * not a cache: across instances only a read made after the request arrived can know of a sign-out another instance
 * has just committed. A time to live would let a signed-out token work on for that long; an epoch that sign-out
 * bumps would need that same read on every request to be seen at once. Rounds keep the read and share it among
 * the requests that wait together (one statement per round instead of one per request; alone, a request costs
 * what it did).
 */
const tokenRounds = new WeakMap<Db, LookupRounds<string, TokenRow>>();

function readToken(db: Db, tokenHash: string): Promise<TokenRow | undefined> {
  let rounds = tokenRounds.get(db);
  if (!rounds) {
    const lookup = prepareTokenLookup(db);
    rounds = new LookupRounds(async (tokenHashes) => {
      const rows = await lookup.execute({ tokenHashes });
      return new Map(rows.map((row) => [row.tokenHash, row]));
    });
    tokenRounds.set(db, rounds);
  }
  return rounds.get(tokenHash);
}

/** The account behind the request's bearer token, verified or not; null without a live token. */
export async function authenticate(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<Authenticated | null> {
  const token = bearerTokenOf(request);
  if (!token) return null;
  const row = await readToken(app.deps.db, sha256Hex(token));
  if (!row) return null;
  const now = app.deps.config.now();
  const idleMs = now.getTime() - (row.lastUsedAt ?? row.createdAt).getTime();
  // Idle for 30 days, or signed in longer ago than the absolute lifetime however often used: the session is over.
  if (
    idleMs > TOKEN_IDLE_LIMIT_MS ||
    now.getTime() - row.createdAt.getTime() > app.deps.config.tokenMaxAgeMs
  ) {
    await deleteToken(app.deps.db, row.tokenId);
    return null;
  }
  if (idleMs > TOUCH_INTERVAL_MS) {
    // The row is shared by the requests of one round: the first to see it stale stamps it for all of them.
    row.lastUsedAt = now;
    await recordTokenUse(app.deps.db, row.tokenId, now);
  }
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    verified: row.emailVerifiedAt !== null,
    tokenId: row.tokenId,
    role: row.role,
    enrolled: row.enrolledAt !== null,
    secondStepPassed: row.secondFactorAt !== null,
    provenAt: row.provenAt ?? row.createdAt,
  };
}

/**
 * The back office refuses a session half signed in (an enrolled account whose code was not entered in it) and an
 * account that must set an app up first, each with its own code, so the SPA shows the step or the set-up.
 */
async function refuseWithoutSecondFactor(app: FastifyInstance, found: Authenticated): Promise<void> {
  if (found.enrolled) {
    if (!found.secondStepPassed) {
      throw new Forbidden(SECOND_FACTOR_REFUSALS.second_factor_required, undefined, 'second_factor_required');
    }
    return;
  }
  if (await mustHaveSecondFactor(app.deps, found.role)) {
    throw new Forbidden(SECOND_FACTOR_REFUSALS.second_factor_enrolment, undefined, 'second_factor_enrolment');
  }
}

/** Decorates the root instance directly (not as an encapsulated plugin) so every route file sees the hooks. */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null);

  app.decorate('requireUser', async (request: FastifyRequest) => {
    const found = await authenticate(app, request);
    if (!found) throw new NotSignedIn();
    if (!found.verified) throw new Forbidden(EMAIL_NOT_VERIFIED);
    request.user = {
      id: found.id,
      email: found.email,
      name: found.name,
      tokenId: found.tokenId,
      provenAt: found.provenAt,
    };
  });

  /**
   * The back office: signed out 401, a shopper 403, whatever the SPA shows; then the second factor (unless
   * `anyFactor`: the calls that set it up or pass it). The role is read with the token.
   */
  const requireRole =
    (allowed: readonly UserRole[], refusal: 'not_staff' | 'not_owner', anyFactor = false) =>
    async (request: FastifyRequest) => {
      const found = await authenticate(app, request);
      if (!found) throw new NotSignedIn();
      if (!found.verified) throw new Forbidden(EMAIL_NOT_VERIFIED);
      if (!allowed.includes(found.role)) throw new Forbidden(ADMIN_REFUSALS[refusal], undefined, refusal);
      if (!anyFactor) await refuseWithoutSecondFactor(app, found);
      // The back office's pages say which language the staff member reads: their notices speak it.
      await rememberRequestLanguage(app.deps.db, found.id, request);
      request.user = {
        id: found.id,
        email: found.email,
        name: found.name,
        tokenId: found.tokenId,
        role: found.role,
        provenAt: found.provenAt,
        secondStepPassed: found.secondStepPassed,
      };
    };
  app.decorate('requireStaff', requireRole(['staff', 'owner'], 'not_staff'));
  app.decorate('requireOwner', requireRole(['owner'], 'not_owner'));
  app.decorate('requireStaffAccount', requireRole(['staff', 'owner'], 'not_staff', true));

  app.decorate('optionalUser', async (request: FastifyRequest) => {
    const found = await authenticate(app, request);
    request.user = found?.verified ? { id: found.id, email: found.email, name: found.name } : null;
  });
}

/**
 * Stores the language the request's page speaks (as the checkout reads it: ?lng, the SPA's cookie, the browser's) as
 * the account's. A request that names none (a script with a token) leaves the stored one as it is.
 */
export async function rememberRequestLanguage(
  db: Db,
  userId: number,
  request: FastifyRequest,
): Promise<void> {
  const named =
    (request.query as Record<string, unknown> | undefined)?.lng !== undefined ||
    /(?:^|;\s*)i18next=/.test(request.headers.cookie ?? '') ||
    Boolean(request.headers['accept-language']);
  if (named) await rememberLanguage(db, userId, languageOf(request));
}
