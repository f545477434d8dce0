import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { createTestApp, type TestApp } from '../testing/testApp';
import { contentHashOf, HELD_FILES_LIMIT } from '../../shared/pageChunks';
import { heldFiles, inlineAssets } from './inlineAssets';
import { policyAllowingScripts } from './security';

// The built index.html as html-webpack-plugin minifies it, with a page's first chunk before the entry.
const INDEX_HTML =
  '<!doctype html><html lang=en dir=ltr><head><script defer src=/config.js></script>' +
  '<script defer src="/js/7962.0946104211.js" data-page-chunk></script><script defer src=/js/main.3333333333.js></script>' +
  '<meta name=bootstrap-css data-ltr=/css/bootstrap-ltr.1a1791df11.css data-rtl=/css/bootstrap-rtl.91f4da9211.css>' +
  '<link rel=stylesheet href=/css/bootstrap-ltr.1a1791df11.css data-bootstrap=ltr><link rel=stylesheet href=/css/main.cc1961c111.css>' +
  '</head><body><div id=root></div></body></html>';

const CHUNK =
  '"use strict";(self.webpackChunk=self.webpackChunk||[]).push([[7962],{}]);\n//# sourceMappingURL=7962.0946104211.js.map';
const BOOTSTRAP = '.btn{color:red}\n/*# sourceMappingURL=bootstrap-ltr.1a1791df11.css.map*/';

let spaDir: string;
beforeAll(() => {
  spaDir = mkdtempSync(path.join(tmpdir(), 'storefront-inline-'));
  mkdirSync(path.join(spaDir, 'js'));
  mkdirSync(path.join(spaDir, 'css'));
  writeFileSync(path.join(spaDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(spaDir, 'config.js'), 'window.__SHOP_CONFIG__={apiBaseUrl:"/api"};');
  writeFileSync(path.join(spaDir, 'js', '7962.0946104211.js'), CHUNK);
  writeFileSync(path.join(spaDir, 'js', 'main.3333333333.js'), 'console.log("entry")');
  writeFileSync(path.join(spaDir, 'css', 'bootstrap-ltr.1a1791df11.css'), BOOTSTRAP);
  // A sheet that would close its own element in the page stays a file.
  writeFileSync(path.join(spaDir, 'css', 'main.cc1961c111.css'), '.a::after{content:"</style>"}');
});
afterAll(() => rmSync(spaDir, { recursive: true, force: true }));

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const CHUNK_IN_PAGE = CHUNK.replace('sourceMappingURL=', 'sourceMappingURL=/js/');

describe("a new browser's page carries its head's files", () => {
  test('the stylesheets as style elements named by data-href, the first chunks as scripts the policy allows by hash', () => {
    const { html, scriptSources } = inlineAssets(spaDir)(INDEX_HTML, new Set());
    expect(html).toContain(
      `<style data-href="/css/bootstrap-ltr.1a1791df11.css" data-bootstrap="ltr">${BOOTSTRAP.replace('sourceMappingURL=', 'sourceMappingURL=/css/')}</style>`,
    );
    expect(html).toContain(`<script data-href="/js/7962.0946104211.js">${CHUNK_IN_PAGE}</script>`);
    expect(scriptSources).toEqual([sha256(CHUNK_IN_PAGE)]);
    // The entry, the deploy's own settings and a sheet that could end its element stay files.
    expect(html).toContain('<script defer src=/js/main.3333333333.js></script>');
    expect(html).toContain('<script defer src=/config.js></script>');
    expect(html).toContain('<link rel=stylesheet href=/css/main.cc1961c111.css>');
    // The meta's names stay for a switch of language; the body's content is untouched.
    expect(html).toContain('data-rtl=/css/bootstrap-rtl.91f4da9211.css>');
    // The chunk runs at the body's end, after the content is parsed (the first paint does not wait for it) and
    // before the deferred entry, which runs once the whole document is; the stylesheets stay in the head.
    expect(
      html.endsWith(
        `</head><body><div id=root></div><script data-href="/js/7962.0946104211.js">${CHUNK_IN_PAGE}</script></body></html>`,
      ),
    ).toBe(true);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<style data-href="/css/bootstrap-ltr.1a1791df11.css"');
    expect(head).not.toContain('<script data-href');
  });

  test('a page without a body’s end keeps its chunks at the head’s end, before the body', () => {
    const { html } = inlineAssets(spaDir)(INDEX_HTML.replace('</body></html>', ''), new Set());
    expect(html).toContain(`${CHUNK_IN_PAGE}</script></head><body><div id=root></div>`);
  });

  test('files the browser holds stay linked; a file the build does not have stays as the HTML names it', () => {
    const inline = inlineAssets(spaDir);
    const held = inline(INDEX_HTML, new Set(['1a1791df11', '0946104211']));
    expect(held.html).toBe(INDEX_HTML);
    expect(held.scriptSources).toEqual([]);
    const missing = INDEX_HTML.replace(/1a1791df11/g, 'ffffffffff').replace(/0946104211/g, 'eeeeeeeeee');
    expect(inline(missing, new Set()).html).toBe(missing);
  });

  test("the cookie's names: content hashes only, at most the limit, the latest kept", () => {
    expect(contentHashOf('/css/main.cc1961c1.css')).toBe('cc1961c1');
    expect(contentHashOf('/config.js')).toBeNull();
    expect([...heldFiles('a=1; shop_held=cc1961c1~1a1791df; b=2')]).toEqual(['cc1961c1', '1a1791df']);
    expect([...heldFiles('shop_held=cc1961c1~..%2F..~<script>~1A1791DF~')]).toEqual(['cc1961c1']);
    expect(heldFiles(undefined).size).toBe(0);
    const many = Array.from({ length: 40 }, (_, index) => index.toString(16).padStart(8, '0'));
    const kept = [...heldFiles(`shop_held=${many.join('~')}`)];
    expect(kept).toHaveLength(HELD_FILES_LIMIT);
    expect(kept.at(-1)).toBe(many.at(-1));
  });

  test("the policy allows the page's inline scripts by hash and nothing more", () => {
    const policy = "default-src 'self';script-src 'self' https://accounts.google.com;style-src 'self'";
    expect(policyAllowingScripts(policy, ["'sha256-abc='", "'sha256-def='"])).toBe(
      "default-src 'self';script-src 'self' https://accounts.google.com 'sha256-abc=' 'sha256-def=';style-src 'self'",
    );
    expect(policyAllowingScripts(policy, [])).toBe(policy);
  });
});

describe('the served page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { spaDir } });
  });
  afterAll(() => t.close());

  const page = (cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/cart',
      headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
    });

  test('a first page carries its files, its policy allows exactly its scripts, its Link header names only the rest', async () => {
    const response = await page();
    expect(response.statusCode).toBe(200);
    const inlineScripts = [...response.body.matchAll(/<script data-href="[^"]*">([\s\S]*?)<\/script>/g)].map(
      ([, text]) => sha256(text ?? ''),
    );
    expect(inlineScripts).toEqual([sha256(CHUNK_IN_PAGE)]);
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toMatch(
      new RegExp(`script-src 'self' [^;]*${inlineScripts[0]?.replace(/[+/=]/g, '\\$&')}`),
    );
    expect(policy).toContain("object-src 'none'");
    expect(response.headers.link).toBe(
      '</js/main.3333333333.js>; rel=preload; as=script, </css/main.cc1961c111.css>; rel=preload; as=style',
    );
  });

  test('a link-preview bot, which runs no script, gets the page without the files', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/cart',
      headers: { accept: 'text/html', 'user-agent': 'WhatsApp/2.23.20.0' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('data-href');
    expect(response.headers['content-security-policy']).not.toContain('sha256');
  });

  test('a browser that holds the files gets them linked, and preloaded by the headers as before', async () => {
    const response = await page('shop_held=1a1791df11~0946104211');
    expect(response.body).not.toContain('<style data-href');
    expect(response.body).not.toContain('<script data-href');
    expect(response.headers['content-security-policy']).not.toContain('sha256');
    expect(response.headers.link).toBe(
      '</js/main.3333333333.js>; rel=preload; as=script, </css/bootstrap-ltr.1a1791df11.css>; rel=preload; as=style, </css/main.cc1961c111.css>; rel=preload; as=style',
    );
  });
});
