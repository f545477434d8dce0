// The MyFatoorah adapter against a local double of its v2 API (127.0.0.1), answering in MyFatoorah's documented
// shapes: the IsSuccess/Message/ValidationErrors/Data envelope, 400 validation answers, a 401 without a body,
// a 500 HTML page, and a call that never answers.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config';
import { orders, paymentAttempts, products } from '../db/schema';
import { paymentReturnQuery } from '../lib/paymentReturn';
import { statusOfDomainError } from '../lib/errors';
import { call, createShopper, GUEST_CHECKOUT, plainProductWithStock, stockOf } from '../routes/testSupport';
import { createTestApp, manualClock } from '../testing/testApp';
import { DomainError, type FieldErrors } from './errors';
import { GATEWAY_UNREACHABLE, invoiceEnd, MyFatoorahGateway } from './myfatoorah';
import { createDefaultGateway } from './payments';

jest.setTimeout(60_000);

interface Invoice {
  id: number;
  value: number;
  currency: string;
  reference: string | null;
  status: 'Pending' | 'Paid' | 'Expired';
  /** MyFatoorah's ExpiryDate: the last day the invoice takes money */
  expiry: string;
  transactions: { PaymentId: string; TransactionStatus: string; Currency: string; PaidCurrency: string }[];
}

type Mode = 'normal' | 'unauthorized' | 'server-error' | 'silent';

class MyFatoorahDouble {
  readonly requests: { path: string; body: Record<string, unknown>; authorization?: string }[] = [];
  readonly invoices = new Map<number, Invoice>();
  mode: Mode = 'normal';
  private server: Server;
  private nextInvoice = 3_110_788;
  url = '';

  constructor() {
    this.server = createServer((request, response) => void this.handle(request, response));
  }

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** What happens on MyFatoorah's page when the shopper pays or the card is declined. */
  settle(invoiceId: number, outcome: 'Succss' | 'Failed', currency = 'KD') {
    const invoice = this.invoices.get(invoiceId);
    if (!invoice) throw new Error(`no invoice ${invoiceId}`);
    const paymentId = `0707${invoiceId}${invoice.transactions.length}`.padEnd(20, '0');
    invoice.transactions.push({
      PaymentId: paymentId,
      TransactionStatus: outcome,
      Currency: currency,
      PaidCurrency: currency,
    });
    if (outcome === 'Succss') invoice.status = 'Paid';
    return paymentId;
  }

  private send(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  }

  private invalid(response: ServerResponse, errors: { Name: string; Error: string }[]) {
    this.send(response, 400, {
      IsSuccess: false,
      Message: 'Invalid data',
      ValidationErrors: errors,
      Data: null,
    });
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    let raw = '';
    for await (const chunk of request) raw += String(chunk);
    const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    const path = request.url ?? '';
    this.requests.push({ path, body, authorization: request.headers.authorization });
    if (this.mode === 'silent') return;
    if (this.mode === 'unauthorized') {
      response.writeHead(401);
      response.end();
      return;
    }
    if (this.mode === 'server-error') {
      response.writeHead(500, { 'content-type': 'text/html' });
      response.end('<html><body>Internal Server Error</body></html>');
      return;
    }
    const ok = (data: unknown) =>
      this.send(response, 200, { IsSuccess: true, Message: '', ValidationErrors: null, Data: data });

    if (path === '/v2/InitiatePayment') {
      const amount = Number(body.InvoiceAmount);
      if (!(amount > 0)) {
        this.invalid(response, [{ Name: 'InvoiceAmount', Error: 'Invoice amount must be greater than 0' }]);
        return;
      }
      ok({
        PaymentMethods: [
          {
            PaymentMethodId: 1,
            PaymentMethodAr: 'كي نت',
            PaymentMethodEn: 'KNET',
            PaymentMethodCode: 'kn',
            IsDirectPayment: false,
            ServiceCharge: 0.25,
            TotalAmount: amount + 0.25,
            CurrencyIso: String(body.CurrencyIso),
            ImageUrl: 'https://demo.myfatoorah.com/imgs/payment-methods/kn.png',
            IsEmbeddedSupported: false,
            PaymentCurrencyIso: String(body.CurrencyIso),
          },
        ],
      });
      return;
    }
    if (path === '/v2/ExecutePayment' || path === '/v2/SendPayment') {
      if (path === '/v2/ExecutePayment' && ![1, 2, 11].includes(Number(body.PaymentMethodId))) {
        this.invalid(response, [{ Name: 'PaymentMethodId', Error: 'Invalid Payment Method' }]);
        return;
      }
      this.nextInvoice += 1;
      const invoice: Invoice = {
        id: this.nextInvoice,
        value: Number(body.InvoiceValue),
        currency: String(body.DisplayCurrencyIso),
        reference: typeof body.CustomerReference === 'string' ? body.CustomerReference : null,
        status: 'Pending',
        expiry: 'November 26, 2026',
        transactions: [],
      };
      this.invoices.set(invoice.id, invoice);
      const link = `https://demo.myfatoorah.com/KWT/ie/0106${invoice.id}`;
      ok(
        path === '/v2/ExecutePayment'
          ? {
              InvoiceId: invoice.id,
              IsDirectPayment: false,
              PaymentURL: link,
              CustomerReference: invoice.reference,
              UserDefinedField: null,
              RecurringId: '',
            }
          : { InvoiceId: invoice.id, InvoiceURL: link, CustomerReference: invoice.reference },
      );
      return;
    }
    if (path === '/v2/GetPaymentStatus') {
      const key = String(body.Key);
      const invoice =
        body.KeyType === 'InvoiceId'
          ? this.invoices.get(Number(key))
          : [...this.invoices.values()].find((candidate) =>
              candidate.transactions.some((transaction) => transaction.PaymentId === key),
            );
      if (!invoice) {
        this.send(response, 400, {
          IsSuccess: false,
          Message: 'Invalid key',
          ValidationErrors: [{ Name: 'Key', Error: 'Invalid key' }],
          Data: null,
        });
        return;
      }
      ok({
        InvoiceId: invoice.id,
        InvoiceStatus: invoice.status,
        InvoiceReference: `2026${invoice.id}`,
        CustomerReference: invoice.reference,
        CreatedDate: '2026-11-23T10:00:00',
        ExpiryDate: invoice.expiry,
        InvoiceValue: invoice.value,
        Comments: null,
        CustomerName: 'Customer',
        CustomerMobile: '',
        CustomerEmail: '',
        UserDefinedField: null,
        InvoiceDisplayValue: `${invoice.value.toFixed(3)} KD`,
        InvoiceTransactions: invoice.transactions.map((transaction) => ({
          TransactionDate: '2026-11-23T10:05:00',
          PaymentGateway: 'KNET',
          ReferenceId: '1',
          TrackId: '1',
          TransactionId: '1',
          AuthorizationId: '1',
          TransationValue: invoice.value.toFixed(3),
          CustomerServiceCharge: '0.000',
          DueValue: invoice.value.toFixed(3),
          Error: transaction.TransactionStatus === 'Failed' ? 'CANCELED' : '',
          ErrorCode: transaction.TransactionStatus === 'Failed' ? 'MF002' : '',
          ...transaction,
        })),
        Suppliers: [],
      });
      return;
    }
    response.writeHead(404);
    response.end();
  }
}

let double: MyFatoorahDouble;
let gateway: MyFatoorahGateway;
beforeEach(async () => {
  double = new MyFatoorahDouble();
  await double.start();
  gateway = new MyFatoorahGateway({
    apiKey: 'test-token',
    baseUrl: `${double.url}/`,
    publicUrl: 'https://shop.example',
    // As createDefaultGateway signs it, with the test app's secret.
    returnQuery: (orderId) => paymentReturnQuery('test-secret', orderId, new Date()),
    // Long enough for a busy machine's normal answer; the silent double still ends in 502 within the test.
    timeoutMs: 2_000,
  });
});
afterEach(async () => {
  await double.stop();
});

/** The refusal as the one error handler answers it. */
async function refusal(
  promise: Promise<unknown>,
): Promise<{ status: number; message: string; errors: FieldErrors | undefined }> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return { status: statusOfDomainError(error), message: error.message, errors: error.fields };
}

test('InitiatePayment: the methods in MyFatoorah field names, with the bearer key', async () => {
  const methods = await gateway.initiate({ invoiceValue: 10, currencyIso: 'KWD' });
  expect(methods[0]).toMatchObject({ PaymentMethodId: 1, PaymentMethodEn: 'KNET', TotalAmount: 10.25 });
  expect(double.requests[0]).toEqual({
    path: '/v2/InitiatePayment',
    body: { InvoiceAmount: 10, CurrencyIso: 'KWD' },
    authorization: 'Bearer test-token',
  });
});

test('ExecutePayment with a method, SendPayment (a link) without; both come back to /payment', async () => {
  const executed = await gateway.execute({
    invoiceValue: 12.5,
    currencyIso: 'KWD',
    paymentMethodId: 2,
    orderId: 41,
    customerEmail: 'buyer@example.com',
  });
  expect(executed.paymentUrl).toMatch(/^https:\/\/demo\.myfatoorah\.com\//);
  expect(executed.paymentId).toBe(executed.invoiceId);
  expect(double.requests[0]?.body).toEqual({
    PaymentMethodId: 2,
    InvoiceValue: 12.5,
    DisplayCurrencyIso: 'KWD',
    // The return link is signed for the order (issue 47, finding 9); MyFatoorah appends its paymentId to it.
    CallBackUrl: expect.stringMatching(
      /^https:\/\/shop\.example\/payment\?order=41&expires=\d+&signature=[0-9a-f]{40}$/,
    ),
    ErrorUrl: expect.stringMatching(/^https:\/\/shop\.example\/payment\?order=41&/),
    Language: 'en',
    CustomerReference: '41',
    CustomerEmail: 'buyer@example.com',
  });
  const link = await gateway.execute({
    invoiceValue: 3,
    currencyIso: 'KWD',
    paymentMethodId: null,
    orderId: 42,
  });
  expect(double.requests[1]).toMatchObject({
    path: '/v2/SendPayment',
    body: { NotificationOption: 'LNK', InvoiceValue: 3, CustomerReference: '42' },
  });
  expect(link.paymentUrl).toContain('demo.myfatoorah.com');
});

test('GetPaymentStatus: pending, failed and paid, by the PaymentId the shopper brings back or by invoice', async () => {
  const executed = await gateway.execute({
    invoiceValue: 7,
    currencyIso: 'KWD',
    paymentMethodId: 1,
    orderId: 9,
  });
  const invoiceId = Number(executed.invoiceId);
  expect(await gateway.getPaymentStatus(executed.paymentId)).toEqual({
    paymentId: executed.invoiceId,
    invoiceId: executed.invoiceId,
    orderId: 9,
    status: 'pending',
    amount: 7,
    currencyIso: '',
    // the end of the invoice's last payable day
    payableUntil: new Date('2026-11-27T00:00:00Z'),
  });
  expect(double.requests.at(-1)?.body).toEqual({ Key: executed.invoiceId, KeyType: 'InvoiceId' });
  const declined = double.settle(invoiceId, 'Failed');
  // A declined try on an invoice that is still payable: the shopper may pay on the same page.
  expect(await gateway.getPaymentStatus(declined)).toMatchObject({
    status: 'failed',
    stillPayable: true,
    orderId: 9,
  });
  expect(double.requests.at(-1)?.body).toEqual({ Key: declined, KeyType: 'PaymentId' });
  const paid = double.settle(invoiceId, 'Succss');
  expect(await gateway.getPaymentStatus(paid)).toMatchObject({
    paymentId: executed.invoiceId,
    status: 'paid',
    amount: 7,
    currencyIso: 'KWD',
    orderId: 9,
  });
  expect(await gateway.getPaymentStatus('07079999999999999999')).toBeNull();
});

test('error shapes: validation 400 → 422 with its messages; 401, 500 and silence → 502', async () => {
  const invalid = await refusal(
    gateway.execute({ invoiceValue: 5, currencyIso: 'KWD', paymentMethodId: 99, orderId: null }),
  );
  expect(invalid.status).toBe(422);
  expect(invalid.message).toBe('Invalid data');
  expect(invalid.errors).toEqual({ payment: ['PaymentMethodId: Invalid Payment Method'] });

  for (const mode of ['unauthorized', 'server-error', 'silent'] as const) {
    double.mode = mode;
    const failure = await refusal(gateway.initiate({ invoiceValue: 5, currencyIso: 'KWD' }));
    expect({ mode, status: failure.status, message: failure.message }).toEqual({
      mode,
      status: 502,
      message: GATEWAY_UNREACHABLE,
    });
  }
});

test('MYFATOORAH_API_KEY with MYFATOORAH_BASE_URL choose the adapter; without them the sandbox stays', () => {
  const withKey = loadConfig({ MYFATOORAH_API_KEY: 'k', MYFATOORAH_BASE_URL: double.url });
  expect(createDefaultGateway(withKey, {} as never)).toBeInstanceOf(MyFatoorahGateway);
  const onlyKey = loadConfig({ MYFATOORAH_API_KEY: 'k' });
  expect(createDefaultGateway(onlyKey, {} as never)).not.toBeInstanceOf(MyFatoorahGateway);
});

test('through the shop: an order is paid only after MyFatoorah says so, with its amount and currency', async () => {
  const shop = await createTestApp({ seed: true, gateway });
  try {
    const categories = (await call(shop.app, 'GET', '/api/categories')).json<
      { products: { id: number; attributes: unknown[]; stock_quantity: number }[] }[]
    >();
    const product = categories
      .flatMap((category) => category.products)
      .find((candidate) => candidate.attributes.length === 0 && candidate.stock_quantity > 2);
    if (!product) throw new Error('no plain product in stock');
    const shopper = await createShopper(shop.db);
    await call(shop.app, 'POST', '/api/cart/add', { product_id: product.id, quantity: 1 }, shopper.token);
    const checkout = {
      governorate_name: 'Ahmadi',
      area_name: 'Fahaheel',
      address: 'Block 5',
      payment_method: 'online',
      shipping_cost: 2,
      total_price: 1,
      guest_phone: '55512345',
    };
    const created = await call(shop.app, 'POST', '/api/create-order', checkout, shopper.token);
    expect(created.statusCode).toBe(201);
    const { order_id, payment_url } = created.json<{ order_id: number; payment_url: string }>();
    expect(payment_url).toContain('demo.myfatoorah.com');
    const [order] = await shop.db.select().from(orders).where(eq(orders.id, order_id));
    const invoiceId = Number(order?.paymentId);
    expect(double.invoices.get(invoiceId)?.value).toBe(order?.totalPrice);

    // A made-up return: MyFatoorah does not know the id, nothing changes.
    const forged = await call(
      shop.app,
      'GET',
      '/api/payments/07070000000000000001/status',
      undefined,
      shopper.token,
    );
    expect(forged.statusCode).toBe(404);
    const paymentId = double.settle(invoiceId, 'Succss');
    // Not the order's owner and no signed link: 404, MyFatoorah not asked.
    expect((await call(shop.app, 'GET', `/api/payments/${paymentId}/status`)).statusCode).toBe(404);
    // The shopper comes back (in any browser) to the signed CallBackUrl with MyFatoorah's paymentId appended.
    const callBack = String(
      double.requests.find((request) => 'CallBackUrl' in request.body)?.body.CallBackUrl,
    );
    const back = new URL(`${callBack}&paymentId=${paymentId}`);
    const status = await call(shop.app, 'GET', `/api/payments/${paymentId}/status${back.search}`);
    expect(status.json()).toMatchObject({ order_id, status: 'paid', payment_status: 'paid' });
    const [stock] = await shop.db.select().from(products).where(eq(products.id, product.id));
    expect(stock?.stockQuantity).toBe(product.stock_quantity - 1);

    await call(shop.app, 'POST', '/api/cart/add', { product_id: product.id, quantity: 1 }, shopper.token);
    const unpaid = await call(
      shop.app,
      'POST',
      '/api/create-order',
      { ...checkout, address: 'Block 6' },
      shopper.token,
    );
    double.mode = 'silent';
    const unreachable = await call(
      shop.app,
      'POST',
      '/api/initiate-payment',
      { order_id: unpaid.json<{ order_id: number }>().order_id },
      shopper.token,
    );
    expect(unreachable.statusCode).toBe(502);
    expect(unreachable.json()).toEqual({ message: GATEWAY_UNREACHABLE });
  } finally {
    await shop.close();
  }
});

test("invoiceEnd reads MyFatoorah's ExpiryDate as the end of that day (UTC); anything else is unknown", () => {
  expect(invoiceEnd('November 26, 2026')).toEqual(new Date('2026-11-27T00:00:00Z'));
  expect(invoiceEnd('2026-02-28T13:00:00')).toEqual(new Date('2026-03-01T00:00:00Z'));
  for (const text of ['', null, undefined, 'Smarch 3, 2026', 'November 40, 2026', 'tomorrow']) {
    expect(invoiceEnd(text)).toBeUndefined();
  }
});

describe('a declined try on an invoice MyFatoorah still takes money for is followed (issue 47, finding 6)', () => {
  const MINUTE = 60_000;
  const DAY = 24 * 60 * MINUTE;

  async function shopWithOrder() {
    const clock = manualClock();
    const shop = await createTestApp({ seed: true, gateway, config: { now: clock.now } });
    const productId = await plainProductWithStock(shop.app, shop.db, 5);
    const shopper = await createShopper(shop.db);
    await call(shop.app, 'POST', '/api/cart/add', { product_id: productId, quantity: 1 }, shopper.token);
    const created = await call(shop.app, 'POST', '/api/create-order', GUEST_CHECKOUT, shopper.token);
    expect(created.statusCode).toBe(201);
    const orderId = created.json<{ order_id: number }>().order_id;
    const order = async () => {
      const [row] = await shop.db.select().from(orders).where(eq(orders.id, orderId));
      if (!row) throw new Error('order gone');
      return row;
    };
    const attempts = async () =>
      (
        await shop.db
          .select()
          .from(paymentAttempts)
          .where(eq(paymentAttempts.orderId, orderId))
          .orderBy(paymentAttempts.id)
      ).map((attempt) => attempt.state);
    const invoiceId = Number((await order()).paymentId);
    /** one run of the background jobs, a minute later: no webhook, no shopper coming back */
    const tick = async (ms = MINUTE) => {
      clock.advance(ms);
      await shop.app.jobs.tick();
    };
    return { shop, clock, shopper, productId, orderId, invoiceId, order, attempts, tick };
  }

  test('declined, then paid on the same invoice with no webhook and no return: reconciliation records the payment', async () => {
    const { shop, productId, invoiceId, order, attempts, tick } = await shopWithOrder();
    try {
      double.settle(invoiceId, 'Failed');
      await tick();
      expect(await order()).toMatchObject({ status: 'failed', stockReserved: false });
      expect(await stockOf(shop.db, productId)).toBe(5);
      // Asked again: nothing changes.
      await tick();
      expect(await order()).toMatchObject({ status: 'failed', stockReserved: false });

      // The shopper tries again on MyFatoorah's same page, and this time the card goes through.
      double.settle(invoiceId, 'Succss');
      await tick();
      expect(await order()).toMatchObject({ status: 'paid', stockReserved: true });
      expect(await attempts()).toEqual(['paid']);
      expect(await stockOf(shop.db, productId)).toBe(4);
    } finally {
      await shop.close();
    }
  });

  test('declined, then a retry with a new invoice: the older invoice paid later still settles the order', async () => {
    const { shop, shopper, invoiceId, orderId, order, attempts, tick } = await shopWithOrder();
    try {
      double.settle(invoiceId, 'Failed');
      await tick();
      expect((await order()).status).toBe('failed');
      // The shopper starts a new payment (a new invoice): asking about the declined one on the way fails nothing.
      const retry = await call(
        shop.app,
        'POST',
        '/api/execute-payment',
        { order_id: orderId, payment_method_id: 1 },
        shopper.token,
      );
      expect(retry.statusCode).toBe(200);
      expect(await order()).toMatchObject({ status: 'pending', stockReserved: true });
      expect(Number((await order()).paymentId)).not.toBe(invoiceId);
      expect(await attempts()).toEqual(['declined', 'pending']);
      await tick();
      expect((await order()).status).toBe('pending');

      // ...but pays on the first invoice's page, still open in another tab.
      double.settle(invoiceId, 'Succss');
      await tick();
      expect((await order()).status).toBe('paid');
      expect(await attempts()).toEqual(['paid', 'pending']);
    } finally {
      await shop.close();
    }
  });

  test('declined, the order expires, then paid on the same invoice: sold after all if its pieces are there, else a refund', async () => {
    const first = await shopWithOrder();
    try {
      double.settle(first.invoiceId, 'Failed');
      await first.tick();
      await first.tick(31 * MINUTE);
      expect((await first.order()).status).toBe('expired');
      expect(await first.attempts()).toEqual(['declined']);
      double.settle(first.invoiceId, 'Succss');
      await first.tick();
      expect(await first.order()).toMatchObject({ status: 'paid', stockReserved: true });
      expect(await stockOf(first.shop.db, first.productId)).toBe(4);
    } finally {
      await first.shop.close();
    }

    const second = await shopWithOrder();
    try {
      double.settle(second.invoiceId, 'Failed');
      await second.tick();
      await second.tick(31 * MINUTE);
      // Its pieces are sold to someone else meanwhile.
      await second.shop.db
        .update(products)
        .set({ stockQuantity: 0 })
        .where(eq(products.id, second.productId));
      double.settle(second.invoiceId, 'Succss');
      await second.tick();
      expect((await second.order()).status).toBe('refund_due');
      expect(await second.attempts()).toEqual(['refund_due']);
    } finally {
      await second.shop.close();
    }
  });

  test('followed until the invoice is decided: Expired ends it; an invoice past its ExpiryDate is asked no more', async () => {
    const expired = await shopWithOrder();
    try {
      double.settle(expired.invoiceId, 'Failed');
      await expired.tick();
      const invoice = double.invoices.get(expired.invoiceId);
      if (!invoice) throw new Error('no invoice');
      invoice.status = 'Expired';
      await expired.tick();
      expect(await expired.attempts()).toEqual(['failed']);
    } finally {
      await expired.shop.close();
    }

    const stale = await shopWithOrder();
    try {
      const invoice = double.invoices.get(stale.invoiceId);
      if (!invoice) throw new Error('no invoice');
      // The test clock starts on 15 January 2026, 10:00: the invoice takes money until the end of that day.
      invoice.expiry = 'January 15, 2026';
      double.settle(stale.invoiceId, 'Failed');
      await stale.tick();
      expect(await stale.attempts()).toEqual(['declined']);
      // A day past its end (MyFatoorah late to close it) it is still asked about; after that, no more.
      await stale.tick(DAY);
      expect(await stale.attempts()).toEqual(['declined']);
      await stale.tick(DAY + 60 * MINUTE);
      expect(await stale.attempts()).toEqual(['failed']);
      const asked = () =>
        double.requests.filter((request) => request.body.Key === String(stale.invoiceId)).length;
      const before = asked();
      await stale.tick(2 * 60 * MINUTE);
      expect(asked()).toBe(before);
    } finally {
      await stale.shop.close();
    }
  });
});
