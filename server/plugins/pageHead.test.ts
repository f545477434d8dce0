// Issue 49, "Found" and "Shared": real statuses, robots.txt and the sitemaps, each page's head (title,
// description, canonical, alternates, Open Graph, Twitter card, JSON-LD) in the server's HTML.
import { and, asc, eq, inArray } from 'drizzle-orm';

import { DEFAULT_PER_IP_LIMITS } from '../config';
import { currentProduct, unitPriceOf } from '../services/catalog';
import { categories, productImages, products, reviews, sliders } from '../db/schema';
import { storeProductPicture } from '../services/backOffice/pictures';
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
      expect(answer.body).toMatch(/<div id="?root"?>/);
      expect(answer.body).toContain('<meta name="robots" content="noindex">');
      expect(answer.body).not.toContain('rel="canonical"');
      expect(answer.body).toContain('<title>Page not found · Gulf Store</title>');
    }
    const arabic = await page('/no-such-page?lng=ar');
    expect(arabic.statusCode).toBe(404);
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.body).toContain('<title>الصفحة غير موجودة · متجر الخليج</title>');
  });

  test('an unknown path carries the not-found page rendered (with the footer’s links), one render for them all', async () => {
    const first = await page('/no-such-page?lng=ar');
    expect(first.statusCode).toBe(404);
    // The SPA shows its not-found page at any address it has no page for: rendered once, under one address.
    expect(first.body).toContain('<h1>ar /not-found ok</h1>');
    const render = /data-render="(\d+)"/.exec(first.body)?.[1];
    const other = await page('/another/unknown/page?lng=ar');
    expect(other.statusCode).toBe(404);
    expect(/data-render="(\d+)"/.exec(other.body)?.[1]).toBe(render);
    // A product id never given out (or not an id at all) carries the same page, its status kept: the same render.
    for (const url of ['/product/999999?lng=ar', '/product/abc?lng=ar', '/PRODUCT/999998/?lng=ar']) {
      const product = await page(url);
      expect({ url, status: product.statusCode }).toEqual({ url, status: 404 });
      expect(product.body).toContain('<h1>ar /not-found ok</h1>');
      expect(/data-render="(\d+)"/.exec(product.body)?.[1]).toBe(render);
      expect(product.body).toContain('<meta name="robots" content="noindex">');
    }
    expect((await page('/product/999999')).body).toContain('<h1>en /not-found ok</h1>');
    // A shopper with a state of their own gets the page rendered by their browser, as any page.
    const personal = await page('/no-such-page', { cookie: 'shop_personal=1' });
    expect(personal.statusCode).toBe(404);
    expect(personal.body).toContain('<div id=root></div>');
  });

  test('an unknown category is a 404 too, an empty search or a known category 200', async () => {
    for (const url of [
      '/search?category=999999',
      '/search?category=abc',
      '/search?q=shirt&category=999999',
    ]) {
      const answer = await page(url);
      expect({ url, status: answer.statusCode }).toEqual({ url, status: 404 });
      expect(answer.body).toContain('<meta name="robots" content="noindex">');
      expect(answer.body).toContain('<title>Page not found · Gulf Store</title>');
    }
    for (const url of ['/search', '/search?category=1', '/search?category=', '/search?q=shirt']) {
      expect({ url, status: (await page(url)).statusCode }).toEqual({ url, status: 200 });
    }
    // The shop's own links name the category (CategoryTiles), in either language.
    const [category] = await server.t.db.select().from(categories).where(eq(categories.id, 1));
    if (!category) throw new Error('the demo shop has category 1');
    const english = await page(`/search?category=${encodeURIComponent(category.nameEn.toUpperCase())}`);
    expect(english.statusCode).toBe(200);
    expect(headOf(english.body).title).toBe(`${category.nameEn} · Gulf Store`.replace(/&/g, '&amp;'));
    const arabic = await page(`/search?category=${encodeURIComponent(category.nameAr)}&lng=ar`);
    expect(arabic.statusCode).toBe(200);
    expect(headOf(arabic.body).title).toBe(`${category.nameAr} · متجر الخليج`.replace(/&/g, '&amp;'));
  });

  test('a product that is gone answers 410 with the not-found page; one never made 404', async () => {
    const [made] = await server.t.db
      .insert(products)
      .values({ categoryId: 1, nameEn: 'Short-lived', nameAr: 'قصير العمر', price: 1, stockQuantity: 1 })
      .returning({ id: products.id });
    if (!made) throw new Error('the product was made');
    expect((await page(`/product/${made.id}`)).statusCode).toBe(200);
    await server.t.db.delete(products).where(eq(products.id, made.id));
    server.t.app.deps.catalogue.changed();
    const gone = await page(`/product/${made.id}?lng=ar`);
    expect(gone.statusCode).toBe(410);
    // The rendered not-found page (the footer's links with it), as at any unknown address.
    expect(gone.body).toContain('<h1>ar /not-found ok</h1>');
    expect(gone.body).toContain('<meta name="robots" content="noindex">');
    expect(gone.body).toContain('<title>الصفحة غير موجودة · متجر الخليج</title>');
    expect((await page(`/product/${made.id + 1000}`)).statusCode).toBe(404);
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
    for (const path of ['/admin', '/checkout', '/profile', '/payment', '/api/']) {
      expect(answer.body).toContain(`Disallow: ${path}\n`);
    }
    // The cart is a shopper page like the others (a crawler's is a new visitor's empty cart): not blocked.
    expect(answer.body).not.toMatch(/^Disallow: \/c(a(r(t)?)?)?$/m);
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

/** The head's tags of a page's HTML. */
const headOf = (html: string) => {
  const head = /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? '';
  const meta = (key: string) =>
    new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(head)?.[1];
  const link = (rel: string, hreflang?: string) =>
    new RegExp(`<link rel="${rel}"${hreflang ? ` hreflang="${hreflang}"` : ''} href="([^"]*)">`).exec(
      head,
    )?.[1];
  return { head, title: /<title>([^<]*)<\/title>/.exec(head)?.[1], meta, link };
};

describe('each page’s title, description, canonical and alternates (issue 49, step 2)', () => {
  test('a product: its name, brand and price with the currency, in the page’s language', async () => {
    const { currentProduct } = await import('../services/catalog');
    const english = await currentProduct(server.t.db, 1, 'en');
    const arabic = await currentProduct(server.t.db, 1, 'ar');
    if (!english || !arabic) throw new Error('the demo shop has product 1');

    const en = headOf((await page('/product/1?utm_source=x&fbclid=y&gclid=z')).body);
    expect(en.title).toContain(english.name);
    if (english.brand) expect(en.title).toContain(english.brand);
    expect(en.title).toMatch(/KWD\s?[\d.]+|[\d.]+\s?KWD/);
    expect(en.meta('description')).toContain(english.name);
    expect(en.link('canonical')).toBe(`${ORIGIN}/product/1?lng=en`);
    expect(en.link('alternate', 'en')).toBe(`${ORIGIN}/product/1?lng=en`);
    expect(en.link('alternate', 'ar')).toBe(`${ORIGIN}/product/1?lng=ar`);
    expect(en.link('alternate', 'x-default')).toBe(`${ORIGIN}/product/1`);

    const arPage = await page('/product/1?lng=ar');
    expect(arPage.body).toContain('<html lang="ar" dir="rtl">');
    const ar = headOf(arPage.body);
    expect(ar.title).toContain(arabic.name);
    expect(ar.title).toContain('متجر الخليج');
    expect(ar.title).toMatch(/د\.ك|KWD/);
    expect(ar.link('canonical')).toBe(`${ORIGIN}/product/1?lng=ar`);
  });

  test('search by words or by category, content pages and home', async () => {
    const search = headOf((await page('/search?q=abaya&utm_campaign=eid')).body);
    expect(search.title).toBe('Search results for “abaya” · Gulf Store');
    expect(search.link('canonical')).toBe(`${ORIGIN}/search?q=abaya&amp;lng=en`);
    // A later page's title carries its number (issue 48), and the results' page is part of the address: each page
    // of results is its own canonical page. (The demo's 150 products make 8 pages of all products; "abaya" one.)
    const later = headOf((await page('/search?page=2&utm_campaign=eid')).body);
    expect(later.title).toBe('All products — page 2 · Gulf Store');
    expect(later.link('canonical')).toBe(`${ORIGIN}/search?page=2&amp;lng=en`);

    // The categories' pages too: each its own canonical page, its number in its title; an unreadable page is page 1
    // (the demo's categories fit on one page: a shop with 25 more has two).
    const added = await server.t.db
      .insert(categories)
      .values(
        Array.from({ length: 25 }, (_, index) => ({
          nameEn: `Added ${index}`,
          nameAr: `مضاف ${index}`,
          image: '/media/c.svg',
        })),
      )
      .returning({ id: categories.id });
    try {
      const later = headOf((await page('/all-categories?page=2&utm_source=x')).body);
      expect(later.title).toBe('All categories — page 2 · Gulf Store');
      expect(later.link('canonical')).toBe(`${ORIGIN}/all-categories?page=2&amp;lng=en`);
      expect(headOf((await page('/all-categories?page=abc')).body).link('canonical')).toBe(
        `${ORIGIN}/all-categories?lng=en`,
      );
    } finally {
      await server.t.db.delete(categories).where(
        inArray(
          categories.id,
          added.map((row) => row.id),
        ),
      );
    }

    const category = headOf((await page('/search?category=1&lng=ar')).body);
    expect(category.title).toMatch(/ · متجر الخليج$/);
    // A category's pages are for the index; a search by words or by another filter is shown and followed only.
    expect(category.meta('robots')).toBeUndefined();
    expect(later.meta('robots')).toBeUndefined();
    expect(search.meta('robots')).toBe('noindex, follow');
    for (const filtered of [
      '/search?category=1&brands=Nasma',
      '/search?maxPrice=20',
      '/search?minRating=4',
    ]) {
      expect(headOf((await page(filtered)).body).meta('robots')).toBe('noindex, follow');
    }
    expect(category.meta('description')).toContain('تسوق');

    expect(headOf((await page('/privacy?lng=ar')).body).title).toBe('سياسة الخصوصية · متجر الخليج');
    expect(headOf((await page('/who-we-are')).body).title).toBe('Who we are · Gulf Store');
    const home = headOf((await page('/', { 'accept-language': 'ar' })).body);
    expect(home.title).toBe('متجر الخليج — متجر إلكتروني للكويت والخليج');
    expect(home.link('canonical')).toBe(`${ORIGIN}/?lng=ar`);
    // One title and one description: the built page's generic ones are replaced.
    expect(home.head.match(/<title>/g)).toHaveLength(1);
    expect(home.head.match(/name="?description/g)).toHaveLength(1);
  });

  test('words with markup are escaped in the head', async () => {
    const { head } = headOf(
      (await page('/search?q=%3C%2Ftitle%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E"')).body,
    );
    expect(head).not.toContain('<script>alert');
    expect(head).toContain('&lt;/title&gt;&lt;script&gt;');
  });
});

describe('Open Graph and Twitter card tags (issue 49, step 3)', () => {
  test('a product: its picture as an absolute URL, name, price and currency, in the page’s language', async () => {
    const ar = headOf((await page('/product/1?lng=ar')).body);
    expect(ar.meta('og:type')).toBe('product');
    expect(ar.meta('og:title')).toBe(ar.title);
    expect(ar.meta('og:description')).toBe(ar.meta('description'));
    expect(ar.meta('og:url')).toBe(`${ORIGIN}/product/1?lng=ar`);
    expect(ar.meta('og:image')).toBe(`${ORIGIN}/share/products/1.jpg`);
    expect(ar.meta('og:image:width')).toBe('1200');
    expect(ar.meta('og:image:height')).toBe('630');
    expect(ar.meta('og:locale')).toBe('ar_KW');
    expect(ar.meta('og:locale:alternate')).toBe('en_KW');
    expect(Number(ar.meta('product:price:amount'))).toBeGreaterThan(0);
    expect(ar.meta('product:price:currency')).toBe('KWD');
    expect(ar.meta('twitter:card')).toBe('summary_large_image');
    expect(ar.meta('twitter:image')).toBe(ar.meta('og:image'));
  });

  test('a product’s preview picture is a 1200 × 630 JPEG drawn from its main picture', async () => {
    const answer = await server.t.app.inject({ method: 'GET', url: '/share/products/1.jpg' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/jpeg');
    const { default: sharp } = await import('sharp');
    const picture = await sharp(answer.rawPayload).metadata();
    expect({ format: picture.format, width: picture.width, height: picture.height }).toEqual({
      format: 'jpeg',
      width: 1200,
      height: 630,
    });
    for (const url of ['/share/products/999999.jpg', '/share/products/x.jpg', '/share/products/1.png']) {
      expect((await server.t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  test('one canonical address however a page is spelled: capitals, a trailing slash, a leading zero', async () => {
    const product = headOf((await page('/PRODUCT/01/')).body);
    expect(product.link('canonical')).toBe(`${ORIGIN}/product/1?lng=en`);
    expect(product.link('alternate', 'ar')).toBe(`${ORIGIN}/product/1?lng=ar`);
    expect(product.meta('og:url')).toBe(`${ORIGIN}/product/1?lng=en`);
    // A search spelled so keeps its words: its title and canonical address are the search's.
    const search = headOf((await page('/Search/?q=abaya')).body);
    expect(search.link('canonical')).toBe(`${ORIGIN}/search?q=abaya&amp;lng=en`);
    expect(search.title).toContain('abaya');
    expect(headOf((await page('/CART/')).body).link('canonical')).toBe(`${ORIGIN}/cart?lng=en`);
  });

  test('a product whose picture staff uploaded (or an import stored) has its preview picture too', async () => {
    const { default: sharp } = await import('sharp');
    const photo = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#6a3' } })
      .jpeg()
      .toBuffer();
    const stored = await storeProductPicture(server.t.app.deps.config.dataDir, photo);
    expect(stored.image).toMatch(/^\/uploads\/products\/[0-9a-f]{16}\.webp$/);
    await server.t.db
      .update(productImages)
      .set({ image: stored.image })
      .where(and(eq(productImages.productId, 3), eq(productImages.position, 0)));
    server.t.app.deps.catalogue.changed();
    const answer = await server.t.app.inject({ method: 'GET', url: '/share/products/3.jpg' });
    expect(answer.statusCode).toBe(200);
    const picture = await sharp(answer.rawPayload).metadata();
    expect([picture.format, picture.width, picture.height]).toEqual(['jpeg', 1200, 630]);
  });

  test('home’s preview is the first slide the home page shows, not a withdrawn one', async () => {
    const slides = await server.t.db.select().from(sliders).orderBy(asc(sliders.sortOrder), asc(sliders.id));
    const [first, second] = slides;
    if (!first || !second) throw new Error('the demo shop has two slides');
    await server.t.db.update(sliders).set({ status: 0 }).where(eq(sliders.id, first.id));
    try {
      const head = headOf((await page('/?lng=en')).body);
      expect(head.meta('og:image')).toBe(`${ORIGIN}${second.image}`);
    } finally {
      await server.t.db.update(sliders).set({ status: first.status }).where(eq(sliders.id, first.id));
    }
  });

  test('every page has them: home shows the shop’s picture', async () => {
    for (const url of ['/', '/search?q=abaya', '/all-categories', '/policy', '/cart']) {
      const head = headOf((await page(url)).body);
      expect({ url, type: head.meta('og:type') }).toEqual({ url, type: 'website' });
      expect(head.meta('og:image')).toMatch(/^https:\/\/shop\.example\//);
      expect(head.meta('og:locale')).toBe('en_KW');
      expect(head.meta('twitter:card')).toBe('summary_large_image');
    }
  });
});

/** The page's JSON-LD blocks, parsed. */
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown> & { '@type': string },
  );
const ofType = (blocks: ReturnType<typeof jsonLdOf>, type: string) => {
  const found = blocks.find((block) => block['@type'] === type);
  if (!found) throw new Error(`no ${type} in ${JSON.stringify(blocks)}`);
  return found as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
};

describe('structured data (issue 49, step 4)', () => {
  test('a product: Product with its Offer (price, currency, availability from stock, url), a BreadcrumbList', async () => {
    await server.t.db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, 3));
    const blocks = jsonLdOf((await page('/product/3?lng=ar')).body);
    const product = ofType(blocks, 'Product');
    expect(product['@context']).toBe('https://schema.org');
    expect(typeof product.name).toBe('string');
    expect(product.image[0]).toMatch(/^https:\/\/shop\.example\//);
    expect(product.offers).toMatchObject({
      '@type': 'Offer',
      priceCurrency: 'KWD',
      availability: 'https://schema.org/OutOfStock',
      url: `${ORIGIN}/product/3?lng=ar`,
    });
    expect(Number(product.offers.price)).toBeGreaterThan(0);
    const crumbs = ofType(blocks, 'BreadcrumbList');
    expect(crumbs.itemListElement.map((item: { position: number }) => item.position)).toEqual([1, 2, 3]);
    expect(crumbs.itemListElement[0]).toMatchObject({ name: 'الرئيسية', item: `${ORIGIN}/?lng=ar` });
    expect(crumbs.itemListElement[2].item).toBe(`${ORIGIN}/product/3?lng=ar`);
  });

  test('AggregateRating only when the product has approved reviews; availability InStock with stock', async () => {
    await server.t.db.update(products).set({ stockQuantity: 5 }).where(eq(products.id, 4));
    await server.t.db.delete(reviews).where(eq(reviews.productId, 4));
    const before = ofType(jsonLdOf((await page('/product/4')).body), 'Product');
    expect(before.aggregateRating).toBeUndefined();
    expect(before.offers.availability).toBe('https://schema.org/InStock');
    await server.t.db.insert(reviews).values([
      { productId: 4, userName: 'Sara', rating: 5, review: 'Lovely', status: 'approved' },
      { productId: 4, userName: 'Ali', rating: 4, review: 'Good', status: 'approved' },
      { productId: 4, userName: 'Spam', rating: 1, review: 'Buy here', status: 'pending' },
    ]);
    const after = ofType(jsonLdOf((await page('/product/4')).body), 'Product');
    expect(after.aggregateRating).toMatchObject({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 2,
    });
  });

  test('Review items: the latest approved reviews, with the author as the shop shows them, rating and date', async () => {
    await server.t.db.delete(reviews).where(eq(reviews.productId, 6));
    const day = (n: number) => new Date(Date.UTC(2026, 0, n, 10));
    await server.t.db.insert(reviews).values([
      ...Array.from({ length: 7 }, (_, index) => ({
        productId: 6,
        userName: `Shopper ${index + 1}`,
        rating: 5 - (index % 3),
        review: `Review number ${index + 1}`,
        status: 'approved' as const,
        createdAt: day(index + 1),
      })),
      // A deleted account's review keeps no name: the shop calls its author "a customer".
      { productId: 6, userName: ' ', rating: 4, review: 'Fine', status: 'approved', createdAt: day(20) },
      { productId: 6, userName: 'Hidden', rating: 1, review: 'Spam', status: 'rejected', createdAt: day(21) },
      { productId: 6, userName: 'Waiting', rating: 1, review: 'Soon', status: 'pending', createdAt: day(22) },
    ]);
    const product = ofType(jsonLdOf((await page('/product/6?lng=ar')).body), 'Product');
    expect(product.aggregateRating.reviewCount).toBe(8);
    expect(product.review).toHaveLength(5);
    expect(product.review[0]).toEqual({
      '@type': 'Review',
      author: { '@type': 'Person', name: 'أحد العملاء' },
      reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
      datePublished: '2026-01-20',
      reviewBody: 'Fine',
    });
    expect(product.review.slice(1).map((review: { author: { name: string } }) => review.author.name)).toEqual(
      ['Shopper 7', 'Shopper 6', 'Shopper 5', 'Shopper 4'],
    );
    const english = ofType(jsonLdOf((await page('/product/6')).body), 'Product');
    expect(english.review[0].author.name).toBe('A customer');
  });

  test('home: Organization, and WebSite with a SearchAction', async () => {
    const blocks = jsonLdOf((await page('/')).body);
    expect(ofType(blocks, 'Organization')).toMatchObject({ name: 'Gulf Store', url: `${ORIGIN}/` });
    expect(ofType(blocks, 'WebSite').potentialAction).toMatchObject({
      '@type': 'SearchAction',
      target: { urlTemplate: `${ORIGIN}/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    });
  });

  test('a name that closes the script cannot: < is escaped, and the policy lets no inline script run', async () => {
    const [row] = await server.t.db.select().from(products).where(eq(products.id, 5));
    await server.t.db
      .update(products)
      .set({ nameEn: '</script><script>alert(1)</script> Shirt' })
      .where(eq(products.id, 5));
    try {
      const answer = await page('/product/5');
      const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(answer.body)?.[1] ?? '';
      expect(jsonLd).not.toContain('<');
      expect(ofType(jsonLdOf(answer.body), 'Product').name).toBe('</script><script>alert(1)</script> Shirt');
      expect(answer.body).not.toContain('<script>alert(1)');
      // JSON-LD is data (a type the browser does not run); the policy still allows no inline script.
      const policy = String(answer.headers['content-security-policy']);
      const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
      expect(scriptSrc).toContain("'self'");
      expect(scriptSrc).not.toContain("'unsafe-inline'");
    } finally {
      if (row) await server.t.db.update(products).set({ nameEn: row.nameEn }).where(eq(products.id, 5));
    }
  });
});

/** Google's rich-result rules (and schema.org's shapes) as Adobe's structured-data validator checks them. */
async function structuredDataIssues(html: string) {
  const { default: WebAutoExtractor } = await import('@marbec/web-auto-extractor');
  const { default: Validator } = await import('@adobe/structured-data-validator');
  const extracted = new WebAutoExtractor({ addLocation: true, embedSource: ['rdfa', 'microdata'] }).parse(
    html,
  );
  const issues = await new Validator().validate(extracted);
  return { extracted, issues };
}

describe('structured data is valid under a structured-data validator', () => {
  test('the validator catches what Google requires (a test that can fail)', async () => {
    const broken = `<html><head><script type="application/ld+json">${JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Shirt',
      offers: { '@type': 'Offer', priceCurrency: 'KWD' },
      review: { '@type': 'Review', reviewRating: { '@type': 'Rating', ratingValue: 5 } },
    })}</script></head><body></body></html>`;
    const { issues } = await structuredDataIssues(broken);
    const errors = issues.filter((issue) => issue.severity === 'ERROR').map((issue) => issue.fieldNames);
    expect(errors).toEqual(
      expect.arrayContaining([['image'], ['price', 'priceSpecification.price'], ['author']]),
    );
  });

  test('product (with reviews), category, home and content pages in both languages: no error', async () => {
    await server.t.db.delete(reviews).where(eq(reviews.productId, 7));
    await server.t.db.insert(reviews).values([
      { productId: 7, userName: 'Noura', rating: 5, review: 'Beautiful', status: 'approved' },
      { productId: 7, userName: 'Fahad', rating: 3, review: 'OK', status: 'approved' },
    ]);
    const expected: Record<string, string[]> = {
      '/product/7': ['Product', 'BreadcrumbList'],
      '/search?category=1': ['BreadcrumbList'],
      '/': ['Organization', 'WebSite'],
      '/policy': [],
    };
    for (const [url, types] of Object.entries(expected)) {
      for (const lng of ['en', 'ar']) {
        const address = `${url}${url.includes('?') ? '&' : '?'}lng=${lng}`;
        const { extracted, issues } = await structuredDataIssues((await page(address)).body);
        expect({ address, types: Object.keys(extracted.jsonld).sort() }).toEqual({
          address,
          types: [...types].sort(),
        });
        expect({ address, errors: issues.filter((issue) => issue.severity === 'ERROR') }).toEqual({
          address,
          errors: [],
        });
      }
    }
    const product = jsonLdOf((await page('/product/7')).body);
    expect(ofType(product, 'Product').review).toHaveLength(2);
  });
});

describe('a link-preview bot gets the page rendered on the server, whatever the render limit', () => {
  const limited = fakeSpaServer({
    seed: true,
    config: { publicUrl: ORIGIN, perIpLimits: { ...DEFAULT_PER_IP_LIMITS, pageRenders: 1 } },
  });
  const fetchAs = (url: string, userAgent: string, remoteAddress = '203.0.113.9') =>
    limited.t.app.inject({
      method: 'GET',
      url,
      remoteAddress,
      headers: { accept: 'text/html', 'user-agent': userAgent },
    });
  const rendered = (body: string) => body.includes('<div id="root"><main data-render=');
  const WHATSAPP = 'WhatsApp/2.23.20.0';
  const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15';

  test('WhatsApp (no JavaScript, its user agent) finds the tags and the markup though its address is over the limit', async () => {
    expect(rendered((await fetchAs('/search?q=one', BROWSER)).body)).toBe(true);
    // A browser from the same address is over its limit: its page is rendered by its browser.
    expect(rendered((await fetchAs('/search?q=two', BROWSER)).body)).toBe(false);

    const answer = await fetchAs('/product/2', WHATSAPP);
    expect(answer.statusCode).toBe(200);
    expect(rendered(answer.body)).toBe(true);
    const head = headOf(answer.body);
    expect(head.meta('og:title')).toBeTruthy();
    expect(head.meta('og:image')).toMatch(/^https:\/\/shop\.example\//);
    expect(head.meta('product:price:currency')).toBe('KWD');
    // Each service from an address of its own (one address is held to three times a client's renders).
    for (const [index, bot] of [
      'facebookexternalhit/1.1',
      'Twitterbot/1.0',
      'TelegramBot (like TwitterBot)',
    ].entries()) {
      const answer = await fetchAs(`/search?q=${encodeURIComponent(bot)}`, bot, `192.0.2.${index + 100}`);
      expect(rendered(answer.body)).toBe(true);
    }
  });

  test('WhatsApp, Facebook and X find title, description, canonical, alternates, a 1200 × 630 picture and the price', async () => {
    for (const bot of [
      WHATSAPP,
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Twitterbot/1.0',
    ]) {
      for (const lng of ['en', 'ar'] as const) {
        const answer = await fetchAs(`/product/2?lng=${lng}&utm_source=whatsapp`, bot, '192.0.2.44');
        expect(answer.statusCode).toBe(200);
        const head = headOf(answer.body);
        const product = await currentProduct(limited.t.db, 2, lng);
        if (!product) throw new Error('the demo shop has product 2');
        expect(head.title).toContain(product.name);
        expect(head.meta('description')).toContain(product.name);
        expect(head.meta('og:title')).toBe(head.title);
        expect(head.meta('twitter:title')).toBe(head.title);
        expect(head.link('canonical')).toBe(`${ORIGIN}/product/2?lng=${lng}`);
        expect(head.link('alternate', 'en')).toBe(`${ORIGIN}/product/2?lng=en`);
        expect(head.link('alternate', 'ar')).toBe(`${ORIGIN}/product/2?lng=ar`);
        expect(head.link('alternate', 'x-default')).toBe(`${ORIGIN}/product/2`);
        expect(head.meta('og:image')).toBe(`${ORIGIN}/share/products/2.jpg`);
        expect([head.meta('og:image:width'), head.meta('og:image:height')]).toEqual(['1200', '630']);
        const amount = unitPriceOf({ price: product.price, discountedPrice: product.discounted_price });
        expect(Number(head.meta('product:price:amount'))).toBe(amount);
        expect(head.meta('product:price:currency')).toBe('KWD');
      }
    }
    // The picture it names is what it says: a 1200 × 630 JPEG.
    const picture = await limited.t.app.inject({ method: 'GET', url: '/share/products/2.jpg' });
    const { default: sharp } = await import('sharp');
    const { width, height, format } = await sharp(picture.rawPayload).metadata();
    expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'jpeg' });
  });

  test('bots together are held to ten times a client’s limit (a forged user agent buys no more)', async () => {
    let renders = 0;
    for (let index = 0; index < 14; index += 1) {
      const answer = await fetchAs(`/search?q=bot-${index}`, WHATSAPP, `198.51.100.${index + 1}`);
      // Over the limit the tags are still there: they come from the database, not the render.
      expect(headOf(answer.body).meta('og:title')).toBeTruthy();
      if (rendered(answer.body)) renders += 1;
    }
    expect(renders).toBeLessThanOrEqual(10);
  });
});
