// Ids and money arrive as JSON numbers, as numbers written as text, and as things that only look like numbers.
// Each is refused with the field's 422 before any query runs, and never overflows into a 500.
import type { FastifyInstance } from 'fastify';
import { orders } from './db/schema';
import { bearer, createShopper, type Shopper } from './routes/testSupport';
import { createTestApp, type TestApp } from './testing/testApp';

let t: TestApp;
let shopper: Shopper;
let productId = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { paymentsSandbox: true } });
  shopper = await createShopper(t.db);
  const categories = (await t.app.inject({ method: 'GET', url: '/api/categories' })).json<
    { products: { id: number; attributes: unknown[]; stock_quantity: number }[] }[]
  >();
  const plain = categories
    .flatMap((category) => category.products)
    .find((product) => product.attributes.length === 0 && product.stock_quantity >= 10);
  if (!plain) throw new Error('no plain product in the demo shop');
  productId = plain.id;
});

afterAll(async () => {
  await t.close();
});

/** JSON text as it arrives on the wire, so values JSON.stringify cannot write (1e309) can be sent. */
function send(app: FastifyInstance, method: 'POST' | 'PUT', url: string, body: string, signedIn = true) {
  return app.inject({
    method,
    url,
    payload: body,
    headers: { 'content-type': 'application/json', ...(signedIn ? bearer(shopper.token) : {}) },
  });
}

/** Numbers written as text in every form that is not a plain decimal integer, and out-of-range numbers. */
const NOT_AN_ID = [
  '"1e309"',
  '"-1e309"',
  '"1E400"',
  '"Infinity"',
  '"-Infinity"',
  '"NaN"',
  `"${'9'.repeat(40)}"`,
  '"0x10"',
  '"１٢"',
  '"1.5"',
  '["Infinity"]',
  '1e309',
  '-1e309',
  '2147483648',
  '99999999999',
  `${'9'.repeat(40)}`,
  '1.5',
  '0',
  '-1',
  'true',
];

const ID_FIELDS: { url: string; field: string; body: (value: string) => string; signedIn?: boolean }[] = [
  { url: '/api/cart/add', field: 'product_id', body: (v) => `{"product_id":${v}}` },
  { url: '/api/cart/add', field: 'quantity', body: (v) => `{"product_id":${productId},"quantity":${v}}` },
  {
    url: '/api/guest/cart/add',
    field: 'product_id',
    body: (v) => `{"product_id":${v}}`,
    signedIn: false,
  },
  {
    url: '/api/guest/cart/add',
    field: 'quantity',
    body: (v) => `{"product_id":${productId},"quantity":${v}}`,
    signedIn: false,
  },
  { url: '/api/cart/update/1', field: 'quantity', body: (v) => `{"quantity":${v}}` },
  { url: '/api/wishlist', field: 'product_id', body: (v) => `{"product_id":${v}}` },
  {
    url: '/api/reviews/add',
    field: 'product_id',
    body: (v) => `{"product_id":${v},"rating":5,"review":"Lovely"}`,
  },
  {
    url: '/api/reviews/add',
    field: 'rating',
    body: (v) => `{"product_id":${productId},"rating":${v},"review":"Lovely"}`,
  },
  { url: '/api/initiate-payment', field: 'order_id', body: (v) => `{"order_id":${v}}` },
  {
    url: '/api/execute-payment',
    field: 'order_id',
    body: (v) => `{"payment_method_id":1,"order_id":${v}}`,
  },
  {
    url: '/api/execute-payment',
    field: 'payment_method_id',
    body: (v) => `{"payment_method_id":${v},"invoice_value":5}`,
  },
];

describe.each(ID_FIELDS)('$url $field', ({ url, field, body, signedIn }) => {
  test.each(NOT_AN_ID)('%s is a 422 on the field', async (value) => {
    const response = await send(t.app, 'POST', url, body(value), signedIn);
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: Record<string, string[]> }>().errors[field]?.[0]).toMatch(
      new RegExp(`^The ${field.replace(/_/g, ' ')} field must (be an integer|be at least|not be greater)`),
    );
  });
});

/** Amounts: finite, not negative, within what the money columns (numeric(12,3)) can hold. */
const NOT_AN_AMOUNT = [
  '"1e309"',
  '"Infinity"',
  '"NaN"',
  '"0x10"',
  '"-0"',
  '"１٢"',
  `"${'9'.repeat(40)}"`,
  '["5"]',
  '1e309',
  '-1e309',
  '-1',
  '1e9',
  `${'9'.repeat(40)}`,
  'true',
];

const AMOUNT_FIELDS: { url: string; field: string; body: (value: string) => string }[] = [
  { url: '/api/initiate-payment', field: 'invoice_value', body: (v) => `{"invoice_value":${v}}` },
  {
    url: '/api/execute-payment',
    field: 'invoice_value',
    body: (v) => `{"payment_method_id":1,"invoice_value":${v}}`,
  },
  {
    url: '/api/cart/apply-coupon',
    field: 'cart_total',
    body: (v) => `{"coupon_code":"X","cart_total":${v}}`,
  },
];

describe.each(AMOUNT_FIELDS)('$url $field', ({ url, field, body }) => {
  test.each(NOT_AN_AMOUNT)('%s is a 422 on the field', async (value) => {
    const response = await send(t.app, 'POST', url, body(value));
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: Record<string, string[]> }>().errors[field]?.[0]).toMatch(
      new RegExp(`^The ${field.replace(/_/g, ' ')} field must (be a number|be at least|not be greater)`),
    );
  });
});

describe('order totals sent by the checkout', () => {
  const checkout = (field: string, value: string) => {
    const valid: Record<string, unknown> = {
      governorate_name: 'Ahmadi',
      area_name: 'Fahaheel',
      address: 'Block 5, Street 20, House 7',
      payment_method: 'online',
      shipping_cost: 0,
      total_price: 1,
      guest_phone: '55512345',
      guest_email: 'buyer@example.com',
      guest_country_code: '+965',
    };
    const fields = Object.entries(valid)
      .filter(([key]) => key !== field)
      .map(([key, item]) => `${JSON.stringify(key)}:${JSON.stringify(item)}`);
    return `{${[...fields, `${JSON.stringify(field)}:${value}`].join(',')}}`;
  };

  test.each(['"1e309"', '"Infinity"', '1e309', '-1', `"${'9'.repeat(40)}"`, `${'9'.repeat(40)}`, '1e9'])(
    'total_price %s: "Total price must be a number"',
    async (value) => {
      const response = await send(t.app, 'POST', '/api/create-order', checkout('total_price', value));
      expect(response.statusCode).toBe(422);
      expect(response.json<{ errors: Record<string, string[]> }>().errors.total_price).toEqual([
        'Total price must be a number',
      ]);
    },
  );

  test.each(['"NaN"', '"-1e309"', '-1e309', `"${'9'.repeat(40)}"`, '1e9'])(
    'shipping_cost %s: "Shipping cost must be a number"',
    async (value) => {
      const response = await send(t.app, 'POST', '/api/create-order', checkout('shipping_cost', value));
      expect(response.statusCode).toBe(422);
      expect(response.json<{ errors: Record<string, string[]> }>().errors.shipping_cost).toEqual([
        'Shipping cost must be a number',
      ]);
    },
  );
});

describe('money answers', () => {
  test('the largest amount a client may send is priced with numbers, service charge included', async () => {
    // The shopper's own order at the largest total (only an owned order is priced).
    const [order] = await t.db
      .insert(orders)
      .values({
        userId: shopper.id,
        governorateName: 'Ahmadi',
        areaName: 'Fahaheel',
        address: 'Block 5',
        paymentMethod: 'online',
        contactEmail: shopper.email,
        contactPhone: '55512345',
        contactCountryCode: '+965',
        subtotal: 100_000_000,
        totalPrice: 100_000_000,
      })
      .returning({ id: orders.id });
    const response = await send(
      t.app,
      'POST',
      '/api/initiate-payment',
      `{"invoice_value":100000000,"order_id":${order?.id}}`,
    );
    expect(response.statusCode).toBe(200);
    const methods = response.json<{ payment_methods: { ServiceCharge: unknown; TotalAmount: unknown }[] }>()
      .payment_methods;
    expect(methods.length).toBeGreaterThan(0);
    for (const method of methods) {
      expect(Number.isFinite(method.ServiceCharge)).toBe(true);
      expect(Number.isFinite(method.TotalAmount)).toBe(true);
    }
  });
});

describe('ids in paths and query strings', () => {
  test.each([
    '/api/products/1e309',
    '/api/products/99999999999',
    '/api/products/-1',
    '/api/products/0x10',
    '/api/governorates/Infinity/areas',
    '/api/governorates/2147483648/areas',
  ])('%s is a 404', async (url) => {
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  test.each(['/api/orders/1e309', '/api/orders/99999999999'])('%s is a 404 for its owner', async (url) => {
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(shopper.token) })).statusCode).toBe(404);
  });

  test.each(['1e309', '99999999999', 'NaN', '-0'])(
    '/api/reviews?product_id=%s has no reviews',
    async (id) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/reviews?product_id=${id}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
    },
  );
});
