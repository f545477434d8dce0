// The API document held against the running server (`npm run test:api-doc`, run by .ci/run): the server from its
// sources on a fresh demo shop, Stoplight Prism in front of it as a validating proxy with /api/openapi.json, and a
// call of each operation that is cheap to make (shopper, guest, staff; answers and refusals). Prism checks every
// answer against the document; any violation, or a 500, fails the run (exit code 1). PRISM_KEEP=1 prints Prism's
// log.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildOpenApi, openApiPath } from '../../contract/openapi';
import { AREAS } from '../../contract/index';
import { freePort, startServerProcess, type StartedServer } from './serverProcess';

const ROOT = path.resolve(__dirname, '../..');
const START_TIMEOUT_MS = 120_000;
/** The demo shop's owner (DEMO_SHOP=on). */
const OWNER = { email: 'owner@shop.test', password: 'Owner@12345' };

interface Violation {
  location: string[];
  severity: string;
  message: string;
}

interface Result {
  operation: string;
  status: number;
  violations: Violation[];
}

const results: Result[] = [];
let proxy = '';

/** `/api/orders/{id}` for `/api/orders/12`: the document's operations, to count which ones were called. */
const operations = AREAS.flatMap((area) =>
  Object.values(area.endpoints).map((endpoint) => ({
    name: `${endpoint.method} ${openApiPath(endpoint.url)}`,
    method: endpoint.method,
    pattern: new RegExp(`^${openApiPath(endpoint.url).replace(/\{\w+\}/g, '[^/]+')}$`),
  })),
);

function operationOf(method: string, url: string): string {
  const pathname = new URL(url, 'http://x').pathname;
  return (
    operations.find((operation) => operation.method === method && operation.pattern.test(pathname))?.name ??
    `${method} ${pathname} (not in the document)`
  );
}

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { body?: unknown; token?: string } = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${proxy}${url}`, {
    method,
    headers: {
      // Prism reads the answer as it comes: an uncompressed one.
      'accept-encoding': 'identity',
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  const header = response.headers.get('sl-violations');
  let violations: Violation[] = [];
  if (header) {
    try {
      violations = JSON.parse(header) as Violation[];
    } catch {
      violations = [{ location: ['response'], severity: 'Error', message: header.slice(0, 300) }];
    }
  }
  // A request the document does not know is Prism's own problem answer, never forwarded.
  if (response.headers.get('content-type')?.includes('application/problem+json')) {
    violations.push({ location: ['response'], severity: 'Error', message: `Prism: ${text.slice(0, 300)}` });
  }
  results.push({ operation: operationOf(method, url), status: response.status, violations });
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // CSV, or an empty body
  }
  return { status: response.status, json };
}

/** Each call waits for the one before: the answers of one feed the next (tokens, ids). */
async function journey(): Promise<void> {
  // Anyone: the catalogue, content and shipping lists, and refusals.
  await call('GET', '/api/health');
  await call('GET', '/api/nationalities');
  const categories = await call('GET', '/api/categories?lang=ar');
  // A product without size or colour choices, in stock: a cart line needs nothing more.
  const listed = (
    categories.json as unknown as {
      products?: { id: number; attributes: unknown[]; stock_quantity: number }[];
    }[]
  ).flatMap((category) => category.products ?? []);
  const productId =
    listed.find((product) => product.attributes.length === 0 && product.stock_quantity > 5)?.id ?? 1;
  await call('GET', '/api/best_selling_products');
  await call('GET', `/api/products/${productId}?lang=en`);
  await call('GET', '/api/products/99999999');
  await call('GET', `/api/reviews?product_id=${productId}`);
  await call('GET', '/api/catalog/search?q=oud&sort=price_asc');
  await call('GET', '/api/catalog/search?lang=ar&page=2');
  await call('GET', '/api/catalog/suggestions?q=ou');
  await call('GET', '/api/catalog/categories');
  await call('GET', `/api/products/${productId}/related`);
  await call('GET', '/api/catalog/home');
  await call('GET', '/api/coupons');
  await call('GET', '/api/countries');
  const governorates = await call('GET', '/api/governorates');
  const governorateId =
    (governorates.json as unknown as { id?: number }[])[0]?.id ??
    (governorates.json.governorates as { id: number }[] | undefined)?.[0]?.id ??
    1;
  await call('GET', `/api/governorates/${governorateId}/areas`);
  for (const page of ['sliders', 'abouts', 'privacy_policies', 'refunds', 'shippings']) {
    await call('GET', `/api/${page}`);
  }
  await call('POST', '/api/login', { body: { email: 'nobody@example.com', password: 'Wrong1!pass' } });
  await call('POST', '/api/login', { body: {} });
  await call('POST', '/api/register', { body: { email: 'not-an-email' } });
  await call('POST', '/api/send-verification-code', { body: { email: 'nobody@example.com' } });
  await call('POST', '/api/verify-code', { body: { email: 'nobody@example.com', code: '000000' } });
  await call('POST', '/api/password/reset', { body: { email: 'nobody@example.com' } });
  await call('POST', '/api/auth/social-login', { body: { provider: 'google', token: 'not-a-token' } });
  await call('GET', '/api/users');
  await call('GET', '/api/cart');
  await call('GET', '/api/admin/dashboard');

  // A guest: a cart, an order, its payment.
  const added = await call('POST', '/api/guest/cart/add', { body: { product_id: productId, quantity: 1 } });
  const guestToken = String(added.json.guest_token ?? '');
  await call('GET', `/api/guest/cart?guest_token=${guestToken}`);
  await call('POST', `/api/guest/cart/update/${productId}`, {
    body: { quantity: 2, guest_token: guestToken },
  });
  await call('GET', '/api/guest/cart?guest_token=unknown-token');
  await call('POST', '/api/guest/create-order', { body: {} });
  const areas = await call('GET', `/api/governorates/${governorateId}/areas`);
  const governorate = governorates.json as unknown as { id: number; name?: string }[];
  const area = (areas.json as unknown as { name?: string }[])[0];
  const order = await call('POST', '/api/guest/create-order', {
    body: {
      governorate_name: governorate[0]?.name ?? 'Ahmadi',
      area_name: area?.name ?? 'Fahaheel',
      address: 'Block 5, Street 20, House 7',
      payment_method: 'online',
      shipping_cost: 2,
      total_price: 10,
      guest_phone: '55512345',
      guest_email: 'guest@example.com',
      guest_country_code: '+965',
      guest_token: guestToken,
    },
  });
  const orderId = Number(order.json.order_id ?? 0);
  await call('POST', '/api/initiate-payment', { body: {} });
  const methods = await call('POST', '/api/initiate-payment', {
    body: { order_id: orderId, guest_token: guestToken },
  });
  const methodId =
    (methods.json.payment_methods as { PaymentMethodId: number }[] | undefined)?.[0]?.PaymentMethodId ?? 1;
  const executed = await call('POST', '/api/execute-payment', {
    body: { order_id: orderId, payment_method_id: methodId, guest_token: guestToken },
  });
  const paymentUrl = String(
    (executed.json.payment_result as { PaymentURL?: string } | undefined)?.PaymentURL ?? '',
  );
  const paymentId = paymentUrl.split('/').pop() ?? 'unknown';
  await call('GET', `/api/payments/${paymentId}/status?guest_token=${guestToken}`);
  await call('GET', `/api/payments/${paymentId}/status`);
  await call('POST', '/api/payments/callback', { body: { Data: { InvoiceId: 'unknown' } } });
  await call('DELETE', `/api/guest/cart/product/${productId}?guest_token=${guestToken}`);

  // The demo owner: a shopper's calls on its own account, and the back office.
  const login = await call('POST', '/api/login', { body: OWNER });
  const token = String(login.json.token ?? '');
  if (!token) {
    console.log('the demo owner could not sign in here: the signed-in calls are left out');
    return;
  }
  await call('GET', '/api/users', { token });
  await call('PUT', '/api/profile_update', { body: { name: 'The owner' }, token });
  await call('POST', '/api/profile/email/resend', { token });
  await call('POST', '/api/password/change', { body: {}, token });
  await call('POST', '/api/cart/add', { body: { product_id: productId, quantity: 1 }, token });
  await call('GET', '/api/cart', { token });
  await call('POST', `/api/cart/update/${productId}`, { body: { quantity: 2 }, token });
  await call('POST', '/api/cart/apply-coupon', { body: { coupon_code: 'NOPE', cart_total: 10 }, token });
  await call('POST', '/api/cart/merge', { body: { guest_token: 'unknown-token' }, token });
  await call('DELETE', `/api/cart/product/${productId}`, { token });
  await call('POST', '/api/wishlist', { body: { product_id: productId }, token });
  const wishlist = await call('GET', '/api/user-wishlist', { token });
  const saved = (wishlist.json as unknown as { id?: number; wishlist_id?: number }[])[0];
  await call('DELETE', `/api/wishlist/${saved?.wishlist_id ?? saved?.id ?? 99999999}`, { token });
  await call('POST', '/api/addresses', { body: {}, token });
  await call('POST', '/api/addresses', {
    body: {
      name: 'Home',
      address: 'Block 5, Street 20',
      mobile_number: '55512345',
      apartment_number: '7',
      city: 'Kuwait City',
    },
    token,
  });
  await call('GET', '/api/addresses', { token });
  await call('POST', '/api/create-order', { body: {}, token });
  const myOrders = await call('GET', '/api/orders', { token });
  const myOrder = (myOrders.json as unknown as { id?: number }[])[0]?.id ?? 99999999;
  await call('GET', `/api/orders/${myOrder}`, { token });
  await call('GET', '/api/orders/99999999', { token });
  await call('POST', '/api/reviews/add', { body: { product_id: productId, rating: 5 }, token });

  await call('GET', '/api/admin/dashboard', { token });
  const adminOrders = await call('GET', '/api/admin/orders?sort=created_at', { token });
  const adminOrder = (adminOrders.json.data as { id: number }[] | undefined)?.[0]?.id ?? orderId;
  await call('GET', `/api/admin/orders/${adminOrder}`, { token });
  await call('GET', '/api/admin/orders/99999999', { token });
  await call('POST', '/api/admin/orders/99999999/deliver', { token });
  await call('POST', '/api/admin/orders/99999999/cancel', { token });
  await call('GET', '/api/admin/reviews?status=approved', { token });
  await call('POST', '/api/admin/reviews/99999999/approve', { token });
  const products = await call('GET', '/api/admin/products', { token });
  const adminProduct = (products.json.data as { id: number }[] | undefined)?.[0]?.id ?? productId;
  await call('GET', `/api/admin/products/${adminProduct}`, { token });
  await call('PUT', `/api/admin/products/${adminProduct}`, { body: {}, token });
  await call('POST', '/api/admin/products', { body: {}, token });
  await call('GET', '/api/admin/categories', { token });
  await call('GET', '/api/admin/coupons', { token });
  await call('POST', '/api/admin/coupons', {
    body: { code: 'PRISM10', kind: 'percent', value: 10, end_date: '2099-01-01' },
    token,
  });
  await call('GET', '/api/admin/staff', { token });
  await call('GET', '/api/admin/catalogue/imports', { token });
  await call('GET', '/api/admin/catalogue/imports/99999999', { token });
  await call('GET', '/api/dev/mail?to=owner@shop.test', { token });
  await call('POST', '/api/logout', { token });
  await call('GET', '/api/users', { token });
}

async function waitFor(url: string, what: string, exited: Promise<unknown>): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const until = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < until) {
    if (gone) throw new Error(`${what} exited before it answered`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not answer within ${START_TIMEOUT_MS / 1000} s`);
}

function stop(child: ChildProcess | undefined): void {
  if (child && child.exitCode === null) child.kill('SIGTERM');
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'api-doc-'));
  let server: StartedServer | undefined;
  let prism: ChildProcess | undefined;
  try {
    const document = path.join(dir, 'openapi.json');
    writeFileSync(document, JSON.stringify(buildOpenApi()));
    const serverPort = await freePort();
    server = await startServerProcess(serverPort, {
      NODE_ENV: 'development',
      DEMO_SHOP: 'on',
      PAYMENTS_SANDBOX: 'on',
      DATA_DIR: path.join(dir, 'data'),
      DATABASE_URL: undefined,
      BCRYPT_COST: '6',
      LOG_LEVEL: 'warn',
    });
    await waitFor(`http://127.0.0.1:${serverPort}/api/health`, 'the server', server.exited);

    const prismPort = await freePort();
    proxy = `http://127.0.0.1:${prismPort}`;
    let prismLog = '';
    prism = spawn(
      path.join(ROOT, 'node_modules', '.bin', 'prism'),
      [
        'proxy',
        document,
        `http://127.0.0.1:${serverPort}`,
        '--host',
        '127.0.0.1',
        '--port',
        String(prismPort),
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    prism.stdout?.on('data', (chunk: Buffer) => (prismLog += chunk.toString()));
    prism.stderr?.on('data', (chunk: Buffer) => (prismLog += chunk.toString()));
    const prismExited = new Promise((resolve) => prism?.once('exit', resolve));
    await waitFor(`${proxy}/api/health`, 'Prism', prismExited);
    results.length = 0;

    await journey();

    const failures = results.filter(
      (result) =>
        result.status === 500 ||
        result.violations.some(
          (violation) => violation.location[0] === 'response' && violation.severity === 'Error',
        ),
    );
    const called = new Set(results.map((result) => result.operation));
    console.log(
      `${results.length} requests through Prism over ${called.size} of ${operations.length} operations; ` +
        `${failures.length} with a response violation or a 500`,
    );
    for (const failure of failures) {
      console.log(`  ${failure.operation} → ${failure.status}`);
      for (const violation of failure.violations) {
        console.log(`    ${violation.severity} ${violation.location.join('.')}: ${violation.message}`);
      }
    }
    // A 500 is logged by the server with its cause.
    if (failures.some((failure) => failure.status === 500)) console.log(server.output());
    if (process.env.PRISM_KEEP) console.log(prismLog);
    if (failures.length > 0) process.exitCode = 1;
  } finally {
    stop(prism);
    stop(server?.child);
    await server?.exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
