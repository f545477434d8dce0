// Test helpers for the shop routes: shoppers created straight in the database (the accounts flow has its own
// tests), and small request helpers.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { apiTokens, users } from '../db/schema';
import { sha256Hex } from '../lib/tokens';

export interface Shopper {
  id: number;
  email: string;
  name: string;
  token: string;
}

let counter = 0;

export async function createShopper(
  db: Db,
  options: { verified?: boolean; name?: string } = {},
): Promise<Shopper> {
  counter += 1;
  const email = `shop${counter}.${randomBytes(3).toString('hex')}@example.com`;
  const name = options.name ?? `Shopper ${counter}`;
  const [user] = await db
    .insert(users)
    .values({ name, email, emailVerifiedAt: options.verified === false ? null : new Date() })
    .returning({ id: users.id });
  if (!user) throw new Error('user insert returned nothing');
  const token = randomBytes(32).toString('hex');
  await db.insert(apiTokens).values({ userId: user.id, tokenHash: sha256Hex(token) });
  return { id: user.id, email, name, token };
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** inject() with a JSON body and optional bearer token. */
export function call(app: FastifyInstance, method: Method, url: string, payload?: object, token?: string) {
  return app.inject({
    method,
    url,
    ...(payload !== undefined ? { payload } : {}),
    headers: token ? bearer(token) : {},
  });
}
