// robots.txt and the sitemaps (issue 49): an index of per-language sitemaps, each ≤ 50 000 addresses with their
// language alternates (xhtml:link), generated from the database as the catalogue grows and streamed: products are
// read a keyset page at a time and written out as they arrive.
import { pipeline, Readable, type Transform } from 'node:stream';
import { SitemapIndexStream, SitemapStream, type SitemapItemLoose } from 'sitemap';
import type { Db } from '../db/client';
import { categoryRowsForSitemap, productExtent, productPageRows } from '../db/queries/pageHead';
import type { Lang } from '../lib/language';
import { languageUrl } from './pageHead';

/** A sitemap's addresses at most (the protocol's limit). */
export const SITEMAP_URLS = 50_000;
/** Products read per query while a sitemap streams. */
const PRODUCT_PAGE = 1_000;
const LANGUAGES: readonly Lang[] = ['en', 'ar'];

/** The shop's pages that are the same for everybody and worth finding (besides products and categories). */
const STATIC_PAGES = ['/', '/all-categories', '/policy', '/privacy', '/who-we-are'];

/**
 * Paths crawlers are kept out of: personal, transactional and staff pages, and the API. Not the cart: a crawler's is
 * a new visitor's empty cart, the same for everybody, and a shopper page that must stay crawlable (Lighthouse's SEO
 * audit fails a page robots.txt blocks; issue 49 holds every shopper page to 100).
 */
const DISALLOWED = [
  '/admin',
  '/checkout',
  '/payment',
  '/orders',
  '/favorites',
  '/profile',
  '/profile-password',
  '/profile-orders',
  '/profile-country',
  '/profile-shipping',
  '/api/',
  '/pay/',
];

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** One address with its alternates in both languages and x-default. */
function item(origin: string, address: string, lang: Lang, lastmod?: Date): SitemapItemLoose {
  return {
    url: languageUrl(origin, address, lang),
    ...(lastmod ? { lastmod: lastmod.toISOString() } : {}),
    links: [
      { lang: 'en', hreflang: 'en', url: languageUrl(origin, address, 'en') },
      { lang: 'ar', hreflang: 'ar', url: languageUrl(origin, address, 'ar') },
      { lang: 'x-default', hreflang: 'x-default', url: languageUrl(origin, address, null) },
    ],
  };
}

const NAMESPACES = { news: false, video: false, image: false, xhtml: true } as const;

/** The sitemap index: per language, the pages' sitemap and one per 50 000 product ids. */
export async function sitemapIndex(db: Db, origin: string): Promise<Readable> {
  const { maxId, newest } = await productExtent(db);
  const productSitemaps = Math.max(1, Math.ceil(maxId / SITEMAP_URLS));
  const index = new SitemapIndexStream();
  const lastmod = newest?.toISOString();
  const entries = LANGUAGES.flatMap((lang) => [
    { url: `${origin}/sitemaps/pages-${lang}.xml`, ...(lastmod ? { lastmod } : {}) },
    ...Array.from({ length: productSitemaps }, (_, n) => ({
      url: `${origin}/sitemaps/products-${lang}-${n + 1}.xml`,
      ...(lastmod ? { lastmod } : {}),
    })),
  ]);
  return fed(Readable.from(entries), index);
}

/**
 * `sitemap` fed from `source`: a source that fails (the database gone half-way) ends it with the error, so the answer
 * is cut off instead of held open until it times out (a piped source's error does not reach its destination).
 */
function fed<T extends Transform>(source: Readable, sitemap: T): T {
  pipeline(source, sitemap, () => undefined);
  return sitemap;
}

/** The pages' sitemap of a language: the shop's pages and each category's. */
export async function pagesSitemap(db: Db, origin: string, lang: Lang): Promise<Readable> {
  const categories = await categoryRowsForSitemap(db);
  const items = [
    ...STATIC_PAGES.map((address) => item(origin, address, lang)),
    ...categories.map((category) => item(origin, `/search?category=${category.id}`, lang)),
  ];
  return fed(Readable.from(items), new SitemapStream({ xmlns: NAMESPACES }));
}

/**
 * The products' sitemap `number` (from 1) of a language: the products whose ids are in its 50 000, read a page
 * at a time; null when there is no such sitemap.
 */
export async function productsSitemap(
  db: Db,
  origin: string,
  lang: Lang,
  number: number,
): Promise<Readable | null> {
  const { maxId } = await productExtent(db);
  if (number < 1 || (number - 1) * SITEMAP_URLS >= Math.max(maxId, 1)) return null;
  const lastId = number * SITEMAP_URLS;
  async function* items() {
    let after = (number - 1) * SITEMAP_URLS;
    for (;;) {
      const rows = await productPageRows(db, after, lastId, PRODUCT_PAGE);
      for (const row of rows) {
        yield item(origin, `/product/${row.id}`, lang, row.changedAt);
        after = row.id;
      }
      if (rows.length < PRODUCT_PAGE) return;
    }
  }
  return fed(Readable.from(items()), new SitemapStream({ xmlns: NAMESPACES }));
}
