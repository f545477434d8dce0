// What Lighthouse's Total Blocking Time is on this host before any of the shop's code runs: a blank page, and the
// shop's own server-rendered pages with every script taken out (HTML and CSS alone). Lighthouse multiplies the
// main-thread tasks it observes by four, so a slow or busy host inflates TBT; these rows tell the shop's share from
// the host's. Served by a proxy in front of the running server, so the pages are the very ones the shop sends.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const BLANK_PATH = '/__bench/blank';

const BLANK_PAGE =
  '<!doctype html><html lang=en><meta charset=utf-8>' +
  '<meta name=viewport content="width=device-width,initial-scale=1"><title>Blank</title>' +
  '<h1>Blank page</h1><p>One heading and one paragraph: the host’s floor.</p></html>';

/** The page without its scripts: inline or linked, and their preloads. */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link\b[^>]*\bas=["']?script\b[^>]*>/g, '');
}

/** A proxy to `target` that serves its pages without their scripts, every other file as it is. */
export async function startScriptlessProxy(target: string): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = new URL(target);
  const server = http.createServer((request, response) => {
    if (request.url === BLANK_PATH) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(BLANK_PAGE);
      return;
    }
    const isPage = (request.headers.accept ?? '').includes('text/html');
    const headers = { ...request.headers, host: upstream.host };
    // The page is rewritten, so it is asked for uncompressed; every other file keeps its compression.
    if (isPage) headers['accept-encoding'] = 'identity';
    const forwarded = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: request.url,
        method: request.method,
        headers,
      },
      (answer) => {
        const isHtml = (answer.headers['content-type'] ?? '').includes('text/html');
        if (!isPage || !isHtml) {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          return;
        }
        const parts: Buffer[] = [];
        answer.on('data', (part: Buffer) => parts.push(part));
        answer.on('end', () => {
          const html = withoutScripts(Buffer.concat(parts).toString('utf8'));
          const { 'content-length': _length, 'content-encoding': _encoding, ...rest } = answer.headers;
          response.writeHead(answer.statusCode ?? 502, rest);
          response.end(html);
        });
      },
    );
    forwarded.on('error', () => {
      response.writeHead(502);
      response.end();
    });
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
