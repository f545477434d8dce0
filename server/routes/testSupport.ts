// Test helpers for the shop routes: shoppers created straight in the database (the accounts flow has its own
// tests), and small request helpers.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiTokens, products, users } from '../db/schema';
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
  options: { verified?: boolean; name?: string; email?: string } = {},
): Promise<Shopper> {
  counter += 1;
  const email = options.email ?? `shop${counter}.${randomBytes(3).toString('hex')}@example.com`;
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

/** A guest checkout's body with a delivery address the seed knows. */
export const GUEST_CHECKOUT = {
  governorate_name: 'Ahmadi',
  area_name: 'Fahaheel',
  address: 'Block 5, Street 20, House 7',
  payment_method: 'online',
  shipping_cost: 2,
  total_price: 10,
  guest_phone: '55512345',
  guest_email: 'buyer@example.com',
  guest_country_code: '+965',
};

/** The seed's first product without size/colour choices, its stock set to `stock`. */
export async function plainProductWithStock(app: FastifyInstance, db: Db, stock: number): Promise<number> {
  const categories = (await call(app, 'GET', '/api/categories')).json<
    { products: { id: number; attributes: unknown[] }[] }[]
  >();
  const plain = categories
    .flatMap((category) => category.products)
    .find((product) => product.attributes.length === 0);
  if (!plain) throw new Error('no plain product in the seed');
  await db.update(products).set({ stockQuantity: stock }).where(eq(products.id, plain.id));
  return plain.id;
}

export async function stockOf(db: Db, productId: number): Promise<number | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, productId));
  return row?.stockQuantity;
}
