// Favorites, the profile area and the content pages, in English and Arabic, against the real server.
import type { Page } from '@playwright/test';

import arAccount from '../src/i18n/locales/ar/account.json';
import arAuth from '../src/i18n/locales/ar/auth.json';
import arCatalog from '../src/i18n/locales/ar/catalog.json';
import arShell from '../src/i18n/locales/ar/shell.json';
import enAccount from '../src/i18n/locales/en/account.json';
import enAuth from '../src/i18n/locales/en/auth.json';
import enCatalog from '../src/i18n/locales/en/catalog.json';
import enShell from '../src/i18n/locales/en/shell.json';
import { createAccount, expect, expectAccessible, openIn, test, PASSWORD } from './fixtures';

type Language = 'en' | 'ar';
const TEXTS = {
  en: { account: enAccount, auth: enAuth, catalog: enCatalog, shell: enShell },
  ar: { account: arAccount, auth: arAuth, catalog: arCatalog, shell: arShell },
};
const NEW_PASSWORD = 'Fresh2@yz';
// A real 1×1 PNG (written by sharp: the server decodes every upload, so its data must be whole).
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b0000000d49444154089963382167f31f0004f602226a5f03f40000000049454e44ae426082',
  'hex',
);

interface PlainProduct {
  name: string;
  attributes: unknown[];
  stock_quantity: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A translated template with {{name}} as a pattern matching any name. */
const templatePattern = (template: string) =>
  new RegExp(`^${template.split('{{name}}').map(escape).join('(.+)')}$`);

/** Fills the open login dialog. */
async function loginInDialog(page: Page, language: Language, email: string, password: string) {
  const t = TEXTS[language].auth;
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(t.fields.email, { exact: true }).fill(email);
  await dialog.getByLabel(t.fields.password, { exact: true }).fill(password);
  await dialog.getByRole('button', { name: t.login.submit, exact: true }).click();
  await expect(page.getByText(t.login.success)).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function openLogin(page: Page, language: Language) {
  const nav = TEXTS[language].shell.nav;
  await page.getByRole('button', { name: nav.account, exact: true }).click();
  await page.getByRole('button', { name: nav.login, exact: true }).click();
}

async function signIn(page: Page, language: Language, email: string, password = PASSWORD) {
  await openIn(page, '/', language);
  await openLogin(page, language);
  await loginInDialog(page, language, email, password);
}

/**
 * "Continue with Google" without Google: the runtime config names a client id and Google's button script is a stand-in
 * that hands the page a sandbox token for this address. The server checks that token for real: it accepts such tokens
 * only outside production with the sandbox switched on (server/README.md, "Social sign-in sandbox").
 */
async function withSandboxGoogle(page: Page, subject: string, email: string) {
  await page.route('**/config.js', async (route) => {
    const response = await route.fetch();
    const body = `${await response.text()}window.__SHOP_CONFIG__.googleClientId = 'sandbox-client';\n`;
    await route.fulfill({ response, body });
  });
  const token = JSON.stringify(`sandbox:${subject}:${email}`);
  const gsi = `window.google = { accounts: { id: {
    initialize: function (options) { window.__gsiOptions = options; },
    renderButton: function (parent) {
      var button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Continue with Google';
      button.addEventListener('click', function () { window.__gsiOptions.callback({ credential: ${token} }); });
      parent.appendChild(button);
    },
  } } };`;
  await page.route('https://accounts.google.com/gsi/client', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: gsi }),
  );
}

function currencyMark(language: Language, currency: string) {
  return (
    new Intl.NumberFormat(language === 'ar' ? 'ar-KW' : 'en-KW', { style: 'currency', currency })
      .formatToParts(1)
      .find((part) => part.type === 'currency')?.value ?? currency
  );
}

for (const language of ['en', 'ar'] as const) {
  const t = TEXTS[language];
  const p = t.account.profile;

  test.describe(`account area (${language})`, () => {
    test('a guest taps a heart, logs in, the heart is filled; favorites page; remove', async ({
      page,
      request,
    }) => {
      const email = await createAccount(request, `fav-${language}`, PASSWORD);
      await openIn(page, '/', language);
      const addPattern = templatePattern(t.catalog.ui.add_favorite);
      const heart = page.getByRole('button', { name: addPattern }).first();
      const label = (await heart.getAttribute('aria-label')) ?? '';
      const name = addPattern.exec(label)?.[1] ?? '';
      expect(name).not.toBe('');
      await heart.click();
      await expect(page.getByText(t.shell.session.please_login_first).first()).toBeVisible();
      await loginInDialog(page, language, email, PASSWORD);
      const removeLabel = t.catalog.ui.remove_favorite.replace('{{name}}', name);
      await expect(page.getByRole('button', { name: removeLabel, exact: true }).first()).toHaveAttribute(
        'aria-pressed',
        'true',
      );

      await openIn(page, '/favorites', language);
      await expect(page.getByRole('heading', { level: 1, name: t.account.favorites.title })).toBeVisible();
      const item = page.getByTestId('favorite-item');
      await expect(item).toHaveCount(1);
      await expect(item.getByRole('heading', { name })).toBeVisible();
      await expectAccessible(page);
      await item.getByRole('button', { name: t.account.favorites.remove, exact: true }).click();
      await expect(page.getByText(t.account.favorites.empty)).toBeVisible();
      await page.reload();
      await expect(page.getByText(t.account.favorites.empty)).toBeVisible();
    });

    test('profile edit and picture upload', async ({ page, request }) => {
      const email = await createAccount(request, `profile-${language}`, PASSWORD);
      await signIn(page, language, email);
      await openIn(page, '/profile', language);
      await expect(page.getByRole('heading', { level: 1, name: p.page.title })).toBeVisible();
      const name = page.getByLabel(p.form.name, { exact: true });
      await expect(name).toHaveValue(`profile-${language}`);
      await name.fill('Noura Al-Sabah');
      await page.getByRole('button', { name: p.form.save }).click();
      await expect(page.getByText(p.messages.updated)).toBeVisible();

      const input = page.getByTestId('avatar-input');
      await input.setInputFiles({
        name: 'evil.png',
        mimeType: 'image/png',
        buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      });
      await expect(page.getByText(p.avatar.not_image).first()).toBeVisible();
      await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
      await expect(page.getByText(p.avatar.updated)).toBeVisible();
      await page.reload();
      await expect(page.getByRole('img', { name: p.avatar.label })).toHaveAttribute(
        'src',
        /^\/uploads\/profile\//,
      );
      await expect(page.getByLabel(p.form.name, { exact: true })).toHaveValue('Noura Al-Sabah');
      await expectAccessible(page);
    });

    test('change the password, then log in with it', async ({ page, request }) => {
      const email = await createAccount(request, `password-${language}`, PASSWORD);
      await signIn(page, language, email);
      await openIn(page, '/profile-password', language);
      await page.getByLabel(p.password.current, { exact: true }).fill(PASSWORD);
      await page.getByLabel(p.password.new, { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel(p.password.confirm, { exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: p.password.submit, exact: true }).click();
      await expect(page.getByText(p.password.success)).toBeVisible();

      const nav = t.shell.nav;
      await page.getByRole('button', { name: nav.account, exact: true }).click();
      await page.getByRole('button', { name: nav.logout, exact: true }).click();
      await expect(page.getByText(t.shell.session.logout_success)).toBeVisible();
      await openLogin(page, language);
      await loginInDialog(page, language, email, NEW_PASSWORD);
    });

    test('an account made by Google sign-in sets its first password with new + confirmation only', async ({
      page,
    }) => {
      const stamp = `${language}-${Date.now()}`;
      const email = `social-${stamp}@example.com`;
      await withSandboxGoogle(page, `journey-${stamp}`, email);
      await openIn(page, '/', language);
      await openLogin(page, language);
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Continue with Google' }).click();
      await expect(dialog).toBeHidden();

      await openIn(page, '/profile-password', language);
      await expect(page.getByText(p.password.first_intro)).toBeVisible();
      await expect(page.getByLabel(p.password.current, { exact: true })).toHaveCount(0);
      await page.getByLabel(p.password.new, { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel(p.password.confirm, { exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: p.password.first_submit, exact: true }).click();
      await expect(page.getByText(p.password.first_success)).toBeVisible();

      // The account now also logs in with its e-mail and the new password.
      const nav = t.shell.nav;
      await page.getByRole('button', { name: nav.account, exact: true }).click();
      await page.getByRole('button', { name: nav.logout, exact: true }).click();
      await expect(page.getByText(t.shell.session.logout_success)).toBeVisible();
      await openLogin(page, language);
      await loginInDialog(page, language, email, NEW_PASSWORD);
      // And a second visit of the page asks for the current password like any account with one.
      await openIn(page, '/profile-password', language);
      await expect(page.getByLabel(p.password.current, { exact: true })).toBeVisible();
    });

    test('choosing Saudi Arabia shows prices in SAR on home, product and cart', async ({ page, request }) => {
      const email = await createAccount(request, `country-${language}`, PASSWORD);
      await signIn(page, language, email);
      await openIn(page, '/profile-country', language);
      const select = page.getByRole('combobox', { name: p.country.label });
      const saudi = await select.locator('option', { hasText: '(SAR)' }).getAttribute('value');
      await select.selectOption(saudi ?? '');
      await expect(page).toHaveURL(/\/(\?.*)?$/);
      await expect(page.getByText(p.country.saved.replace('{{currency}}', 'SAR'))).toBeVisible();
      const mark = currencyMark(language, 'SAR');
      const firstCard = page.getByTestId('product-card').first();
      await expect(firstCard).toContainText(mark);
      await firstCard.getByRole('heading').getByRole('link').click();
      await expect(page.getByTestId('unit-price')).toContainText(mark);

      // Added from its card (a product without sizes or colours to choose), the cart shows it and its totals in SAR.
      const categories = await request.get(`/api/categories${language === 'ar' ? '?lang=ar' : ''}`);
      const plain = ((await categories.json()) as { products: PlainProduct[] }[])
        .flatMap((category) => category.products)
        .find((product) => product.attributes.length === 0 && product.stock_quantity > 5);
      if (!plain) throw new Error('the seed lacks a product without choices');
      await openIn(page, `/search?q=${encodeURIComponent(plain.name)}`, language);
      await page
        .getByRole('button', { name: t.catalog.ui.add_to_cart.replace('{{name}}', plain.name), exact: true })
        .click();
      await expect(page.getByText(t.catalog.product.added_to_cart)).toBeVisible();
      await expect(page.getByTestId('cart-count')).toHaveText('1');
      await openIn(page, '/cart', language);
      await expect(page.getByTestId('cart-line')).toHaveCount(1);
      await expect(page.getByTestId('cart-line')).toContainText(mark);
      await expect(page.getByTestId('summary-subtotal')).toContainText(mark);
      await expect(page.getByTestId('summary-total')).toContainText(mark);
    });

    test('deleting the account signs out, goes home, and the account cannot log in', async ({
      page,
      request,
    }) => {
      const email = await createAccount(request, `delete-${language}`, PASSWORD);
      await signIn(page, language, email);
      await openIn(page, '/profile-shipping', language);
      await expect(page.getByRole('heading', { level: 1, name: p.shipping.title })).toBeVisible();
      await expect(page.getByTestId('shipping-request').first()).toBeVisible();
      await page.getByRole('button', { name: p.menu.delete, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByText(p.delete.body)).toBeVisible();
      await dialog.getByRole('button', { name: p.delete.confirm, exact: true }).click();
      await expect(page.getByText(p.delete.success)).toBeVisible();
      await expect(page).toHaveURL(/\/(\?.*)?$/);
      const refused = await request.post('/api/login', { data: { email, password: PASSWORD } });
      expect(refused.status()).toBe(422);
      await openLogin(page, language);
      const loginDialog = page.getByRole('dialog');
      await loginDialog.getByLabel(t.auth.fields.email, { exact: true }).fill(email);
      await loginDialog.getByLabel(t.auth.fields.password, { exact: true }).fill(PASSWORD);
      await loginDialog.getByRole('button', { name: t.auth.login.submit, exact: true }).click();
      await expect(loginDialog.getByRole('alert').first()).toBeVisible();
      await expect(page.getByText(t.auth.login.success)).toHaveCount(0);
    });

    test('profile pages ask a signed-out shopper to log in first', async ({ page }) => {
      await openIn(page, '/profile', language);
      await expect(page.getByText(t.shell.session.please_login_first).first()).toBeVisible();
      await expect(page.getByRole('dialog')).toBeVisible();
    });

    test('the refund, privacy and about pages', async ({ page }) => {
      for (const path of ['/policy', '/privacy', '/who-we-are']) {
        await openIn(page, path, language);
        const heading = page.getByRole('heading', { level: 1 });
        await expect(heading).toBeVisible();
        await expect(heading).not.toHaveText(t.account.content.no_title);
        expect((await page.locator('article p').count()) >= 2).toBe(true);
        await expect(page).toHaveTitle(new RegExp(escape((await heading.textContent()) ?? '')));
        await expectAccessible(page);
      }
    });
  });
}
