// Wishlist, addresses and content pages: small areas, one fresh database.
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

describe('wishlist', () => {
  test('needs a token', async () => {
    expect((await call(t.app, 'GET', '/api/user-wishlist')).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/wishlist', { product_id: 1 })).statusCode).toBe(401);
    expect((await call(t.app, 'DELETE', '/api/wishlist/1', { product_id: 1 })).statusCode).toBe(401);
  });

  test('add, list with product details, add again, remove, remove again', async () => {
    const added = await call(
      t.app,
      'POST',
      '/api/wishlist',
      { user_id: shopper.id, product_id: 5 },
      shopper.token,
    );
    expect(added.statusCode).toBe(201);
    const { wishlist_id } = added.json<{ wishlist_id: number }>();
    const again = await call(t.app, 'POST', '/api/wishlist', { product_id: 5 }, shopper.token);
    expect(again.json<{ wishlist_id: number }>().wishlist_id).toBe(wishlist_id);

    const list = (await call(t.app, 'GET', '/api/user-wishlist?lang=ar', undefined, shopper.token)).json<
      { wishlist_id: number; product_id: number; product_details: { id: number; name: string } }[]
    >();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ wishlist_id, product_id: 5, product_details: { id: 5 } });
    expect(list[0]?.product_details.name).toMatch(/[\u0600-\u06ff]/);

    const stranger = await createShopper(t.db);
    expect(
      (await call(t.app, 'DELETE', `/api/wishlist/${wishlist_id}`, { product_id: 5 }, stranger.token))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'DELETE', `/api/wishlist/${wishlist_id}`, { product_id: 5 }, shopper.token))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(t.app, 'DELETE', `/api/wishlist/${wishlist_id}`, { product_id: 5 }, shopper.token))
        .statusCode,
    ).toBe(404);
    expect((await call(t.app, 'GET', '/api/user-wishlist', undefined, shopper.token)).json()).toEqual([]);
  });

  test('unknown products are 404, bad ids 422', async () => {
    expect(
      (await call(t.app, 'POST', '/api/wishlist', { product_id: 999999 }, shopper.token)).statusCode,
    ).toBe(404);
    expect((await call(t.app, 'POST', '/api/wishlist', { product_id: 'x' }, shopper.token)).statusCode).toBe(
      422,
    );
    expect((await call(t.app, 'DELETE', '/api/wishlist/abc', {}, shopper.token)).statusCode).toBe(404);
  });
});

describe('addresses', () => {
  const valid = {
    name: 'Home',
    address: 'Block 3, Street 12, House 9',
    mobile_number: '55544433',
    apartment_number: '4',
    city: 'Salmiya',
    code_number: '+965',
    country_code: 'KWT',
  };

  test('needs a token', async () => {
    expect((await call(t.app, 'GET', '/api/addresses')).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/addresses', valid)).statusCode).toBe(401);
  });

  test('saves a valid address and lists only the own ones', async () => {
    const user = await createShopper(t.db);
    const created = await call(t.app, 'POST', '/api/addresses', valid, user.token);
    expect(created.statusCode).toBe(201);
    expect(created.json<{ address: object }>().address).toMatchObject(valid);
    const { addresses } = (await call(t.app, 'GET', '/api/addresses', undefined, user.token)).json<{
      addresses: object[];
    }>();
    expect(addresses).toEqual([expect.objectContaining(valid)]);
    const other = await createShopper(t.db);
    expect((await call(t.app, 'GET', '/api/addresses', undefined, other.token)).json()).toEqual({
      addresses: [],
    });
  });

  test('docs/spec/02-shopping.md §5: name, city and address required, phone and apartment digits only', async () => {
    const empty = await call(t.app, 'POST', '/api/addresses', {}, shopper.token);
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json<{ errors: object }>().errors).sort()).toEqual(
      ['address', 'apartment_number', 'city', 'mobile_number', 'name'].sort(),
    );
    const letters = await call(
      t.app,
      'POST',
      '/api/addresses',
      { ...valid, mobile_number: '55-5444', apartment_number: '4B' },
      shopper.token,
    );
    expect(letters.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      mobile_number: ['The mobile number field must contain only digits.'],
      apartment_number: ['The apartment number field must contain only digits.'],
    });
    expect(
      (await call(t.app, 'POST', '/api/addresses', { ...valid, name: { first: 'x' } }, shopper.token))
        .statusCode,
    ).toBe(422);
  });

  test('country_code: a known three-letter code (default KWT); an unknown one is refused with 422', async () => {
    const { country_code: _, ...withoutCode } = valid;
    const defaulted = await call(t.app, 'POST', '/api/addresses', withoutCode, shopper.token);
    expect(defaulted.json<{ address: { country_code: string } }>().address.country_code).toBe('KWT');
    const lower = await call(
      t.app,
      'POST',
      '/api/addresses',
      { ...valid, country_code: 'sau' },
      shopper.token,
    );
    expect(lower.json<{ address: { country_code: string } }>().address.country_code).toBe('SAU');
    for (const country_code of ['KW', 'XYZ', 'QQ', '12']) {
      const refused = await call(t.app, 'POST', '/api/addresses', { ...valid, country_code }, shopper.token);
      expect(refused.statusCode).toBe(422);
      expect(refused.json<{ errors: Record<string, string[]> }>().errors).toEqual({
        country_code: ['The selected country code is invalid.'],
      });
    }
  });
});

describe('content', () => {
  test('sliders come with status 1 and 0, in both languages', async () => {
    const en = (await call(t.app, 'GET', '/api/sliders')).json<{
      data: { title: string; image: string; image2: string; status: number }[];
    }>();
    expect(new Set(en.data.map((slide) => slide.status))).toEqual(new Set([0, 1]));
    expect(en.data[0]?.image).toMatch(/^\/media\/sliders\/.+\.svg$/);
    const ar = (await call(t.app, 'GET', '/api/sliders?lang=ar')).json<{ data: { title: string }[] }>();
    expect(ar.data[0]?.title).toMatch(/[\u0600-\u06ff]/);
  });

  test('abouts answers data[0] with a body in the chosen language', async () => {
    const en = (await call(t.app, 'GET', '/api/abouts')).json<{
      data: { title: string; body: string; image: string }[];
    }>();
    expect(en.data[0]).toMatchObject({ title: 'Who we are' });
    const ar = (await call(t.app, 'GET', '/api/abouts?lang=ar')).json<{ data: { title: string }[] }>();
    expect(ar.data[0]?.title).toBe('من نحن');
  });

  test('privacy policy and refunds carry title and content in both languages', async () => {
    for (const url of ['/api/privacy_policies', '/api/refunds']) {
      const body = (await call(t.app, 'GET', url)).json<
        { title: { ar: string; en: string }; content: { ar: string; en: string } }[]
      >();
      expect(body[0]?.title.en.length).toBeGreaterThan(0);
      expect(body[0]?.content.ar).toMatch(/[\u0600-\u06ff]/);
    }
  });

  test('shippings answers details in both languages with a date', async () => {
    const body = (await call(t.app, 'GET', '/api/shippings?lang=ar')).json<
      { id: number; created_at: string; details_ar: string; details_en: string }[]
    >();
    expect(body.length).toBeGreaterThan(0);
    expect(Date.parse(body[0]?.created_at ?? '')).not.toBeNaN();
    expect(body[0]?.details_ar).toMatch(/[\u0600-\u06ff]/);
  });

  test('the generated pictures are served from /media', async () => {
    const picture = await t.app.inject({ method: 'GET', url: '/media/products/p001-1.svg' });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toContain('image/svg+xml');
    expect(picture.body).toContain('<svg');
    const logo = await t.app.inject({ method: 'GET', url: '/media/payments/knet.svg' });
    expect(logo.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/media/products/nope.svg' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/media/../package.json' })).statusCode).toBe(404);
  });
});
