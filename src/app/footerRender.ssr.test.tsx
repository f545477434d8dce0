// Issue 49: the footer's links and texts are in the server-rendered HTML of every page (crawlers and visitors
// without JavaScript read them), in the page's language; only its contact form loads later.
import { createTestApp, type TestApp } from '../../server/testing/testApp';
import { inProcessFetch } from '../../server/plugins/pageRenderer';
import type { Language } from './events';
import { renderPage } from './renderPage';

let t: TestApp;
let fetchApi: typeof fetch;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  fetchApi = inProcessFetch(t.app);
}, 60_000);
afterAll(async () => {
  await t.close();
});

const render = (url: string, language: Language, contactEmail?: string) =>
  renderPage({
    url,
    language,
    apiBaseUrl: 'http://in-process/api',
    fetch: fetchApi,
    ...(contactEmail ? { config: { contactEmail } } : {}),
  });

const footerOf = (html: string) => /<footer[^>]*class="site-footer[\s\S]*<\/footer>/.exec(html)?.[0] ?? '';

test.each([
  [
    'en',
    ['Terms of use', 'Privacy policy', 'Who we are', 'About us', 'Kuwait', 'We accept', 'Read more about us'],
  ],
  [
    'ar',
    ['شروط الاستخدام', 'سياسة الخصوصية', 'من نحن', 'عن المتجر', 'الكويت', 'وسائل الدفع', 'اقرأ المزيد عنا'],
  ],
] as const)(
  'every rendered page carries the footer’s links and texts in its language (%s)',
  async (language, texts) => {
    // '/not-found': what the server renders for any address the SPA has no page for (server/plugins/spa.ts).
    for (const url of [
      '/',
      '/search?q=abaya',
      '/product/1',
      '/cart',
      '/policy',
      '/all-categories',
      '/not-found',
    ]) {
      const footer = footerOf((await render(url, language)).html);
      expect({ url, footer: footer.length > 0 }).toEqual({ url, footer: true });
      for (const href of ['/policy', '/privacy', '/who-we-are']) expect(footer).toContain(`href="${href}"`);
      for (const text of texts)
        expect({ url, text, found: footer.includes(text) }).toEqual({ url, text, found: true });
      expect(footer).toContain('href="mailto:support@gulfstore.example"');
      // The about text is the shop's own, read from the API, cut to 20 words.
      expect(footer).toContain('data-testid="footer-about"');
      // Its interactive part, the contact form, still loads when the shopper nears it.
      expect(footer).toContain('contact-form-placeholder');
    }
  },
);

test('the contact address is the one the server is configured with (as /config.js tells the browser)', async () => {
  const footer = footerOf((await render('/', 'en', 'hello@shop.example')).html);
  expect(footer).toContain('href="mailto:hello@shop.example"');
  expect(footer).not.toContain('support@gulfstore.example');
});

test('the page carries the about answer, so the browser’s first render shows the same text', async () => {
  const { page } = await render('/policy', 'ar');
  const queries = (page.answers as { queries: Record<string, { endpointName: string }> }).queries;
  expect(Object.values(queries).map((entry) => entry.endpointName)).toContain('getAbouts');
});
