import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { System } from '../../contract/dev';
import { normalizeEmail } from '../lib/accounts';
import { parseId } from '../lib/ids';
import { NotFound } from '../services/errors';
import { mailbox } from '../services/mail';
import { markOrderCompleted } from '../services/orders';

// Registered only outside production (see app.ts): the outbox holds live codes.

const MAILBOX_LIMIT = 50;

/** GET /api/dev/mail?to=EMAIL — what browser journeys read the verification codes from. */
const devRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(System.devMail.url, { schema: System.devMail.schema }, async (request) => {
    const rows = await mailbox(app.deps.db, MAILBOX_LIMIT, normalizeEmail(request.query.to));
    return {
      messages: rows.map((row) => ({
        to: row.recipient,
        subject: row.subject,
        text: row.body,
        html: row.html,
        code: row.code,
        created_at: row.createdAt.toISOString(),
      })),
    };
  });

  // Delivery happens outside this server; browser journeys complete an order with this to rate its items.
  app.post(System.completeOrder.url, { schema: System.completeOrder.schema }, async (request) => {
    const id = parseId(request.params.id);
    if (id === null) throw new NotFound('Order not found');
    const order = await markOrderCompleted(app.deps.db, id, app.deps.config.now(), app.deps.mail);
    return { message: 'Order completed', order_id: order.id, status: order.status };
  });
};

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** GET /dev/mail — the outbox as a page for people trying the shop locally. */
export const devMailPage: FastifyPluginAsync = async (app) => {
  app.get('/dev/mail', async (_request, reply) => {
    const rows = await mailbox(app.deps.db, 100);
    const items = rows
      .map(
        (row) => `<article>
  <h2>${escapeHtml(row.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(row.recipient)}</strong> · ${escapeHtml(row.createdAt.toISOString())}${
    row.code ? ` · code <code>${escapeHtml(row.code)}</code>` : ''
  }</p>
  <pre>${escapeHtml(row.body)}</pre>${
    row.html
      ? `\n  <details><summary>HTML</summary><iframe sandbox="" title="${escapeHtml(row.subject)}" srcdoc="${escapeHtml(row.html)}"></iframe></details>`
      : ''
  }
</article>`,
      )
      .join('\n');
    const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}
article{border-bottom:1px solid #ddd;padding:.5rem 0}iframe{width:100%;height:40rem;border:1px solid #ddd}.meta{color:#555}pre{white-space:pre-wrap}</style></head>
<body><h1>Dev mailbox</h1><p>The newest ${rows.length} messages of the outbox (not served in production).</p>
${items || '<p>No mail yet.</p>'}
</body></html>`;
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(page);
  });
};

export default devRoutes;
