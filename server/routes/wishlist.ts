// Favourites of the signed-in shopper.
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { products, wishlists } from '../db/schema';
import { notFound } from '../lib/errors';
import { findRate, langOf, loadProducts, parseId, productExists } from '../services/catalog';

export default async function wishlistRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  const auth = { preHandler: app.requireUser };
  const userIdOf = (user: { id: number } | null) => (user as { id: number }).id;

  app.get<{ Querystring: { lang?: string; currency_code?: string } }>(
    '/user-wishlist',
    {
      ...auth,
      schema: {
        querystring: {
          type: 'object',
          properties: {
            lang: { type: 'string', maxLength: 10 },
            currency_code: { type: 'string', maxLength: 10 },
          },
        },
      },
    },
    async (request) => {
      const rows = await db
        .select()
        .from(wishlists)
        .where(eq(wishlists.userId, userIdOf(request.user)))
        .orderBy(desc(wishlists.createdAt), desc(wishlists.id));
      if (rows.length === 0) return [];
      // Prices in the shopper's currency, as on every other product list; an unknown code keeps KWD.
      const rate = await findRate(db, request.query.currency_code);
      const list = await loadProducts(
        db,
        inArray(
          products.id,
          rows.map((row) => row.productId),
        ),
        langOf(request),
        { rate },
      );
      const byId = new Map(list.map((product) => [product.id, product]));
      return rows.flatMap((row) => {
        const product = byId.get(row.productId);
        return product ? [{ wishlist_id: row.id, product_id: row.productId, product_details: product }] : [];
      });
    },
  );

  app.post<{ Body: { product_id: number } }>(
    '/wishlist',
    {
      ...auth,
      schema: {
        body: {
          type: 'object',
          required: ['product_id'],
          properties: { user_id: {}, product_id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
        },
      },
    },
    async (request, reply) => {
      const userId = userIdOf(request.user);
      const productId = request.body.product_id;
      if (!(await productExists(db, productId))) throw notFound('Product not found');
      const [created] = await db
        .insert(wishlists)
        .values({ userId, productId })
        .onConflictDoNothing()
        .returning({ id: wishlists.id });
      if (created)
        return reply.status(201).send({ message: 'Product added to wishlist', wishlist_id: created.id });
      const [existing] = await db
        .select({ id: wishlists.id })
        .from(wishlists)
        .where(and(eq(wishlists.userId, userId), eq(wishlists.productId, productId)));
      return reply
        .status(200)
        .send({ message: 'Product is already in your wishlist', wishlist_id: existing?.id });
    },
  );

  app.delete<{ Params: { wishlist_id: string } }>('/wishlist/:wishlist_id', auth, async (request) => {
    const id = parseId(request.params.wishlist_id);
    const deleted =
      id === null
        ? []
        : await db
            .delete(wishlists)
            .where(and(eq(wishlists.id, id), eq(wishlists.userId, userIdOf(request.user))))
            .returning({ id: wishlists.id });
    if (deleted.length === 0) throw notFound('Wishlist item not found');
    return { message: 'Product removed from wishlist' };
  });
}
