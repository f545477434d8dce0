import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { Browser, ConsoleMessage } from '@playwright/test';

import arCatalog from '../src/i18n/locales/ar/catalog.json';
import arProduct from '../src/i18n/locales/ar/product.json';
import arShop from '../src/i18n/locales/ar/shop.json';
import enCatalog from '../src/i18n/locales/en/catalog.json';
import enProduct from '../src/i18n/locales/en/product.json';
import enShop from '../src/i18n/locales/en/shop.json';
import { expect, fill, openIn, plainProduct, test } from './fixtures';

// Pages a new visitor opens arrive rendered by the server: they paint before any script runs, and the shop's code
// takes the markup over as it is (hydration) instead of rendering it again.
const TEXTS = { en: { catalog: enCatalog, shop: enShop }, ar: { catalog: arCatalog, shop: arShop } };

for (const language of ['en', 'ar'] as const) {
  const t = TEXTS[language];

  test(`${language}: home, search, a product and the cart arrive rendered and are hydrated as they are`, async ({
    page,
    request,
  }) => {
    const product = await plainProduct(request, language);
    const anew: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (/rendered anew/.test(message.text())) anew.push(message.text());
    });
    for (const path of ['/', '/search', `/product/${product.id}`, '/cart']) {
      const html = await (
        await request.get(`${path}?lng=${language}`, { headers: { accept: 'text/html' } })
      ).text();
      expect(html, `${path}: markup in the HTML`).toMatch(/<div id="root"><div/);
      expect(html).toContain('id="shop-first-render"');
      await openIn(page, path, language);
      await expect(page.locator('html')).toHaveAttribute('data-first-render', 'hydrate');
      await expect(page.locator('html')).toHaveAttribute('data-page-ready', 'true');
    }
    // The product gallery's "tap to zoom" is a touch screen's only (this is a screen with a mouse).
    await openIn(page, `/product/${product.id}`, language);
    await expect(page.getByTestId('gallery-main')).toBeVisible();
    await expect(
      page.getByText((language === 'en' ? enProduct : arProduct).product.tap_to_zoom),
    ).toBeHidden();
    expect(anew, 'pages React had to render again').toEqual([]);
  });

  test(`${language}: on a phone (a touch screen and a clock the server cannot know) the pages are hydrated as they are too`, async ({
    browser,
    request,
  }) => {
    const product = await plainProduct(request, language);
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      // A clock 14 hours behind Kuwait's: for most of the day its calendar day is another than the server's page's.
      timezoneId: 'Pacific/Pago_Pago',
    });
    const page = await context.newPage();
    const anew: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (/rendered anew/.test(message.text())) anew.push(message.text());
    });
    for (const path of [
      '/',
      '/search',
      `/product/${product.id}`,
      '/cart',
      '/all-categories',
      '/who-we-are',
    ]) {
      await openIn(page, path, language);
      await expect(page.locator('html')).toHaveAttribute('data-page-ready', 'true');
      await expect(page.locator('html'), path).toHaveAttribute('data-first-render', 'hydrate');
    }
    // The product gallery's hint is a phone's only.
    await openIn(page, `/product/${product.id}`, language);
    await expect(
      page.getByText((language === 'en' ? enProduct : arProduct).product.tap_to_zoom),
    ).toBeVisible();
    expect(anew, 'pages React had to render again').toEqual([]);
    await context.close();
  });

  test(`${language}: without JavaScript the home page and a product page still show the shop`, async ({
    browser,
    request,
  }) => {
    const product = await plainProduct(request, language);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/product/${product.id}?lng=${language}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await page.goto(`/?lng=${language}`);
    await expect(page.locator('.home-slider img').first()).toBeVisible();
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await context.close();
  });

  test(`${language}: a hydrated page answers at once; with a cart of their own the shopper gets their page, not a new visitor's`, async ({
    page,
    request,
    context,
  }) => {
    const product = await plainProduct(request, language);
    await openIn(page, `/search?q=${encodeURIComponent(product.name)}`, language);
    await expect(page.locator('html')).toHaveAttribute('data-first-render', 'hydrate');
    await page
      .getByTestId('product-card')
      .filter({ has: page.getByRole('heading', { name: product.name, exact: true }) })
      .getByRole('button', { name: fill(t.catalog.ui.add_to_cart, { name: product.name }), exact: true })
      .click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await expect
      .poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'shop_personal')?.value)
      .toBe('1');
    // The server leaves this shopper's pages to the browser: no stranger's empty cart first.
    const html = await (
      await page.request.get(`/cart?lng=${language}`, { headers: { accept: 'text/html' } })
    ).text();
    expect(html).not.toContain('shop-first-render');
    await openIn(page, '/cart', language);
    await expect(page.locator('html')).toHaveAttribute('data-first-render', 'render');
    await expect(page.getByText(t.shop.cart.empty_title)).toHaveCount(0);
    await expect(page.getByText(product.name).first()).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
  });
}

// The server cannot know the screen's width and renders the home lists for the widest grid (two rows of 4); the
// shop keeps two rows of the columns the screen has. The grid's CSS draws only those before any script runs, so a
// phone lays out no card it drops a moment later, and taking the page over changes nothing one sees.
test('the home lists show, before any script, the cards the shop keeps once it runs, at every grid width', async ({
  browser,
}) => {
  const listNames = [enCatalog.home.best_sellers, enCatalog.home.newly_added];
  const shownCards = async (javaScriptEnabled: boolean, width: number) => {
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto('/?lng=en');
    if (javaScriptEnabled) await expect(page.locator('html')).toHaveAttribute('data-page-ready', 'true');
    const counts: number[] = [];
    for (const name of listNames) {
      const cards = page.getByRole('region', { name }).getByTestId('product-card');
      await expect(cards.first()).toBeVisible();
      counts.push(await cards.filter({ visible: true }).count());
    }
    await context.close();
    return counts;
  };
  // 1, 2, 3 and 4 columns (the grid's breakpoints at 576, 768 and 1024 px).
  for (const [width, rowOf] of [
    [360, 1],
    [700, 2],
    [900, 3],
    [1280, 4],
  ] as const) {
    const before = await shownCards(false, width);
    for (const count of before) expect(count, `${width} px, no script`).toBeLessThanOrEqual(2 * rowOf);
    expect(await shownCards(true, width), `${width} px, with the shop's code`).toEqual(before);
  }
});

test('on a phone, a product page does not draw the cards far below the screen until the shopper nears them', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto('/product/1?lng=en');
  await expect(page.locator('html')).toHaveAttribute('data-page-ready', 'true');
  const cards = page.getByRole('region', { name: enProduct.product.similar }).getByTestId('product-card');
  await expect(cards.first()).toBeAttached();
  expect(await cards.count()).toBeGreaterThan(8);
  // Whether the browser has styled and laid out a card's contents (`content-visibility: auto` skips them).
  const drawn = (index: number) =>
    cards.nth(index).evaluate((card) => card.checkVisibility({ contentVisibilityAuto: true }));
  const last = (await cards.count()) - 1;
  expect(await drawn(last)).toBe(false);
  // Still in the page: scrolled to, it is drawn, as a link to its product.
  await cards.nth(last).scrollIntoViewIfNeeded();
  await expect.poll(() => drawn(last)).toBe(true);
  await expect(cards.nth(last).getByRole('link').first()).toBeVisible();
});

test('on a phone, the parts far below a rendered page are taken over when the shopper nears them, then work in the app', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  const places = [
    { path: '/product/1?lng=en', heading: 'similar-title', link: 'a[href^="/product/"]' },
    { path: '/?lng=en', heading: 'categories-title', link: 'a[href="/all-categories"]' },
  ];
  type Window = { keptPart?: Element | null };
  for (const { path, heading, link } of places) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-page-ready', 'true');
    // The server's markup of the part, as it came: the element the page keeps until the shopper nears it.
    await page.evaluate((id) => {
      (window as Window).keptPart = document.getElementById(id)?.closest('.kept-until-near');
    }, heading);
    expect(await page.evaluate(() => (window as Window).keptPart?.isConnected)).toBe(true);
    await page.locator(`#${heading}`).scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => (window as Window).keptPart?.isConnected)).toBe(false);
    const part = page.locator('.kept-until-near', { has: page.locator(`#${heading}`) });
    await expect(part).toBeVisible();
    // Its links now move inside the app: the page is not loaded again (what the window holds stays).
    const target = part.locator(link).first();
    const href = (await target.getAttribute('href')) ?? '';
    await target.click();
    await expect(page).toHaveURL((url) => url.pathname === href);
    expect(await page.evaluate(() => 'keptPart' in window)).toBe(true);
  }
});

test('a page opens without SVG pictures: the logo, the menu icon and the tab icon are no documents of their own', async ({
  page,
  request,
}) => {
  const product = await plainProduct(request, 'en');
  const svgs: string[] = [];
  page.on('response', (response) => {
    if ((response.headers()['content-type'] ?? '').includes('svg')) svgs.push(response.url());
  });
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`/product/${product.id}?lng=en`, { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Toggle navigation' })).toBeVisible();
  expect(svgs).toEqual([]);
});

test('a page rendered on the server works with the answers it came with: no second call for what it shows', async ({
  page,
  request,
}) => {
  const product = await plainProduct(request, 'en');
  await page.setViewportSize({ width: 412, height: 823 });
  for (const path of ['/', '/search', `/product/${product.id}`, '/cart']) {
    const catalogueCalls: string[] = [];
    const listen = (asked: { url(): string }) => {
      const { pathname } = new URL(asked.url());
      if (/^\/api\/(categories|best_selling_products|coupons|sliders|products\/)/.test(pathname))
        catalogueCalls.push(pathname);
    };
    page.on('request', listen);
    await page.goto(`${path}?lng=ar`);
    await expect(page.locator('html')).toHaveAttribute('data-page-ready', 'true');
    await expect(page.locator('html')).toHaveAttribute('data-first-render', 'hydrate');
    page.off('request', listen);
    expect(catalogueCalls, path).toEqual([]);
  }
});

test("a product's pictures reach a browser as WebP (decoded off the main thread) and other clients as SVG", async ({
  page,
  request,
}) => {
  const product = await plainProduct(request, 'en');
  const pictures: { url: string; type: string }[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/media/products/'))
      pictures.push({ url: response.url(), type: response.headers()['content-type'] ?? '' });
  });
  await page.goto(`/product/${product.id}?lng=en`);
  const main = page.getByRole('main').locator('img').first();
  await expect(main).toBeVisible();
  await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(pictures.length).toBeGreaterThan(0);
  for (const picture of pictures) expect(picture.type, picture.url).toBe('image/webp');
  const asSvg = await request.get(new URL(pictures[0]?.url ?? '').pathname, {
    headers: { accept: 'image/svg+xml' },
  });
  expect(asSvg.headers()['content-type']).toContain('image/svg+xml');
  // (compression adds accept-encoding to it)
  expect(
    asSvg
      .headers()
      .vary?.split(/,\s*/)
      .map((name) => name.toLowerCase()),
  ).toContain('accept');
});

test("the entry and the catalogue pages' code are marked for V8's eager compilation; the source maps still point at the code", async ({
  request,
}) => {
  const html = await (await request.get('/?lng=ar')).text();
  // The entry's scripts: React DOM's file and the app's (webpack.config.ts, `reactDom`), both in the page's head.
  const entry = [...html.matchAll(/<script[^>]*\ssrc="?\/(js\/(?:main|react-dom)\.[0-9a-f]+\.js)/g)].map(
    (match) => match[1] ?? '',
  );
  expect(
    entry.map((file) => file.replace(/\.[0-9a-f]+\.js$/, '')),
    'the entry scripts of the rendered page',
  ).toEqual(['js/react-dom', 'js/main']);
  // (webpack.config.ts EAGER_PAGE_GROUPS; the build's chunk groups are those the server preloads from)
  const manifest = JSON.parse(
    readFileSync(path.resolve(__dirname, '../dist/chunk-manifest.json'), 'utf8'),
  ) as Record<string, string[]>;
  const pageScripts = ['home', 'search', 'product'].flatMap((group) => manifest[group] ?? []);
  expect(pageScripts.filter((file) => file.endsWith('.js')).length).toBeGreaterThanOrEqual(3);
  for (const file of [...entry, ...pageScripts.filter((name) => name.endsWith('.js'))]) {
    const script = await (await request.get(`/${file}`)).text();
    // (docs/performance.md "the entry compiled while it downloads": the comment must be the script's first line)
    expect(script.startsWith('//# allFunctionsCalledOnLoad\n'), file).toBe(true);
    const map = (await (await request.get(`/${file}.map`)).json()) as { mappings: string };
    const firstMappedLine = map.mappings.split(';').findIndex((line) => line !== '');
    const firstCodeLine = script.split('\n').findIndex((line) => !/^(\/\/|\/\*)/.test(line));
    expect(firstMappedLine, file).toBe(firstCodeLine);
  }
});

test('a page whose route code fails to arrive with its HTML asks for it again and works', async ({
  page,
  request,
}) => {
  const product = await plainProduct(request, 'en');
  const manifest = JSON.parse(
    readFileSync(path.resolve(__dirname, '../dist/chunk-manifest.json'), 'utf8'),
  ) as Record<string, string[]>;
  const pageCode = (manifest.product ?? []).filter((file) => file.endsWith('.js')).at(-1) ?? '';
  expect(pageCode).not.toBe('');
  // A browser that holds the file (its cookie names it) gets it linked, as a deferred script before the entry; its
  // cache lost it, and the fetch fails (webpack would wait on that failed element for 120 s).
  await page.context().addCookies([
    {
      name: 'shop_held',
      value: /\.([0-9a-f]{8,})\.js$/.exec(pageCode)?.[1] ?? '',
      url: test.info().project.use.baseURL ?? '',
    },
  ]);
  let asked = 0;
  await page.route(`**/${pageCode}`, (route) => (asked++ === 0 ? route.abort() : route.continue()));
  await page.goto(`/product/${product.id}?lng=en`);
  await expect(page.locator('html')).toHaveAttribute('data-page-ready', 'true', { timeout: 15_000 });
  expect(asked).toBe(2);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(product.name);
});

/**
 * A phone's page whose shop script is held back, as a slow line holds it (the page is the server's until it comes),
 * in a page of its own: the test's page waits for every load to work. What the tests ask of its cards' pictures:
 * which the browser has asked for, each one's address and whether it has loaded.
 */
async function phonePageWithEntryHeld(browser: Browser, address: string) {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image') asked.push(new URL(request.url()).pathname);
  });
  let releaseEntry = () => {};
  const entryHeld = new Promise<void>((resolve) => (releaseEntry = resolve));
  await page.route('**/js/main.*.js', async (route) => {
    await entryHeld;
    await route.continue();
  });
  // (the deferred entry holds the document's DOMContentLoaded back too)
  await page.goto(address, { waitUntil: 'commit' });
  const pictures = page.getByTestId('product-card').locator('.product-card__media img');
  return {
    page,
    asked,
    releaseEntry,
    pictures,
    pathOf: async (index: number) =>
      new URL((await pictures.nth(index).getAttribute('src')) ?? '', 'http://x').pathname,
    loaded: (index: number) =>
      pictures.nth(index).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    /** Two frames for the browser to ask for what it means to. */
    twoFrames: () =>
      page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      ),
  };
}

test("on a phone, the pictures of the search's cards below the first two rows wait until the page works", async ({
  browser,
}) => {
  const { page, asked, releaseEntry, pictures, pathOf, loaded, twoFrames } = await phonePageWithEntryHeld(
    browser,
    '/search?lng=en',
  );
  expect(await pictures.count()).toBeGreaterThan(10);
  // The first two rows' pictures come with the page.
  for (const index of [0, 1, 2, 3]) await expect.poll(() => loaded(index)).toBe(true);
  await twoFrames();
  const belowRowTwo = await Promise.all([4, 5, 6, 7, 8, 9].map(pathOf));
  expect(asked.filter((path) => belowRowTwo.includes(path))).toEqual([]);
  await expect(pictures.nth(4)).toBeHidden();
  await expect(page.locator('html')).not.toHaveAttribute('data-page-ready');

  releaseEntry();
  await expect(page.locator('html')).toHaveAttribute('data-page-ready', 'true');
  // Row three is within the browser's lazy-loading reach: asked for once the page works, without a scroll.
  await expect.poll(() => loaded(4)).toBe(true);
  await pictures.nth(9).scrollIntoViewIfNeeded();
  await expect.poll(() => loaded(9)).toBe(true);
  await page.close();
});

test("on a phone, the pictures of an empty cart's suggestions past their first row wait until the page works", async ({
  browser,
}) => {
  const { page, asked, releaseEntry, pictures, pathOf, loaded, twoFrames } = await phonePageWithEntryHeld(
    browser,
    '/cart?lng=en',
  );
  await expect.poll(() => pictures.count()).toBeGreaterThan(2);
  // The first row is in the first screen: its pictures come with the page.
  for (const index of [0, 1]) await expect.poll(() => loaded(index)).toBe(true);
  await twoFrames();
  const pastRowOne = await pathOf(2);
  expect(asked).not.toContain(pastRowOne);
  await expect(pictures.nth(2)).toBeHidden();

  releaseEntry();
  await expect(page.locator('html')).toHaveAttribute('data-page-ready', 'true');
  // Within the browser's lazy-loading reach: asked for once the page works, without a scroll.
  await expect.poll(() => loaded(2)).toBe(true);
  await page.close();
});

test('without JavaScript, the pictures of every row of the search show', async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 412, height: 823 },
  });
  const page = await context.newPage();
  await page.goto('/search?lng=ar');
  const pictures = page.getByTestId('product-card').locator('.product-card__media img');
  expect(await pictures.count()).toBeGreaterThan(10);
  await pictures.nth(9).scrollIntoViewIfNeeded();
  await expect(pictures.nth(9)).toBeVisible();
  await expect
    .poll(() => pictures.nth(9).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await context.close();
});
