import { inProcessFetch } from '../../server/plugins/pageRenderer';
import { createTestApp, type TestApp } from '../../server/testing/testApp';
import { allResources } from '../i18n/resources';
import type { Language } from './events';
import { selectFirstRenderInputs } from './firstRender';
import { renderPage } from './renderPage';
import { makeStore } from './store';

// The page renderer as the server runs it: in Node (no window, so queries start during render), against the whole
// server in process with the demo shop.
let t: TestApp;
let fetchApi: typeof fetch;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  fetchApi = inProcessFetch(t.app);
}, 60_000);
afterAll(async () => {
  await t.close();
});

const render = (url: string, language: Language = 'en') =>
  renderPage({ url, language, apiBaseUrl: 'http://in-process/api', fetch: fetchApi });

async function api<T>(url: string): Promise<T> {
  return JSON.parse((await t.app.inject({ method: 'GET', url: `/api/${url}` })).body) as T;
}

/** Text as React writes it into markup. */
const inMarkup = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

interface Slide {
  title: string;
  image2: string | null;
}
interface Product {
  id: number;
  name: string;
}

/** The endpoints whose answers a rendered page carries for the browser's hydration. */
const carried = (page: { answers: unknown }) =>
  Object.values(
    (page.answers as { queries: Record<string, { endpointName: string; status: string }> }).queries,
  ).map((entry) => `${entry.endpointName} ${entry.status}`);

test('the home page of a new visitor: the first slide, the best sellers, and the answers it was rendered from', async () => {
  const { data: slides } = await api<{ data: Slide[] }>('sliders?lang=en');
  const { bestSellingProducts } = await api<{ bestSellingProducts: Product[] }>(
    'best_selling_products?lang=en&currency_code=KWD',
  );
  const { html, page } = await render('/');
  expect(html).toContain(`alt="${inMarkup(slides[0]?.title ?? 'no slide')}"`);
  expect(html).toContain(inMarkup(bestSellingProducts[0]?.name ?? 'no product'));
  expect(html).toContain('<nav id="shell-navbar"');
  expect(carried(page)).toEqual(expect.arrayContaining(['getSliders fulfilled', 'getHomeData fulfilled']));
  // Rendered for a new visitor: the browser of one hydrates it.
  expect(page.personal).toBe(selectFirstRenderInputs(makeStore({ settings: { language: 'en' } }).getState()));
});

test('in Arabic, with Arabic texts and data, even while an English page renders at the same time', async () => {
  const { data: arabicSlides } = await api<{ data: Slide[] }>('sliders?lang=ar');
  const { data: englishSlides } = await api<{ data: Slide[] }>('sliders?lang=en');
  const [arabic, english] = await Promise.all([render('/', 'ar'), render('/', 'en')]);
  expect(arabic.html).toContain(inMarkup(arabicSlides[0]?.title ?? 'no slide'));
  expect(arabic.html).not.toContain(inMarkup(englishSlides[0]?.title ?? 'no slide'));
  expect(english.html).toContain(inMarkup(englishSlides[0]?.title ?? 'no slide'));
  expect(arabic.page.personal).not.toBe(english.page.personal);
});

test("a product page: the product's name as its heading", async () => {
  const product = await api<Product>('products/3?lang=en&currency_code=KWD');
  const { html, page } = await render('/product/3');
  expect(html).toMatch(
    new RegExp(`<h1[^>]*>${inMarkup(product.name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
  );
  expect(carried(page)).toContain('getProduct fulfilled');
});

test('a search link renders the results its address asks for', async () => {
  const product = await api<Product>('products/1?lang=en&currency_code=KWD');
  const other = await api<Product>('products/2?lang=en&currency_code=KWD');
  const word = product.name.split(/\s+/)[0] ?? '';
  expect(other.name).not.toContain(word);
  const { html } = await render(`/search?q=${encodeURIComponent(word)}`);
  expect(html).toContain(inMarkup(product.name));
  expect(html).not.toContain(inMarkup(other.name));
});

test('a link to another page of the results renders that page, and a page that cannot be says so', async () => {
  interface Page {
    data: Product[];
    page: number;
  }
  const first = await api<Page>('catalog/search?currency_code=KWD');
  const second = await api<Page>('catalog/search?currency_code=KWD&page=2');
  expect(second.page).toBe(2);
  const { html, page } = await render('/search?page=2');
  expect(html).toContain(inMarkup(second.data[0]?.name ?? 'no product'));
  expect(html).not.toContain(inMarkup(first.data[0]?.name ?? 'no product'));
  expect(html).toMatch(/aria-current="page"[^>]*>2</);
  expect(carried(page)).toContain('searchProducts fulfilled');
  for (const [url, language] of [
    ['/search?page=0', 'en'],
    ['/search?page=99999', 'ar'],
  ] as const) {
    const rendered = await render(url, language);
    expect(rendered.html).toContain(inMarkup(allResources[language].search.catalog.search.no_such_page));
    expect(rendered.html).not.toContain(inMarkup(first.data[0]?.name ?? 'no product'));
  }
});

test("the cart of a new visitor is the empty cart's page, in the page's language", async () => {
  expect((await render('/cart')).html).toContain('Your cart is empty');
  expect((await render('/cart', 'ar')).html).toContain(inMarkup(allResources.ar.shop.cart.empty_title));
});
