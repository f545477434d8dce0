// A search page the results do not have (issue 48): the server-rendered page says so with a link to the last page,
// answers 404 (not 200: nothing for a search engine to index) and is not indexed; a later page that exists is 200
// with its number in the title, in the page's language.
import type { SearchResponse } from '../../contract/catalogSearch';
import { searchCatalog } from '../services/catalogSearch';
import { fakeSpaServer } from '../testing/fakeSpa';

// The search, counted: the module's exports are read-only bindings, so it is wrapped where it is loaded.
jest.mock('../services/catalogSearch', () => {
  const actual = jest.requireActual<typeof import('../services/catalogSearch')>('../services/catalogSearch');
  return { ...actual, searchCatalog: jest.fn(actual.searchCatalog) };
});
const searches = jest.mocked(searchCatalog);

const server = fakeSpaServer({ seed: true, config: { publicUrl: 'https://shop.example' } });

const page = (url: string) => server.t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

async function pageCount(query: string): Promise<number> {
  const answer = await server.t.app.inject({ method: 'GET', url: `/api/catalog/search?${query}` });
  return answer.json<SearchResponse>().page_count;
}

test('a page past the last, or one that cannot be, is a 404 that is still rendered and not indexed', async () => {
  const last = await pageCount('');
  expect(last).toBeGreaterThan(2);
  for (const [url, title] of [
    [`/search?page=${last + 1}`, `All products — page ${last + 1} · Gulf Store`],
    ['/search?page=999', 'All products — page 999 · Gulf Store'],
    ['/search?page=abc', 'All products · Gulf Store'],
    ['/search?page=999&lng=ar', 'كل المنتجات — صفحة 999 · متجر الخليج'],
    ['/search?q=abaya&page=999', 'Search results for “abaya” — page 999 · Gulf Store'],
  ] as const) {
    const answer = await page(url);
    expect({ url, status: answer.statusCode }).toEqual({ url, status: 404 });
    expect(titleOf(answer.body)).toBe(title);
    expect(answer.body).toContain('<meta name="robots" content="noindex">');
    expect(answer.body).not.toContain('rel="canonical"');
    // Rendered as the page the shopper gets (the fake build writes its address): it says there is no such page.
    expect(answer.body).toMatch(/<h1>(en|ar) \/search\?/);
  }
  // Filters narrow the results: page 2 of a filter with one page is past the last.
  const brand = encodeURIComponent('No Such Brand');
  expect((await page(`/search?brands=${brand}&page=2`)).statusCode).toBe(404);
});

test('a later page that exists is 200 with its number in the title; page 1 has none', async () => {
  const last = await pageCount('');
  for (const [url, title] of [
    ['/search', 'All products · Gulf Store'],
    ['/search?page=1', 'All products · Gulf Store'],
    ['/search?page=2', 'All products — page 2 · Gulf Store'],
    [`/search?page=${last}&lng=ar`, `كل المنتجات — صفحة ${last} · متجر الخليج`],
  ] as const) {
    const answer = await page(url);
    expect({ url, status: answer.statusCode }).toEqual({ url, status: 200 });
    expect(titleOf(answer.body)).toBe(title);
    expect(answer.body).toContain('rel="canonical"');
  }
});

test("a later page's count is the search route's answer for the address the page's render asks: searched once for both", async () => {
  searches.mockClear();
  const brand = encodeURIComponent('Layali');
  expect((await page(`/search?brands=${brand}&page=2&lng=ar`)).statusCode).toBeGreaterThan(0);
  expect(searches).toHaveBeenCalledTimes(1);
  // What the SPA asks for that page (features/catalog/catalogApi.ts: language, currency, then the search).
  const asked = await server.t.app.inject({
    method: 'GET',
    url: `/api/catalog/search?lang=ar&currency_code=KWD&brands=${brand}&page=2`,
  });
  expect([200, 404]).toContain(asked.statusCode);
  expect(searches).toHaveBeenCalledTimes(1);
});

test('the categories’ pages too: a page past the last is a 404 that is still rendered; an unreadable page is page 1', async () => {
  const answer = await server.t.app.inject({ method: 'GET', url: '/api/catalog/categories' });
  const last = answer.json<{ page_count: number }>().page_count;
  for (const [url, title] of [
    [`/all-categories?page=${last + 1}`, `All categories — page ${last + 1} · Gulf Store`],
    ['/all-categories?page=999&lng=ar', 'كل الأقسام — صفحة 999 · متجر الخليج'],
  ] as const) {
    const past = await page(url);
    expect({ url, status: past.statusCode }).toEqual({ url, status: 404 });
    expect(titleOf(past.body)).toBe(title);
    expect(past.body).toContain('<meta name="robots" content="noindex">');
    expect(past.body).not.toContain('rel="canonical"');
    expect(past.body).toMatch(/<h1>(en|ar) \/all-categories\?page=/);
  }
  for (const url of ['/all-categories', `/all-categories?page=${last}`, '/all-categories?page=abc']) {
    expect({ url, status: (await page(url)).statusCode }).toEqual({ url, status: 200 });
  }
});
