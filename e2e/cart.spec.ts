import type { APIRequestContext, Page } from '@playwright/test';

import arAuth from '../src/i18n/locales/ar/auth.json';
import arCatalog from '../src/i18n/locales/ar/catalog.json';
import arShell from '../src/i18n/locales/ar/shell.json';
import arShop from '../src/i18n/locales/ar/shop.json';
import enAuth from '../src/i18n/locales/en/auth.json';
import enCatalog from '../src/i18n/locales/en/catalog.json';
import enShell from '../src/i18n/locales/en/shell.json';
import enShop from '../src/i18n/locales/en/shop.json';
import { createAccount, expect, openIn, test, PASSWORD, fill, type ApiProduct } from './fixtures';

type Language = 'en' | 'ar';
const TEXTS = {
  en: { auth: enAuth, catalog: enCatalog, shell: enShell, shop: enShop },
  ar: { auth: arAuth, catalog: arCatalog, shell: arShell, shop: arShop },
};
/** Set to a folder to keep screenshots of the filled cart at phone and desktop width. */
const SHOTS_DIR = process.env.CART_SHOTS_DIR;

/** The amount in a shown price, whatever the digits, separators and currency sign of the language. */
function amountOf(text: string): number {
  const latin = text
    .replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/٫/g, '.')
    .replace(/[٬,]/g, '');
  const match = /\d+(\.\d+)?/.exec(latin);
  if (!match) return 0;
  return Number(match[0]);
}

/** A plain product and one with a size (two to choose from) and a colour, both with plenty of stock. */
async function pickProducts(request: APIRequestContext, lang: Language) {
  const response = await request.get(`/api/categories${lang === 'ar' ? '?lang=ar' : ''}`);
  const all = ((await response.json()) as { products: ApiProduct[] }[]).flatMap(
    (category) => category.products,
  );
  const plain = all.find((item) => item.stock_quantity > 20 && item.attributes.length === 0);
  const withChoices = all.find(
    (item) =>
      item.id !== plain?.id &&
      item.stock_quantity > 20 &&
      item.attributes.length === 2 &&
      (item.attributes[0]?.sub_attributes.length ?? 0) >= 2,
  );
  if (!plain || !withChoices) throw new Error('the seed lacks the products this journey needs');
  const [sizes, colours] = withChoices.attributes;
  return {
    plain,
    withChoices,
    size: sizes?.sub_attributes[0]?.name ?? '',
    otherSize: sizes?.sub_attributes[1]?.name ?? '',
    colour: colours?.sub_attributes[0]?.name ?? '',
  };
}

async function logIn(page: Page, language: Language, email: string) {
  const { shell, auth } = TEXTS[language];
  await page.getByRole('button', { name: shell.nav.account, exact: true }).click();
  await page.getByRole('button', { name: shell.nav.login, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(auth.fields.email, { exact: true }).fill(email);
  await dialog.getByLabel(auth.fields.password, { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: auth.login.submit, exact: true }).click();
  await expect(dialog).toBeHidden();
}

for (const language of ['en', 'ar'] as const) {
  const t = TEXTS[language];
  const line = t.shop.cart.line;

  test(`${language}: a guest fills the cart, keeps it, prices delivery, signs in, merges it and applies a coupon`, async ({
    page,
    request,
  }) => {
    const { plain, withChoices, size, otherSize, colour } = await pickProducts(request, language);
    const addToCart = t.catalog.product.add_to_cart;

    // A guest adds a product from its card in the search results: the button is busy, then the toast and count.
    await openIn(page, `/search?q=${encodeURIComponent(plain.name)}`, language);
    const cardButton = page
      .getByTestId('product-card')
      .filter({ has: page.getByRole('heading', { name: plain.name, exact: true }) })
      .getByRole('button', { name: fill(t.catalog.ui.add_to_cart, { name: plain.name }), exact: true });
    await cardButton.click();
    await expect(page.getByText(t.catalog.product.added_to_cart)).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await expect(cardButton).toBeEnabled();
    // The other from its page, with a size and a colour.
    await openIn(page, `/product/${withChoices.id}`, language);
    await page.getByRole('radio', { name: colour, exact: true }).click();
    await page.getByRole('radio', { name: size, exact: true }).click();
    await page.getByRole('button', { name: addToCart, exact: true }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('2');

    await openIn(page, '/cart', language);
    const lines = page.getByTestId('cart-line');
    await expect(lines).toHaveCount(2);
    const plainLine = lines.filter({ hasText: plain.name });
    const choiceLine = lines.filter({ hasText: withChoices.name });

    // Quantity up by one.
    await plainLine.getByRole('button', { name: fill(line.increase, { name: plain.name }) }).click();
    await expect(
      plainLine.getByRole('textbox', { name: fill(line.quantity, { name: plain.name }), exact: true }),
    ).toHaveValue('2');

    // Another size replaces the line.
    await choiceLine.getByLabel(line.size, { exact: true }).selectOption(otherSize);
    await expect(choiceLine.getByLabel(line.size, { exact: true })).toHaveValue(otherSize);
    await expect(choiceLine).not.toHaveAttribute('aria-busy', 'true');

    // Removing one.
    await plainLine.getByRole('button', { name: fill(line.remove, { name: plain.name }) }).click();
    await expect(lines).toHaveCount(1);

    // The cart is kept over a reload.
    await page.reload();
    await expect(lines).toHaveCount(1);
    await expect(choiceLine.getByLabel(line.size, { exact: true })).toHaveValue(otherSize);
    await expect(page.getByTestId('cart-count')).toHaveText('1');

    // Delivery: a governorate, then an area, and the shipping price shows.
    const shipping = t.shop.shipping;
    const governorate = page.getByLabel(shipping.governorate, { exact: true });
    await expect(governorate.locator('option')).not.toHaveCount(1);
    await governorate.selectOption({ index: 1 });
    const area = page.getByLabel(shipping.area, { exact: true });
    await expect(area).toBeEnabled();
    await area.selectOption({ index: 1 });
    await expect(page.getByText(shipping.shipping_price_updated.split('{{')[0] ?? '').first()).toBeVisible();
    await page.getByLabel(shipping.address, { exact: true }).fill('Block 5, Street 20, House 7');
    const shownShipping = (await page.getByTestId('summary-shipping').textContent()) ?? '';
    expect(shownShipping.trim()).not.toBe('');

    // Signing in merges the guest cart into the (new) user cart, and a toast says so.
    const email = await createAccount(request, `cart-${language}`, PASSWORD);
    await logIn(page, language, email);
    await expect(page.getByText(t.shop.cart.merge.title)).toBeVisible();
    await expect(page.getByText(fill(t.shop.cart.merge.merged_one, { count: 1 }))).toBeVisible();
    await expect(lines).toHaveCount(1);
    await expect(choiceLine.getByLabel(line.size, { exact: true })).toHaveValue(otherSize);

    // Coupons: an expired one is refused, an active one (typed loosely) is applied.
    const coupon = t.shop.coupon;
    await page.getByRole('button', { name: coupon.have_coupon, exact: true }).click();
    const codeField = page.getByLabel(coupon.label, { exact: true });
    await codeField.fill('RAMADAN20');
    await page.getByRole('button', { name: coupon.apply, exact: true }).click();
    await expect(page.getByText(coupon.invalid_coupon).first()).toBeVisible();
    await codeField.fill('  welcome10 ');
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().includes('/api/cart/apply-coupon')),
      page.getByRole('button', { name: coupon.apply, exact: true }).click(),
    ]);
    expect(answer.status()).toBe(200);
    const server = (await answer.json()) as { discount: number; discount_amount: number; new_total: number };
    expect(server.discount).toBe(10);
    await expect(page.getByTestId('applied-coupon')).toBeVisible();

    // The figures shown are the server's.
    const shown = async (id: string) => amountOf((await page.getByTestId(id).textContent()) ?? '');
    await expect(page.getByTestId('summary-discount')).toBeVisible();
    const subtotal = await shown('summary-subtotal');
    const discount = await shown('summary-discount');
    const shippingPrice = shownShipping.trim() === t.shop.cart.summary.free ? 0 : amountOf(shownShipping);
    expect(discount).toBeCloseTo(server.discount_amount, 2);
    expect(subtotal - discount).toBeCloseTo(server.new_total, 2);
    expect(await shown('summary-total')).toBeCloseTo(server.new_total + shippingPrice, 2);

    if (SHOTS_DIR) {
      await page.screenshot({ path: `${SHOTS_DIR}/cart-${language}-desktop.png`, fullPage: true });
      await page.setViewportSize({ width: 360, height: 740 });
      await page.screenshot({ path: `${SHOTS_DIR}/cart-${language}-360.png`, fullPage: true });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'horizontal overflow at 360 px').toBeLessThanOrEqual(0);
    }
  });

  test(`${language}: a reload of /cart shows the kept lines and the count before the cart call answers`, async ({
    page,
    request,
  }) => {
    const { plain } = await pickProducts(request, language);
    await openIn(page, `/product/${plain.id}`, language);
    await page.getByRole('button', { name: t.catalog.product.add_to_cart, exact: true }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await openIn(page, '/cart', language);
    await expect(page.getByTestId('cart-line')).toHaveCount(1);

    // The cart's GET is held until the lines have been seen: only the persisted cart can show them.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let heldCalls = 0;
    await page.route(/\/api\/guest\/cart\?/, async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      heldCalls += 1;
      await held;
      await route.continue();
    });
    await page.reload();
    await expect.poll(() => heldCalls).toBeGreaterThan(0);
    const kept = page.getByTestId('cart-line');
    await expect(kept).toHaveCount(1);
    await expect(kept).toContainText(plain.name);
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await expect(page.getByTestId('cart-skeleton')).toHaveCount(0);
    const increase = kept.getByRole('button', { name: fill(line.increase, { name: plain.name }) });
    // Changes wait for the server's answer, which then wins.
    await expect(increase).toBeDisabled();
    release();
    await expect(increase).toBeEnabled();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
  });
}
