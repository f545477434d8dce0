// Issue 49, "Found" and "Shared": real statuses, robots.txt and the sitemaps, each page's head (title,
// description, canonical, alternates, Open Graph, Twitter card, JSON-LD) in the server's HTML.
import { fakeSpaServer } from '../testing/fakeSpa';

const ORIGIN = 'https://shop.example';
const server = fakeSpaServer({ seed: true, config: { publicUrl: ORIGIN } });

const page = (url: string, headers: Record<string, string> = {}) =>
  server.t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

describe('real statuses', () => {
  test('an unknown product or path is a 404 with the shop’s HTML and a translated not-found title', async () => {
    for (const url of ['/product/999999', '/product/abc', '/no-such-page']) {
      const answer = await page(url);
      expect(answer.statusCode).toBe(404);
      expect(answer.headers['content-type']).toContain('text/html');
      expect(answer.body).toContain('<div id=root>');
      expect(answer.body).toContain('<meta name="robots" content="noindex">');
      expect(answer.body).not.toContain('rel="canonical"');
      expect(answer.body).toContain('<title>Page not found | Gulf Store</title>');
    }
    const arabic = await page('/no-such-page?lng=ar');
    expect(arabic.statusCode).toBe(404);
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.body).toContain('<title>الصفحة غير موجودة | متجر الخليج</title>');
  });

  test('known pages answer 200, whatever their spelling react-router accepts', async () => {
    for (const url of ['/', '/product/1', '/search?q=shirt', '/cart', '/checkout', '/profile', '/Policy/']) {
      expect({ url, status: (await page(url)).statusCode }).toEqual({ url, status: 200 });
    }
  });
});

describe('robots.txt and the sitemaps', () => {
  test('robots.txt keeps crawlers out of personal, staff and API pages and points at the sitemap', async () => {
    const answer = await server.t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    for (const path of ['/admin', '/checkout', '/profile', '/cart', '/payment', '/api/']) {
      expect(answer.body).toContain(`Disallow: ${path}\n`);
    }
    expect(answer.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  test('sitemap.xml is an index of per-language sitemaps, each listing pages with their alternates', async () => {
    const index = await server.t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('application/xml');
    expect(index.body).toContain('<sitemapindex');
    const sitemaps = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(sitemaps).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/sitemaps/pages-en.xml`,
        `${ORIGIN}/sitemaps/pages-ar.xml`,
        `${ORIGIN}/sitemaps/products-en-1.xml`,
        `${ORIGIN}/sitemaps/products-ar-1.xml`,
      ]),
    );
    expect(index.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);

    const products = await server.t.app.inject({ method: 'GET', url: '/sitemaps/products-ar-1.xml' });
    expect(products.statusCode).toBe(200);
    expect(products.body).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(products.body).toContain(`<loc>${ORIGIN}/product/1?lng=ar</loc>`);
    expect(products.body).toContain(
      `<xhtml:link rel="alternate" hreflang="en" href="${ORIGIN}/product/1?lng=en"/>`,
    );
    expect(products.body).toContain(
      `<xhtml:link rel="alternate" hreflang="x-default" href="${ORIGIN}/product/1"/>`,
    );
    expect(products.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
    const urls = products.body.match(/<url>/g) ?? [];
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.length).toBeLessThanOrEqual(50_000);

    const pages = await server.t.app.inject({ method: 'GET', url: '/sitemaps/pages-en.xml' });
    expect(pages.body).toContain(`<loc>${ORIGIN}/?lng=en</loc>`);
    expect(pages.body).toContain(`<loc>${ORIGIN}/search?category=1&amp;lng=en</loc>`);

    for (const url of ['/sitemaps/products-en-9.xml', '/sitemaps/products-fr-1.xml', '/sitemaps/x.xml']) {
      expect((await server.t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
