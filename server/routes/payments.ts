// MyFatoorah-shaped payment calls, the payment status check, and the sandbox's hosted pay page.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Payments } from '../../contract/payments';
import { ownedOrderRow, type OrderOwner } from '../db/queries/orders';
import { attemptByGatewayId } from '../db/queries/paymentAttempts';
import { orderOfPaymentReturn, paymentReturnQuery } from '../lib/paymentReturn';
import { authenticate } from '../plugins/auth';
import { clientAddressKey } from '../lib/clientAddress';
import { guestOwner } from '../services/cart';
import { NotFound, NotSignedIn } from '../services/errors';
import { orderAfterPayment, paymentMethodsFor, startOrderPayment, type PaymentLog } from '../services/orders';
import { assertPaymentsAvailable, SandboxGateway, type PaymentStatus } from '../services/payments';
import { reconcileCallback } from '../services/reconciliation';

const paymentsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, gateway, config } = app.deps;

  app.post(Payments.initiate.url, { schema: Payments.initiate.schema }, async (request) => {
    assertPaymentsAvailable(gateway);
    const body = request.body;
    const payment_methods = await paymentMethodsFor(
      { db, gateway, log: request.log },
      {
        orderId: body.order_id,
        owners: await payersOf(app, request, body.guest_token),
        ...(body.invoice_value !== undefined ? { invoiceValue: body.invoice_value } : {}),
        ...(body.currency_iso !== undefined ? { currencyIso: body.currency_iso } : {}),
        ...(body.country_code !== undefined ? { countryCode: body.country_code } : {}),
      },
    );
    return { payment_methods };
  });

  app.post(Payments.execute.url, { schema: Payments.execute.schema }, async (request) => {
    assertPaymentsAvailable(gateway);
    const body = request.body;
    const payment = await startOrderPayment(
      {
        db,
        gateway,
        mail: app.deps.mail,
        log: request.log,
        now: config.now(),
        hold: {
          limits: config.orderLimits,
          userHoldMs: config.unpaidOrderTtlMs,
          guestHoldMs: config.guestUnpaidOrderTtlMs,
        },
      },
      {
        orderId: body.order_id,
        owners: await payersOf(app, request, body.guest_token),
        paymentMethodId: body.payment_method_id,
        ...(body.invoice_value !== undefined ? { invoiceValue: body.invoice_value } : {}),
        ...(body.currency_iso !== undefined ? { currencyIso: body.currency_iso } : {}),
      },
    );
    return { payment_result: { PaymentURL: payment.paymentUrl, InvoiceId: payment.invoiceId } };
  });

  // Only the order's owner or the signed return link; anyone else is 404 before the gateway is asked (MyFatoorah's
  // invoice numbers are sequential: a stranger would read orders and totals and spend the merchant's API quota).
  app.get(
    Payments.status.url,
    {
      schema: Payments.status.schema,
      config: {
        rateLimit: {
          max: config.perIpLimits.paymentStatus ?? 60,
          timeWindow: 60_000,
          groupId: 'payment-status',
          keyGenerator: (request: FastifyRequest) => `payment-status|${clientAddressKey(request.ip)}`,
        },
      },
    },
    async (request) => {
      const paymentId = request.params.paymentId;
      const signedOrder = orderOfPaymentReturn(config.tokenSecret, request.query, config.now());
      const owners = await statusReadersOf(app, request, request.query.guest_token);
      if (signedOrder === null && owners.length === 0) throw new NotFound('Payment not found');
      const mayRead = async (orderId: number) =>
        signedOrder === orderId ||
        (await Promise.all(owners.map((owner) => ownedOrderRow(db, orderId, owner)))).some(Boolean);
      const wellFormed = /^[\w-]{8,100}$/.test(paymentId);
      // A payment the shop started (its invoice number) is checked against its order before the gateway is asked,
      // and an invoice number it never made is not asked about (they are sequential); the gateway's own payment ids
      // (a return from its page) are asked, then checked.
      const attempt = wellFormed ? await attemptByGatewayId(db, gateway.name, paymentId) : undefined;
      if (attempt ? !(await mayRead(attempt.orderId)) : /^\d{1,12}$/.test(paymentId))
        throw new NotFound('Payment not found');
      const status = wellFormed ? await gateway.getPaymentStatus(paymentId) : null;
      if (!status || status.orderId === null) throw new NotFound('Payment not found');
      if (!(await mayRead(status.orderId))) throw new NotFound('Payment not found');
      return statusAnswer(app, status, request.log);
    },
  );

  // The gateway's server-to-server callback (its webhook). It only names the payment; the order follows what the
  // gateway answers when asked, so a forged body can change nothing.
  app.post(
    Payments.callback.url,
    { schema: Payments.callback.schema, config: { rateLimit: { max: 120, timeWindow: 60_000 } } },
    async (request) => {
      const data = request.body.Data;
      const key = [data?.InvoiceId, data?.PaymentId]
        .map((value) => (value === undefined ? '' : String(value)))
        .find((value) => /^[\w-]{1,100}$/.test(value));
      const state = key
        ? await reconcileCallback(
            { db, gateway, mail: app.deps.mail, log: request.log },
            key,
            app.deps.config.now(),
          )
        : null;
      if (!state) throw new NotFound('Payment not found');
      return { received: true as const, payment_status: state };
    },
  );
};

export default paymentsRoutes;

/**
 * Who asks to pay: a verified account (bearer) and/or the guest cart its token opens. A token that opens nothing is
 * 401 unless an account asks too; nobody at all owns no order.
 */
async function payersOf(
  app: FastifyInstance,
  request: Parameters<typeof authenticate>[1],
  guestToken: string | undefined,
): Promise<OrderOwner[]> {
  const owners: OrderOwner[] = [];
  const account = await authenticate(app, request);
  if (account?.verified) owners.push({ userId: account.id });
  if (guestToken) {
    try {
      owners.push(await guestOwner(app.deps.db, guestToken));
    } catch (error) {
      if (!(error instanceof NotSignedIn) || owners.length === 0) throw error;
    }
  }
  return owners;
}

/** Who may read a payment's status: a verified account and/or the guest cart its token opens; none is no error. */
async function statusReadersOf(
  app: FastifyInstance,
  request: Parameters<typeof authenticate>[1],
  guestToken: string | undefined,
): Promise<OrderOwner[]> {
  try {
    return await payersOf(app, request, guestToken);
  } catch (error) {
    if (error instanceof NotSignedIn) return [];
    throw error;
  }
}

/** Asks nothing of the client: the gateway's answer decides the order's status. */
async function statusAnswer(app: FastifyInstance, status: PaymentStatus, log: PaymentLog) {
  const { db, gateway, config } = app.deps;
  if (status.orderId === null) {
    return {
      order_id: null,
      status: status.status,
      payment_status: status.status,
      payment_id: status.paymentId,
    };
  }
  const order = await orderAfterPayment(
    { db, gateway, mail: app.deps.mail, log },
    status.orderId,
    status,
    config.now(),
  );
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
  // The signed return link (lib/paymentReturn): the shopper sees the outcome even in another browser.
  const returnUrl = (paymentId: string, status: string, orderId: number | null) =>
    `${config.publicUrl}/payment?paymentId=${encodeURIComponent(paymentId)}&status=${encodeURIComponent(status)}${
      orderId === null ? '' : `&${paymentReturnQuery(config.tokenSecret, orderId, config.now())}`
    }`;

  app.get<{ Params: { paymentId: string } }>('/pay/sandbox/:paymentId', async (request, reply) => {
    const found = sandbox ? await sandbox.lookUp(request.params.paymentId) : null;
    if (!found) return notFoundPage(reply);
    const status = found.status;
    const id = encodeURIComponent(status.paymentId);
    const details = `<dl><dt>Invoice</dt><dd>${escapeHtml(status.invoiceId)}</dd>
<dt>Amount</dt><dd>${status.amount.toFixed(status.currencyIso === 'KWD' || status.currencyIso === 'BHD' || status.currencyIso === 'OMR' ? 3 : 2)} ${escapeHtml(status.currencyIso)}</dd>
${status.orderId !== null ? `<dt>Order</dt><dd>#${status.orderId}</dd>` : ''}</dl>`;
    if (found.sandboxStatus !== 'pending') {
      const outcome = {
        paid: 'paid',
        failed: 'declined',
        canceled: 'cancelled: a newer payment replaced it',
      }[found.sandboxStatus];
      return reply.type('text/html; charset=utf-8').send(
        page(
          'Payment decided',
          `<h1>This payment is ${outcome}</h1>${details}
<p><a href="${escapeHtml(returnUrl(status.paymentId, status.status, status.orderId))}">Back to the shop</a></p>`,
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
      await reconcileCallback(
        { db: app.deps.db, gateway: sandbox, mail: app.deps.mail, log: request.log },
        decided.paymentId,
        config.now(),
      );
      return reply.redirect(returnUrl(decided.paymentId, decided.status, decided.orderId), 303);
    },
  );
}
