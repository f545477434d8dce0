// Bearer tokens (`api_tokens`): the lookup every signed-in request makes, and a token's use recorded.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { apiTokens, secondFactors, users, type UserRole } from '../schema';

export type { UserRole };

/** The tokens (by hash) with their accounts and second factors: one prepared statement for many tokens at once. */
export function prepareTokenLookup(db: Db) {
  return db
    .select({
      tokenHash: apiTokens.tokenHash,
      id: users.id,
      email: users.email,
      name: users.name,
      emailVerifiedAt: users.emailVerifiedAt,
      role: users.role,
      tokenId: apiTokens.id,
      createdAt: apiTokens.createdAt,
      lastUsedAt: apiTokens.lastUsedAt,
      secondFactorAt: apiTokens.secondFactorAt,
      provenAt: apiTokens.provenAt,
      enrolledAt: secondFactors.confirmedAt,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .leftJoin(secondFactors, eq(secondFactors.userId, users.id))
    .where(sql`${apiTokens.tokenHash} = any(${sql.placeholder('tokenHashes')})`)
    .prepare('token_lookup');
}

export type TokenRow = Awaited<ReturnType<ReturnType<typeof prepareTokenLookup>['execute']>>[number];

export async function recordTokenUse(db: Db, tokenId: number, now: Date): Promise<void> {
  await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, tokenId));
}
