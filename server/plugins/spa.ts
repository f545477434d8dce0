import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** webpack's `[name].[contenthash].js` and friends: 8+ hex characters just before the extension. */
const HASHED_FILE = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT_LIVED = 'public, max-age=3600';

export function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath);
  if (name.endsWith('.html')) return 'no-cache';
  return HASHED_FILE.test(name) ? IMMUTABLE : SHORT_LIVED;
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Storefront API</title></head>
<body><h1>The storefront is not built yet</h1>
<p>The API runs under <code>/api</code>. Run <code>npm run build</code> to build the shop, then restart the server.</p>
</body></html>`;

function wantsHtml(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const accept = request.headers.accept ?? '';
  return accept === '' || accept.includes('text/html') || accept.includes('*/*');
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * The built SPA from config.spaDir: hashed assets cached for a year, index.html revalidated every time, and the
 * history fallback (any GET for a page that is not a file and not /api answers index.html).
 */
export async function registerSpa(app: FastifyInstance, config: Config): Promise<void> {
  const indexFile = path.join(config.spaDir, 'index.html');
  const built = existsSync(indexFile);

  if (built) {
    await app.register(fastifyStatic, {
      root: config.spaDir,
      prefix: '/',
      index: false,
      wildcard: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('Cache-Control', cacheControlFor(filePath));
      },
    });
  }

  const sendIndex = (reply: FastifyReply) => {
    if (!built)
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(NOT_BUILT_PAGE);
    return reply
      .header('Cache-Control', 'no-cache')
      .sendFile('index.html', config.spaDir, { cacheControl: false });
  };

  app.get('/', (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request, reply) => {
    const url = request.raw.url ?? request.url;
    if (!isApiPath(url) && wantsHtml(request) && !path.extname(url.split('?')[0] ?? '')) {
      return sendIndex(reply);
    }
    return reply.status(404).send({ message: 'Not Found.' });
  });
}
