// The back office's second factor in a real browser (issue 47, finding 5), in English and Arabic: a new staff member
// sets up an authenticator app on the Security page (the test reads the key off the page and makes the app's codes
// with otpauth, as a phone would), keeps the recovery codes, signs out, signs in again and passes the code step
// before the back office opens.
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

import arAdmin from '../src/i18n/locales/ar/admin.json';
import arAuth from '../src/i18n/locales/ar/auth.json';
import arShell from '../src/i18n/locales/ar/shell.json';
import enAdmin from '../src/i18n/locales/en/admin.json';
import enAuth from '../src/i18n/locales/en/auth.json';
import enShell from '../src/i18n/locales/en/shell.json';
import { createAccount, expect, expectAccessible, openIn, PASSWORD, test } from './fixtures';

type Language = 'en' | 'ar';
const TEXTS = {
  en: { admin: enAdmin, auth: enAuth, shell: enShell },
  ar: { admin: arAdmin, auth: arAuth, shell: arShell },
};
const OWNER = { email: 'owner@shop.test', password: 'Owner@12345' };

/** The app's code for a moment: `ahead` steps of 30 s later, so a code is never the one just used. */
const appCode = (secret: string, ahead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + ahead * 30_000,
  });

async function accountMenu(page: Page, language: Language, entry: 'login' | 'logout') {
  const nav = TEXTS[language].shell.nav;
  await page.getByRole('button', { name: nav.account, exact: true }).click();
  await page.getByRole('button', { name: nav[entry], exact: true }).click();
}

async function logIn(page: Page, language: Language, email: string) {
  const { auth } = TEXTS[language];
  await openIn(page, '/', language);
  await accountMenu(page, language, 'login');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(auth.fields.email, { exact: true }).fill(email);
  await dialog.getByLabel(auth.fields.password, { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: auth.login.submit, exact: true }).click();
  await expect(dialog).toBeHidden();
}

for (const language of ['en', 'ar'] as const) {
  const t = TEXTS[language];
  const words = t.admin.second_factor;

  test(`${language}: a staff member sets up an authenticator app, signs out, and signs in again with its code`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const email = await createAccount(request, `totp-${language}`, PASSWORD);
    const owner = await request.post('/api/login', { data: OWNER });
    const { token } = (await owner.json()) as { token: string };
    const made = await request.post('/api/admin/staff', {
      data: { email, role: 'staff' },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(made.ok()).toBe(true);

    await logIn(page, language, email);
    await openIn(page, '/admin/security', language);
    await page.getByTestId('second-factor-start').click();
    await expect(page.getByRole('img', { name: words.qr_alt })).toBeVisible();
    const secret = ((await page.getByTestId('second-factor-secret').textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectAccessible(page);
    const confirm = page.getByLabel(words.confirm_label, { exact: true });
    await expect(confirm).toHaveAttribute('autocomplete', 'one-time-code');
    await confirm.fill(appCode(secret));
    await page.getByTestId('second-factor-confirm').click();
    const codes = page.getByTestId('recovery-codes');
    await expect(codes.getByRole('listitem')).toHaveCount(10);
    await page.getByTestId('recovery-codes-kept').click();
    await expect(page.getByTestId('security-page').getByText(words.enrolled)).toBeVisible();

    await accountMenu(page, language, 'logout');
    await expect(page.getByText(t.shell.session.logout_success)).toBeVisible();
    await logIn(page, language, email);
    await openIn(page, '/admin', language);
    const step = page.getByTestId('second-factor-step');
    await expect(step.getByRole('heading', { name: words.step_title })).toBeVisible();
    await expect(page.getByRole('link', { name: t.admin.nav.orders, exact: true })).toHaveCount(0);
    await expectAccessible(page);

    const field = step.getByLabel(words.code_label, { exact: true });
    await expect(field).toBeFocused();
    await field.fill(appCode(secret, 1));
    await field.press('Enter');
    await expect(step).toBeHidden();
    await expect(page.getByRole('link', { name: t.admin.nav.orders, exact: true })).toBeVisible();
  });
}
