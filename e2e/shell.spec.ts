import { expect, expectAccessible, openIn, test } from './fixtures';

// Linked, or carried inline by a browser's first page (server/plugins/inlineAssets.ts).
const bootstrapSheets = (page: import('@playwright/test').Page) =>
  page
    .locator('[data-bootstrap]')
    .evaluateAll((sheets) => sheets.map((s) => s.getAttribute('href') ?? s.getAttribute('data-href') ?? ''));

test.describe('application shell', () => {
  test('home opens in English, left to right, with only the LTR stylesheet', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('link', { name: 'Gulf Store home' })).toBeVisible();
    await expect.poll(() => bootstrapSheets(page)).toEqual([expect.stringMatching(/bootstrap-ltr/)]);
    await expectAccessible(page);
  });

  test('?lng=ar opens in Arabic, right to left, with only the RTL stylesheet', async ({ page }) => {
    await openIn(page, '/', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('combobox', { name: 'البحث عن المنتجات' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Switch to English' })).toHaveText('EN');
    await expect.poll(() => bootstrapSheets(page)).toEqual([expect.stringMatching(/bootstrap-rtl/)]);
    // Mirrored: the brand sits on the right in Arabic.
    const brand = await page.getByRole('link', { name: 'الصفحة الرئيسية لمتجر الخليج' }).boundingBox();
    expect(brand && brand.x).toBeGreaterThan(640);
    await expectAccessible(page);
  });

  test("a browser's first page carries its head's files; once it works they are fetched, and the next page links them", async ({
    page,
  }) => {
    await openIn(page, '/', 'ar');
    const carried = await page
      .locator('style[data-href], script[data-href]')
      .evaluateAll((elements) => elements.map((e) => e.getAttribute('data-href') ?? ''));
    expect(carried).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/css\/bootstrap-rtl\./),
        expect.stringMatching(/^\/js\//),
      ]),
    );
    // The inline chunks ran under the page's policy (a refused script is a console error, which fails the test).
    await expect(page.getByRole('combobox', { name: 'البحث عن المنتجات' })).toBeVisible();
    const held = async () =>
      (await page.context().cookies()).find((cookie) => cookie.name === 'shop_held')?.value.split('~') ?? [];
    await expect.poll(held).toHaveLength(carried.length);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    expect(await page.locator('style[data-href], script[data-href]').count()).toBe(0);
    await expect.poll(() => bootstrapSheets(page)).toEqual([expect.stringMatching(/bootstrap-rtl/)]);
    expect(await page.locator('link[rel="stylesheet"][data-bootstrap="rtl"]').count()).toBe(1);
  });

  test('the language toggle switches both ways and survives a reload', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Switch to Arabic' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('button', { name: 'Switch to English' })).toBeVisible();
    await expect.poll(() => bootstrapSheets(page)).toEqual([expect.stringMatching(/bootstrap-rtl/)]);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('combobox', { name: 'البحث عن المنتجات' })).toBeVisible();
    await page.getByRole('button', { name: 'Switch to English' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('button', { name: 'Switch to Arabic' })).toBeVisible();
  });

  test('the search box leads to /search with the text kept', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.fill('  watch ');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search/);
    await expect(page.getByRole('combobox', { name: 'Search products' }).first()).toHaveValue('watch');
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Search products' }).first()).toHaveValue('watch');
  });

  test('signed out, the account menu shows the login prompt and opens the login modal', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Account' }).click();
    await expect(page.getByText('Log in to see your profile, orders and favorites.')).toBeVisible();
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('an account page signed out says please log in first', async ({ page }) => {
    await page.goto('/orders');
    await expect(page.getByRole('heading', { name: 'Please log in first' })).toBeVisible();
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('the footer shows the about text in both languages', async ({ page }) => {
    await page.goto('/');
    // The footer loads as the shopper scrolls down to it.
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    const about = page.getByTestId('footer-about');
    await expect(about).toBeVisible();
    await expect(about).not.toHaveText('');
    await page.getByRole('button', { name: 'Switch to Arabic' }).click();
    await expect(page.getByTestId('footer-about')).toHaveText(/[\u0600-\u06FF]/);
    await expect(page.getByRole('link', { name: 'شروط الاستخدام' })).toHaveAttribute('href', '/policy');
  });

  test('phone width: the menu collapses behind a toggle and nothing overflows', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openIn(page, '/', 'ar');
    const toggle = page.getByRole('button', { name: 'إظهار القائمة' });
    await expect(toggle).toBeVisible();
    await expect(page.getByRole('combobox')).toBeHidden();
    await toggle.click();
    await expect(page.getByRole('combobox', { name: 'البحث عن المنتجات' })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
  });

  test('an unknown address shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('keyboard: the skip link and the controls are reachable with visible focus', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Gulf Store home' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    const outline = await skip.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe('none');
  });
});
