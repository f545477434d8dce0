// A page's head as search engines and link-preview bots read it (issue 49): its status (404 for an unknown page or
// product), title and description in the page's language, canonical address, language alternates, Open Graph and
// Twitter card tags, and structured data (schema.org JSON-LD). Worked out from the database, not from the page's
// render: a bot gets it even when the page goes out without markup (renders limited, or too slow).
import type {
  BreadcrumbList,
  ItemAvailability,
  Organization,
  Product as SchemaProduct,
  Review,
  SearchAction,
  Thing,
  WebSite,
  WithContext,
} from 'schema-dts';
import type { Product } from '../../contract/catalog';
import { CATEGORIES_PAGE_SIZE } from '../../contract/catalogSearch';
import {
  categoriesPageOf,
  NO_SUCH_PAGE,
  pageAddress,
  SEARCH_FILTER_PARAMS,
  SEARCH_PAGE_PARAM,
  SEARCH_TEXT_PARAM,
  searchPageOf,
} from '../../shared/pageAddress';
import { ROUTE_TABLE } from '../../shared/routeTable';
import type { Db } from '../db/client';
import { firstSlidePictures } from '../db/slides';
import {
  approvedReviewCount,
  categoryNames,
  latestApprovedReviews,
  productIdIssued,
} from '../db/queries/pageHead';
import { categoryCount, categoryIdNamed } from '../db/queries/catalogSearch';
import { localized, type Lang } from '../lib/language';
import { parseId } from '../lib/ids';
import { currentProduct, unitPriceOf } from './catalog';
import { searchCatalog } from './catalogSearch';
import { searchQueryOf } from './searchPageCount';
import { SHARE_HEIGHT, SHARE_WIDTH } from './sharePictures';

export const CURRENCY = 'KWD';

/** The texts of the pages' heads, in both languages (the SPA's are its `page_title` keys in common.json). */
export const HEAD_TEXTS = {
  shop: { en: 'Gulf Store', ar: 'متجر الخليج' },
  tagline: { en: 'Online shop for Kuwait and the Gulf', ar: 'متجر إلكتروني للكويت والخليج' },
  homeDescription: {
    en: 'Shop online in Kuwait and the Gulf: offers, best sellers and new arrivals, delivered to your door.',
    ar: 'تسوق أونلاين في الكويت ودول الخليج: عروض وأكثر المنتجات مبيعًا ووصل حديثًا، توصيل حتى باب منزلك.',
  },
  search: { en: 'Search results for “{words}”', ar: 'نتائج البحث عن «{words}»' },
  // A search's later pages are pages of their own to a search engine: their titles differ.
  pageNumber: { en: '{title} — page {page}', ar: '{title} — صفحة {page}' },
  searchDescription: {
    en: 'Products matching “{words}” at Gulf Store.',
    ar: 'المنتجات المطابقة لـ «{words}» في متجر الخليج.',
  },
  category: { en: '{category}', ar: '{category}' },
  categoryDescription: {
    en: 'Shop {category} at Gulf Store: prices in KWD, delivery across Kuwait and the Gulf.',
    ar: 'تسوق {category} في متجر الخليج: الأسعار بالدينار الكويتي، توصيل في الكويت ودول الخليج.',
  },
  allProducts: { en: 'All products', ar: 'كل المنتجات' },
  allCategories: { en: 'All categories', ar: 'كل الأقسام' },
  cart: { en: 'Cart', ar: 'سلة التسوق' },
  policy: { en: 'Return and refund policy', ar: 'سياسة الاسترجاع والاسترداد' },
  privacy: { en: 'Privacy policy', ar: 'سياسة الخصوصية' },
  whoWeAre: { en: 'Who we are', ar: 'من نحن' },
  notFound: { en: 'Page not found', ar: 'الصفحة غير موجودة' },
  notFoundDescription: {
    en: 'The page you asked for is not in the shop.',
    ar: 'الصفحة التي طلبتها غير موجودة في المتجر.',
  },
  home: { en: 'Home', ar: 'الرئيسية' },
  byBrand: { en: 'by {brand}', ar: 'من {brand}' },
  // As the product page names a review whose author's account is gone (catalog.reviews.former_customer).
  formerCustomer: { en: 'A customer', ar: 'أحد العملاء' },
} as const satisfies Record<string, Record<Lang, string>>;

const text = (key: keyof typeof HEAD_TEXTS, lang: Lang, values: Record<string, string> = {}) =>
  HEAD_TEXTS[key][lang].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');

/** Query parameters a page never reads: dropped from canonical addresses. */
export const TRACKING_PARAMS = /^(?:utm_.*|fbclid|gclid|dclid|msclkid|yclid|igshid|mc_cid|mc_eid|_ga|ref)$/i;

/** Reviews named in a product's structured data: the latest few (the page shows the rest). */
export const JSON_LD_REVIEWS = 5;

export interface PageHead {
  /** 404: no such page; 410: a product that is gone (its id was given out, its row is no more). */
  status: 200 | 404 | 410;
  /**
   * A search page its results do not have (past the last, or `?page=abc`): 404, so it is not indexed, yet the page
   * is rendered (it says so, with a link to the last page).
   */
  noSuchPage?: boolean;
  /**
   * Shown, shared and followed, but not for a search engine's index: a search by words or by a filter other than the
   * category (the words are anyone's to choose, filters combine without end; a category's pages are indexed).
   */
  noindex?: boolean;
  language: Lang;
  title: string;
  description: string;
  /** Absolute: the page in its language (`?lng=`). */
  canonical: string;
  alternates: { hreflang: 'en' | 'ar' | 'x-default'; href: string }[];
  /** Open Graph and Twitter card tags as property/name → content, in order. */
  social: { property?: string; name?: string; content: string }[];
  jsonLd: WithContext<Thing>[];
}

export interface PageHeadOptions {
  db: Db;
  /** The shop's origin (config.publicUrl). */
  origin: string;
  /** A picture's URL as bots should fetch it (a raster copy of an SVG); default as is. */
  pictureUrl?: (url: string) => string;
  /**
   * How many pages of results a search page's address has (its page asked, as the SPA asks it). The server passes
   * the search route's own answer (kept, and shared with the page's render); default: the search itself.
   */
  searchPageCount?: (params: URLSearchParams, language: Lang) => Promise<number>;
}

const searchedPageCount = (db: Db) => async (params: URLSearchParams, language: Lang) =>
  (await searchCatalog(db, searchQueryOf(params), language, null)).page_count;

/** Route patterns of the SPA (react-router matches case-insensitively, a trailing slash allowed). */
const KNOWN_ROUTES = ROUTE_TABLE.filter((route) => route.path !== '*').map(
  (route) =>
    new RegExp(
      `^${route.path
        .split('/')
        .map((segment) =>
          segment === '*'
            ? '.*'
            : segment.startsWith(':')
              ? '[^/]+'
              : segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'),
        )
        .join('/')}/?$`,
      'i',
    ),
);

/** Whether the SPA has a page at this path (anything else is its not-found page). */
export function isKnownPath(pathname: string): boolean {
  return KNOWN_ROUTES.some((pattern) => pattern.test(pathname));
}

const clip = (value: string, max = 160) => {
  const flat = value
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};

/** A price as the page's language writes it, with the currency (Western digits, as the SPA's money helper). */
export function formatPrice(amount: number, lang: Lang): string {
  return new Intl.NumberFormat(lang === 'ar' ? 'ar-KW-u-nu-latn' : 'en-KW', {
    style: 'currency',
    currency: CURRENCY,
    minimumFractionDigits: 3,
  }).format(amount);
}

/** The address of a page in a language: `?lng=` added to what the page reads (tracking parameters dropped). */
export function languageUrl(origin: string, address: string, lang: Lang | null): string {
  const url = new URL(address, `${origin}/`);
  if (lang) url.searchParams.set('lng', lang);
  return `${origin}${url.pathname}${url.search}`;
}

/**
 * What of the requested address the page reads: the path as the route table spells it (the SPA shows the same page
 * for capitals and a trailing slash: one canonical address for all of them), and for the search its reduced query.
 */
function readAddress(url: string): string {
  const [, pathname = '/', query = ''] = /^([^?#]*)(\?[^#]*)?/.exec(url) ?? [];
  const spelled = pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() || '/' : '/';
  return pageAddress(`${spelled}${query}`) ?? spelled;
}

const absolute = (origin: string, url: string) =>
  /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;

export async function pageHead(
  url: string,
  language: Lang,
  { db, origin, pictureUrl = (picture) => picture, searchPageCount = searchedPageCount(db) }: PageHeadOptions,
): Promise<PageHead> {
  let address = readAddress(url);
  const parsed = new URL(address, 'http://page.invalid');
  const pathname = parsed.pathname;
  const shop = text('shop', language);
  // As the SPA writes it (src/ui/useDocumentTitle.ts), so the tab does not change when the page starts.
  const titled = (title: string) => `${title} · ${shop}`;
  let status: PageHead['status'] = 200;
  let noSuchPage = false;
  let noindex = false;
  let title = `${shop} — ${text('tagline', language)}`;
  let description = text('homeDescription', language);
  let image: string | null = null;
  let product: Product | null = null;
  let reviewCount = 0;
  let latestReviews: Awaited<ReturnType<typeof latestApprovedReviews>> = [];
  const jsonLd: WithContext<Thing>[] = [];
  let canonical = languageUrl(origin, address, language);
  const home = languageUrl(origin, '/', language);
  const crumbs: { name: string; url: string }[] = [{ name: text('home', language), url: home }];

  const productMatch = /^\/product\/([^/]+)\/?$/i.exec(pathname);
  if (productMatch) {
    const id = parseId(productMatch[1]);
    product = id === null ? null : await currentProduct(db, id, language);
    if (!product) status = id !== null && (await productIdIssued(db, id)) ? 410 : 404;
    else {
      // /product/01 is product 1's page: its canonical address (and alternates) the one the shop links.
      address = `/product/${product.id}`;
      canonical = languageUrl(origin, address, language);
      reviewCount = await approvedReviewCount(db, product.id);
      if (reviewCount > 0) latestReviews = await latestApprovedReviews(db, product.id, JSON_LD_REVIEWS);
      const price = formatPrice(
        unitPriceOf({ price: product.price, discountedPrice: product.discounted_price }),
        language,
      );
      // Many names already carry the brand ("… by Layali", "… من Nasma"): it is not said twice.
      const brand =
        product.brand && !product.name.toLowerCase().includes(product.brand.toLowerCase())
          ? ` ${text('byBrand', language, { brand: product.brand })}`
          : '';
      title = titled(`${product.name}${brand} — ${price}`);
      description = clip(
        [`${product.name}${brand} · ${price}`, product.description].filter(Boolean).join(' · '),
      );
      image = product.image_temp || null;
      crumbs.push({
        name: product.category,
        url: languageUrl(origin, `/search?category=${product.category_id}`, language),
      });
      crumbs.push({ name: product.name, url: canonical });
    }
  } else if (/^\/search\/?$/i.test(pathname)) {
    const words = parsed.searchParams.get('q');
    noindex = [SEARCH_TEXT_PARAM, ...SEARCH_FILTER_PARAMS].some(
      (name) => name !== 'category' && parsed.searchParams.has(name),
    );
    // The shop links a category by its name (CategoryTiles), the sitemaps by its id: the search reads either.
    const categoryParam = parsed.searchParams.get('category')?.trim();
    const categoryId = categoryParam ? await categoryIdNamed(db, categoryParam) : null;
    const category = categoryId === null ? null : await categoryNames(db, categoryId);
    // A category asked for that the shop does not have is a page that does not exist (not an empty list).
    if (categoryParam && !category) status = 404;
    else {
      let named: string;
      if (words) {
        named = text('search', language, { words });
        description = text('searchDescription', language, { words });
      } else if (category) {
        named = localized(language, category.nameEn, category.nameAr);
        description = text('categoryDescription', language, { category: named });
        crumbs.push({ name: named, url: canonical });
      } else {
        named = text('allProducts', language);
      }
      const page = searchPageOf(parsed.searchParams.get(SEARCH_PAGE_PARAM));
      title = titled(page > 1 ? text('pageNumber', language, { title: named, page: String(page) }) : named);
      // Only a later page costs a count: page 1 always exists.
      if (
        page === NO_SUCH_PAGE ||
        (page > 1 && page > (await searchPageCount(parsed.searchParams, language)))
      ) {
        status = 404;
        noSuchPage = true;
      }
    }
  } else if (/^\/all-categories\/?$/i.test(pathname)) {
    const named = text('allCategories', language);
    const page = categoriesPageOf(parsed.searchParams.get(SEARCH_PAGE_PARAM));
    title = titled(page > 1 ? text('pageNumber', language, { title: named, page: String(page) }) : named);
    // As the search's pages: a page past the last is no page to index (the SPA says so, with the way to the last).
    if (page > 1 && page > Math.max(1, Math.ceil((await categoryCount(db)) / CATEGORIES_PAGE_SIZE))) {
      status = 404;
      noSuchPage = true;
    }
  } else if (/^\/cart\/?$/i.test(pathname)) {
    title = titled(text('cart', language));
  } else if (/^\/policy\/?$/i.test(pathname)) {
    title = titled(text('policy', language));
  } else if (/^\/privacy\/?$/i.test(pathname)) {
    title = titled(text('privacy', language));
  } else if (/^\/who-we-are\/?$/i.test(pathname)) {
    title = titled(text('whoWeAre', language));
  } else if (pathname !== '/' && !isKnownPath(pathname)) {
    status = 404;
  }

  // A search page past the last keeps the search's title (as the SPA's tab shows it); it is still not indexed.
  if (status !== 200 && !noSuchPage) {
    title = titled(text('notFound', language));
    description = text('notFoundDescription', language);
  }

  if (pathname === '/' && !image) {
    // The first slide the home page shows (a withdrawn or coming banner is no preview of the shop).
    image = (await firstSlidePictures(db))?.image ?? null;
  }
  // A product's preview is its 1200 × 630 rendition (services/sharePictures.ts); other pages show their picture.
  const imageUrl =
    product && image
      ? `${origin}/share/products/${product.id}.jpg`
      : absolute(origin, pictureUrl(image ?? '/favicon.png'));

  const alternates: PageHead['alternates'] = [
    { hreflang: 'en', href: languageUrl(origin, address, 'en') },
    { hreflang: 'ar', href: languageUrl(origin, address, 'ar') },
    { hreflang: 'x-default', href: languageUrl(origin, address, null) },
  ];

  const social: PageHead['social'] = [
    { property: 'og:site_name', content: shop },
    { property: 'og:type', content: product ? 'product' : 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonical },
    { property: 'og:image', content: imageUrl },
    ...(product && image
      ? [
          { property: 'og:image:type', content: 'image/jpeg' },
          { property: 'og:image:width', content: String(SHARE_WIDTH) },
          { property: 'og:image:height', content: String(SHARE_HEIGHT) },
        ]
      : []),
    { property: 'og:image:alt', content: product?.name ?? shop },
    { property: 'og:locale', content: language === 'ar' ? 'ar_KW' : 'en_KW' },
    { property: 'og:locale:alternate', content: language === 'ar' ? 'en_KW' : 'ar_KW' },
  ];
  if (product) {
    const amount = unitPriceOf({ price: product.price, discountedPrice: product.discounted_price });
    social.push(
      { property: 'product:price:amount', content: amount.toFixed(3) },
      { property: 'product:price:currency', content: CURRENCY },
    );
  }
  social.push(
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: imageUrl },
  );

  if (status === 200) {
    if (product) {
      const amount = unitPriceOf({ price: product.price, discountedPrice: product.discounted_price });
      const availability: ItemAvailability =
        product.stock_quantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';
      const item: WithContext<SchemaProduct> = {
        '@context': 'https://schema.org',
        '@type': 'Product',
        '@id': `${canonical}#product`,
        name: product.name,
        description: clip(product.description || product.name, 5000),
        image: product.image_url.map((picture) => absolute(origin, pictureUrl(picture))),
        sku: String(product.id),
        category: product.category,
        ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
        offers: {
          '@type': 'Offer',
          price: amount.toFixed(3),
          priceCurrency: CURRENCY,
          availability,
          url: canonical,
          itemCondition: 'https://schema.org/NewCondition',
        },
        ...(reviewCount > 0
          ? {
              aggregateRating: {
                '@type': 'AggregateRating',
                ratingValue: product.rating,
                reviewCount,
                bestRating: 5,
                worstRating: 1,
              },
            }
          : {}),
        ...(latestReviews.length > 0
          ? {
              review: latestReviews.map((review): Review => ({
                '@type': 'Review',
                author: {
                  '@type': 'Person',
                  name: review.userName.trim() || text('formerCustomer', language),
                },
                reviewRating: {
                  '@type': 'Rating',
                  ratingValue: review.rating,
                  bestRating: 5,
                  worstRating: 1,
                },
                datePublished: review.createdAt.toISOString().slice(0, 10),
                reviewBody: clip(review.review, 500),
              })),
            }
          : {}),
      };
      jsonLd.push(item);
    }
    if (crumbs.length > 1) {
      const breadcrumbs: WithContext<BreadcrumbList> = {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: crumbs.map((crumb, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          name: crumb.name,
          item: crumb.url,
        })),
      };
      jsonLd.push(breadcrumbs);
    }
    if (pathname === '/') {
      const organization: WithContext<Organization> = {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        '@id': `${origin}/#organization`,
        name: shop,
        url: `${origin}/`,
        logo: `${origin}/favicon.png`,
      };
      // Google's sitelinks search box reads `query-input`, which schema.org (and so schema-dts) spells otherwise.
      const searchAction: SearchAction & { 'query-input': string } = {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${origin}/search?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      };
      const site: WithContext<WebSite> = {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        '@id': `${origin}/#website`,
        name: shop,
        url: `${origin}/`,
        inLanguage: language,
        publisher: { '@id': `${origin}/#organization` },
        potentialAction: searchAction,
      };
      jsonLd.push(organization, site);
    }
  }

  return {
    status,
    ...(noSuchPage ? { noSuchPage } : {}),
    ...(noindex ? { noindex } : {}),
    language,
    title,
    description,
    canonical,
    alternates,
    social,
    jsonLd,
  };
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON that cannot close its script element nor open a comment: `<` (and the line separators) escaped. */
export function safeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The built index.html with the page's head: its title and description replace the generic ones, the canonical,
 * alternates, social tags and JSON-LD go before `</head>`.
 */
export function withPageHead(html: string, head: PageHead): string {
  // A not-found page is nobody's canonical page, and not to be indexed.
  const tags =
    head.status !== 200
      ? '<meta name="robots" content="noindex">'
      : [
          ...(head.noindex ? ['<meta name="robots" content="noindex, follow">'] : []),
          `<link rel="canonical" href="${escapeHtml(head.canonical)}">`,
          ...head.alternates.map(
            (alternate) =>
              `<link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeHtml(alternate.href)}">`,
          ),
          ...head.social.map((tag) =>
            tag.property
              ? `<meta property="${tag.property}" content="${escapeHtml(tag.content)}">`
              : `<meta name="${tag.name ?? ''}" content="${escapeHtml(tag.content)}">`,
          ),
          ...head.jsonLd.map((data) => `<script type="application/ld+json">${safeJson(data)}</script>`),
        ].join('');
  const description = `<meta name="description" content="${escapeHtml(head.description)}">`;
  let out = html.replace(/<title>[^<]*<\/title>/i, () => `<title>${escapeHtml(head.title)}</title>`);
  out = /<meta\s+name="?description"?[^>]*>/i.test(out)
    ? out.replace(/<meta\s+name="?description"?[^>]*>/i, () => description)
    : out.replace('</head>', () => `${description}</head>`);
  if (!/<title>/i.test(out))
    out = out.replace('</head>', () => `<title>${escapeHtml(head.title)}</title></head>`);
  return out.replace('</head>', () => `${tags}</head>`);
}
