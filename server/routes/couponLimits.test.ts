// Coupon usage limits and orders a coupon makes free (issue 47, finding 3). On TEST_DATABASE_URL the race runs on
// real PostgreSQL, two connections queueing on the coupon's row.
import { and, eq, sql } from 'drizzle-orm';
import { executeRows, openDb } from '../db/client';
import { areas, coupons, orders, paymentAttempts, users, type UserRole } from '../db/schema';
import { COUPON_USED_UP, COUPON_USED_UP_BY_CUSTOMER, phoneKey } from '../services/couponUses';
import { createTestApp, type TestApp } from '../testing/testApp';
import { call, createShopper, GUEST_CHECKOUT, plainProductWithStock, type Shopper } from './testSupport';

let t: TestApp;
let staff: Shopper;
let productId: number;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  staff = await createShopper(t.db, { name: 'The staff' });
  await t.db
    .update(users)
    .set({ role: 'staff' satisfies UserRole })
    .where(eq(users.id, staff.id));
  productId = await plainProductWithStock(t.app, t.db, 1000);
});
afterAll(async () => {
  await t?.close();
});

async function coupon(code: string, values: Partial<typeof coupons.$inferInsert> = {}): Promise<number> {
  const [row] = await t.db
    .insert(coupons)
    .values({ code, discount: 10, endDate: '2099-12-31', ...values })
    .returning({ id: coupons.id });
  return row?.id ?? 0;
}

/** A shopper with one piece in the cart, ordering with `contact`. */
async function order(code: string, shopper?: Shopper, contact: object = {}) {
  const buyer = shopper ?? (await createShopper(t.db));
  await call(t.app, 'POST', '/api/cart/add', { product_id: productId, quantity: 1 }, buyer.token);
  return call(
    t.app,
    'POST',
    '/api/create-order',
    {
      ...GUEST_CHECKOUT,
      guest_phone: `5${String(buyer.id).padStart(7, '0')}`,
      coupon_code: code,
      ...contact,
    },
    buyer.token,
  );
}

const refusal = (response: { json<T>(): T }) =>
  response.json<{ errors?: { coupon_code?: string[] } }>().errors?.coupon_code;

describe('usage limits', () => {
  test('a total limit: its last use goes, then the coupon is used up; a cancelled order gives its use back', async () => {
    await coupon('TWICE', { usageLimit: 2 });
    const first = await order('TWICE');
    const secondBuyer = await createShopper(t.db);
    const second = await order('TWICE', secondBuyer);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const third = await order('TWICE');
    expect(third.statusCode).toBe(422);
    expect(refusal(third)).toEqual([COUPON_USED_UP]);
    // Applying it to a cart says so too, before the checkout.
    const applying = await createShopper(t.db);
    await call(t.app, 'POST', '/api/cart/add', { product_id: productId, quantity: 1 }, applying.token);
    const applied = await call(
      t.app,
      'POST',
      '/api/cart/apply-coupon',
      { coupon_code: 'twice' },
      applying.token,
    );
    expect(applied.statusCode).toBe(422);
    expect(applied.json()).toMatchObject({ message: COUPON_USED_UP });
    const cancelled = await call(
      t.app,
      'POST',
      `/api/orders/${second.json<{ order_id: number }>().order_id}/cancel`,
      undefined,
      secondBuyer.token,
    );
    expect(cancelled.statusCode).toBe(200);
    expect((await order('TWICE')).statusCode).toBe(201);
  });

  test('a per-customer limit counts the account, and another account ordering with the same e-mail or phone', async () => {
    await coupon('ONCEEACH', { perCustomerLimit: 1 });
    const buyer = await createShopper(t.db);
    const first = await order('ONCEEACH', buyer, {
      guest_phone: '50000001',
      guest_email: 'once@example.com',
    });
    expect(first.statusCode).toBe(201);
    const again = await order('ONCEEACH', buyer, {
      guest_phone: '50000002',
      guest_email: 'twice@example.com',
    });
    expect(again.statusCode).toBe(422);
    expect(refusal(again)).toEqual([COUPON_USED_UP_BY_CUSTOMER]);
    // A second account with the same phone, written another way.
    const samePhone = await order('ONCEEACH', undefined, {
      guest_phone: '0096550000001',
      guest_email: 'third@example.com',
    });
    expect(refusal(samePhone)).toEqual([COUPON_USED_UP_BY_CUSTOMER]);
    // The same e-mail, in capitals.
    const sameEmail = await order('ONCEEACH', undefined, {
      guest_phone: '50000003',
      guest_email: ' Once@Example.COM ',
    });
    expect(refusal(sameEmail)).toEqual([COUPON_USED_UP_BY_CUSTOMER]);
    // Someone else entirely.
    const other = await order('ONCEEACH', undefined, { guest_email: 'other@example.com' });
    expect(other.statusCode).toBe(201);
  });

  test('a per-customer limit counts one mailbox under its other spellings, and the account whatever contact it types', async () => {
    await coupon('ONEMAILBOX', { perCustomerLimit: 1 });
    const first = await createShopper(t.db, { email: 'sara.k+shop1@gmail.com' });
    expect(
      (await order('ONEMAILBOX', first, { guest_phone: '51110001', guest_email: 'typed.one@example.com' }))
        .statusCode,
    ).toBe(201);
    // A second account of the same Gmail mailbox (a +tag, dots), typing other contact details.
    const second = await createShopper(t.db, { email: 'sarak+shop2@googlemail.com' });
    const again = await order('ONEMAILBOX', second, {
      guest_phone: '51110002',
      guest_email: 'typed.two@example.com',
    });
    expect(refusal(again)).toEqual([COUPON_USED_UP_BY_CUSTOMER]);
    // A typed address of that mailbox, from an account of another one.
    const typed = await order('ONEMAILBOX', undefined, {
      guest_phone: '51110003',
      guest_email: 'Typed.One+x@example.com',
    });
    expect(refusal(typed)).toEqual([COUPON_USED_UP_BY_CUSTOMER]);
    // Another mailbox entirely (dots count outside Gmail).
    const other = await order('ONEMAILBOX', undefined, {
      guest_phone: '51110004',
      guest_email: 'typedone@example.com',
    });
    expect(other.statusCode).toBe(201);
  });

  test('phones are compared as digits with their country code', () => {
    expect(phoneKey('5000-0001', '+965')).toBe('96550000001');
    expect(phoneKey('0096550000001', '+965')).toBe('96550000001');
    expect(phoneKey('+965 5000 0001', '+1')).toBe('96550000001');
    expect(phoneKey('96550000001', '+965')).toBe('96550000001');
    expect(phoneKey('050000001', '965')).toBe('96550000001');
  });

  test('two orders racing for the last use: exactly one wins', async () => {
    const id = await coupon('LASTONE', { usageLimit: 1 });
    const url = process.env.TEST_DATABASE_URL;
    const buyers = [await createShopper(t.db), await createShopper(t.db)];
    for (const buyer of buyers)
      await call(t.app, 'POST', '/api/cart/add', { product_id: productId, quantity: 1 }, buyer.token);
    // From two addresses: orders from one address queue on its own lock (limits.ts) before they reach the coupon.
    const place = (buyer: Shopper, index: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/create-order',
        remoteAddress: `10.0.0.${index + 1}`,
        headers: { authorization: `Bearer ${buyer.token}` },
        payload: {
          ...GUEST_CHECKOUT,
          guest_phone: `6${String(buyer.id).padStart(7, '0')}`,
          coupon_code: 'LASTONE',
        },
      });
    let answers;
    if (url) {
      // Another connection holds the coupon's row, so both orders are in their transactions, waiting, when it lets go.
      const [schema] = await executeRows<{ schema: string }>(t.db, sql`SELECT current_schema() AS schema`);
      const other = await openDb({ databaseUrl: url, searchPath: schema?.schema ?? '' });
      try {
        let release: () => void = () => undefined;
        const released = new Promise<void>((resolve) => {
          release = resolve;
        });
        let locked: () => void = () => undefined;
        const isLocked = new Promise<void>((resolve) => {
          locked = resolve;
        });
        const holder = other.db.transaction(async (tx) => {
          await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
          locked();
          await released;
        });
        await isLocked;
        const placing = Promise.all(buyers.map(place));
        // Both orders reach the coupon's row (pg_locks shows both waiting: one for the holder, one for the row) first.
        for (;;) {
          const [waiting] = await executeRows<{ count: string }>(
            other.db,
            sql`SELECT count(*) AS count FROM pg_locks WHERE NOT granted AND pid IN
                  (SELECT pid FROM pg_stat_activity WHERE datname = current_database())`,
          );
          if (Number(waiting?.count ?? 0) >= 2) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        release();
        await holder;
        answers = await placing;
      } finally {
        await other.close();
      }
    } else {
      answers = await Promise.all(buyers.map(place));
    }
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    expect(answers.map(refusal).filter(Boolean)).toEqual([[COUPON_USED_UP]]);
    const used = await t.db.select().from(orders).where(eq(orders.couponId, id));
    expect(used).toHaveLength(1);
  });

  test('staff set the limits in the back office and see the uses', async () => {
    const created = await call(
      t.app,
      'POST',
      '/api/admin/coupons',
      {
        code: 'LIMITED',
        kind: 'percent',
        value: 20,
        end_date: '2099-01-01',
        usage_limit: 3,
        per_customer_limit: 1,
      },
      staff.token,
    );
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ coupon: { usage_limit: 3, per_customer_limit: 1, uses: 0 } });
    await order('LIMITED');
    const id = created.json<{ coupon: { id: number } }>().coupon.id;
    const edited = await call(t.app, 'PUT', `/api/admin/coupons/${id}`, { usage_limit: null }, staff.token);
    expect(edited.json()).toMatchObject({
      coupon: {
        usage_limit: null,
        per_customer_limit: 1,
        uses: 1,
        audit: [{ action: 'coupon.updated' }, {}],
      },
    });
    const bad = await call(t.app, 'PUT', `/api/admin/coupons/${id}`, { usage_limit: 0 }, staff.token);
    expect(bad.statusCode).toBe(422);
  });
});

describe('a coupon that makes an order free', () => {
  test('needs staff to confirm it, in the request itself', async () => {
    const post = (body: object) =>
      call(
        t.app,
        'POST',
        '/api/admin/coupons',
        { kind: 'percent', value: 100, end_date: '2099-01-01', ...body },
        staff.token,
      );
    const unconfirmed = await post({ code: 'FREE100' });
    expect(unconfirmed.statusCode).toBe(422);
    expect(Object.keys(unconfirmed.json<{ errors: object }>().errors)).toEqual(['allows_free_orders']);
    // An amount at or above its own minimum can also take the goods to nothing.
    expect((await post({ code: 'AMOUNT5', kind: 'amount', value: 5, min_total: 5 })).statusCode).toBe(422);
    expect((await post({ code: 'AMOUNT5', kind: 'amount', value: 5, min_total: 5.001 })).statusCode).toBe(
      201,
    );
    expect((await post({ code: 'FREE100', allows_free_orders: true })).statusCode).toBe(201);
    // Editing a coupon into one that may make an order free needs it too.
    const ten = await post({ code: 'TENOFF', value: 10 });
    const id = ten.json<{ coupon: { id: number } }>().coupon.id;
    const raised = await call(t.app, 'PUT', `/api/admin/coupons/${id}`, { value: 100 }, staff.token);
    expect(raised.statusCode).toBe(422);
    const confirmed = await call(
      t.app,
      'PUT',
      `/api/admin/coupons/${id}`,
      { value: 100, allows_free_orders: true },
      staff.token,
    );
    expect(confirmed.json()).toMatchObject({ coupon: { value: 100, allows_free_orders: true } });
  });

  test('an order it takes to 0 is paid by the coupon: no gateway, paid at once', async () => {
    await coupon('ALLFREE', { discount: 100, allowsFreeOrders: true });
    await t.db.update(areas).set({ shippingPrice: 0 }).where(eq(areas.nameEn, GUEST_CHECKOUT.area_name));
    try {
      const buyer = await createShopper(t.db);
      const placed = await order('ALLFREE', buyer);
      expect(placed.statusCode).toBe(201);
      const { order_id: orderId, payment_url: paymentUrl } = placed.json<{
        order_id: number;
        payment_url: string;
      }>();
      expect(paymentUrl).toMatch(/\/orders$/);
      const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
      expect(row).toMatchObject({ status: 'paid', totalPrice: 0, paymentMethod: 'coupon', paymentId: null });
      expect(row?.paidAt).not.toBeNull();
      expect(await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId))).toEqual(
        [],
      );
      // The shopper's orders say so; the cart is empty.
      const mine = await call(t.app, 'GET', `/api/orders/${orderId}`, undefined, buyer.token);
      expect(mine.json()).toMatchObject({ status: 'paid', payment_method: 'coupon', total_price: 0 });
      const cart = await call(t.app, 'GET', '/api/cart', undefined, buyer.token);
      expect(JSON.stringify(cart.json())).not.toContain(`"product_id":${productId}`);
      // A coupon staff did not confirm never makes one free, even by rounding in another currency.
      await coupon('NOTFREE', { kind: 'amount', discount: 1000, minTotal: 0, allowsFreeOrders: false });
      const notFree = await order('NOTFREE');
      const [charged] = await t.db
        .select()
        .from(orders)
        .where(and(eq(orders.id, notFree.json<{ order_id: number }>().order_id)));
      expect(charged?.status).toBe('pending');
      expect(charged?.totalPrice).toBeGreaterThan(0);
    } finally {
      await t.db.update(areas).set({ shippingPrice: 2 }).where(eq(areas.nameEn, GUEST_CHECKOUT.area_name));
    }
  });
});
