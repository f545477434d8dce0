// Every page of the shop and its dialogs, in English and Arabic, scanned with axe-core as a shopper sees them:
// no serious or critical violation anywhere. All pages are scanned before the verdict, so one run names them all.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

import arAdmin from '../src/i18n/locales/ar/admin.json';
import arAuth from '../src/i18n/locales/ar/auth.json';
import arCatalog from '../src/i18n/locales/ar/catalog.json';
import arShell from '../src/i18n/locales/ar/shell.json';
import enAdmin from '../src/i18n/locales/en/admin.json';
import enAuth from '../src/i18n/locales/en/auth.json';
import enCatalog from '../src/i18n/locales/en/catalog.json';
import enShell from '../src/i18n/locales/en/shell.json';
import {
  createAccount,
  expect,
  openIn,
  test,
  PASSWORD,
  fill,
  plainProduct,
  settleAnimations,
} from './fixtures';

type Language = 'en' | 'ar';
const TEXTS = {
  en: { admin: enAdmin, auth: enAuth, catalog: enCatalog, shell: enShell },
  ar: { admin: arAdmin, auth: arAuth, catalog: arCatalog, shell: arShell },
};

/** The serious and critical violations of what is on screen now, named by page. */
async function scan(page: Page, name: string, found: string[]) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[data-testid$="skeleton"]')).toHaveCount(0);
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.passes.length, `${name}: axe checked the page`).toBeGreaterThan(10);
  for (const violation of results.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    const targets = violation.nodes.map((node) => node.target.join(' ')).join(', ');
    found.push(`${name}: ${violation.id} (${violation.impact}): ${targets}`);
  }
}

async function visit(page: Page, path: string, language: Language, found: string[]) {
  await openIn(page, path, language);
  await scan(page, `${language} ${path}`, found);
}

async function openAccountDialog(page: Page, language: Language, which: 'login' | 'signup') {
  const { shell } = TEXTS[language];
  await page.getByRole('button', { name: shell.nav.account, exact: true }).click();
  await page.getByRole('button', { name: shell.nav[which], exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
}

for (const language of ['en', 'ar'] as const) {
  const t = TEXTS[language];

  test(`${language}: every page and dialog has no serious or critical axe violation`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const found: string[] = [];
    const product = await plainProduct(request, language);

    // As a guest, with a product in the cart (the cart and checkout show their full forms).
    for (const path of ['/', '/search', '/all-categories', `/product/${product.id}`])
      await visit(page, path, language, found);
    await page.getByRole('button', { name: t.catalog.product.add_to_cart, exact: true }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    for (const path of ['/cart', '/checkout', '/policy', '/privacy', '/who-we-are', '/no-such-page'])
      await visit(page, path, language, found);

    await openIn(page, '/', language);
    await openAccountDialog(page, language, 'signup');
    await scan(page, `${language} register dialog`, found);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await openAccountDialog(page, language, 'login');
    await scan(page, `${language} login dialog`, found);

    // Signed in, with a favorite.
    const email = await createAccount(request, `axe-${language}`, PASSWORD);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(t.auth.fields.email, { exact: true }).fill(email);
    await dialog.getByLabel(t.auth.fields.password, { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: t.auth.login.submit, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(() => page.evaluate(() => window.sessionStorage.getItem('persist:auth') ?? ''))
      .toMatch(/"token":"\\"[^\\]/);
    await openIn(page, `/product/${product.id}`, language);
    await page.getByRole('button', { name: fill(t.catalog.ui.add_favorite, { name: product.name }) }).click();
    await expect(
      page.getByRole('button', { name: fill(t.catalog.ui.remove_favorite, { name: product.name }) }),
    ).toBeVisible();
    for (const path of [
      '/favorites',
      '/orders',
      '/checkout',
      '/profile',
      '/profile-password',
      '/profile-orders',
      '/profile-country',
      '/profile-shipping',
    ])
      await visit(page, path, language, found);

    expect(found).toEqual([]);
  });
}

/** The demo shop's owner (DEMO_SHOP=on). */
const OWNER = { email: 'owner@shop.test', password: 'Owner@12345' };

for (const language of ['en', 'ar'] as const) {
  const t = TEXTS[language];

  test(`${language}: the back office's pages have no serious or critical axe violation`, async ({ page }) => {
    test.setTimeout(180_000);
    const found: string[] = [];
    await openIn(page, '/', language);
    await openAccountDialog(page, language, 'login');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(t.auth.fields.email, { exact: true }).fill(OWNER.email);
    await dialog.getByLabel(t.auth.fields.password, { exact: true }).fill(OWNER.password);
    await dialog.getByRole('button', { name: t.auth.login.submit, exact: true }).click();
    await expect(dialog).toBeHidden();
    for (const path of [
      '/admin',
      '/admin/orders',
      '/admin/reviews',
      '/admin/products',
      '/admin/products/new',
      '/admin/coupons',
      '/admin/import',
      '/admin/staff',
    ])
      await visit(page, path, language, found);
    // The seeded reviews are approved: their rows, with each one's stars, are what the scan must see.
    await openIn(page, '/admin/reviews', language);
    await page.getByRole('button', { name: t.admin.reviews.approved, exact: true }).click();
    await expect(page.getByTestId('reviews-table').locator('tbody tr').first()).toBeVisible();
    await scan(page, `${language} /admin/reviews approved`, found);
    expect(found).toEqual([]);
  });
}
