// Favourites of the signed-in shopper.
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Wishlist } from '../../contract/wishlist';
import { products, wishlists } from '../db/schema';
import { notFound } from '../lib/errors';
import { langOf, loadProducts, parseId, productExists } from '../services/catalog';

const wishlistRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps;
  const auth = { preValidation: app.requireUser };
  const userIdOf = (user: { id: number } | null) => (user as { id: number }).id;

  app.get(Wishlist.list.url, { ...auth, schema: Wishlist.list.schema }, async (request) => {
    const rows = await db
      .select()
      .from(wishlists)
      .where(eq(wishlists.userId, userIdOf(request.user)))
      .orderBy(desc(wishlists.createdAt), desc(wishlists.id));
    if (rows.length === 0) return [];
    const list = await loadProducts(
      db,
      inArray(
        products.id,
        rows.map((row) => row.productId),
      ),
      langOf(request),
    );
    const byId = new Map(list.map((product) => [product.id, product]));
    return rows.flatMap((row) => {
      const product = byId.get(row.productId);
      return product ? [{ wishlist_id: row.id, product_id: row.productId, product_details: product }] : [];
    });
  });

  app.post(Wishlist.add.url, { ...auth, schema: Wishlist.add.schema }, async (request, reply) => {
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
  });

  app.delete(Wishlist.remove.url, { ...auth, schema: Wishlist.remove.schema }, async (request) => {
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
};

export default wishlistRoutes;
