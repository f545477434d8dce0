import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';

import { fakeSpaServer } from '../testing/fakeSpa';
import { createTestApp, manualClock, type TestApp } from '../testing/testApp';
import { DEFAULT_PER_IP_LIMITS } from '../config';
import { categories } from '../db/schema';
import { CATALOGUE_CHECK_MS } from '../lib/catalogueChanges';
import {
  arabicIndex,
  headPreloadHeader,
  isPreviewBot,
  languageOf,
  withPagePreloads,
  withSlidePreload,
  type ChunkManifest,
} from './spa';

// The built index.html as html-webpack-plugin minifies it (attribute quotes dropped).
const INDEX_HTML =
  '<!doctype html><html lang=en dir=ltr><head><meta name=bootstrap-css data-ltr=/css/bootstrap-ltr.1111111111.css data-rtl=/css/bootstrap-rtl.2222222222.css><link rel=stylesheet href=/css/bootstrap-ltr.1111111111.css data-bootstrap=ltr><script defer src=/js/main.3333333333.js></script></head><body><div id=root></div></body></html>';

const request = (query: Record<string, string>, headers: Record<string, string> = {}) =>
  ({ query, headers }) as unknown as FastifyRequest;

describe('the language of the first HTML', () => {
  test('?lng first, then the i18next cookie, then Accept-Language by preference, else English', () => {
    expect(languageOf(request({ lng: 'ar' }, { cookie: 'i18next=en' }))).toBe('ar');
    expect(languageOf(request({}, { cookie: 'a=1; i18next=ar', 'accept-language': 'en' }))).toBe('ar');
    expect(languageOf(request({}, { 'accept-language': 'fr-FR, ar-KW;q=0.8, en;q=0.5' }))).toBe('ar');
    expect(languageOf(request({}, { 'accept-language': 'en;q=0.4, ar;q=0.9' }))).toBe('ar');
    expect(languageOf(request({}, { 'accept-language': 'de, en-GB' }))).toBe('en');
    expect(languageOf(request({}, {}))).toBe('en');
  });

  test('a cookie no script wrote (bad percent-encoding) is read as sent, not a failure', () => {
    expect(languageOf(request({}, { cookie: 'i18next=%E0%A4%A', 'accept-language': 'ar' }))).toBe('ar');
    expect(languageOf(request({}, { cookie: 'i18next=%' }))).toBe('en');
    expect(languageOf(request({}, { cookie: 'i18next=%61r' }))).toBe('ar');
  });

  test('an Arabic page is right-to-left and links only the right-to-left stylesheet', () => {
    const html = arabicIndex(INDEX_HTML);
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain(
      '<link rel="stylesheet" href="/css/bootstrap-rtl.2222222222.css" data-bootstrap="rtl">',
    );
    expect(html).not.toContain('href=/css/bootstrap-ltr');
    // Both names stay in the meta for a later switch of language.
    expect(html).toContain('data-ltr=/css/bootstrap-ltr.1111111111.css');
  });
});

describe('link-preview bots and crawlers, not the apps whose browsers shoppers use', () => {
  test.each([
    'WhatsApp/2.23.20.0 A',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'Mozilla/5.0 (compatible; Snap URL Preview Service; bot; snapchat; https://developers.snap.com/robots)',
    'Pinterest/0.2 (+https://www.pinterest.com/bot.html)',
    'Mozilla/5.0 (compatible; Pinterestbot/1.0; +http://www.pinterest.com/bot.html)',
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'TelegramBot (like TwitterBot)',
  ])('a bot: %s', (agent) => {
    expect(isPreviewBot(agent)).toBe(true);
  });

  test.each([
    // Snapchat's and Pinterest's own browsers: shoppers, who get the page's code with its HTML as anyone does.
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Snapchat/12.56.0.36 (like Safari/8617.1.17.10.5, panda)',
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 Snapchat/12.60.0.40 (SM-S918B; Android 14; gzip)',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [Pinterest/iOS]',
    'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0 Mobile Safari/537.36 [Pinterest/Android]',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  ])('a shopper: %s', (agent) => {
    expect(isPreviewBot(agent)).toBe(false);
  });
});

describe("the page's head, preloaded by its answer's headers", () => {
  test('the entry script and the stylesheets the head links, in each language, as the HTML names them', () => {
    expect(headPreloadHeader(INDEX_HTML)).toBe(
      '</js/main.3333333333.js>; rel=preload; as=script, </css/bootstrap-ltr.1111111111.css>; rel=preload; as=style',
    );
    expect(headPreloadHeader(arabicIndex(INDEX_HTML))).toBe(
      '</js/main.3333333333.js>; rel=preload; as=script, </css/bootstrap-rtl.2222222222.css>; rel=preload; as=style',
    );
  });

  test('not a script or stylesheet of another host or of the body, nor a link that is no stylesheet', () => {
    const html =
      '<html><head><script defer src=/config.js></script><script src="https://accounts.google.com/gsi/client"></script>' +
      '<link rel=icon href=/favicon.png><link rel="preload" as="script" href="/js/1.js"><link rel=stylesheet href=/css/a.css>' +
      '</head><body><script src=/js/late.js></script><link rel=stylesheet href=/css/late.css></body></html>';
    expect(headPreloadHeader(html)).toBe('</css/a.css>; rel=preload; as=style');
    expect(headPreloadHeader('<html><head></head><body></body></html>')).toBeNull();
  });
});

describe('the home page announces its largest picture', () => {
  test('the phone picture for narrow screens, the wide one otherwise, fetched early', () => {
    const html = withSlidePreload(INDEX_HTML, { image: '/media/a.svg', image2: '/media/a-mobile.svg' });
    expect(html).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/media/a-mobile.svg" media="(max-width: 767.98px)">',
    );
    expect(html).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/media/a.svg" media="(min-width: 768px)">',
    );
    expect(withSlidePreload(INDEX_HTML, { image: '/media/b.svg', image2: null })).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/media/b.svg"></head>',
    );
    expect(withSlidePreload(INDEX_HTML, null)).toBe(INDEX_HTML);
  });
});

const MANIFEST: ChunkManifest = {
  main: ['css/main.4444444444.css', 'js/main.3333333333.js'],
  'locale-ar': ['js/locale-ar.5555555555.js'],
  'locale-en': ['js/locale-en.6666666666.js'],
  product: ['js/747.7777777777.js', 'css/product.8888888888.css', 'js/product.9999999999.js'],
  'locale-ar-product': ['js/locale-ar-product.aaaaaaaaaa.js'],
  cart: ['js/747.7777777777.js', 'js/cart.bbbbbbbbbb.js'],
  'locale-en-shop': ['js/locale-en-shop.cccccccccc.js'],
};

describe("a page's first chunks come with its HTML", () => {
  test("the route's code and the language's texts run just before the entry; its stylesheet is preloaded; what the HTML links is not", () => {
    const html = withPagePreloads(INDEX_HTML, MANIFEST, '/product/12', 'ar');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.match(/<script[^>]*>/g)).toEqual([
      '<script defer src="/js/locale-ar.5555555555.js" data-page-chunk>',
      '<script defer src="/js/747.7777777777.js" data-page-chunk>',
      '<script defer src="/js/product.9999999999.js" data-page-chunk>',
      '<script defer src="/js/locale-ar-product.aaaaaaaaaa.js" data-page-chunk>',
      '<script defer src=/js/main.3333333333.js>',
    ]);
    expect(html.match(/<link rel="preload"[^>]*>/g)).toEqual([
      '<link rel="preload" as="style" href="/css/product.8888888888.css">',
    ]);
    expect(html).toContain('</head><body>');
    // The cart speaks the shop texts; the entry is already in the page.
    expect(withPagePreloads(INDEX_HTML, MANIFEST, '/cart', 'en').match(/src="[^"]+"/g)).toEqual([
      'src="/js/locale-en.6666666666.js"',
      'src="/js/747.7777777777.js"',
      'src="/js/cart.bbbbbbbbbb.js"',
      'src="/js/locale-en-shop.cccccccccc.js"',
    ]);
    expect(withPagePreloads(INDEX_HTML, MANIFEST, '/no-such-page', 'en')).not.toContain('747');
    expect(withPagePreloads(INDEX_HTML, {}, '/product/12', 'ar')).toBe(INDEX_HTML);
  });

  test("a page whose HTML does not carry the build's entry gets its chunks as preloads", () => {
    const { main: _entry, ...withoutEntry } = MANIFEST;
    expect(
      withPagePreloads(INDEX_HTML, withoutEntry, '/product/12', 'ar').match(/<link rel="preload"[^>]*>/g),
    ).toEqual([
      '<link rel="preload" as="script" href="/js/locale-ar.5555555555.js">',
      '<link rel="preload" as="script" href="/js/747.7777777777.js">',
      '<link rel="preload" as="style" href="/css/product.8888888888.css">',
      '<link rel="preload" as="script" href="/js/product.9999999999.js">',
      '<link rel="preload" as="script" href="/js/locale-ar-product.aaaaaaaaaa.js">',
    ]);
  });

  test('no page preloads the footer’s code or texts: the footer loads when the shopper nears it', () => {
    const manifest = {
      ...MANIFEST,
      footer: ['js/footer.dddddddddd.js'],
      'locale-ar-footer': ['js/locale-ar-footer.eeeeeeeeee.js'],
      'locale-en-footer': ['js/locale-en-footer.ffffffffff.js'],
    };
    // The server's markup of the footer stays as it came until then (src/shell/Layout.tsx).
    expect(withPagePreloads(INDEX_HTML, manifest, '/product/12', 'ar', { rendered: true })).not.toContain(
      'footer',
    );
    expect(withPagePreloads(INDEX_HTML, manifest, '/product/12', 'ar')).not.toContain('footer');
  });
});

describe('the served SPA', () => {
  let t: TestApp;
  let spaDir: string;
  const BUNDLE = `console.log(${JSON.stringify('y'.repeat(4000))});`;

  beforeAll(async () => {
    spaDir = mkdtempSync(path.join(tmpdir(), 'storefront-spa-'));
    writeFileSync(path.join(spaDir, 'index.html'), INDEX_HTML);
    mkdirSync(path.join(spaDir, 'js'));
    writeFileSync(path.join(spaDir, 'js', 'main.3333333333.js'), BUNDLE);
    writeFileSync(path.join(spaDir, 'js', 'main.3333333333.js.br'), 'precompressed');
    // Only the Arabic texts and the product page: the English home page below is served as it was built.
    const { main, 'locale-ar': localeAr, product } = MANIFEST;
    writeFileSync(
      path.join(spaDir, 'chunk-manifest.json'),
      JSON.stringify({ main, 'locale-ar': localeAr, product }),
    );
    t = await createTestApp({ config: { spaDir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(spaDir, { recursive: true, force: true });
  });

  test('/index.html is the home page’s address (one address for one page): moved permanently, its query kept', async () => {
    for (const [url, location] of [
      ['/index.html', '/'],
      ['/index.html?lng=ar&utm_source=x', '/?lng=ar&utm_source=x'],
    ]) {
      const answer = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect({ url, status: answer.statusCode, location: answer.headers.location }).toEqual({
        url,
        status: 301,
        location,
      });
    }
  });

  test('answers the page in the language the cookie or the browser asks for', async () => {
    const arabic = await t.app.inject({
      method: 'GET',
      url: '/cart',
      headers: { accept: 'text/html', 'accept-language': 'ar-KW,ar;q=0.9' },
    });
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.headers.vary).toContain('Accept-Language');
    expect(arabic.headers.link).toBe(
      '</js/main.3333333333.js>; rel=preload; as=script, </css/bootstrap-rtl.2222222222.css>; rel=preload; as=style',
    );
    const english = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { accept: 'text/html', cookie: 'i18next=en', 'accept-language': 'ar' },
    });
    // The page's own head (issue 49, server/plugins/pageHead.test.ts) goes in before </head>.
    expect(english.body.replace(/<meta name="description".*<\/head>/, '</head>')).toBe(INDEX_HTML);
  });

  test('a malformed cookie, Accept-Language or query string is no reason for a page to fail', async () => {
    for (const headers of [
      { cookie: 'i18next=%E0%A4%A' },
      { cookie: `i18next=${'%'.repeat(5000)}; shop_personal=%` },
      { 'accept-language': 'ar;q=abc, en;q=1e309, %E0%A4%A;q=' },
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/',
        headers: { accept: 'text/html', ...headers },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id=root></div>');
    }
    for (const url of [
      '/search?q=%',
      '/search?q=%E0%A4%A&q=a&q[]=b&lng[]=ar',
      `/cart?lng=${'a'.repeat(20_000)}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
    }
  });

  test("links the product page's chunks and the Arabic texts in an Arabic product page", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/product/3?color=red',
      headers: { accept: 'text/html', cookie: 'i18next=ar' },
    });
    expect(response.body).toContain(
      '<script defer src="/js/product.9999999999.js" data-page-chunk></script><script defer src=/js/main.3333333333.js>',
    );
    expect(response.body).toContain('<script defer src="/js/locale-ar.5555555555.js" data-page-chunk>');
  });

  test('sends the brotli file the build wrote when the browser accepts brotli', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/js/main.3333333333.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.rawPayload.toString()).toBe('precompressed');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe("a page's HTML on the line", () => {
  let t: TestApp;
  let spaDir: string;
  // A page as large as a new visitor's (its stylesheet inline): rules of every kind, as Bootstrap's are.
  const STYLESHEET = Array.from(
    { length: 4000 },
    (_, i) =>
      `.c${i.toString(36)}{margin:${i % 17}px ${i % 5}rem;color:#${((i * 2654435761) % 16777216).toString(16)}}`,
  ).join('');

  beforeAll(async () => {
    spaDir = mkdtempSync(path.join(tmpdir(), 'storefront-spa-'));
    writeFileSync(path.join(spaDir, 'index.html'), INDEX_HTML);
    mkdirSync(path.join(spaDir, 'css'));
    writeFileSync(path.join(spaDir, 'css', 'bootstrap-ltr.1111111111.css'), STYLESHEET);
    t = await createTestApp({ config: { spaDir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(spaDir, { recursive: true, force: true });
  });

  const page = (headers: Record<string, string>, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({
      method,
      url: '/cart',
      headers: { accept: 'text/html', cookie: 'i18next=en', ...headers },
    });

  test('goes to a brotli client smaller than the compression plugin would make it, and whole', async () => {
    const response = await page({ 'accept-encoding': 'gzip, deflate, br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toBe('Cookie, Accept-Language, accept-encoding');
    const html = brotliDecompressSync(response.rawPayload);
    expect(html.toString()).toContain(
      `<style data-href="/css/bootstrap-ltr.1111111111.css" data-bootstrap="ltr">${STYLESHEET}</style>`,
    );
    const atPluginLevel = brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } });
    expect(response.rawPayload.length).toBeLessThan(atPluginLevel.length * 0.95);
  });

  test('goes gzipped to a client without brotli, as it is to one without either, and without a body to HEAD', async () => {
    const gzipped = await page({ 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toContain(STYLESHEET);
    const plain = await page({ 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain(STYLESHEET);
    const head = await page({ 'accept-encoding': 'br' }, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
  });
});

describe('pages rendered on the server', () => {
  const server = fakeSpaServer();

  const page = (url: string, cookie?: string) =>
    server.t.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
    });

  test("a new visitor's home page arrives with its markup and its route's stylesheet linked", async () => {
    const response = await page('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"><main data-render=');
    expect(response.body).toContain('<h1>en / ok</h1>');
    expect(response.body).toContain('id="shop-first-render"');
    // Laid out with its styles from the first paint: linked, not preloaded.
    expect(response.body).toContain('<link rel="stylesheet" href="/css/home.4444444444.css">');
    // Its code downloads with the page, to hydrate it.
    expect(response.body).toContain('<link rel="preload" as="script" href="/js/home.5555555555.js">');
  });

  test('a shopper whose browser holds a state of their own, and account pages, get the page without markup', async () => {
    for (const response of [await page('/', 'shop_personal=1'), await page('/orders')]) {
      expect(response.body).toContain('<div id=root></div>');
      expect(response.body).not.toContain('shop-first-render');
    }
    const personal = (await page('/', 'shop_personal=1')).body;
    expect(personal).toContain('<link rel="preload" as="style" href="/css/home.4444444444.css">');
    // Rendered by its scripts: they are fetched with the page.
    expect(personal).toContain('<link rel="preload" as="script" href="/js/home.5555555555.js">');
  });

  test('a page that fails to render is still served, without markup', async () => {
    const response = await page('/search?q=fail');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id=root></div>');
  });

  test('addresses that show the same page share one render: unknown parameters, repeats, spacing, order', async () => {
    const renderOf = async (url: string) => /data-render="(\d+)"/.exec((await page(url)).body)?.[1];
    // A category the shop has (an unknown one is a 404, issue 49).
    await server.t.db.insert(categories).values({ nameEn: 'Perfume', nameAr: 'عطور', image: '' });
    // The write as this server sees it (the catalogue's version read) before the first render: a page rendered
    // earlier would be dropped, rightly, at the next read.
    await new Promise((waited) => setTimeout(waited, CATALOGUE_CHECK_MS));
    await server.t.app.deps.catalogue.fresh();
    const first = await page('/search?q=musk&category=Perfume');
    // Rendered from the address the page reads, whatever else the link carried.
    expect(first.body).toContain('<h1>en /search?q=musk&category=Perfume ok</h1>');
    const number = /data-render="(\d+)"/.exec(first.body)?.[1];
    expect(number).toBeDefined();
    const same = [
      '/search?category=Perfume&q=musk&utm_source=newsletter',
      '/search?q=%20musk%20&category=Perfume&fbclid=abc',
      '/search?q=musk&q=other&category=Perfume&category=Other',
      ...Array.from(
        { length: 20 },
        (_, index) => `/search?q=musk&category=Perfume&r=${index}-${Math.random()}`,
      ),
    ];
    for (const url of same) expect(await renderOf(url)).toBe(number);
    // The product page reads no query at all.
    const product = await renderOf('/product/5?ref=mail');
    expect(await renderOf('/product/5?ref=other&q=x')).toBe(product);
  });

  test('the renderer itself is not served', async () => {
    const response = await server.t.app.inject({ method: 'GET', url: '/ssr/render.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('renderPage');
  });
});

describe('a kept page past its fresh time', () => {
  const clock = manualClock();
  const server = fakeSpaServer({ config: { now: clock.now } });
  const renderOf = async (url: string) =>
    /data-render="(\d+)"/.exec(
      (await server.t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })).body,
    )?.[1];

  test('is sent as kept, and rendered again once that answer is out', async () => {
    const number = Number(await renderOf('/search?q=quiet'));
    // Ten minutes without a visitor would be past the five a kept page is served: four.
    clock.advance(4 * 60_000);
    expect(Number(await renderOf('/search?q=quiet'))).toBe(number);
    // The answer is out (its 'close' follows on the next tick) and the render counted against this client's limit
    // (its counter may be the database's): the new render starts behind it, once.
    let next = number;
    for (let turn = 0; turn < 100 && next === number; turn += 1) {
      await new Promise((turned) => setTimeout(turned, 20));
      next = Number(await renderOf('/search?q=quiet'));
    }
    expect(next).toBe(number + 1);
  });
});

describe('renders per client address', () => {
  const RENDERS_A_MINUTE = 3;
  const server = fakeSpaServer({
    config: { perIpLimits: { ...DEFAULT_PER_IP_LIMITS, pageRenders: RENDERS_A_MINUTE } },
  });

  const page = (url: string, remoteAddress: string) =>
    server.t.app.inject({ method: 'GET', url, remoteAddress, headers: { accept: 'text/html' } });
  const rendered = (body: string) => body.includes('<div id="root"><main data-render=');

  test('a client over the limit still gets every page, rendered by its browser; pages in memory and other clients are not limited', async () => {
    const flooder = '203.0.113.7';
    for (let index = 0; index < RENDERS_A_MINUTE; index += 1) {
      const response = await page(`/search?q=flood-${index}`, flooder);
      expect(response.statusCode).toBe(200);
      expect(rendered(response.body)).toBe(true);
    }
    const over = await page('/search?q=flood-over', flooder);
    expect(over.statusCode).toBe(200);
    expect(over.body).toContain('<div id=root></div>');
    expect(over.body).toContain('<script defer src=/js/main.2222222222.js></script>');
    // A page already in memory costs no render: still sent with its markup.
    expect(rendered((await page('/search?q=flood-0', flooder)).body)).toBe(true);
    // Somebody else is not held back by the flooder.
    expect(rendered((await page('/search?q=flood-over', '198.51.100.20')).body)).toBe(true);
  });
});
