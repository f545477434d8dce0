import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { apiTokens, users, type UserRole } from '../db/schema';
import { EMAIL_NOT_VERIFIED } from '../lib/errors';
import { sha256Hex } from '../lib/tokens';
import type { AuthUser } from '../types';
import { Forbidden, NotSignedIn } from '../services/errors';
import { ADMIN_REFUSALS } from '../../contract/admin';

export interface Authenticated extends AuthUser {
  verified: boolean;
  tokenId: number;
  role: UserRole;
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

/** The token lookup runs on every signed-in request: built and prepared once per database. */
const tokenLookups = new WeakMap<Db, ReturnType<typeof prepareTokenLookup>>();

function prepareTokenLookup(db: Db) {
  return db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      emailVerifiedAt: users.emailVerifiedAt,
      role: users.role,
      tokenId: apiTokens.id,
      createdAt: apiTokens.createdAt,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('token_lookup');
}

function tokenLookup(db: Db) {
  let lookup = tokenLookups.get(db);
  if (!lookup) {
    lookup = prepareTokenLookup(db);
    tokenLookups.set(db, lookup);
  }
  return lookup;
}

type TokenRow = Awaited<ReturnType<ReturnType<typeof prepareTokenLookup>['execute']>>[number];

async function readToken(db: Db, tokenHash: string): Promise<TokenRow | null> {
  const [row] = await tokenLookup(db).execute({ tokenHash });
  return row ?? null;
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
  if (idleMs > TOKEN_IDLE_LIMIT_MS) {
    await app.deps.db.delete(apiTokens).where(eq(apiTokens.id, row.tokenId));
    return null;
  }
  if (idleMs > TOUCH_INTERVAL_MS) {
    await app.deps.db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.tokenId));
  }
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    verified: row.emailVerifiedAt !== null,
    tokenId: row.tokenId,
    role: row.role,
  };
}

/** Decorates the root instance directly (not as an encapsulated plugin) so every route file sees the hooks. */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null);

  app.decorate('requireUser', async (request: FastifyRequest) => {
    const found = await authenticate(app, request);
    if (!found) throw new NotSignedIn();
    if (!found.verified) throw new Forbidden(EMAIL_NOT_VERIFIED);
    request.user = { id: found.id, email: found.email, name: found.name, tokenId: found.tokenId };
  });

  /** The back office: signed out 401, a shopper 403, whatever the SPA shows. The role is read with the token. */
  const requireRole =
    (allowed: readonly UserRole[], refusal: 'not_staff' | 'not_owner') => async (request: FastifyRequest) => {
      const found = await authenticate(app, request);
      if (!found) throw new NotSignedIn();
      if (!found.verified) throw new Forbidden(EMAIL_NOT_VERIFIED);
      if (!allowed.includes(found.role)) throw new Forbidden(ADMIN_REFUSALS[refusal], undefined, refusal);
      request.user = {
        id: found.id,
        email: found.email,
        name: found.name,
        tokenId: found.tokenId,
        role: found.role,
      };
    };
  app.decorate('requireStaff', requireRole(['staff', 'owner'], 'not_staff'));
  app.decorate('requireOwner', requireRole(['owner'], 'not_owner'));

  app.decorate('optionalUser', async (request: FastifyRequest) => {
    const found = await authenticate(app, request);
    request.user = found?.verified ? { id: found.id, email: found.email, name: found.name } : null;
  });
}
