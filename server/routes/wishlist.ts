// Favourites of the signed-in shopper. The pattern of every route file: the endpoint's url and schema from
// contract/, HTTP in, a service call, the answer shaped for the wire.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Wishlist } from '../../contract/wishlist';
import { langOf } from '../lib/language';
import { parseId } from '../lib/ids';
import { addToWishlist, listWishlist, removeFromWishlist } from '../services/wishlist';

const wishlistRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps;
  // requireUser runs first, so request.user is set in every handler below.
  const auth = { preValidation: app.requireUser };
  const userIdOf = (user: { id: number } | null) => (user as { id: number }).id;

  app.get(Wishlist.list.url, { ...auth, schema: Wishlist.list.schema }, async (request) =>
    listWishlist(db, userIdOf(request.user), langOf(request), request.query.currency_code),
  );

  app.post(Wishlist.add.url, { ...auth, schema: Wishlist.add.schema }, async (request, reply) => {
    const { added, wishlistId } = await addToWishlist(db, userIdOf(request.user), request.body.product_id);
    return added
      ? reply.status(201).send({ message: 'Product added to wishlist', wishlist_id: wishlistId })
      : reply.status(200).send({ message: 'Product is already in your wishlist', wishlist_id: wishlistId });
  });

  app.delete(Wishlist.remove.url, { ...auth, schema: Wishlist.remove.schema }, async (request) => {
    await removeFromWishlist(db, userIdOf(request.user), parseId(request.params.wishlist_id));
    return { message: 'Product removed from wishlist' };
  });
};

export default wishlistRoutes;
