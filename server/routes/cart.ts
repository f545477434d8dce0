// User cart (bearer) and guest cart (guest_token).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Cart, type RemoveFromCartBody } from '../../contract/cart';
import { Coupons } from '../../contract/coupons';
import { limitPerIp } from '../plugins/security';
import { langOf } from '../lib/language';
import { parseId } from '../lib/ids';
import {
  addToCart,
  addToNewGuestCart,
  guestOwner,
  listCart,
  mergeGuestCart,
  normalizeCurrency,
  removeProduct,
  updateQuantity,
} from '../services/cart';
import { applyCoupon } from '../services/pricing';
import { NotFound } from '../services/errors';

function productIdParam(params: { product_id: string }): number {
  const id = parseId(params.product_id);
  if (id === null) throw new NotFound('Product not found in cart');
  return id;
}

function userOwner(request: FastifyRequest): { userId: number } {
  // requireUser ran before every user-cart route.
  return { userId: (request.user as { id: number }).id };
}

/** DELETE bodies are optional; the guest token may also come in the query string. */
function removeInput(request: FastifyRequest): RemoveFromCartBody {
  const body =
    typeof request.body === 'object' && request.body !== null ? (request.body as RemoveFromCartBody) : {};
  const query = request.query as { guest_token?: unknown };
  return { ...body, guest_token: body.guest_token ?? query.guest_token };
}

const cartRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.deps;
  const auth = { preValidation: app.requireUser };
  // A cart holds no more of a product than one order may have, so checkout does not fail late on it.
  const maxPerProduct = config.orderLimits.maxQuantityPerProduct;

  // ---- signed-in shopper ----
  app.get(Cart.list.url, { ...auth, schema: Cart.list.schema }, async (request) => ({
    cart_items: await listCart(db, userOwner(request), langOf(request), request.query.currency_code),
  }));

  app.post(Cart.add.url, { ...auth, schema: Cart.add.schema }, async (request) => {
    const cart_item = await addToCart(
      db,
      userOwner(request),
      {
        productId: request.body.product_id,
        quantity: request.body.quantity ?? 1,
        size: request.body.size,
        color: request.body.color,
        currency: await normalizeCurrency(db, request.body.currency),
        maxPerProduct,
      },
      langOf(request),
    );
    return { message: 'Product added to cart successfully', cart_item };
  });

  app.post(Cart.update.url, { ...auth, schema: Cart.update.schema }, async (request) => {
    const cart_item = await updateQuantity(
      db,
      userOwner(request),
      productIdParam(request.params),
      { ...request.body, maxPerProduct },
      langOf(request),
    );
    return { message: 'Cart updated successfully', cart_item };
  });

  app.delete(Cart.remove.url, { ...auth, schema: Cart.remove.schema }, async (request) => {
    await removeProduct(db, userOwner(request), productIdParam(request.params), removeInput(request));
    return { message: 'Product removed from cart successfully' };
  });

  app.post(Coupons.apply.url, { ...auth, schema: Coupons.apply.schema }, async (request) => ({
    message: 'Coupon applied successfully',
    ...(await applyCoupon(db, userOwner(request), {
      code: request.body.coupon_code,
      cartTotal: request.body.cart_total,
      now: config.now(),
      email: (request.user as { email?: string }).email ?? '',
    })),
  }));

  app.post(Cart.merge.url, { ...auth, schema: Cart.merge.schema }, async (request) => ({
    ...(await mergeGuestCart(db, userOwner(request).userId, request.body.guest_token, {
      maxPerProduct: config.orderLimits.maxQuantityPerProduct,
    })),
    message: 'Guest cart merged',
  }));

  // ---- guest ----
  app.get(Cart.guestList.url, { schema: Cart.guestList.schema }, async (request) => ({
    cart_items: await listCart(
      db,
      await guestOwner(db, request.query.guest_token),
      langOf(request),
      request.query.currency_code,
    ),
  }));

  // Each new guest cart is a row anyone can create without an account: counted per client address.
  const limitGuestCarts = limitPerIp(app, config.perIpLimits.guestCart, 'guest-cart-ip');

  app.post(Cart.guestAdd.url, { schema: Cart.guestAdd.schema }, async (request, reply) => {
    const given = request.body.guest_token;
    const currency = await normalizeCurrency(db, request.body.currency);
    const input = {
      productId: request.body.product_id,
      quantity: request.body.quantity ?? 1,
      size: request.body.size,
      color: request.body.color,
      currency,
      maxPerProduct,
    };
    if (typeof given === 'string' && given !== '') {
      const cart_item = await addToCart(db, await guestOwner(db, given), input, langOf(request));
      return { message: 'Product added to cart successfully', cart_item, guest_token: given };
    }
    await limitGuestCarts(request, reply);
    const created = await addToNewGuestCart(db, input, langOf(request));
    return {
      message: 'Product added to cart successfully',
      cart_item: created.cartItem,
      guest_token: created.token,
    };
  });

  app.post(Cart.guestUpdate.url, { schema: Cart.guestUpdate.schema }, async (request) => {
    const owner = await guestOwner(db, request.body.guest_token);
    const cart_item = await updateQuantity(
      db,
      owner,
      productIdParam(request.params),
      { ...request.body, maxPerProduct },
      langOf(request),
    );
    return { message: 'Cart updated successfully', cart_item };
  });

  app.delete(Cart.guestRemove.url, { schema: Cart.guestRemove.schema }, async (request) => {
    const input = removeInput(request);
    const owner = await guestOwner(db, input.guest_token);
    await removeProduct(db, owner, productIdParam(request.params), input);
    return { message: 'Product removed from cart successfully' };
  });
};

export default cartRoutes;
