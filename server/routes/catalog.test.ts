import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { Product } from '../../contract/catalog';
import { coupons, orderItems, orders, products, reviews } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/testApp';
import { bearer as authHeader, createShopper } from './testSupport';

// A fresh PGlite database with the whole demo shop takes a few seconds on a busy machine.
jest.setTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('GET /categories', () => {
  test('lists every category with its image and nested products', async () => {
    const response = await get('/api/categories');
    expect(response.statusCode).toBe(200);
    const body = response.json<{ id: number; name: string; image: string; products: Product[] }[]>();
    expect(body.length).toBeGreaterThanOrEqual(8);
    expect(body.reduce((sum, category) => sum + category.products.length, 0)).toBeGreaterThanOrEqual(150);
    const [first] = body;
    expect(first?.name).toBe('Perfumes & Oud');
    expect(first?.image).toMatch(/^\/media\/categories\//);
    const product = first?.products[0];
    expect(product?.category).toBe('Perfumes & Oud');
    expect(product?.image_temp).toBe(product?.image_url[0]);
    expect(product?.product_images.map((image) => image.image)).toEqual(product?.image_url);
  });

  test('answers Arabic names with lang=ar', async () => {
    const body = (await get('/api/categories?lang=ar')).json<{ name: string; products: Product[] }[]>();
    expect(body[0]?.name).toBe('العطور والعود');
    expect(body[0]?.products[0]?.name).toMatch(/[\u0600-\u06ff]/);
    const withSizes = body.flatMap((category) => category.products).find((p) => p.attributes.length === 2);
    expect(withSizes?.attributes.map((attribute) => attribute.attribute_name)).toEqual(['المقاس', 'اللون']);
  });
});

test('GET /best_selling_products answers the top sellers', async () => {
  const response = await get('/api/best_selling_products');
  expect(response.statusCode).toBe(200);
  const { bestSellingProducts } = response.json<{ bestSellingProducts: Product[] }>();
  expect(bestSellingProducts.length).toBeGreaterThan(0);
  const sold = await t.db.select({ id: products.id, soldCount: products.soldCount }).from(products);
  const best = Math.max(...sold.map((row) => row.soldCount));
  expect(sold.find((row) => row.id === bestSellingProducts[0]?.id)?.soldCount).toBe(best);
});

test('GET /coupons lists only the coupons that work now: not switched off, started, not ended (issue 47, finding 3)', async () => {
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  await t.db.insert(coupons).values([
    { code: 'BLACKFRIDAY70', discount: 70, endDate: day(60), startsOn: day(30) },
    { code: 'STARTEDTODAY', discount: 5, endDate: day(60), startsOn: day(0) },
    { code: 'ENDSTODAY', discount: 5, endDate: day(0) },
    { code: 'OFFSOON', discount: 5, endDate: day(60), isActive: false },
  ]);
  const body = (await get('/api/coupons')).json<
    { code: string; is_active: number; end_date: string; discount: number }[]
  >();
  const welcome = body.find((coupon) => coupon.code === 'WELCOME10');
  expect(welcome).toMatchObject({ is_active: 1, discount: 10 });
  expect(welcome?.end_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const codes = body.map((coupon) => coupon.code);
  expect(codes).toContain('STARTEDTODAY');
  for (const hidden of ['VIP40', 'RAMADAN20', 'BLACKFRIDAY70', 'ENDSTODAY', 'OFFSOON'])
    expect(codes).not.toContain(hidden);
  expect(body.every((coupon) => coupon.is_active === 1 && coupon.end_date > day(0))).toBe(true);
});

describe('GET /categories is no lever against the server', () => {
  test('at most so many a minute from one address; another address is still answered', async () => {
    const limited = await createTestApp({
      seed: true,
      config: {
        perIpLimits: { register: 30, login: 100, guestCart: 20, pageRenders: 30, specCatalogue: 2 },
      },
    });
    try {
      const from = (remoteAddress: string) =>
        limited.app.inject({ method: 'GET', url: '/api/categories', remoteAddress });
      expect((await from('203.0.113.7')).statusCode).toBe(200);
      expect((await from('203.0.113.7')).statusCode).toBe(200);
      const refused = await from('203.0.113.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      const other = await from('198.51.100.4');
      expect(other.statusCode).toBe(200);
      expect(other.json<unknown[]>().length).toBeGreaterThanOrEqual(8);
    } finally {
      await limited.close();
    }
  });

  test('kept compressed until the catalogue changes: a change shows on the next request', async () => {
    const before = (await get('/api/categories', { 'accept-encoding': 'gzip' })).rawPayload;
    const first = JSON.parse(gunzipSync(before).toString()) as { products: Product[] }[];
    const product = first[0]?.products[0];
    await t.db
      .update(products)
      .set({ stockQuantity: 4242 })
      .where(eq(products.id, product?.id ?? 0));
    t.app.deps.catalogue.changed();
    const after = (await get('/api/categories')).json<{ products: Product[] }[]>();
    expect(after[0]?.products.find((p) => p.id === product?.id)?.stock_quantity).toBe(4242);
  });
});

describe('list answers and compression', () => {
  test('a browser gets the same list compressed, as br or gzip, with Vary', async () => {
    const plain = await get('/api/categories?currency_code=KWD');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/api/categories?currency_code=KWD', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/api/categories',
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    const gzip = await get('/api/best_selling_products', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(
      (await get('/api/best_selling_products')).json(),
    );
  });
});

describe('GET /products/:id', () => {
  test('answers the product and converted prices for ?currency_code', async () => {
    const [row] = await t.db.select().from(products).where(eq(products.id, 1));
    const response = await get('/api/products/1?currency_code=SAR');
    expect(response.statusCode).toBe(200);
    const product = response.json<Product>();
    expect(product.id).toBe(1);
    expect(product.price).toBe(row?.price);
    expect(product.converted_products?.currency_code).toBe('SAR');
    expect(product.converted_products?.price).toBeCloseTo((row?.price ?? 0) * 12.2, 2);
  });

  test('a discounted product carries discounted_price and its percentage', async () => {
    const [row] = await t.db.select().from(products).where(eq(products.offer, true)).limit(1);
    const product = (await get(`/api/products/${row?.id}`)).json<Product>();
    expect(product.discounted_price).toBe(row?.discountedPrice);
    expect(product.discount_offer).toBeGreaterThan(0);
    expect(product.converted_products).toBeUndefined();
  });

  test('unknown or malformed ids are 404, an unknown currency 422', async () => {
    expect((await get('/api/products/999999')).json()).toEqual({ message: 'Product not found' });
    expect((await get('/api/products/999999')).statusCode).toBe(404);
    expect((await get('/api/products/abc')).statusCode).toBe(404);
    expect((await get('/api/products/99999999999999')).statusCode).toBe(404);
    expect((await get('/api/products/1?currency_code=XYZ')).statusCode).toBe(422);
  });
});

describe('reviews', () => {
  test('GET /reviews lists only approved reviews, optionally for one product', async () => {
    // The seed holds reviews still waiting for approval: they are not anybody's to read yet.
    const [waiting] = await t.db
      .select({ id: reviews.id, productId: reviews.productId })
      .from(reviews)
      .where(eq(reviews.status, 'pending'))
      .limit(1);
    if (!waiting) throw new Error('the seed has no review waiting for approval');
    const all = (await get('/api/reviews')).json<
      { id: number; product_id: number; status: string; user_name: string }[]
    >();
    expect(all.length).toBeGreaterThan(0);
    expect(new Set(all.map((review) => review.status))).toEqual(new Set(['approved']));
    const ofWaiting = (await get(`/api/reviews?product_id=${waiting.productId}`)).json<{ id: number }[]>();
    expect(ofWaiting.map((review) => review.id)).not.toContain(waiting.id);
    const productId = all[0]?.product_id ?? 0;
    const one = (await get(`/api/reviews?product_id=${productId}`)).json<{ product_id: number }[]>();
    expect(one.length).toBeGreaterThan(0);
    expect(one.every((review) => review.product_id === productId)).toBe(true);
    expect((await get('/api/reviews?product_id=nope')).json()).toEqual([]);
  });

  /** An order of one piece of the product, written as the shop keeps it. */
  async function orderOfOne(
    user: { id: number; email: string },
    productId: number,
    status: 'pending' | 'completed',
  ) {
    const [order] = await t.db
      .insert(orders)
      .values({
        userId: user.id,
        status,
        governorateName: 'Hawalli',
        areaName: 'Salmiya',
        address: 'Block 1',
        paymentMethod: 'KNET',
        contactEmail: user.email,
        contactPhone: '55512345',
        contactCountryCode: '+965',
        subtotal: 5,
        totalPrice: 5,
      })
      .returning();
    await t.db.insert(orderItems).values({
      orderId: order?.id ?? 0,
      productId,
      productNameEn: 'x',
      productNameAr: 'x',
      quantity: 1,
      unitPrice: 5,
      totalPrice: 5,
    });
    return order;
  }

  test('POST /reviews/add needs a token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/reviews/add',
      payload: { product_id: 1, rating: 5, review: 'Great' },
    });
    expect(response.statusCode).toBe(401);
  });

  test('only a product of a completed order can be reviewed, once, and the review waits for approval', async () => {
    const user = await createShopper(t.db);
    const add = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/reviews/add', headers: authHeader(user.token), payload });

    expect((await add({ user_id: user.id, product_id: 3, rating: 4, review: 'Nice' })).statusCode).toBe(403);

    const order = await orderOfOne(user, 3, 'pending');
    // A pending (not yet delivered) order is not enough.
    expect((await add({ product_id: 3, rating: 4, review: 'Nice' })).statusCode).toBe(403);
    await t.db
      .update(orders)
      .set({ status: 'completed' })
      .where(eq(orders.id, order?.id ?? 0));

    for (const bad of [
      { product_id: 3, rating: 6, review: 'x' },
      { product_id: 3, rating: 0, review: 'x' },
      { product_id: 3, rating: 4.5, review: 'x' },
      { product_id: 3, rating: 4 },
      { product_id: 3, rating: 4, review: '   ' },
      { product_id: 'abc', rating: 4, review: 'x' },
    ]) {
      const response = await add(bad);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toHaveProperty('errors');
    }
    expect((await add({ product_id: 999999, rating: 4, review: 'x' })).statusCode).toBe(404);

    const created = await add({ user_id: 12345, product_id: 3, rating: 5, review: 'Lovely scent' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toHaveProperty('message');
    const [stored] = await t.db.select().from(reviews).where(eq(reviews.review, 'Lovely scent'));
    expect(stored).toMatchObject({ status: 'pending', userName: user.name, userId: user.id });
    const listed = async () =>
      (await get('/api/reviews?product_id=3'))
        .json<{ review: string; status: string; user_name: string }[]>()
        .find((review) => review.review === 'Lovely scent');
    expect(await listed()).toBeUndefined();
    await t.db
      .update(reviews)
      .set({ status: 'approved' })
      .where(eq(reviews.id, stored?.id ?? 0));
    expect(await listed()).toMatchObject({ status: 'approved', user_name: user.name });
    expect((await add({ product_id: 3, rating: 5, review: 'Again' })).statusCode).toBe(422);
  });

  test('a review sent twice at once (a double tap, two tabs) is stored once', async () => {
    const user = await createShopper(t.db);
    await orderOfOne(user, 4, 'completed');
    const payload = { product_id: 4, rating: 5, review: 'Sent twice' };
    const answers = await Promise.all(
      [1, 2].map(() =>
        t.app.inject({ method: 'POST', url: '/api/reviews/add', headers: authHeader(user.token), payload }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    expect(await t.db.select().from(reviews).where(eq(reviews.userId, user.id))).toHaveLength(1);
  });
});

test('GET /countries answers Gulf countries with currency codes', async () => {
  const { countries } = (await get('/api/countries')).json<{
    countries: { id: number; name: { ar: string; en: string }; currency_code: string }[];
  }>();
  expect(countries.find((country) => country.name.en === 'Kuwait')).toMatchObject({
    name: { ar: 'الكويت' },
    currency_code: 'KWD',
  });
  expect(countries.map((country) => country.currency_code)).toEqual(
    expect.arrayContaining(['SAR', 'AED', 'QAR', 'BHD', 'OMR']),
  );
});

/** docs/spec/02-shopping.md §9's sixteen country options, and the Gulf states: each with its currency. */
const SPEC_COUNTRIES: Record<string, string> = {
  Syria: 'SYP',
  Egypt: 'EGP',
  'United Arab Emirates': 'AED',
  'United Kingdom': 'GBP',
  Bangladesh: 'BDT',
  India: 'INR',
  Finland: 'EUR',
  Pakistan: 'PKR',
  Argentina: 'ARS',
  Brazil: 'BRL',
  Australia: 'AUD',
  Thailand: 'THB',
  Philippines: 'PHP',
  Turkey: 'TRY',
  Uzbekistan: 'UZS',
  Kuwait: 'KWD',
  'Saudi Arabia': 'SAR',
  Qatar: 'QAR',
  Bahrain: 'BHD',
  Oman: 'OMR',
};

test("GET /countries lists docs/spec/02-shopping.md §9's sixteen and the Gulf states; each currency prices the shop", async () => {
  const { countries } = (await get('/api/countries')).json<{
    countries: { name: { ar: string; en: string }; currency_code: string }[];
  }>();
  const byName = new Map(countries.map((country) => [country.name.en, country]));
  for (const [name, currency] of Object.entries(SPEC_COUNTRIES)) {
    expect({ name, currency: byName.get(name)?.currency_code }).toEqual({ name, currency });
    expect(byName.get(name)?.name.ar).toMatch(/[\u0600-\u06ff]/);
  }
  expect(new Set(countries.map((country) => country.name.en)).size).toBe(countries.length);
  for (const currency of new Set(Object.values(SPEC_COUNTRIES))) {
    const product = (await get(`/api/products/1?currency_code=${currency}`)).json<Product>();
    expect({ currency, converted: product.converted_products?.currency_code }).toEqual({
      currency,
      converted: currency,
    });
    expect(product.converted_products?.price).toBeGreaterThan(0);
  }
});

describe('governorates', () => {
  test("lists Kuwait's six governorates with area counts, and each one's areas with shipping prices", async () => {
    const { data } = (await get('/api/governorates')).json<{
      data: { id: number; name_ar: string; name_en: string; areas_count: number }[];
    }>();
    expect(data).toHaveLength(6);
    const hawalli = data.find((governorate) => governorate.name_en === 'Hawalli');
    expect(hawalli?.name_ar).toBe('حولي');
    const response = await get(`/api/governorates/${hawalli?.id}/areas`);
    const { areas } = response.json<{
      areas: { name_en: string; name_ar: string; shipping_price: number }[];
    }>();
    expect(areas).toHaveLength(hawalli?.areas_count ?? -1);
    expect(areas.find((area) => area.name_en === 'Salmiya')).toMatchObject({
      name_ar: 'السالمية',
      shipping_price: 0,
    });
    expect(areas.some((area) => area.shipping_price > 0)).toBe(true);
  });

  test("areas' shipping prices follow currency_code as the checkout charges them; an unknown currency is 422", async () => {
    const { data } = (await get('/api/governorates')).json<{ data: { id: number }[] }>();
    const priced = async (query: string) => {
      const { areas } = (await get(`/api/governorates/${data[0]?.id}/areas${query}`)).json<{
        areas: { id: number; shipping_price: number }[];
      }>();
      return areas;
    };
    const kwd = await priced('');
    const sar = await priced('?currency_code=SAR');
    const paid = kwd.findIndex((area) => area.shipping_price > 0);
    expect(paid).toBeGreaterThanOrEqual(0);
    const rate = (await get('/api/countries')).json<{ countries: { currency_code: string }[] }>();
    expect(rate.countries.some((country) => country.currency_code === 'SAR')).toBe(true);
    expect(sar[paid]?.shipping_price).not.toBe(kwd[paid]?.shipping_price);
    expect(sar[paid]?.shipping_price).toBeGreaterThan(kwd[paid]?.shipping_price ?? Infinity);
    expect((await priced('?currency_code=KWD'))[paid]?.shipping_price).toBe(kwd[paid]?.shipping_price);
    expect((await get(`/api/governorates/${data[0]?.id}/areas?currency_code=XXX`)).statusCode).toBe(422);
  });

  test('an unknown governorate is 404', async () => {
    expect((await get('/api/governorates/9999/areas')).statusCode).toBe(404);
    expect((await get('/api/governorates/x/areas')).statusCode).toBe(404);
  });
});
