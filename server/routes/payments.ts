// MyFatoorah-shaped payment calls, the payment status check, and the sandbox's hosted pay page.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { orders } from '../db/schema';
import { HttpError, notFound, validationError } from '../lib/errors';
import { MAX_AMOUNT } from '../lib/limits';
import { authenticate } from '../plugins/auth';
import { findRate } from '../services/catalog';
import { guestOwner } from '../services/cart';
import { applyPaymentOutcome, holdStockForPayment } from '../services/orders';
import { roundMoney, SandboxGateway, type PaymentStatus } from '../services/payments';
import { reconcileCallback } from '../services/reconciliation';

const amount = { type: 'number', minimum: 0, maximum: MAX_AMOUNT } as const;

interface ExecuteBody {
  invoice_value?: number;
  payment_method_id: number;
  country_code?: string;
  order_id?: number;
  currency_iso?: string;
  guest_token?: string;
}

export default async function paymentsRoutes(app: FastifyInstance): Promise<void> {
  const { db, gateway } = app.deps;

  const currencyOf = async (code: string | undefined) => {
    const rate = await findRate(db, code ?? 'KWD');
    if (!rate) throw validationError({ currency_iso: ['The selected currency iso is invalid.'] });
    return rate.currencyCode;
  };

  app.post<{
    Body: {
      invoice_value?: number;
      currency_iso?: string;
      country_code?: string;
      order_id?: number;
      guest_token?: string;
    };
  }>(
    '/initiate-payment',
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            invoice_value: amount,
            currency_iso: { type: 'string', maxLength: 10 },
            country_code: { type: 'string', maxLength: 10 },
            order_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
            guest_token: { type: 'string', maxLength: 200 },
          },
        },
      },
    },
    async (request) => {
      const body = request.body;
      let invoiceValue: number;
      let currencyIso: string;
      if (body.order_id !== undefined) {
        // Methods for paying an order show the order's own amount, whatever the client sent.
        const order = await payableOrder(app, request, body.order_id, body.guest_token);
        invoiceValue = order.totalPrice;
        currencyIso = order.currency;
      } else {
        if (body.invoice_value === undefined) {
          throw validationError({ invoice_value: ['The invoice value field is required.'] });
        }
        currencyIso = await currencyOf(body.currency_iso);
        invoiceValue = body.invoice_value;
      }
      const payment_methods = await gateway.initiate({
        invoiceValue: roundMoney(invoiceValue, currencyIso),
        currencyIso,
        countryCode: body.country_code,
      });
      return { payment_methods };
    },
  );

  app.post<{ Body: ExecuteBody }>(
    '/execute-payment',
    {
      schema: {
        body: {
          type: 'object',
          required: ['payment_method_id'],
          properties: {
            invoice_value: amount,
            payment_method_id: { type: 'integer', minimum: 1, maximum: 1000 },
            country_code: { type: 'string', maxLength: 10 },
            order_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
            currency_iso: { type: 'string', maxLength: 10 },
            guest_token: { type: 'string', maxLength: 200 },
          },
        },
      },
    },
    async (request) => {
      const body = request.body;
      let invoiceValue: number;
      let currencyIso: string;
      let orderId: number | null = null;
      if (body.order_id !== undefined) {
        // Paying an order: the amount is the order's, never the client's, and only its owner may pay it.
        const order = await payableOrder(app, request, body.order_id, body.guest_token);
        await holdStockForPayment(db, order.id, app.deps.config.now(), app.deps.config.unpaidOrderTtlMs);
        invoiceValue = order.totalPrice;
        currencyIso = order.currency;
        orderId = order.id;
      } else {
        if (body.invoice_value === undefined) {
          throw validationError({ invoice_value: ['The invoice value field is required.'] });
        }
        currencyIso = await currencyOf(body.currency_iso);
        invoiceValue = body.invoice_value;
      }
      const payment = await gateway.execute({
        invoiceValue: roundMoney(invoiceValue, currencyIso),
        currencyIso,
        paymentMethodId: body.payment_method_id,
        orderId,
      });
      if (orderId !== null) {
        await db
          .update(orders)
          .set({
            paymentId: payment.paymentId,
            paymentUrl: payment.paymentUrl,
            ...(payment.methodName ? { paymentMethod: payment.methodName } : {}),
            updatedAt: new Date(),
          })
          .where(eq(orders.id, orderId));
      }
      return { payment_result: { PaymentURL: payment.paymentUrl, InvoiceId: payment.invoiceId } };
    },
  );

  app.get<{ Params: { paymentId: string } }>('/payments/:paymentId/status', async (request) => {
    const paymentId = request.params.paymentId;
    const status = /^[\w-]{8,100}$/.test(paymentId) ? await gateway.getPaymentStatus(paymentId) : null;
    if (!status) throw notFound('Payment not found');
    return statusAnswer(app, status);
  });

  // The gateway's server-to-server callback (MyFatoorah's webhook shape: { Data: { InvoiceId | PaymentId } }).
  // It only names the payment; the order follows what the gateway answers when asked.
  app.post<{ Body: { Data?: { InvoiceId?: unknown; PaymentId?: unknown } } | undefined }>(
    '/payments/callback',
    { config: { rateLimit: { max: 120, timeWindow: 60_000 } } },
    async (request) => {
      const data = request.body?.Data;
      const key = [data?.InvoiceId, data?.PaymentId]
        .map((value) => (typeof value === 'number' || typeof value === 'string' ? String(value) : ''))
        .find((value) => /^[\w-]{1,100}$/.test(value));
      const state = key ? await reconcileCallback({ db, gateway }, key, app.deps.config.now()) : null;
      if (!state) throw notFound('Payment not found');
      return { received: true, payment_status: state };
    },
  );
}

async function payableOrder(
  app: FastifyInstance,
  request: Parameters<typeof authenticate>[1],
  orderId: number,
  guestToken: string | undefined,
) {
  const { db } = app.deps;
  const account = await authenticate(app, request);
  let ownerCondition;
  if (account?.verified) ownerCondition = eq(orders.userId, account.id);
  else if (guestToken)
    ownerCondition = eq(orders.guestCartId, (await guestOwner(db, guestToken)).guestCartId);
  else throw notFound('Order not found');
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), ownerCondition))
    .limit(1);
  if (!order) throw notFound('Order not found');
  if (!['pending', 'failed'].includes(order.status))
    throw new HttpError(409, 'This order is already paid or closed.');
  return order;
}

/** Asks nothing of the client: the gateway's answer decides the order's status. */
async function statusAnswer(app: FastifyInstance, status: PaymentStatus) {
  const { db, config } = app.deps;
  if (status.orderId === null) {
    return {
      order_id: null,
      status: status.status,
      payment_status: status.status,
      payment_id: status.paymentId,
    };
  }
  await applyPaymentOutcome(db, status.orderId, status, config.now());
  const [order] = await db
    .select({ status: orders.status, totalPrice: orders.totalPrice, currency: orders.currency })
    .from(orders)
    .where(eq(orders.id, status.orderId));
  return {
    order_id: status.orderId,
    status: order?.status ?? status.status,
    payment_status: status.status,
    payment_id: status.paymentId,
    ...(order ? { total_price: order.totalPrice, currency: order.currency } : {}),
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f5f3ef;color:#222;margin:0;padding:2rem 1rem}
main{max-width:28rem;margin:0 auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 2px 8px #0002}
h1{font-size:1.4rem;margin-top:0}dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}dt{font-weight:600}
.actions{display:flex;gap:1rem;margin-top:1.5rem}form{flex:1}
button{width:100%;padding:.8rem;font-size:1rem;border-radius:8px;border:2px solid transparent;cursor:pointer}
button:focus-visible{outline:3px solid #1a5fb4;outline-offset:2px}
.pay{background:#1b6e3a;color:#fff}.decline{background:#fff;color:#a51d2d;border-color:#a51d2d}
.note{color:#555;font-size:.9rem}
</style></head>
<body><main>${body}</main></body></html>`;
}

/** The sandbox's hosted pay page at /pay/sandbox/:paymentId (registered at the root by app.ts). */
export async function pageRoutes(app: FastifyInstance): Promise<void> {
  const { gateway, config } = app.deps;
  // Plain HTML forms post urlencoded bodies; only this plugin accepts them.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  const sandbox = gateway instanceof SandboxGateway ? gateway : null;
  const notFoundPage = (reply: FastifyReply) =>
    reply
      .status(404)
      .type('text/html; charset=utf-8')
      .send(page('Payment not found', '<h1>Payment not found</h1><p>This payment link is not valid.</p>'));
  const returnUrl = (paymentId: string, status: string) =>
    `${config.publicUrl}/payment?paymentId=${encodeURIComponent(paymentId)}&status=${encodeURIComponent(status)}`;

  app.get<{ Params: { paymentId: string } }>('/pay/sandbox/:paymentId', async (request, reply) => {
    const status = sandbox ? await sandbox.getPaymentStatus(request.params.paymentId) : null;
    if (!status) return notFoundPage(reply);
    const id = encodeURIComponent(status.paymentId);
    const details = `<dl><dt>Invoice</dt><dd>${escapeHtml(status.invoiceId)}</dd>
<dt>Amount</dt><dd>${status.amount.toFixed(status.currencyIso === 'KWD' || status.currencyIso === 'BHD' || status.currencyIso === 'OMR' ? 3 : 2)} ${escapeHtml(status.currencyIso)}</dd>
${status.orderId !== null ? `<dt>Order</dt><dd>#${status.orderId}</dd>` : ''}</dl>`;
    if (status.status !== 'pending') {
      return reply.type('text/html; charset=utf-8').send(
        page(
          'Payment decided',
          `<h1>This payment is ${status.status === 'paid' ? 'paid' : 'declined'}</h1>${details}
<p><a href="${escapeHtml(returnUrl(status.paymentId, status.status))}">Back to the shop</a></p>`,
        ),
      );
    }
    return reply
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Sandbox payment',
          `<h1>Sandbox payment</h1>
<p class="note">Test gateway of this demo shop, switched on by PAYMENTS_SANDBOX: no card is charged and no money moves. Choose the outcome of this payment.</p>${details}
<div class="actions">
<form method="post" action="/pay/sandbox/${id}"><input type="hidden" name="action" value="pay"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="/pay/sandbox/${id}"><input type="hidden" name="action" value="decline"><button class="decline" type="submit">Decline</button></form>
</div>`,
        ),
      );
  });

  app.post<{ Params: { paymentId: string }; Body: { action?: unknown } | undefined }>(
    '/pay/sandbox/:paymentId',
    async (request, reply) => {
      if (!sandbox) return notFoundPage(reply);
      const action = request.body?.action;
      if (action !== 'pay' && action !== 'decline') {
        return reply
          .status(422)
          .type('text/html; charset=utf-8')
          .send(page('Invalid choice', '<h1>Choose Pay or Decline.</h1>'));
      }
      const decided = await sandbox.decide(request.params.paymentId, action === 'pay' ? 'paid' : 'failed');
      if (!decided) return notFoundPage(reply);
      // The sandbox's callback: the order follows the decision even if the shopper never comes back.
      await reconcileCallback({ db: app.deps.db, gateway: sandbox }, decided.paymentId, config.now());
      return reply.redirect(returnUrl(decided.paymentId, decided.status), 303);
    },
  );
}
