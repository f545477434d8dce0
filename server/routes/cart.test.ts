import { eq, inArray } from 'drizzle-orm';
import type { CartItem } from '../../contract/cart';
import type { CategoriesResponse } from '../../contract/catalog';
import { coupons, guestCarts, products } from '../db/schema';
import { COMPRESS_THRESHOLD } from '../plugins/security';
import { createTestApp, type TestApp } from '../testing/testApp';
import { call, createShopper, type Shopper } from './testSupport';

// A fresh PGlite database with the whole demo shop takes a few seconds on a busy machine.
jest.setTimeout(30_000);

let t: TestApp;
let shopper: Shopper;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  shopper = await createShopper(t.db);
});
afterAll(async () => {
  await t.close();
});

/** A product in stock with sizes and colours, and one without any choices. */
async function pickProducts() {
  const all = await t.db.select().from(products);
  const categories = (
    await call(t.app, 'GET', '/api/categories').then((r) => r.json<CategoriesResponse>())
  ).flatMap((category) => category.products);
  const withBoth = categories.find((p) => p.attributes.length === 2 && p.stock_quantity >= 20);
  const plain = categories.find((p) => p.attributes.length === 0 && p.stock_quantity >= 10);
  if (!withBoth || !plain) throw new Error('seed lacks the products these tests need');
  const size = withBoth.attributes[0]?.sub_attributes[0]?.name ?? '';
  const color = withBoth.attributes[1]?.sub_attributes[0]?.name ?? '';
  const otherColor = withBoth.attributes[1]?.sub_attributes[1]?.name ?? '';
  const soldOut = all.find((p) => p.stockQuantity === 0);
  return { withBoth, plain, size, color, otherColor, soldOut };
}

describe('cart answers', () => {
  test('go uncompressed under the threshold, even to a browser that accepts brotli', async () => {
    const { withBoth, size, color } = await pickProducts();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/guest/cart/add',
      payload: { product_id: withBoth.id, quantity: 1, size, color },
      headers: { 'accept-encoding': 'br, gzip', 'accept-language': 'ar' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    // A line's answer is over a kilobyte (the old threshold) and under the new one.
    expect(response.rawPayload.length).toBeGreaterThan(1024);
    expect(response.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
  });
});

describe('user cart', () => {
  test('needs a token', async () => {
    expect((await call(t.app, 'GET', '/api/cart')).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/cart/add', { product_id: 1, quantity: 1 })).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/cart/update/1', { quantity: 1 })).statusCode).toBe(401);
    expect((await call(t.app, 'DELETE', '/api/cart/product/1')).statusCode).toBe(401);
    expect(
      (await call(t.app, 'POST', '/api/cart/apply-coupon', { coupon_code: 'WELCOME10' })).statusCode,
    ).toBe(401);
  });

  test('add, add the same line again, update, list and remove', async () => {
    const user = await createShopper(t.db);
    const { withBoth, size, color, otherColor } = await pickProducts();
    const add = (payload: object) => call(t.app, 'POST', '/api/cart/add', payload, user.token);

    const first = await add({ product_id: withBoth.id, quantity: 2, size, color, currency: 'KWD' });
    expect(first.statusCode).toBe(200);
    expect(first.json<{ cart_item: CartItem }>().cart_item).toMatchObject({
      product_id: withBoth.id,
      quantity: 2,
      size,
      color,
      currency: 'KWD',
    });
    // The same product, size and colour raise the quantity of the one line.
    const again = await add({ product_id: withBoth.id, quantity: 3, size, color, currency: 'KWD' });
    expect(again.json<{ cart_item: CartItem }>().cart_item.quantity).toBe(5);
    // Another colour is another line.
    await add({ product_id: withBoth.id, quantity: 1, size, color: otherColor, currency: 'KWD' });

    const listed = (await call(t.app, 'GET', '/api/cart', undefined, user.token)).json<{
      cart_items: CartItem[];
    }>();
    expect(listed.cart_items.map((item) => [item.color, item.quantity])).toEqual([
      [color, 5],
      [otherColor, 1],
    ]);
    expect(listed.cart_items[0]?.product?.id).toBe(withBoth.id);

    const updated = await call(
      t.app,
      'POST',
      `/api/cart/update/${withBoth.id}`,
      { quantity: 4, color: otherColor },
      user.token,
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json<{ cart_item: CartItem }>().cart_item).toMatchObject({
      color: otherColor,
      quantity: 4,
    });

    const removed = await call(t.app, 'DELETE', `/api/cart/product/${withBoth.id}`, undefined, user.token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toHaveProperty('message');
    const empty = (await call(t.app, 'GET', '/api/cart', undefined, user.token)).json<{
      cart_items: CartItem[];
    }>();
    expect(empty.cart_items).toEqual([]);
    expect(
      (await call(t.app, 'DELETE', `/api/cart/product/${withBoth.id}`, undefined, user.token)).statusCode,
    ).toBe(404);
  });

  test('update picks its line by size and colour (id, any case), else the last changed one', async () => {
    const user = await createShopper(t.db);
    const { withBoth, plain, size, color, otherColor } = await pickProducts();
    const add = (payload: object) => call(t.app, 'POST', '/api/cart/add', payload, user.token);
    const update = (productId: number, payload: object) =>
      call(t.app, 'POST', `/api/cart/update/${productId}`, payload, user.token);
    await add({ product_id: withBoth.id, quantity: 1, size, color });
    await add({ product_id: withBoth.id, quantity: 1, size, color: otherColor });
    const colorId = withBoth.attributes[1]?.sub_attributes[0]?.id;

    const byId = await update(withBoth.id, { quantity: 2, size: ` ${size.toUpperCase()} `, color: colorId });
    expect(byId.statusCode).toBe(200);
    expect(byId.json<{ cart_item: CartItem }>().cart_item).toMatchObject({ color, size, quantity: 2 });
    // No choice: the line changed last (the one just updated).
    const unnamed = await update(withBoth.id, { quantity: 3 });
    expect(unnamed.json<{ cart_item: CartItem }>().cart_item).toMatchObject({ color, quantity: 3 });
    const lines = (await call(t.app, 'GET', '/api/cart', undefined, user.token)).json<{
      cart_items: CartItem[];
    }>().cart_items;
    expect(lines.map((line) => [line.color, line.quantity])).toEqual([
      [color, 3],
      [otherColor, 1],
    ]);

    // Refusals keep their order: no such line before the stock.
    const absent = await update(plain.id, { quantity: plain.stock_quantity + 1 });
    expect(absent.statusCode).toBe(404);
    expect(absent.json()).toEqual({ message: 'Product not found in cart' });
    expect((await update(withBoth.id, { quantity: withBoth.stock_quantity + 1 })).statusCode).toBe(422);
  });

  test('a size or colour that matches no line is 404 and removes nothing', async () => {
    const user = await createShopper(t.db);
    const { withBoth, size, color, otherColor } = await pickProducts();
    const add = (payload: object) => call(t.app, 'POST', '/api/cart/add', payload, user.token);
    await add({ product_id: withBoth.id, quantity: 1, size, color });
    const lines = async () =>
      (await call(t.app, 'GET', '/api/cart', undefined, user.token)).json<{ cart_items: CartItem[] }>()
        .cart_items;
    const remove = (body: object) =>
      call(t.app, 'DELETE', `/api/cart/product/${withBoth.id}`, body, user.token);

    // One line: a colour it does not have must not delete it.
    const missOne = await remove({ color: otherColor });
    expect(missOne.statusCode).toBe(404);
    expect(missOne.json()).toEqual({ message: 'Product not found in cart' });
    expect(await lines()).toHaveLength(1);

    // Two lines: a choice neither has must not delete both.
    await add({ product_id: withBoth.id, quantity: 1, size, color: otherColor });
    expect((await remove({ color: 'Plaid' })).statusCode).toBe(404);
    expect((await remove({ size: 'No-Such-Size' })).statusCode).toBe(404);
    expect(
      (
        await call(
          t.app,
          'POST',
          `/api/cart/update/${withBoth.id}`,
          { quantity: 3, color: 'Plaid' },
          user.token,
        )
      ).statusCode,
    ).toBe(404);
    expect((await lines()).map((line) => [line.color, line.quantity])).toEqual([
      [color, 1],
      [otherColor, 1],
    ]);

    // A matching choice removes just its line.
    expect((await remove({ color: otherColor })).statusCode).toBe(200);
    expect((await lines()).map((line) => line.color)).toEqual([color]);
  });

  test('two adds of one line at the same time sum up instead of failing', async () => {
    const user = await createShopper(t.db);
    const { plain, withBoth, size, color } = await pickProducts();
    const add = (payload: object) => call(t.app, 'POST', '/api/cart/add', payload, user.token);
    const both = await Promise.all([
      ...[2, 3].map((quantity) => add({ product_id: plain.id, quantity })),
      ...[1, 1, 1, 1, 1].map((quantity) => add({ product_id: withBoth.id, quantity, size, color })),
    ]);
    expect(both.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    const { cart_items } = (await call(t.app, 'GET', '/api/cart', undefined, user.token)).json<{
      cart_items: CartItem[];
    }>();
    expect(cart_items.map((item) => [item.product_id, item.quantity]).sort()).toEqual(
      [
        [plain.id, 5],
        [withBoth.id, 5],
      ].sort(),
    );
  });

  test('concurrent adds never push a line above the stock', async () => {
    const user = await createShopper(t.db);
    const { plain } = await pickProducts();
    const half = Math.floor(plain.stock_quantity / 2) + 1;
    const add = () =>
      call(t.app, 'POST', '/api/cart/add', { product_id: plain.id, quantity: half }, user.token);
    const answers = await Promise.all([add(), add()]);
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 422]);
    const { cart_items } = (await call(t.app, 'GET', '/api/cart', undefined, user.token)).json<{
      cart_items: CartItem[];
    }>();
    expect(cart_items.map((item) => item.quantity)).toEqual([half]);
  });

  test('lang=ar answers Arabic attribute and product names; currency gives converted prices', async () => {
    const user = await createShopper(t.db);
    const { withBoth, size, color } = await pickProducts();
    await call(
      t.app,
      'POST',
      '/api/cart/add',
      { product_id: withBoth.id, quantity: 1, size, color, currency: 'SAR' },
      user.token,
    );
    const { cart_items } = (await call(t.app, 'GET', '/api/cart?lang=ar', undefined, user.token)).json<{
      cart_items: CartItem[];
    }>();
    expect(cart_items[0]?.product?.name).toMatch(/[\u0600-\u06ff]/);
    expect(cart_items[0]?.currency).toBe('SAR');
    expect(cart_items[0]?.product?.converted_products?.currency_code).toBe('SAR');
  });

  test('currency_code converts every line as the catalog does; an unknown one is 422', async () => {
    const user = await createShopper(t.db);
    const { withBoth, size, color } = await pickProducts();
    await call(
      t.app,
      'POST',
      '/api/cart/add',
      { product_id: withBoth.id, quantity: 1, size, color, currency: 'SAR' },
      user.token,
    );
    const catalog = (await call(t.app, 'GET', `/api/products/${withBoth.id}?currency_code=USD`)).json<{
      converted_products: { currency_code: string; price: number };
    }>();
    expect(catalog.converted_products.currency_code).toBe('USD');
    const listed = (await call(t.app, 'GET', '/api/cart?currency_code=USD', undefined, user.token)).json<{
      cart_items: CartItem[];
    }>().cart_items;
    expect(listed[0]?.product?.converted_products).toEqual(catalog.converted_products);
    const guest = (
      await call(t.app, 'POST', '/api/guest/cart/add', { product_id: withBoth.id, quantity: 1, size, color })
    ).json<{ guest_token: string }>().guest_token;
    const guestListed = (
      await call(t.app, 'GET', `/api/guest/cart?guest_token=${guest}&currency_code=USD`)
    ).json<{ cart_items: CartItem[] }>().cart_items;
    expect(guestListed[0]?.product?.converted_products).toEqual(catalog.converted_products);
    const unknown = await call(t.app, 'GET', '/api/cart?currency_code=XYZ', undefined, user.token);
    expect(unknown.statusCode).toBe(422);
  });

  test('quantity must be a whole number from 1 to the stock', async () => {
    const { plain, soldOut } = await pickProducts();
    const add = (payload: object) => call(t.app, 'POST', '/api/cart/add', payload, shopper.token);
    for (const quantity of [0, -1, 1.5, 'two']) {
      const response = await add({ product_id: plain.id, quantity });
      expect(response.statusCode).toBe(422);
      expect(response.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('quantity');
    }
    const tooMany = await add({ product_id: plain.id, quantity: plain.stock_quantity + 1 });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json<{ errors: { quantity: string[] } }>().errors.quantity[0]).toContain(
      String(plain.stock_quantity),
    );
    expect((await add({ product_id: plain.id, quantity: plain.stock_quantity })).statusCode).toBe(200);
    // Adding one more on top of the whole stock is refused as well.
    expect((await add({ product_id: plain.id, quantity: 1 })).statusCode).toBe(422);
    expect(
      (await call(t.app, 'POST', `/api/cart/update/${plain.id}`, { quantity: 0 }, shopper.token)).statusCode,
    ).toBe(422);
    expect(
      (
        await call(
          t.app,
          'POST',
          `/api/cart/update/${plain.id}`,
          { quantity: plain.stock_quantity + 1 },
          shopper.token,
        )
      ).statusCode,
    ).toBe(422);
    if (soldOut) {
      const out = await add({ product_id: soldOut.id, quantity: 1, size: 'x', color: 'x' });
      expect(out.statusCode).toBe(422);
    }
  });

  test('size and colour must be among the product choices when it has them', async () => {
    const { withBoth, size, color } = await pickProducts();
    const add = (payload: object) => call(t.app, 'POST', '/api/cart/add', payload, shopper.token);
    const noSize = await add({ product_id: withBoth.id, quantity: 1, color });
    expect(noSize.statusCode).toBe(422);
    expect(noSize.json<{ errors: object }>().errors).toHaveProperty('size');
    const badColor = await add({ product_id: withBoth.id, quantity: 1, size, color: 'Plaid' });
    expect(badColor.json<{ errors: object }>().errors).toHaveProperty('color');
    // Names are accepted in either language.
    const { withBoth: arabic } = await pickProducts();
    const ar = (await call(t.app, 'GET', `/api/products/${arabic.id}?lang=ar`)).json<{
      attributes: { sub_attributes: { name: string }[] }[];
    }>();
    const arColor = ar.attributes[1]?.sub_attributes[0]?.name;
    expect((await add({ product_id: withBoth.id, quantity: 1, size, color: arColor })).statusCode).toBe(200);
  });

  test('unknown products are 404, bad bodies 422', async () => {
    expect(
      (await call(t.app, 'POST', '/api/cart/add', { product_id: 999999, quantity: 1 }, shopper.token))
        .statusCode,
    ).toBe(404);
    expect((await call(t.app, 'POST', '/api/cart/add', { quantity: 1 }, shopper.token)).statusCode).toBe(422);
    expect((await call(t.app, 'POST', '/api/cart/add', [1, 2], shopper.token)).statusCode).toBe(422);
    expect(
      (await call(t.app, 'POST', '/api/cart/update/999999', { quantity: 1 }, shopper.token)).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'POST', '/api/cart/update/abc', { quantity: 1 }, shopper.token)).statusCode,
    ).toBe(404);
    const { plain } = await pickProducts();
    expect(
      (
        await call(
          t.app,
          'POST',
          '/api/cart/add',
          { product_id: plain.id, quantity: 1, currency: 'XXX' },
          shopper.token,
        )
      ).statusCode,
    ).toBe(422);
  });
});

describe('guest cart', () => {
  test('the first add issues a token; later calls need it; a wrong token is 401', async () => {
    const { plain, withBoth, size, color } = await pickProducts();
    const first = await call(t.app, 'POST', '/api/guest/cart/add', {
      product_id: plain.id,
      quantity: 1,
      currency: 'KWD',
    });
    expect(first.statusCode).toBe(200);
    const { guest_token } = first.json<{ guest_token: string }>();
    expect(guest_token).toMatch(/^[\w-]{40,}$/);
    // Only a hash is stored.
    const stored = await t.db.select().from(guestCarts);
    expect(stored.some((row) => row.tokenHash === guest_token)).toBe(false);

    const second = await call(t.app, 'POST', '/api/guest/cart/add', {
      product_id: withBoth.id,
      quantity: 2,
      size,
      color,
      guest_token,
    });
    expect(second.json<{ guest_token: string }>().guest_token).toBe(guest_token);

    const listed = await call(t.app, 'GET', `/api/guest/cart?guest_token=${guest_token}`);
    expect(listed.json<{ cart_items: CartItem[] }>().cart_items.map((item) => item.product_id)).toEqual([
      plain.id,
      withBoth.id,
    ]);

    const updated = await call(t.app, 'POST', `/api/guest/cart/update/${plain.id}`, {
      quantity: 3,
      guest_token,
    });
    expect(updated.json<{ cart_item: CartItem }>().cart_item.quantity).toBe(3);
    expect(
      (await call(t.app, 'POST', `/api/guest/cart/update/${plain.id}`, { quantity: 3 })).statusCode,
    ).toBe(401);

    const removed = await call(t.app, 'DELETE', `/api/guest/cart/product/${plain.id}`, { guest_token });
    expect(removed.statusCode).toBe(200);

    const wrong = 'x'.repeat(43);
    expect((await call(t.app, 'GET', `/api/guest/cart?guest_token=${wrong}`)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/guest/cart')).statusCode).toBe(401);
    expect(
      (
        await call(t.app, 'POST', '/api/guest/cart/add', {
          product_id: plain.id,
          quantity: 1,
          guest_token: wrong,
        })
      ).json(),
    ).toEqual({ message: 'Unauthenticated.' });
    expect(
      (
        await call(t.app, 'POST', `/api/guest/cart/update/${withBoth.id}`, {
          quantity: 1,
          guest_token: wrong,
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await call(t.app, 'DELETE', `/api/guest/cart/product/${withBoth.id}`, { guest_token: wrong }))
        .statusCode,
    ).toBe(401);
    // Another guest's cart is not this one.
    const other = (
      await call(t.app, 'POST', '/api/guest/cart/add', { product_id: plain.id, quantity: 1 })
    ).json<{
      guest_token: string;
    }>();
    expect(other.guest_token).not.toBe(guest_token);
    expect(
      (
        await call(t.app, 'DELETE', `/api/guest/cart/product/${withBoth.id}`, {
          guest_token: other.guest_token,
        })
      ).statusCode,
    ).toBe(404);
  });

  test('a refused first add issues no token and leaves no cart', async () => {
    const before = (await t.db.select().from(guestCarts)).length;
    const response = await call(t.app, 'POST', '/api/guest/cart/add', { product_id: 999999, quantity: 1 });
    expect(response.statusCode).toBe(404);
    expect((await t.db.select().from(guestCarts)).length).toBe(before);
  });
});

describe('POST /cart/apply-coupon', () => {
  test('an active coupon gives its discount on the server cart total, not the client figure', async () => {
    const user = await createShopper(t.db);
    const { plain } = await pickProducts();
    await call(t.app, 'POST', '/api/cart/add', { product_id: plain.id, quantity: 2 }, user.token);
    const [row] = await t.db.select().from(products).where(eq(products.id, plain.id));
    const unit = row?.discountedPrice ?? row?.price ?? 0;
    const response = await call(
      t.app,
      'POST',
      '/api/cart/apply-coupon',
      { coupon_code: 'welcome10', cart_total: 1 },
      user.token,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<{ discount: number; discount_amount: number; new_total: number }>();
    expect(body.discount).toBe(10);
    expect(body.discount_amount).toBeCloseTo(unit * 2 * 0.1, 3);
    expect(body.new_total).toBeCloseTo(unit * 2 * 0.9, 3);
  });

  test('with an empty cart the client total is used', async () => {
    const user = await createShopper(t.db);
    const body = (
      await call(
        t.app,
        'POST',
        '/api/cart/apply-coupon',
        { coupon_code: 'EID25', cart_total: 40 },
        user.token,
      )
    ).json<{ discount_amount: number; new_total: number }>();
    expect(body).toMatchObject({ discount_amount: 10, new_total: 30 });
  });

  test('unknown, expired and inactive coupons are 422 Invalid coupon', async () => {
    const expired = await t.db
      .select()
      .from(coupons)
      .where(inArray(coupons.code, ['RAMADAN20', 'VIP40']));
    expect(expired).toHaveLength(2);
    for (const code of ['NOPE', 'RAMADAN20', 'VIP40']) {
      const response = await call(
        t.app,
        'POST',
        '/api/cart/apply-coupon',
        { coupon_code: code, cart_total: 10 },
        shopper.token,
      );
      expect(response.statusCode).toBe(422);
      expect(response.json<{ message: string }>().message).toBe('Invalid coupon');
    }
    expect(
      (await call(t.app, 'POST', '/api/cart/apply-coupon', { cart_total: 10 }, shopper.token)).statusCode,
    ).toBe(422);
  });
});

describe('merging a guest cart on sign-in', () => {
  async function guestCartWith(
    lines: { product_id: number; quantity: number; size?: string; color?: string }[],
  ) {
    let guest_token: string | undefined;
    for (const line of lines) {
      const answer = await call(t.app, 'POST', '/api/guest/cart/add', { ...line, guest_token });
      expect(answer.statusCode).toBe(200);
      guest_token = answer.json<{ guest_token: string }>().guest_token;
    }
    if (!guest_token) throw new Error('no guest token');
    return guest_token;
  }

  async function userLines(token: string) {
    return (await call(t.app, 'GET', '/api/cart', undefined, token)).json<{ cart_items: CartItem[] }>()
      .cart_items;
  }

  test('adds the same line, moves new lines and deletes the guest cart', async () => {
    const { withBoth, plain, size, color } = await pickProducts();
    const user = await createShopper(t.db);
    await call(t.app, 'POST', '/api/cart/add', { product_id: plain.id, quantity: 2 }, user.token);
    const guest_token = await guestCartWith([
      { product_id: plain.id, quantity: 3 },
      { product_id: withBoth.id, quantity: 1, size, color },
    ]);
    const answer = await call(t.app, 'POST', '/api/cart/merge', { guest_token }, user.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ merged: 2, capped: 0, dropped: 0, message: 'Guest cart merged' });
    const lines = await userLines(user.token);
    expect(lines.find((line) => line.product_id === plain.id)?.quantity).toBe(5);
    expect(lines.find((line) => line.product_id === withBoth.id)).toMatchObject({ quantity: 1, size, color });
    expect((await call(t.app, 'GET', `/api/guest/cart?guest_token=${guest_token}`)).statusCode).toBe(401);
    // The same token again finds nothing to merge.
    expect((await call(t.app, 'POST', '/api/cart/merge', { guest_token }, user.token)).statusCode).toBe(404);
  });

  test('caps a summed quantity at the stock and leaves out-of-stock lines out', async () => {
    const { withBoth, plain, size, color } = await pickProducts();
    const user = await createShopper(t.db);
    await call(t.app, 'POST', '/api/cart/add', { product_id: plain.id, quantity: 1 }, user.token);
    const guest_token = await guestCartWith([
      { product_id: plain.id, quantity: plain.stock_quantity },
      { product_id: withBoth.id, quantity: 1, size, color },
    ]);
    await t.db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, withBoth.id));
    try {
      const answer = await call(t.app, 'POST', '/api/cart/merge', { guest_token }, user.token);
      expect(answer.json()).toMatchObject({ merged: 0, capped: 1, dropped: 1 });
    } finally {
      await t.db
        .update(products)
        .set({ stockQuantity: withBoth.stock_quantity })
        .where(eq(products.id, withBoth.id));
    }
    const lines = await userLines(user.token);
    expect(lines.map((line) => [line.product_id, line.quantity])).toEqual([[plain.id, plain.stock_quantity]]);
  });

  test('an unknown guest token is 404, a missing one 422, and no bearer 401', async () => {
    const user = await createShopper(t.db);
    const unknown = 'x'.repeat(43);
    expect(
      (await call(t.app, 'POST', '/api/cart/merge', { guest_token: unknown }, user.token)).statusCode,
    ).toBe(404);
    expect((await call(t.app, 'POST', '/api/cart/merge', {}, user.token)).statusCode).toBe(422);
    expect((await call(t.app, 'POST', '/api/cart/merge', { guest_token: unknown })).statusCode).toBe(401);
  });

  test('two sign-ins racing with the same token merge it once', async () => {
    const { plain } = await pickProducts();
    const user = await createShopper(t.db);
    const guest_token = await guestCartWith([{ product_id: plain.id, quantity: 2 }]);
    const answers = await Promise.all([
      call(t.app, 'POST', '/api/cart/merge', { guest_token }, user.token),
      call(t.app, 'POST', '/api/cart/merge', { guest_token }, user.token),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
    const lines = await userLines(user.token);
    expect(lines.map((line) => [line.product_id, line.quantity])).toEqual([[plain.id, 2]]);
  });
});
