// The contract in the ecosystem's format: /api/openapi.json always, a readable page at /api/docs outside production.
// The page is rendered here, without scripts or anything from a CDN (the shop runs offline and under a strict CSP).
import type { FastifyPluginAsync } from 'fastify';
import { buildOpenApi } from '../../contract/openapi';
import { DOCUMENT_ROUTE } from '../plugins/security';
import { escapeHtml } from './dev';

type Json = Record<string, unknown>;

function docsPage(document: Json): string {
  const paths = document.paths as Record<string, Record<string, Json>>;
  const sections = Object.entries(paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => {
        const parts = [
          `<h2 id="${escapeHtml(String(operation.operationId))}"><code>${method.toUpperCase()} ${escapeHtml(path)}</code></h2>`,
          operation.description ? `<p>${escapeHtml(String(operation.description))}</p>` : '',
          (operation.security as unknown[] | undefined)?.length ? '<p><em>bearer token</em></p>' : '',
          `<details><summary>schemas</summary><pre>${escapeHtml(
            JSON.stringify(
              {
                parameters: operation.parameters,
                requestBody: operation.requestBody,
                responses: operation.responses,
              },
              null,
              2,
            ),
          )}</pre></details>`,
        ];
        return `<section>${parts.join('')}</section>`;
      }),
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Gulf Store API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;margin:1rem auto;max-inline-size:60rem;padding-inline:1rem}
h2{font-size:1rem;margin-block:1.5rem .25rem}pre{background:#f5f5f5;padding:.5rem;overflow:auto;font-size:.8rem}</style>
</head><body><h1>Gulf Store API</h1><p>OpenAPI ${escapeHtml(String(document.openapi))}: <a href="/api/openapi.json">/api/openapi.json</a></p>
${sections}</body></html>`;
}

export function apiDocsRoutes(options: { page: boolean }): FastifyPluginAsync {
  return async (app) => {
    const document = buildOpenApi();
    app.get('/openapi.json', async () => document);
    if (options.page) {
      const page = docsPage(document);
      app.get('/docs', { config: DOCUMENT_ROUTE }, async (_request, reply) =>
        reply.type('text/html; charset=utf-8').send(page),
      );
    }
  };
}
