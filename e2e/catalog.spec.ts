import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';

import { expect, loadsUntilUsable, openIn, test, type ApiProduct } from './fixtures';

/** axe on the catalogue's own content (the shell's navbar, footer and toasts are checked by the shell journeys). */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).include('#main').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A product of the seeded shop with a size and a colour and plenty of stock. */
async function productWithChoices(request: APIRequestContext, lang: 'en' | 'ar') {
  const response = await request.get(`/api/categories${lang === 'ar' ? '?lang=ar' : ''}`);
  const categories = (await response.json()) as { products: ApiProduct[] }[];
  const product = categories
    .flatMap((category) => category.products)
    .find((item) => item.stock_quantity > 5 && item.attributes.length === 2);
  if (!product) throw new Error('the seed has no product with size and colour');
  const [size, colour] = product.attributes;
  return {
    product,
    size: size?.sub_attributes[0]?.name ?? '',
    colour: colour?.sub_attributes[0]?.name ?? '',
  };
}

/**
 * A name in the one spelling search compares (as the database's shop_search_normalize does, migration 013): lower
 * case, Arabic letter forms, tatweel and the article folded, English plurals to their singular.
 */
function folded(text: string): string {
  return text
    .toLowerCase()
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/\u0640|[\u064b-\u0652]|\u0670/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/(^| )(ال|وال|بال|لل)(\S{2,})/g, '$1$3')
    .replace(/([a-z]{2,})ies\b/g, '$1y')
    .replace(/([a-z]{2,}(ss|sh|ch|x|z))es\b/g, '$1')
    .replace(/([a-z]{2,}[^s ])s\b/g, '$1');
}

/** The product with the most approved reviews (more than one page of 3). */
async function reviewedProduct(request: APIRequestContext) {
  const reviews = (await (await request.get('/api/reviews')).json()) as {
    product_id: number;
    status: string;
  }[];
  const counts = new Map<number, number>();
  for (const review of reviews)
    if (review.status === 'approved') counts.set(review.product_id, (counts.get(review.product_id) ?? 0) + 1);
  const [id, count] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
  return { id, count };
}

for (const language of ['en', 'ar'] as const) {
  const texts =
    language === 'en'
      ? {
          categories: 'Categories',
          addToCart: 'Add to cart',
          added: 'The product was added to your cart',
          page2: 'Page 2',
          searchLabel: 'Search products',
          suggestions: 'Suggestions',
          products: 'Products',
          perfume: 'Parfum',
          searchFor: 'Search for',
          noSuchPage: 'There is no such page of these results.',
          switchLanguage: 'Switch to Arabic',
          firstPage: 'Go to the first page',
        }
      : {
          categories: 'الأقسام',
          addToCart: 'أضف إلى السلة',
          added: 'تمت إضافة المنتج إلى سلتك',
          page2: 'الصفحة 2',
          searchLabel: 'البحث عن المنتجات',
          suggestions: 'اقتراحات',
          products: 'المنتجات',
          perfume: 'عطر',
          searchFor: 'البحث عن',
          noSuchPage: 'لا توجد صفحة بهذا الرقم في هذه النتائج.',
          switchLanguage: 'Switch to English',
          firstPage: 'الذهاب إلى الصفحة الأولى',
        };

  test.describe(`catalogue (${language})`, () => {
    test('home → category tile → search filtered by that category', async ({ page }) => {
      await openIn(page, '/', language);
      const tile = page.getByTestId('category-tile').first();
      await expect(tile).toBeVisible();
      const name = (await tile.locator('.category-tile__name').textContent()) ?? '';
      const searches: string[] = [];
      page.on('request', (request) => {
        if (/\/api\/catalog\/search\?/.test(request.url())) searches.push(request.url());
      });
      await tile.click();
      await expect(page).toHaveURL(/\/search\?category=/);
      expect(decodeURIComponent(new URL(page.url()).searchParams.get('category') ?? '')).toBe(name);
      const tabs = page.getByRole('navigation', { name: texts.categories });
      await expect(tabs.getByRole('button', { name, exact: true })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByTestId('product-card').first()).toBeVisible();
      // One question to the server, the category's: not the search shown before the tile as well.
      expect(searches).toHaveLength(1);
      expect(new URL(searches[0] ?? '').searchParams.get('category')).toBe(name);
      await expectAccessible(page);
    });

    test('back on home from the search page, in the other language, a category tile asks the server once', async ({
      page,
    }) => {
      // The search page's code is loaded and a search stored; the language switch makes that search one never
      // asked for: the tile's page must not ask for it on its way to the category's.
      await openIn(page, '/search?minRating=4', language);
      await expect(page.getByTestId('product-card').first()).toBeVisible();
      await page.locator('a.navbar-brand').click();
      await expect(page).toHaveURL((url) => url.pathname === '/');
      await page.getByRole('button', { name: texts.switchLanguage }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', language === 'en' ? 'ar' : 'en');
      const tile = page.getByTestId('category-tile').first();
      await expect(tile).toBeVisible();
      const name = (await tile.locator('.category-tile__name').textContent()) ?? '';
      const searches: string[] = [];
      page.on('request', (request) => {
        if (/\/api\/catalog\/search\?/.test(request.url())) searches.push(request.url());
      });
      await tile.click();
      await expect(page).toHaveURL(/\/search\?category=/);
      // The search page itself, not home's cards still shown while its code loads (the router keeps the page it
      // leaves until the next one can render).
      const tabs = page.getByRole('navigation', { name: language === 'en' ? 'الأقسام' : 'Categories' });
      await expect(tabs.getByRole('button', { name, exact: true })).toHaveAttribute('aria-pressed', 'true');
      await expect.poll(() => searches.length).toBeGreaterThan(0);
      await expect(page.getByTestId('filter-panel').first()).toBeVisible();
      await expect(page.getByTestId('product-card').first()).toBeVisible();
      await expect(
        page.getByTestId('filter-panel').first().getByRole('button', { pressed: true }),
      ).toHaveCount(0);
      expect(searches).toHaveLength(1);
      expect(new URL(searches[0] ?? '').searchParams.get('category')).toBe(name);
    });

    test('filters from a cold URL are applied and stay in the URL', async ({ page }) => {
      await openIn(page, '/search?minRating=4&maxPrice=50', language);
      await expect(page.getByTestId('product-card').first()).toBeVisible();
      const panel = page.getByTestId('filter-panel').first();
      // The chosen rating, with how many products it leaves (the server's facet count, in the page's digits).
      await expect(panel.getByRole('button', { pressed: true })).toHaveText(/^4★\([0-9٠-٩]+\)$/);
      expect(page.url()).toContain('minRating=4');
      expect(page.url()).toContain('maxPrice=50');
      // Every card costs at most 50 (the price filter) — read the current price of each.
      const prices = await page
        .getByTestId('price-current')
        .evaluateAll((nodes) =>
          nodes.map((node) => Number(/\d+(?:\.\d+)?/.exec(node.textContent ?? '')?.[0])),
        );
      expect(prices.length).toBeGreaterThan(0);
      for (const price of prices) expect(price).toBeLessThanOrEqual(50);
    });

    test('a highest price shared from another currency filters and reads in that currency', async ({
      page,
    }) => {
      // 50 riyals, opened by a shopper who pays in dinars (the demo's rate: 12.2 riyals a dinar).
      await openIn(page, '/search?maxPrice=50&priceCurrency=SAR', language);
      await expect(page.getByTestId('product-card').first()).toBeVisible();
      const panel = page.getByTestId('filter-panel').first();
      await expect(panel.getByTestId('price-filter-value')).toContainText(language === 'ar' ? 'ر.س.' : 'SAR');
      expect(page.url()).toContain('priceCurrency=SAR');
      const prices = await page
        .getByTestId('price-current')
        .evaluateAll((nodes) =>
          nodes.map((node) => Number(/\d+(?:\.\d+)?/.exec(node.textContent ?? '')?.[0])),
        );
      expect(prices.length).toBeGreaterThan(0);
      for (const price of prices) expect(price).toBeLessThanOrEqual(50 / 12.2 + 0.01);
    });

    test("a card's picture opens its product, through the name's link that covers the card", async ({
      page,
    }) => {
      await openIn(page, '/search', language);
      const card = page.getByTestId('product-card').first();
      await expect(card).toBeVisible();
      const href = (await card.getByRole('heading').getByRole('link').getAttribute('href')) ?? '';
      expect(href).toMatch(/^\/product\/\d+$/);
      // One link a card: the picture is none of its own.
      await expect(card.locator('a')).toHaveCount(
        (await card.getByTestId('card-choose-options').count()) + 1,
      );
      // A shopper's click on the middle of the picture (the name's link lies over it).
      const picture = await card.locator('img').boundingBox();
      if (!picture) throw new Error('the card shows no picture');
      await page.mouse.click(picture.x + picture.width / 2, picture.y + picture.height / 2);
      await expect(page).toHaveURL(new RegExp(`${href}$`));
    });

    test("a tap on a card's disabled button (out of stock) stays on the page: it does not fall through to the card's link", async ({
      page,
    }) => {
      await openIn(page, '/search', language);
      const soldOut = page
        .locator('[data-testid="product-card"] button.product-card__action:disabled')
        .first();
      await expect(soldOut).toBeVisible();
      const box = await soldOut.boundingBox();
      if (!box) throw new Error('the button has no box');
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      // A navigation would start at once; give it time to show before looking.
      await page.waitForTimeout(500);
      expect(new URL(page.url()).pathname).toBe('/search');
    });

    test('search text narrows the grid', async ({ page, request }) => {
      const { product } = await productWithChoices(request, language);
      const word = product.name.split(' ')[0] ?? product.name;
      await openIn(page, '/search', language);
      await expect(page.getByTestId('product-card').first()).toBeVisible();
      const before = await page.getByTestId('result-count').textContent();
      await page.locator('#catalog-search-input').fill(word);
      await page.locator('#catalog-search-input').press('Enter');
      await expect(page.getByTestId('result-count')).not.toHaveText(before ?? '');
      const names = await page.getByTestId('product-card').locator('h3').allTextContents();
      for (const name of names) expect(folded(name)).toContain(folded(word));
    });

    test('search folds what Gulf shoppers type: letter forms, the article, tatweel, plurals; facets count the choices', async ({
      page,
      request,
    }) => {
      const { product } = await productWithChoices(request, language);
      // The product's own name written as a shopper might: without the article, other letter forms, a tatweel.
      const typed =
        language === 'ar'
          ? product.name
              .split(' ')
              .map((word) => word.replace(/^ال/, '').replace(/ة$/, 'ه').replace(/[أإ]/g, 'ا'))
              .join(' ')
              .replace(/^(\S)(\S)/, '$1ـ$2')
          : product.name.toUpperCase();
      await openIn(page, '/search', language);
      await page.locator('#catalog-search-input').fill(typed);
      await page.locator('#catalog-search-input').press('Enter');
      await expect(
        page.getByTestId('product-card').locator('h3', { hasText: product.name }).first(),
      ).toBeVisible();

      // Facets: a brand's count is how many products ticking it leaves.
      await openIn(page, '/search', language);
      const brands = page.getByTestId('filter-panel').first().getByTestId('filter-brands');
      const first = brands.locator('label').first();
      const label = (await first.textContent()) ?? '';
      const count = Number(
        /\(([\d٠-٩]+)\)/.exec(label)?.[1]?.replace(/[٠-٩]/g, (digit) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(digit))),
      );
      expect(count).toBeGreaterThan(0);
      const answer = page.waitForResponse((response) =>
        /\/api\/catalog\/search\?.*brands=/.test(response.url()),
      );
      await first.click();
      await expect(page).toHaveURL(/brands=/);
      expect(((await (await answer).json()) as { total: number }).total).toBe(count);
      await expect(page.getByTestId('product-card').first()).toBeVisible();

      // A collection's count, beside the chosen brand: how many of that brand's products it leaves.
      const collection = page
        .getByTestId('filter-panel')
        .first()
        .getByTestId('filter-collections')
        .locator('label')
        .first();
      const collectionLabel = (await collection.textContent()) ?? '';
      const collectionCount = Number(
        /\(([\d٠-٩]+)\)/
          .exec(collectionLabel)?.[1]
          ?.replace(/[٠-٩]/g, (digit) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(digit))),
      );
      expect(collectionCount).toBeGreaterThan(0);
      expect(collectionCount).toBeLessThanOrEqual(count);
      const narrowed = page.waitForResponse((response) =>
        /\/api\/catalog\/search\?.*brands=.*collections=/.test(response.url()),
      );
      await collection.click();
      await expect(page).toHaveURL(/collections=/);
      expect(((await (await narrowed).json()) as { total: number }).total).toBe(collectionCount);
      await expect(page.getByTestId('product-card')).toHaveCount(Math.min(12, collectionCount));
    });

    test('ى for ي, a tatweel, capitals and Arabic-Indic digits find the same products as the plain spelling', async ({
      page,
    }) => {
      const plain = language === 'ar' ? 'هاتف ذكي 128' : 'smartphone 128';
      const typed = language === 'ar' ? 'هاتـف ذكى ١٢٨' : 'SMARTPHONE ١٢٨';
      await openIn(page, `/search?q=${encodeURIComponent(plain)}`, language);
      await expect(page.getByTestId('product-card').first()).toBeVisible();
      const count = (await page.getByTestId('result-count').textContent()) ?? '';
      const names = await page.getByTestId('product-card').locator('h3').allTextContents();
      for (const name of names) expect(name).toContain('128');
      const answer = page.waitForResponse(
        (response) =>
          response.url().includes('/api/catalog/search?') &&
          new URL(response.url()).searchParams.get('q') === typed,
      );
      await page.locator('#catalog-search-input').fill(typed);
      await page.locator('#catalog-search-input').press('Enter');
      expect((await answer).status()).toBe(200);
      await expect(page).toHaveURL((url) => url.searchParams.get('q') === typed);
      await expect(page.getByTestId('result-count')).toHaveText(count);
      await expect(page.getByTestId('product-card').locator('h3')).toHaveText(names);
    });

    test('predictive search: a word in another letter form suggests products, and Enter on one opens it', async ({
      page,
    }) => {
      await openIn(page, '/', language);
      const box = page.getByRole('combobox', { name: texts.searchLabel });
      await box.click();
      // "العطر" (with the article) for names that say "عطر": the server folds the forms, in both languages' names.
      await box.pressSequentially('العطر', { delay: 40 });
      const list = page.getByRole('listbox', { name: texts.suggestions });
      await expect(list).toBeVisible();
      await expect(box).toHaveAttribute('aria-expanded', 'true');
      const products = list.getByRole('group', { name: texts.products }).getByRole('option');
      await expect(products.first()).toBeVisible();
      await expect(products.first()).toContainText(texts.perfume);
      await expect(list.getByRole('option').last()).toContainText(texts.searchFor);
      const results = new AxeBuilder({ page }).include('#shell-navbar');
      const serious = (await results.analyze()).violations.filter(
        (v) => v.impact === 'serious' || v.impact === 'critical',
      );
      expect(serious.map((v) => v.id)).toEqual([]);

      const name = (await products.first().locator('.search-suggestions__name').textContent()) ?? '';
      await box.press('ArrowDown');
      await expect(box).toHaveAttribute(
        'aria-activedescendant',
        (await products.first().getAttribute('id')) ?? '',
      );
      await box.press('Enter');
      await expect(page).toHaveURL(/\/product\/\d+$/);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(list).toBeHidden();
    });

    test('paging asks the server for the next 12; the page is in the address, kept by a reload, undone by back', async ({
      page,
    }) => {
      await openIn(page, '/search', language);
      await expect(page.getByTestId('product-card')).toHaveCount(12);
      const cards = page.getByTestId('product-card').locator('h3');
      const firstNames = await cards.allTextContents();
      const answer = page.waitForResponse((response) =>
        /\/api\/catalog\/search\?.*page=2/.test(response.url()),
      );
      await page.getByRole('button', { name: texts.page2 }).first().click();
      expect((await answer).status()).toBe(200);
      await expect(page).toHaveURL((url) => url.searchParams.get('page') === '2');
      await expect(cards.first()).not.toHaveText(firstNames[0] ?? '');
      const secondNames = await cards.allTextContents();
      const current = page.getByRole('button', { name: texts.page2 }).first();
      await expect(current).toHaveAttribute('aria-current', 'page');

      await page.reload();
      await expect(page).toHaveURL((url) => url.searchParams.get('page') === '2');
      await expect(cards).toHaveText(secondNames);
      // A later page is a page of its own: its number is in the title.
      await expect(page).toHaveTitle(language === 'ar' ? /— صفحة 2 · / : /— page 2 · /);
      await expect(current).toHaveAttribute('aria-current', 'page');

      await page.goBack();
      await expect(page).toHaveURL((url) => url.pathname === '/search' && !url.searchParams.has('page'));
      await expect(cards).toHaveText(firstNames);
      await page.goForward();
      await expect(cards).toHaveText(secondNames);

      // A page past the end, or no page number at all, is said to be none, with the way back to page 1.
      for (const missing of ['999', 'abc']) {
        await openIn(page, `/search?page=${missing}`, language);
        await expect(page.getByText(texts.noSuchPage)).toBeVisible();
        await expect(page.getByTestId('product-card')).toHaveCount(0);
        await page.getByRole('link', { name: texts.firstPage }).click();
        await expect(page).toHaveURL((url) => url.pathname === '/search' && !url.searchParams.has('page'));
        await expect(cards).toHaveText(firstNames);
      }
      // Not a page to index: the server answers it 404, rendered and noindex.
      const missing = await page.request.get(`/search?page=999&lng=${language}`, {
        headers: { accept: 'text/html' },
      });
      expect(missing.status()).toBe(404);
      expect(await missing.text()).toContain('<meta name="robots" content="noindex">');
    });

    test('the search words go into the address; the shared link opened cold shows the same products', async ({
      page,
      browser,
      request,
    }) => {
      const { product } = await productWithChoices(request, language);
      const word = product.name.split(' ')[0] ?? product.name;
      await openIn(page, '/search', language);
      await expect(page.getByTestId('product-card').first()).toBeVisible();
      const everything = (await page.getByTestId('result-count').textContent()) ?? '';
      await page.locator('#catalog-search-input').fill(word);
      await page.locator('#catalog-search-input').press('Enter');
      await expect(page).toHaveURL((url) => url.searchParams.get('q') === word);
      // The grid follows the search a moment after the address (it renders as a deferred value).
      await expect(page.getByTestId('result-count')).not.toHaveText(everything);
      const count = (await page.getByTestId('result-count').textContent()) ?? '';
      const link = page.url();

      // A new browser context: no stored search text, only the link.
      const other = await browser.newContext();
      const cold = loadsUntilUsable(await other.newPage());
      const shared = new URL(link);
      shared.searchParams.set('lng', language);
      await cold.goto(shared.href);
      await expect(cold.locator('html')).toHaveAttribute('lang', language);
      await expect(cold.locator('#catalog-search-input')).toHaveValue(word);
      await expect(cold.locator('#shell-search-input')).toHaveValue(word);
      await expect(cold.getByTestId('result-count')).toHaveText(count);
      const names = await cold.getByTestId('product-card').locator('h3').allTextContents();
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(name.toLowerCase()).toContain(word.toLowerCase());
      expect(new URL(cold.url()).searchParams.get('q')).toBe(word);
      await other.close();
    });

    test('product detail: choose size and colour, add as a guest, the navbar count grows', async ({
      page,
      request,
    }) => {
      const { product, size, colour } = await productWithChoices(request, language);
      await openIn(page, `/product/${product.id}`, language);
      await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
      // An empty cart has no count on its icon.
      await expect(page.getByTestId('cart-count')).toHaveCount(0);
      await page.getByRole('radio', { name: colour, exact: true }).click();
      await page.getByRole('radio', { name: size, exact: true }).click();
      await page.getByRole('button', { name: texts.addToCart, exact: true }).click();
      await expect(page.getByText(texts.added)).toBeVisible();
      await expect(page.getByTestId('cart-count')).toHaveText('1');
      await expectAccessible(page);
    });

    test('reviews come 3 per page', async ({ page, request }) => {
      const { id, count } = await reviewedProduct(request);
      expect(count).toBeGreaterThan(3);
      await openIn(page, `/product/${id}`, language);
      const list = page.getByTestId('review-list');
      await expect(list.getByTestId('review')).toHaveCount(3);
      await page.getByRole('button', { name: texts.page2, exact: true }).click();
      await expect(list.getByTestId('review')).toHaveCount(Math.min(3, count - 3));
    });
  });
}

test.describe('phone width', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  for (const language of ['en', 'ar'] as const) {
    test(`the filter drawer opens from the filter bar and filters (${language})`, async ({ page }) => {
      await openIn(page, '/search', language);
      await expect(page.getByTestId('product-card').first()).toBeVisible();
      await expect(page.locator('aside').getByTestId('filter-panel')).toBeHidden();
      await page.getByTestId('filter-bar').click();
      const drawer = page.getByRole('dialog');
      await expect(drawer).toBeVisible();
      await drawer.getByRole('button', { name: /4/ }).first().click();
      await drawer.getByRole('button', { name: language === 'en' ? 'Show results' : 'عرض النتائج' }).click();
      await expect(drawer).toBeHidden();
      await expect(page).toHaveURL(/minRating=4/);
      // The active filter shows as a chip; the page does not scroll sideways.
      await expect(page.getByRole('button', { name: /Remove filter|إزالة الفلتر/ }).first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
