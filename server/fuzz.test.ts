// Generated hostile requests against every route of the whole server: none may answer 5xx or show its insides.
// Reproduce a run with FUZZ_SEED=<the printed seed>; FUZZ_RUNS changes the number of requests.
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { SocialTokenError, type SocialVerifier } from './services/social';
import { fakeSpaServer } from './testing/fakeSpa';
import {
  badMoneyFields,
  LEAK_PATTERNS,
  objectText,
  pageRequests,
  requestsOver,
  routesOf,
  urlOf,
  type FuzzRequest,
  type Pools,
  type Templates,
} from './testing/fuzz';
import { createTestApp, registerVerifiedUser, type RegisteredUser, type TestApp } from './testing/testApp';

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const PAGE_RUNS = Number(process.env.FUZZ_PAGE_RUNS ?? 1_500);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

// Thousands of requests on a shared machine; the run itself prints how long it took.
jest.setTimeout(600_000);

/** A configured provider refuses forged tokens; "fuzz-ok:<text>" stands for a genuine one naming <text>. */
const socialVerifier: SocialVerifier = {
  verify(provider, token) {
    if (!token.startsWith('fuzz-ok:')) return Promise.reject(new SocialTokenError('forged'));
    const claim = token.slice('fuzz-ok:'.length);
    return Promise.resolve({ provider, subject: claim, email: claim, name: claim });
  },
};

interface LoggedError {
  message: string;
  where: string;
}

interface Finding {
  status: number;
  method: string;
  route: string;
  url: string;
  body: string;
  answer: string;
  error: string;
}

let t: TestApp;
const serverErrors: LoggedError[] = [];
let user: RegisteredUser;
let guestToken = '';
let plainProductId = 0;

function serverFrame(stack: string): string {
  return (
    stack
      .split('\n')
      .find((line) => line.includes('/server/') && !line.includes('node_modules'))
      ?.trim() ?? ''
  );
}

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    social: socialVerifier,
    config: { paymentsSandbox: true },
    logger: {
      level: 'error',
      stream: {
        write(line: string) {
          const entry = JSON.parse(line) as { msg?: string; err?: { message?: string; stack?: string } };
          serverErrors.push({
            message: entry.err?.message ?? entry.msg ?? line,
            where: serverFrame(entry.err?.stack ?? ''),
          });
        },
      },
    },
  });
  user = await registerVerifiedUser(t.app);
});

afterAll(async () => {
  await t.close();
});

async function json<T>(options: InjectOptions, expected: number): Promise<T> {
  const response = await t.app.inject(options);
  if (response.statusCode !== expected)
    throw new Error(
      `${String(options.method)} ${String(options.url)}: ${response.statusCode} ${response.body}`,
    );
  return response.json<T>();
}

const bearer = () => ({ authorization: `Bearer ${user.token}` });

async function newGuestCart(): Promise<string> {
  const added = await json<{ guest_token: string }>(
    { method: 'POST', url: '/api/guest/cart/add', payload: { product_id: plainProductId, quantity: 1 } },
    200,
  );
  return added.guest_token;
}

type ListedProduct = { id: number; stock_quantity: number; attributes: unknown[] };

/** A product without choices that has at least `units` in stock. */
function plainProductInStock(categories: { products: ListedProduct[] }[], units: number) {
  return categories
    .flatMap((category) => category.products)
    .find((product) => product.attributes.length === 0 && product.stock_quantity >= units);
}

/** Real ids, codes and names of the demo shop and the fuzzing shopper, so requests also reach deep code. */
async function shopPools(): Promise<{ pools: Pools; templates: Templates }> {
  const categories = await json<{ products: ListedProduct[] }[]>(
    { method: 'GET', url: '/api/categories' },
    200,
  );
  const products = categories.flatMap((category) => category.products);
  const plain = plainProductInStock(categories, 20);
  if (!plain) throw new Error('the demo shop has no plain product in stock');
  plainProductId = plain.id;
  guestToken = await newGuestCart();
  const wishlist = await json<{ wishlist_id: number }>(
    { method: 'POST', url: '/api/wishlist', headers: bearer(), payload: { product_id: plain.id } },
    201,
  );
  await json(
    { method: 'POST', url: '/api/cart/add', headers: bearer(), payload: { product_id: plain.id } },
    200,
  );
  const checkout = {
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
  const order = await json<{ order_id: number }>(
    { method: 'POST', url: '/api/create-order', headers: bearer(), payload: checkout },
    201,
  );
  const payment = await json<{ payment_result: { PaymentURL: string } }>(
    {
      method: 'POST',
      url: '/api/execute-payment',
      headers: bearer(),
      payload: { payment_method_id: 1, order_id: order.order_id },
    },
    200,
  );
  const paymentId = payment.payment_result.PaymentURL.split('/').pop() ?? '';
  const coupons = await json<{ code: string }[]>({ method: 'GET', url: '/api/coupons' }, 200);
  const coupon = coupons[0]?.code ?? 'SAVE10';
  const governorates = await json<{ data: { id: number; name_en: string }[] }>(
    { method: 'GET', url: '/api/governorates' },
    200,
  );
  const ids = [
    ...new Set([
      ...products.slice(0, 12).map((product) => product.id),
      wishlist.wishlist_id,
      order.order_id,
      user.id,
      ...governorates.data.map((governorate) => governorate.id),
    ]),
  ];
  const strings = [
    paymentId,
    coupon,
    'KWD',
    'USD',
    'SAR',
    user.email,
    guestToken,
    'fuzz-ok:fuzz@example.com',
  ];
  const password = { password: 'Secret@123', password_confirmation: 'Secret@123' };
  const cartLine = { product_id: plain.id, quantity: 1, size: null, color: null, currency: 'KWD' };
  const templates: Templates = {
    'POST /api/register': {
      name: 'Fuzz Shopper',
      email: 'new.fuzz@example.com',
      phone_code: '+965',
      phone_number: '55512345',
      nationality: 16,
      ...password,
    },
    'POST /api/login': { email: user.email, password: user.password },
    'POST /api/send-verification-code': { email: user.email },
    'POST /api/verify-code': { email: user.email, code: '123456' },
    'POST /api/password/reset': { email: user.email, code: '123456', ...password },
    'POST /api/password/change': { current_password: user.password, ...password },
    'PUT /api/profile_update': {
      name: user.name,
      email: user.email,
      phone_code: '+965',
      phone_number: '55512345',
      nationality: 16,
    },
    'POST /api/auth/social-login': { provider: 'google', token: 'fuzz-ok:social.fuzz@example.com' },
    'POST /api/cart/add': cartLine,
    'POST /api/guest/cart/add': cartLine,
    'POST /api/cart/update/:product_id': { quantity: 2, size: null, color: null },
    'POST /api/guest/cart/update/:product_id': { quantity: 2, size: null, color: null },
    'DELETE /api/cart/product/:product_id': { size: null, color: null },
    'DELETE /api/guest/cart/product/:product_id': { size: null, color: null },
    'POST /api/cart/apply-coupon': { coupon_code: coupon, cart_total: 10 },
    'POST /api/cart/merge': { guest_token: guestToken },
    'POST /api/create-order': { ...checkout, coupon_code: coupon, currency: 'KWD' },
    'POST /api/guest/create-order': { ...checkout, currency: 'KWD' },
    'POST /api/initiate-payment': {
      invoice_value: 10,
      currency_iso: 'KWD',
      country_code: 'KWT',
      order_id: order.order_id,
    },
    'POST /api/execute-payment': {
      invoice_value: 10,
      payment_method_id: 1,
      currency_iso: 'KWD',
      order_id: order.order_id,
    },
    'POST /api/wishlist': { product_id: plain.id },
    'POST /api/reviews/add': { product_id: plain.id, rating: 5, review: 'Lovely' },
    'POST /api/addresses': {
      name: 'Home',
      address: 'Block 5, Street 20',
      mobile_number: '55512345',
      apartment_number: '7',
      city: 'Kuwait City',
      code_number: '+965',
      country_code: 'KWT',
    },
  };
  return { pools: { ids, strings }, templates };
}

/** Requests that can end the shopper's session or guest cart; after a success the suite opens new ones. */
const SESSION_ENDING = /logout|profile_delete|profile_update|password|social-login|merge|guest\/create-order/;

async function keepSessionsOpen(): Promise<void> {
  const me = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer() });
  if (me.statusCode !== 200) user = await registerVerifiedUser(t.app);
  const cart = await t.app.inject({
    method: 'GET',
    url: `/api/guest/cart?guest_token=${encodeURIComponent(guestToken)}`,
  });
  if (cart.statusCode !== 200) guestToken = await newGuestCart();
}

function injectOptions(request: FuzzRequest): InjectOptions {
  const headers: Record<string, string> = { ...request.headers };
  if (request.auth === 'user') headers.authorization = `Bearer ${user.token}`;
  if (request.auth === 'bad') headers.authorization = request.badAuthorization;
  const guestQuery = request.auth === 'guest' ? `guest_token=${encodeURIComponent(guestToken)}` : '';
  const options: InjectOptions = {
    method: request.method as InjectOptions['method'],
    url: urlOf(request, guestQuery),
    headers,
    remoteAddress: request.remoteAddress,
  };
  const { body } = request;
  if (body.kind === 'object') {
    const entries = [...body.entries];
    if (request.auth === 'guest' && !entries.some(([key]) => key === 'guest_token'))
      entries.push(['guest_token', JSON.stringify(guestToken)]);
    options.payload = objectText(entries);
    headers['content-type'] ??= 'application/json';
  } else if (body.kind === 'raw') {
    options.payload = body.text;
    headers['content-type'] = body.contentType;
  } else if (body.kind === 'multipart') {
    options.payload = body.bytes;
    headers['content-type'] = `multipart/form-data; boundary=${body.declaredBoundary}`;
  }
  return options;
}

function answerText(response: LightMyRequestResponse): string {
  const raw = response.rawPayload;
  try {
    switch (response.headers['content-encoding']) {
      case 'br':
        return brotliDecompressSync(raw).toString('utf8');
      case 'gzip':
        return gunzipSync(raw).toString('utf8');
      case 'deflate':
        return inflateSync(raw).toString('utf8');
      default:
        return raw.toString('utf8');
    }
  } catch {
    return `<undecodable ${String(response.headers['content-encoding'])} body>`;
  }
}

/**
 * What is wrong with a JSON answer, if anything: a successful one with money that is not a finite number, or an
 * error without the `message` the SPA shows.
 */
function answerProblem(response: LightMyRequestResponse, answer: string, url: string): string {
  const isJson = String(response.headers['content-type'] ?? '').includes('json');
  // The OpenAPI document describes money fields (their schemas are objects), it carries none.
  if (url.split('?')[0] === '/api/openapi.json') return '';
  // HEAD answers carry the headers of the GET without its body.
  if (!isJson || answer === '' || response.statusCode >= 500) return '';
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer);
  } catch {
    return 'a JSON answer that does not parse';
  }
  if (response.statusCode < 300) {
    const bad = badMoneyFields(parsed);
    return bad.length > 0 ? `money not a number: ${bad.join(', ')}` : '';
  }
  if (response.statusCode >= 400) {
    const message = (parsed as { message?: unknown } | null)?.message;
    if (typeof message !== 'string' || message === '') return 'an error answer without a message';
  }
  return '';
}

const excerpt = (text: string) =>
  text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text;

test(`${RUNS} generated requests across every route: no 5xx, nothing of the server's insides shown, clear answers`, async () => {
  const routes = routesOf(t.app);
  // The enumeration itself must work, or the fuzzing below would quietly cover nothing.
  const listed = new Set(routes.map((route) => `${route.methods.join(',')} ${route.path}`));
  expect(routes.length).toBeGreaterThan(40);
  expect(listed).toContain('POST /api/cart/add');
  expect(routes.find((route) => route.path === '/api/orders/:id/cancel')?.methods).toEqual(['POST']);

  const { pools, templates } = await shopPools();
  const byRoute = requestsOver(routes, pools, templates);

  const findings: Finding[] = [];
  const statuses = new Map<number, number>();
  let sent = 0;
  const started = Date.now();
  // Printed up front, so even a run that times out can be repeated.
  process.stdout.write(`fuzz: seed ${SEED}, ${RUNS} requests over ${routes.length} routes\n`);

  await fc.assert(
    fc.asyncProperty(byRoute, async (request) => {
      const options = injectOptions(request);
      serverErrors.length = 0;
      const response = await t.app.inject(options);
      sent += 1;
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      const answer = answerText(response);
      const leak = LEAK_PATTERNS.find((pattern) => pattern.test(answer));
      const problem = answerProblem(response, answer, String(options.url));
      if (response.statusCode >= 500 || leak || problem) {
        const logged = serverErrors[0];
        findings.push({
          status: response.statusCode,
          method: request.method,
          route: request.route.path,
          url: excerpt(String(options.url)),
          body: excerpt(Buffer.isBuffer(options.payload) ? '<multipart>' : String(options.payload ?? '')),
          answer: excerpt(answer),
          error: leak
            ? `shows ${String(leak)}`
            : problem
              ? problem
              : logged
                ? `${logged.message} ${logged.where}`
                : '',
        });
      }
      if (request.method !== 'GET' && response.statusCode < 300 && SESSION_ENDING.test(request.route.path)) {
        await keepSessionsOpen();
      }
    }),
    { seed: SEED, numRuns: RUNS, endOnFailure: true },
  );

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const histogram = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
  process.stdout.write(`fuzz: ${sent} requests in ${seconds} s; answers ${histogram.join(' ')}\n`);

  // One example per distinct hole (route, status, server error), so the report reads as a list of causes.
  const holes = new Map<string, Finding>();
  for (const finding of findings) {
    const key = `${finding.method} ${finding.route} ${finding.status} ${finding.error.replace(/\d+|=.*?(,|$)/g, 'N')}`;
    if (!holes.has(key)) holes.set(key, finding);
  }
  expect([...holes.values()]).toEqual([]);
});

test('the server is healthy after the fuzzing: catalogue, sign-in, cart and guest cart still work', async () => {
  const categories = await t.app.inject({ method: 'GET', url: '/api/categories' });
  expect(categories.statusCode).toBe(200);
  // The fuzzing's orders may have sold the product it used: the checks take one still in stock.
  const inStock = plainProductInStock(categories.json<{ products: ListedProduct[] }[]>(), 3);
  expect(inStock).toBeDefined();
  const productId = inStock?.id ?? 0;
  const shopper = await registerVerifiedUser(t.app);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: shopper.email, password: shopper.password },
  });
  expect(login.statusCode).toBe(200);
  const auth = { authorization: `Bearer ${shopper.token}` };
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/cart/add',
    headers: auth,
    payload: { product_id: productId, quantity: 2 },
  });
  expect(added.statusCode).toBe(200);
  const cart = await t.app.inject({ method: 'GET', url: '/api/cart', headers: auth });
  expect(cart.json<{ cart_items: { product_id: number; quantity: number }[] }>().cart_items).toEqual([
    expect.objectContaining({ product_id: productId, quantity: 2 }),
  ]);
  const guest = await t.app.inject({
    method: 'POST',
    url: '/api/guest/cart/add',
    payload: { product_id: productId, quantity: 1 },
  });
  expect(guest.statusCode).toBe(200);
});

describe('the pages, rendered on the server, and a sample of the API', () => {
  const logged: LoggedError[] = [];
  const server = fakeSpaServer({
    logger: {
      level: 'error',
      stream: {
        write(line: string) {
          const entry = JSON.parse(line) as { msg?: string; err?: { message?: string; stack?: string } };
          logged.push({
            message: entry.err?.message ?? entry.msg ?? line,
            where: serverFrame(entry.err?.stack ?? ''),
          });
        },
      },
    },
  });

  test(`${PAGE_RUNS} requests with hostile cookies, Accept-Language and query strings: no 5xx, nothing of the server's insides shown`, async () => {
    const findings: Omit<Finding, 'body' | 'route'>[] = [];
    const statuses = new Map<number, number>();
    process.stdout.write(`fuzz pages: seed ${SEED}, ${PAGE_RUNS} requests\n`);
    await fc.assert(
      fc.asyncProperty(pageRequests({ ids: [1, 2, 3, 999999], strings: ['KWD', 'ar'] }), async (request) => {
        logged.length = 0;
        const response = await server.t.app.inject(request);
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const answer = answerText(response);
        const leak = LEAK_PATTERNS.find((pattern) => pattern.test(answer));
        if (response.statusCode >= 500 || leak) {
          const error = logged[0];
          findings.push({
            status: response.statusCode,
            method: request.method,
            url: excerpt(request.url),
            answer: excerpt(answer),
            error: leak ? `shows ${String(leak)}` : error ? `${error.message} ${error.where}` : '',
          });
        }
      }),
      { seed: SEED, numRuns: PAGE_RUNS, endOnFailure: true },
    );
    const histogram = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
    process.stdout.write(`fuzz pages: answers ${histogram.join(' ')}\n`);
    // The pages themselves were reached, not only refused.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(PAGE_RUNS / 4);
    const holes = new Map<string, (typeof findings)[number]>();
    for (const finding of findings) {
      const key = `${finding.method} ${finding.url.split('?')[0] ?? ''} ${finding.status} ${finding.error}`;
      if (!holes.has(key)) holes.set(key, finding);
    }
    expect([...holes.values()]).toEqual([]);
  });
});
