import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

import { BLANK_PATH, startScriptlessProxy, withoutScripts } from './floor';

const PAGE =
  '<!doctype html><html><head><script defer src=/config.js></script>' +
  '<link fetchpriority="low" rel=preload as=script href=/js/app.js><script defer src=/js/main.js></script>' +
  '<link rel="preload" as="script" href="/js/home.js"><link rel=stylesheet href=/css/main.css>' +
  '<script id="server-page" type="application/json">{"queries":[]}</script></head>' +
  '<body><div id=root><main><h1>Home</h1></main></div></body></html>';
const CSS = 'body{margin:0}'.repeat(200);

describe('the host floor (bench/floor.ts)', () => {
  it('takes every script and script preload out of a page and keeps the rest', () => {
    const html = withoutScripts(PAGE);
    expect(html).not.toMatch(/<script/);
    expect(html).not.toMatch(/as="?script/);
    expect(html).toContain('<link rel=stylesheet href=/css/main.css>');
    expect(html).toContain('<div id=root><main><h1>Home</h1></main></div>');
  });

  describe('the proxy', () => {
    let upstream: http.Server;
    let proxy: Awaited<ReturnType<typeof startScriptlessProxy>>;
    let pageAskedWith: string | undefined;

    beforeAll(async () => {
      upstream = http.createServer((request, response) => {
        if (request.url?.startsWith('/css/')) {
          response.writeHead(200, { 'content-type': 'text/css', 'content-encoding': 'gzip' });
          response.end(gzipSync(CSS));
          return;
        }
        pageAskedWith = request.headers['accept-encoding'];
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(PAGE);
      });
      await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
      const { port } = upstream.address() as AddressInfo;
      proxy = await startScriptlessProxy(`http://127.0.0.1:${port}`);
    });

    afterAll(async () => {
      await proxy.close();
      await new Promise<void>((resolve) => upstream.close(() => resolve()));
    });

    it('serves the page without its scripts', async () => {
      const answer = await fetch(`${proxy.url}/?lng=en`, {
        headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
      });
      expect(answer.status).toBe(200);
      const html = await answer.text();
      expect(html).toBe(withoutScripts(PAGE));
      expect(html).toContain('<h1>Home</h1>');
      // Asked for uncompressed, since the proxy rewrites it.
      expect(pageAskedWith).toBe('identity');
    });

    it('passes every other file through as the server sent it, compression included', async () => {
      const answer = await fetch(`${proxy.url}/css/main.css`, { headers: { 'accept-encoding': 'gzip' } });
      expect(answer.headers.get('content-encoding')).toBe('gzip');
      expect(await answer.text()).toBe(CSS);
    });

    it('serves the blank page itself', async () => {
      const answer = await fetch(`${proxy.url}${BLANK_PATH}`);
      expect(answer.headers.get('content-type')).toContain('text/html');
      expect(await answer.text()).toMatch(/^<!doctype html>.*<h1>Blank page<\/h1>/);
    });
  });
});
