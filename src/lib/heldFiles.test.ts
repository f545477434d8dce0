import { http, HttpResponse } from 'msw';

import { HELD_FILES_COOKIE, HELD_FILES_LIMIT } from '../../shared/pageChunks';
import { server } from '../testing/server';

const clearCookie = () => {
  document.cookie = `${HELD_FILES_COOKIE}=; path=/; max-age=0`;
};
const heldCookie = () =>
  decodeURIComponent(
    document.cookie
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${HELD_FILES_COOKIE}=`))
      ?.slice(HELD_FILES_COOKIE.length + 1) ?? '',
  );

/** A fresh copy of the module: it fetches once a page load. */
async function freshHold() {
  let hold: (() => Promise<void>) | undefined;
  await jest.isolateModulesAsync(async () => {
    hold = (await import('./heldFiles')).holdCarriedFiles;
  });
  if (!hold) throw new Error('the module did not load');
  return hold;
}

afterEach(() => {
  document.head.innerHTML = '';
  clearCookie();
});

test('the files the page carried inline are fetched into the cache and named in the cookie, a failed one not', async () => {
  document.head.innerHTML =
    '<style data-href="/css/bootstrap-ltr.1a1791df.css" data-bootstrap="ltr">a{}</style>' +
    '<style data-href="/css/main.cc1961c1.css">b{}</style>' +
    '<script data-href="/js/1543.e9b22cb0.js"></script>' +
    // A JSON-LD block and a sheet with no built file's name are none of them.
    '<script type="application/ld+json">{}</script><style>c{}</style>';
  const fetched: string[] = [];
  server.use(
    http.get('http://localhost/css/:file', ({ params }) => {
      fetched.push(`css/${String(params.file)}`);
      return new HttpResponse('a{}', { headers: { 'Content-Type': 'text/css' } });
    }),
    http.get('http://localhost/js/:file', ({ params }) => {
      fetched.push(`js/${String(params.file)}`);
      return new HttpResponse(null, { status: 404 });
    }),
  );
  const hold = await freshHold();
  await hold();
  expect(fetched).toEqual(['css/bootstrap-ltr.1a1791df.css', 'css/main.cc1961c1.css', 'js/1543.e9b22cb0.js']);
  expect(heldCookie()).toBe('1a1791df~cc1961c1');
  // Once a page load: the next pages of the visit fetch nothing again.
  await hold();
  expect(fetched).toHaveLength(3);
});

test('the names already held are kept, the latest last, the oldest dropped past the limit', async () => {
  const older = Array.from({ length: HELD_FILES_LIMIT }, (_, index) => `0000000${index.toString(16)}`);
  document.cookie = `${HELD_FILES_COOKIE}=${older.join('~')}; path=/`;
  document.head.innerHTML = `<style data-href="/css/7962.eefd1c65.css">a{}</style><style data-href="/css/x.${older[3]}.css">b{}</style>`;
  server.use(http.get('http://localhost/css/:file', () => new HttpResponse('a{}')));
  await (
    await freshHold()
  )();
  const names = heldCookie().split('~');
  expect(names).toHaveLength(HELD_FILES_LIMIT);
  expect(names.slice(-2)).toEqual(['eefd1c65', older[3]]);
  expect(names).not.toContain(older[0]);
});

test('a page that carries nothing fetches nothing', async () => {
  document.head.innerHTML = '<link rel="stylesheet" href="/css/main.cc1961c1.css">';
  await (
    await freshHold()
  )();
  expect(heldCookie()).toBe('');
});
