import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import Fastify, { type FastifyInstance } from 'fastify';

import { mediaRoutes, negotiatePicture, webpCopies } from './content';

const CHROME_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

describe('negotiatePicture', () => {
  const copies = new Set(['/media/products/p001-1.svg']);

  test('a browser that takes WebP gets the copy, query kept', () => {
    expect(negotiatePicture('/media/products/p001-1.svg', CHROME_ACCEPT, copies)).toBe(
      '/media/products/p001-1.webp',
    );
    expect(negotiatePicture('/media/products/p001-1.svg?v=2', CHROME_ACCEPT, copies)).toBe(
      '/media/products/p001-1.webp?v=2',
    );
  });

  test('without WebP in Accept, without a copy, or outside /media the URL stays', () => {
    expect(negotiatePicture('/media/products/p001-1.svg', 'image/svg+xml,*/*', copies)).toBe(
      '/media/products/p001-1.svg',
    );
    expect(negotiatePicture('/media/products/p001-1.svg', undefined, copies)).toBe(
      '/media/products/p001-1.svg',
    );
    expect(negotiatePicture('/media/products/p002-1.svg', CHROME_ACCEPT, copies)).toBe(
      '/media/products/p002-1.svg',
    );
    expect(negotiatePicture('/api/products/1', CHROME_ACCEPT, copies)).toBe('/api/products/1');
    expect(negotiatePicture('/media/products/p001-1.svg', CHROME_ACCEPT, new Set())).toBe(
      '/media/products/p001-1.svg',
    );
  });
});

describe('pictures served as WebP where the build wrote a copy', () => {
  let root: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'media-'));
    for (const folder of ['products', 'categories', 'sliders', 'payments'])
      mkdirSync(path.join(root, folder));
    writeFileSync(path.join(root, 'products', 'p001-1.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(root, 'products', 'p001-1.webp'), Buffer.from('RIFF....WEBPVP8 '));
    writeFileSync(
      path.join(root, 'sliders', 'eid-edit-mobile.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    writeFileSync(path.join(root, 'sliders', 'eid-edit-mobile.webp'), Buffer.from('RIFF....WEBPVP8 '));
    writeFileSync(path.join(root, 'products', 'p002-1.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // A payment logo is no negotiated folder: a stray copy there is never served.
    writeFileSync(path.join(root, 'payments', 'knet.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(root, 'payments', 'knet.webp'), Buffer.from('RIFF....WEBPVP8 '));
    const copies = webpCopies(root);
    expect([...copies].sort()).toEqual(['/media/products/p001-1.svg', '/media/sliders/eid-edit-mobile.svg']);
    app = Fastify({
      rewriteUrl: (request) => negotiatePicture(request.url ?? '/', request.headers.accept, copies),
    });
    await app.register(mediaRoutes, { root });
  });

  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, accept?: string) =>
    app.inject({ method: 'GET', url, headers: accept ? { accept } : {} });

  test('the same address answers WebP or SVG by Accept, and says it varies by Accept', async () => {
    const webp = await get('/media/products/p001-1.svg', CHROME_ACCEPT);
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers.vary).toBe('Accept');
    const svg = await get('/media/products/p001-1.svg', 'image/svg+xml');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.headers.vary).toBe('Accept');
  });

  test("home's banners too", async () => {
    const banner = await get('/media/sliders/eid-edit-mobile.svg', CHROME_ACCEPT);
    expect(banner.headers['content-type']).toBe('image/webp');
    expect(banner.headers.vary).toBe('Accept');
  });

  test('a picture without a copy, and other folders, stay SVG', async () => {
    const plain = await get('/media/products/p002-1.svg', CHROME_ACCEPT);
    expect(plain.headers['content-type']).toContain('image/svg+xml');
    const logo = await get('/media/payments/knet.svg', CHROME_ACCEPT);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
    expect(logo.headers.vary).toBeUndefined();
    expect((await get('/media/products/nope.svg', CHROME_ACCEPT)).statusCode).toBe(404);
  });
});
