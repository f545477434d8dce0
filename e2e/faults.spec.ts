// Faults a shopper's browser meets, provoked with route interception: the API down, slow, answering 401 or 500,
// storage full or corrupt, the network dropping and coming back. Each page keeps working, says what happened in
// the shopper's language, and loses nothing they own.
import type { APIRequestContext, Page, Route } from '@playwright/test';

import arAuth from '../src/i18n/locales/ar/auth.json';
import arCatalog from '../src/i18n/locales/ar/catalog.json';
import arCheckout from '../src/i18n/locales/ar/checkout.json';
import arCommon from '../src/i18n/locales/ar/common.json';
import arShell from '../src/i18n/locales/ar/shell.json';
import arShop from '../src/i18n/locales/ar/shop.json';
import enAuth from '../src/i18n/locales/en/auth.json';
import enCatalog from '../src/i18n/locales/en/catalog.json';
import enCheckout from '../src/i18n/locales/en/checkout.json';
import enCommon from '../src/i18n/locales/en/common.json';
import enShell from '../src/i18n/locales/en/shell.json';
import enShop from '../src/i18n/locales/en/shop.json';
import { createAccount, expect, openIn, test } from './fixtures';

type Language = 'en' | 'ar';
const TEXTS = {
  en: {
    auth: enAuth,
    catalog: enCatalog,
    checkout: enCheckout,
    common: enCommon,
    shell: enShell,
    shop: enShop,
  },
  ar: {
    auth: arAuth,
    catalog: arCatalog,
    checkout: arCheckout,
    common: arCommon,
    shell: arShell,
    shop: arShop,
  },
};
const PASSWORD = 'Secret1!x';
const LANGUAGES = ['en', 'ar'] as const;
/** The pages every fault is tried on. */
const PAGES = ['home', 'product', 'cart', 'checkout'] as const;
type ShopPage = (typeof PAGES)[number];

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => String(values[key] ?? ''));

interface ApiProduct {
  id: number;
  name: string;
  stock_quantity: number;
  attributes: unknown[];
}

async function plainProduct(request: APIRequestContext, language: Language): Promise<ApiProduct> {
  const response = await request.get(`/api/categories${language === 'ar' ? '?lang=ar' : ''}`);
  const product = ((await response.json()) as { products: ApiProduct[] }[])
    .flatMap((category) => category.products)
    .find((item) => item.stock_quantity > 20 && item.attributes.length === 0);
  if (!product) throw new Error('the seed lacks a plain product with stock');
  return product;
}

function pathOf(which: ShopPage, product: ApiProduct): string {
  return { home: '/', product: `/product/${product.id}`, cart: '/cart', checkout: '/checkout' }[which];
}

/** The answer each page cannot do without (the call a fault is put on). */
const KEY_CALL: Record<ShopPage, RegExp> = {
  home: /\/api\/(categories|best_selling_products|coupons)(\?|$)/,
  product: /\/api\/products\/\d+/,
  cart: /\/api\/(guest\/)?cart(\?|$)/,
  checkout: /\/api\/(guest\/)?cart(\?|$)/,
};

const isApi = (url: URL) => url.pathname.startsWith('/api/');

/** Uncaught errors of the page, kept apart from the fixture's console check to name the page they came on. */
function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

/** Something is on the screen: the shell and a page body with visible text, never an empty root. */
async function expectNotBlank(page: Page) {
  await expect(page.locator('#main')).toBeVisible();
  await expect
    .poll(async () => (await page.locator('#main').innerText()).trim().length, { message: 'blank page' })
    .toBeGreaterThan(0);
  await expect(page.getByRole('navigation').first()).toBeVisible();
}

async function addToCart(page: Page, language: Language, product: ApiProduct) {
  await openIn(page, `/product/${product.id}`, language);
  await page.getByRole('button', { name: TEXTS[language].catalog.product.add_to_cart, exact: true }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
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

/** The page's failure notice: an alert with the translated words and a retry button. */
function failureNotice(page: Page, language: Language) {
  return page
    .getByTestId('load-failed')
    .filter({ has: page.getByRole('button', { name: TEXTS[language].common.retry }) });
}

for (const language of LANGUAGES) {
  const t = TEXTS[language];

  test(`${language}: API down on every page → a translated retry screen that works once it is back; the cart is kept`, async ({
    page,
    request,
  }) => {
    const errors = watchPageErrors(page);
    const product = await plainProduct(request, language);

    // Home first: later pages leave a stored copy of its lists, which would (rightly) stand in for the API.
    for (const which of PAGES) {
      if (which === 'product') await addToCart(page, language, product);
      await page.route(
        (url) => isApi(url),
        (route) => route.abort('connectionrefused'),
      );
      await openIn(page, pathOf(which, product), language);
      await expectNotBlank(page);
      const notice = failureNotice(page, language);
      await expect(notice, `${which}: retry screen`).toBeVisible();
      await expect(notice).toContainText(t.common.load_failed.offline);

      // The API is back: one press of retry shows the page.
      await page.unrouteAll({ behavior: 'wait' });
      await notice.getByRole('button', { name: t.common.retry }).click();
      await expect(notice).toBeHidden();
      if (which === 'product') await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
      if (which === 'cart') await expect(page.getByTestId('cart-line')).toHaveCount(1);
      if (which === 'checkout') await expect(page.getByText(product.name)).toBeVisible();
      if (which === 'home') await expect(page.getByTestId('product-card').first()).toBeVisible();
      if (which !== 'home')
        await expect(page.getByTestId('cart-count'), `${which}: the cart is kept`).toHaveText('1');
      expect(errors, `${which}: page errors`).toEqual([]);
    }
  });
}
