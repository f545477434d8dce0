// docs/flows.md names, for each step of a flow, the file it lives in, the actions and functions it calls, the API
// endpoints and the SPA's pages. This holds every one of those names to the code, so the document cannot drift:
// a moved file, a renamed action or endpoint, a removed page fails here until the document says what is true.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { AREAS } from '../contract';
import { ROUTE_TABLE } from '../shared/routeTable';

const ROOT = path.join(__dirname, '..');
const FLOWS = readFileSync(path.join(__dirname, 'flows.md'), 'utf8');

/** The folders a flow's files live in (paths in the document start with one of these, or end one of their files). */
const CODE_FOLDERS = ['src', 'server', 'contract', 'shared'];

function filesUnder(folder: string): string[] {
  const full = path.join(ROOT, folder);
  if (!existsSync(full)) return [];
  return readdirSync(full).flatMap((name) => {
    const relative = `${folder}/${name}`;
    return statSync(path.join(ROOT, relative)).isDirectory() ? filesUnder(relative) : [relative];
  });
}

const SOURCE_FILES = CODE_FOLDERS.flatMap(filesUnder).filter((file) => /\.tsx?$/.test(file));

/** The document's sections: a heading and the lines below it up to the next one. */
function sections(markdown: string): { title: string; text: string }[] {
  return markdown
    .split(/^## /m)
    .slice(1)
    .map((part) => {
      const [title = '', ...rest] = part.split('\n');
      return { title, text: rest.join('\n') };
    });
}

/**
 * The files a text cites: a path from the repository's root (`src/app/api.ts`), or the end of one, as a step
 * continues a path cited beside it (`routes/cart.ts`, `cartEffects.ts`). A bare name must name one file only.
 */
function citedFiles(text: string): { cited: string; found: string[] }[] {
  const names = new Set(text.match(/(?<![\w/.-])[\w.-]+(?:\/[\w.-]+)*\.tsx?\b/g) ?? []);
  return [...names].map((cited) => ({
    cited,
    found: CODE_FOLDERS.some((folder) => cited.startsWith(`${folder}/`))
      ? SOURCE_FILES.filter((file) => file === cited)
      : SOURCE_FILES.filter((file) => file.endsWith(`/${cited}`)),
  }));
}

/** Actions and functions a flow calls (`addToCartClicked(request)`, `sessionExpired()`) and constants it names. */
function citedSymbols(text: string): string[] {
  const calls = [...text.matchAll(/(?<![\w.])([a-z][A-Za-z0-9]+)\(/g)].map((match) => match[1] ?? '');
  const constants = text.match(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g) ?? [];
  const backticked = [...text.matchAll(/`([A-Za-z_][\w.]*)`/g)].map((match) => match[1] ?? '');
  return [...new Set([...calls, ...constants, ...backticked])];
}

/** The API endpoints a flow calls: `POST /cart/add`, `GET /payments/{paymentId}/status`. */
function citedEndpoints(text: string): { method: string; url: string }[] {
  return [...text.matchAll(/\b(GET|POST|PUT|PATCH|DELETE) (\/[\w/{}:-]*\w}?)/g)].map((match) => ({
    method: match[1] ?? '',
    url: match[2] ?? '',
  }));
}

/** The endpoints of the contract, their parameters spelled `{name}` as the document spells them. */
const ENDPOINTS = new Set(
  AREAS.flatMap((area) =>
    Object.values(area.endpoints).map(
      (endpoint) => `${endpoint.method} ${endpoint.url.replace(/:(\w+)/g, '{$1}').replace(/\/$/, '')}`,
    ),
  ),
);

/** An endpoint as the document writes it, parameters renamed to `{}` so their names do not matter. */
const anyParameter = (endpoint: string) => endpoint.replace(/\{\w+\}/g, '{}');

/** The SPA's pages: the paths of its route table (the router is built from it). */
const PAGES = new Set<string>(ROUTE_TABLE.map((route) => route.path));

/** The pages a flow opens: `/search?q=…`, `/payment?paymentId=…` (a page address carries a query). */
function citedPages(text: string): string[] {
  return [...text.matchAll(/(?<![\w/])(\/[a-z][\w-]*)\?/g)].map((match) => match[1] ?? '');
}

describe('docs/flows.md', () => {
  const flows = sections(FLOWS);

  it('describes flows', () => {
    expect(flows.length).toBeGreaterThan(3);
  });

  it('cites files that exist, each name naming one file', () => {
    const wrong = citedFiles(FLOWS)
      .filter(({ found }) => found.length !== 1)
      .map(({ cited, found }) => `${cited} → ${found.length === 0 ? 'no such file' : found.join(', ')}`);
    expect(wrong).toEqual([]);
  });

  it.each(flows.map((flow) => [flow.title, flow.text]))(
    '"%s": every action, function and constant it names is in a file the flow cites',
    (_title, text) => {
      const sources = citedFiles(text)
        .flatMap(({ found }) => found)
        .map((file) => readFileSync(path.join(ROOT, file), 'utf8'));
      const missing = citedSymbols(text).filter((symbol) => {
        const name = symbol.split('.').pop() ?? symbol;
        return !sources.some((source) => new RegExp(`\\b${name}\\b`).test(source));
      });
      expect(missing).toEqual([]);
    },
  );

  it('calls endpoints the contract has', () => {
    const known = new Set([...ENDPOINTS].map(anyParameter));
    const unknown = citedEndpoints(FLOWS)
      .map(({ method, url }) => `${method} ${url}`)
      .filter((endpoint) => !known.has(anyParameter(endpoint)));
    expect(unknown).toEqual([]);
  });

  it('opens pages the route table has', () => {
    expect(citedPages(FLOWS).filter((page) => !PAGES.has(page))).toEqual([]);
  });
});

describe('the checks of docs/flows.md', () => {
  it('fail on a file, a symbol, an endpoint or a page that is not there', () => {
    expect(citedFiles('src/app/nowhere.ts, routes/nowhere.ts').every(({ found }) => found.length === 0)).toBe(
      true,
    );
    expect(citedFiles('cart.ts').map(({ found }) => found.length > 1)).toEqual([true]);
    expect(citedSymbols('dispatch somethingGone(x) → NO_SUCH_TAG, `alsoGone`')).toEqual([
      'somethingGone',
      'NO_SUCH_TAG',
      'alsoGone',
    ]);
    expect(citedEndpoints('POST /cart/nowhere')).toEqual([{ method: 'POST', url: '/cart/nowhere' }]);
    expect(ENDPOINTS.has('POST /cart/nowhere')).toBe(false);
    expect(ENDPOINTS.has('POST /cart/add')).toBe(true);
    expect(citedPages('navigate(/nowhere?q=…)')).toEqual(['/nowhere']);
    expect(PAGES.has('/nowhere')).toBe(false);
  });
});
