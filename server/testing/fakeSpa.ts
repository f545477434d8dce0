import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { createTestApp, type TestApp, type TestAppOptions } from './testApp';

// A stand-in for dist/ssr/render.js: counts its renders, reaches the API through the fetch it is given, and fails
// for one address.
const FAKE_RENDERER = `
let renders = 0;
exports.renderPage = async ({ url, language, apiBaseUrl, fetch }) => {
  renders += 1;
  if (url.includes('fail')) throw new Error('the page broke');
  // Held until the test lets it go (globalThis.releaseSlowPages), to keep renders under way.
  if (url.includes('slow')) await new Promise((resolve) => (globalThis.releaseSlowPages ??= []).push(resolve));
  const health = await (await fetch(apiBaseUrl + '/health')).json();
  return {
    html: '<main data-render="' + renders + '"><h1>' + language + ' ' + url + ' ' + health.status + '</h1></main>',
    page: { personal: '{"note":"</script><b>"}', answers: { queries: {} } },
  };
};
`;

// The built index.html as html-webpack-plugin minifies it, with the shop's code preloaded.
export const FAKE_INDEX_HTML =
  '<!doctype html><html lang=en dir=ltr><head><link rel=preload as=script href=/js/app.1111111111.js><script defer src=/js/main.2222222222.js></script><link rel=stylesheet href=/css/main.3333333333.css></head><body><div id=root></div></body></html>';

/** A built SPA with a page renderer in a temporary folder (the caller removes it). */
export function writeSpa(renderer = FAKE_RENDERER): string {
  const spaDir = mkdtempSync(path.join(tmpdir(), 'storefront-ssr-'));
  writeFileSync(path.join(spaDir, 'index.html'), FAKE_INDEX_HTML);
  mkdirSync(path.join(spaDir, 'ssr'));
  writeFileSync(path.join(spaDir, 'ssr', 'render.js'), renderer);
  writeFileSync(
    path.join(spaDir, 'chunk-manifest.json'),
    JSON.stringify({ home: ['css/home.4444444444.css', 'js/home.5555555555.js'] }),
  );
  return spaDir;
}

/**
 * The whole server on a fresh database serving a fake SPA build (`writeSpa`), made before the describe block's
 * tests and removed after them; `options` as createTestApp's.
 */
export function fakeSpaServer(options: TestAppOptions = {}): {
  readonly t: TestApp;
  readonly spaDir: string;
} {
  let app: TestApp | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    dir = writeSpa();
    app = await createTestApp({ ...options, config: { ...options.config, spaDir: dir } });
  });
  afterAll(async () => {
    await app?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return {
    get t() {
      if (!app) throw new Error('the server is made in beforeAll');
      return app;
    },
    get spaDir() {
      if (!dir) throw new Error('the build is written in beforeAll');
      return dir;
    },
  };
}
