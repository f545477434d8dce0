// User cart (bearer) and guest cart (guest_token), per spec 02 §7 and the API contract.
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { guestCarts } from '../db/schema';
import { notFound, validationError } from '../lib/errors';
import { MAX_AMOUNT } from '../lib/limits';
import { limitPerIp } from '../plugins/security';
import { langOf, parseId } from '../services/catalog';
import {
  addToCart,
  cartRows,
  createGuestCart,
  guestOwner,
  listCart,
  mergeGuestCart,
  normalizeCurrency,
  removeProduct,
  updateQuantity,
} from '../services/cart';
import { discountAmount, findValidCoupon, priceCart } from '../services/pricing';
import { roundMoney } from '../services/payments';

const MAX_QUANTITY = 100_000;

const langQuery = {
  type: 'object',
  properties: { lang: { type: 'string', maxLength: 10 }, currency_code: { type: 'string', maxLength: 10 } },
} as const;
const guestQuery = {
  type: 'object',
  properties: { ...langQuery.properties, guest_token: { type: 'string', maxLength: 200 } },
} as const;

// size and colour arrive as a name, an id, or null; checked against the product's own choices.
const choice = {
  anyOf: [{ type: 'string', maxLength: 100 }, { type: 'integer' }, { type: 'null' }],
} as const;

const addBody = {
  type: 'object',
  required: ['product_id'],
  properties: {
    product_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
    quantity: { type: 'integer', minimum: 1, maximum: MAX_QUANTITY, default: 1 },
    size: choice,
    color: choice,
    currency: { anyOf: [{ type: 'string', maxLength: 10 }, { type: 'null' }] },
    guest_token: { anyOf: [{ type: 'string', maxLength: 200 }, { type: 'null' }] },
  },
} as const;

const updateBody = {
  type: 'object',
  required: ['quantity'],
  properties: {
    quantity: { type: 'integer', minimum: 1, maximum: MAX_QUANTITY },
    size: choice,
    color: choice,
    guest_token: { type: 'string', maxLength: 200 },
  },
} as const;

interface AddBody {
  product_id: number;
  quantity: number;
  size?: string | number | null;
  color?: string | number | null;
  currency?: string | null;
  guest_token?: string | null;
}

interface UpdateBody {
  quantity: number;
  size?: string | number | null;
  color?: string | number | null;
  guest_token?: string;
}

interface RemoveBody {
  size?: unknown;
  color?: unknown;
  guest_token?: unknown;
}

function productIdParam(request: FastifyRequest<{ Params: { product_id: string } }>): number {
  const id = parseId(request.params.product_id);
  if (id === null) throw notFound('Product not found in cart');
  return id;
}

function userOwner(request: FastifyRequest): { userId: number } {
  // requireUser ran before every user-cart route.
  return { userId: (request.user as { id: number }).id };
}

/** DELETE bodies are optional; the guest token may also come in the query string. */
function removeInput(request: FastifyRequest): RemoveBody {
  const body = typeof request.body === 'object' && request.body !== null ? (request.body as RemoveBody) : {};
  const query = request.query as { guest_token?: unknown };
  return { ...body, guest_token: body.guest_token ?? query.guest_token };
}

export default async function cartRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  const auth = { preHandler: app.requireUser };

  // ---- signed-in shopper ----
  app.get<{ Querystring: { currency_code?: string } }>(
    '/cart',
    { ...auth, schema: { querystring: langQuery } },
    async (request) => ({
      cart_items: await listCart(db, userOwner(request), langOf(request), request.query.currency_code),
    }),
  );

  app.post<{ Body: AddBody }>('/cart/add', { ...auth, schema: { body: addBody } }, async (request) => {
    const cart_item = await addToCart(
      db,
      userOwner(request),
      {
        productId: request.body.product_id,
        quantity: request.body.quantity,
        size: request.body.size,
        color: request.body.color,
        currency: await normalizeCurrency(db, request.body.currency),
      },
      langOf(request),
    );
    return { message: 'Product added to cart successfully', cart_item };
  });

  app.post<{ Params: { product_id: string }; Body: UpdateBody }>(
    '/cart/update/:product_id',
    { ...auth, schema: { body: updateBody } },
    async (request) => {
      const cart_item = await updateQuantity(
        db,
        userOwner(request),
        productIdParam(request),
        request.body,
        langOf(request),
      );
      return { message: 'Cart updated successfully', cart_item };
    },
  );

  app.delete<{ Params: { product_id: string } }>('/cart/product/:product_id', auth, async (request) => {
    await removeProduct(db, userOwner(request), productIdParam(request), removeInput(request));
    return { message: 'Product removed from cart successfully' };
  });

  app.post<{ Body: { coupon_code: string; cart_total?: number } }>(
    '/cart/apply-coupon',
    {
      ...auth,
      schema: {
        body: {
          type: 'object',
          required: ['coupon_code'],
          properties: {
            coupon_code: { type: 'string', minLength: 1, maxLength: 64 },
            cart_total: { type: 'number', minimum: 0, maximum: MAX_AMOUNT },
          },
        },
      },
    },
    async (request) => {
      const coupon = await findValidCoupon(db, request.body.coupon_code, config.now());
      if (!coupon) throw validationError({ coupon_code: ['Invalid coupon'] }, 'Invalid coupon');
      // The server's own cart total wins; the client's only counts when the cart is empty on the server.
      const owner = userOwner(request);
      const firstCurrency = (await cartRows(db, owner))[0]?.currency ?? 'KWD';
      const priced = await priceCart(db, owner, firstCurrency);
      const total = priced.lines.length > 0 ? priced.subtotal : (request.body.cart_total ?? 0);
      const discount_amount = discountAmount(total, coupon.discount, priced.currency);
      return {
        message: 'Coupon applied successfully',
        code: coupon.code,
        discount: coupon.discount,
        discount_amount,
        new_total: roundMoney(total - discount_amount, priced.currency),
      };
    },
  );

  app.post<{ Body: { guest_token: string } }>(
    '/cart/merge',
    {
      ...auth,
      schema: {
        body: {
          type: 'object',
          required: ['guest_token'],
          properties: { guest_token: { type: 'string', maxLength: 200 } },
        },
      },
    },
    async (request) => ({
      ...(await mergeGuestCart(db, userOwner(request).userId, request.body.guest_token)),
      message: 'Guest cart merged',
    }),
  );

  // ---- guest ----
  app.get<{ Querystring: { guest_token?: string; currency_code?: string } }>(
    '/guest/cart',
    { schema: { querystring: guestQuery } },
    async (request) => ({
      cart_items: await listCart(
        db,
        await guestOwner(db, request.query.guest_token),
        langOf(request),
        request.query.currency_code,
      ),
    }),
  );

  // Each new guest cart is a row anyone can create without an account: counted per client address.
  const limitGuestCarts = limitPerIp(app, config.perIpLimits.guestCart, 'guest-cart-ip');

  app.post<{ Body: AddBody }>('/guest/cart/add', { schema: { body: addBody } }, async (request, reply) => {
    const given = request.body.guest_token;
    const currency = await normalizeCurrency(db, request.body.currency);
    const input = {
      productId: request.body.product_id,
      quantity: request.body.quantity,
      size: request.body.size,
      color: request.body.color,
      currency,
    };
    if (typeof given === 'string' && given !== '') {
      const cart_item = await addToCart(db, await guestOwner(db, given), input, langOf(request));
      return { message: 'Product added to cart successfully', cart_item, guest_token: given };
    }
    await limitGuestCarts(request, reply);
    const created = await createGuestCart(db);
    const guest_token = created.token;
    let cart_item;
    try {
      cart_item = await addToCart(db, { guestCartId: created.guestCartId }, input, langOf(request));
    } catch (error) {
      // A refused first add leaves no empty cart behind.
      await db.delete(guestCarts).where(eq(guestCarts.id, created.guestCartId));
      throw error;
    }
    return { message: 'Product added to cart successfully', cart_item, guest_token };
  });

  app.post<{ Params: { product_id: string }; Body: UpdateBody }>(
    '/guest/cart/update/:product_id',
    { schema: { body: updateBody } },
    async (request) => {
      const owner = await guestOwner(db, request.body.guest_token);
      const cart_item = await updateQuantity(
        db,
        owner,
        productIdParam(request),
        request.body,
        langOf(request),
      );
      return { message: 'Cart updated successfully', cart_item };
    },
  );

  app.delete<{ Params: { product_id: string } }>('/guest/cart/product/:product_id', async (request) => {
    const input = removeInput(request);
    const owner = await guestOwner(db, input.guest_token);
    await removeProduct(db, owner, productIdParam(request), input);
    return { message: 'Product removed from cart successfully' };
  });
}
